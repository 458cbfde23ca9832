/**
 * The docs' routes as a reader and a link see them: every route of the specification is served (under its
 * corrected name where `RENAMED_DOCS_ROUTES` gives one), nothing in the repository names a route that was
 * renamed, and every link of the pages and descriptions, and every category link, reaches a page (the pages' links:
 * tests/content/pageChecks.ts's `links`, which `npm run check:docs -- <file>` runs on one page).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DOCS_ROUTES, RENAMED_DOCS_ROUTES, SPECIFICATION_DOCS_ROUTES } from '../../e2e/siteContent';
import { DOCS_DIR, docsFiles, readPage } from '../docsPages';
import { links as pageLinks, problemsOf, routeOf, routesOnDisk as docsRoutesOnDisk } from '../pageChecks';

const ROOT = path.join(DOCS_DIR, '..');
const routesOnDisk = docsRoutesOnDisk();

describe('the docs routes', () => {
  it('serve every route of the specification, renamed ones under their new name', () => {
    expect(Object.keys(RENAMED_DOCS_ROUTES).filter((route) => !SPECIFICATION_DOCS_ROUTES.includes(route))).toEqual([]);
    expect(DOCS_ROUTES.filter((route) => !routesOnDisk.has(route))).toEqual([]);
    expect(Object.keys(RENAMED_DOCS_ROUTES).filter((route) => routesOnDisk.has(route))).toEqual([]);
  });

  it('are kebab-case: every file and folder name under docs/ (a leading _ marks partials and category files)', () => {
    const names = readdirSync(DOCS_DIR, { recursive: true, encoding: 'utf8' }).flatMap((entry) =>
      entry.split(path.sep),
    );
    const KEBAB = /^_?[a-z0-9]+(?:-[a-z0-9]+)*_?(?:\.mdx|\.json)?$/;
    expect(names.length).toBeGreaterThan(100);
    expect([...new Set(names)].filter((name) => !KEBAB.test(name)).sort()).toEqual([]);
  });

  it('spell the Account activity page right', () => {
    expect(routesOnDisk).toContain('/docs/account-activity-api/account-activity-api');
    expect([...routesOnDisk].filter((route) => /actitvity/.test(route))).toEqual([]);
  });

  it('are not named by their old names anywhere in the repository', () => {
    // The specification's own list keeps its spelling; the search plugin's fixtures are pages of an old build; a
    // released description is history (openapi/released/), with the links it shipped with.
    const kept = new Set(['tests/e2e/docs-routes.txt', 'tests/e2e/siteContent.ts']);
    const files = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' })
      .split('\n')
      .filter(
        (file) =>
          file &&
          !kept.has(file) &&
          !file.startsWith('plugins/search-index/__tests__/builtPages/') &&
          !file.startsWith('openapi/released/') &&
          /\.(?:mdx?|ya?ml|json|[cm]?[jt]sx?|txt|sh)$/.test(file) &&
          existsSync(path.join(ROOT, file)),
      );
    const oldNames = Object.keys(RENAMED_DOCS_ROUTES).flatMap((route) => {
      const docsPath = route.replace(/^\/docs\//, '');
      const name = path.posix.basename(docsPath);
      // The route, and the file as a relative link names it (`../guides/x.mdx`, `./x.mdx`).
      return [
        new RegExp(`${route.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(?![\\w-])`),
        new RegExp(`(?<![\\w-])${name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\.mdx\\b`),
      ];
    });
    const found = files.flatMap((file) => {
      const text = readFileSync(path.join(ROOT, file), 'utf8');
      return oldNames.filter((pattern) => pattern.test(text)).map((pattern) => `${file}: ${pattern.source}`);
    });
    expect(found).toEqual([]);
  });
});

describe('the links of the docs and the descriptions', () => {
  it('reach a page: relative .mdx links and root-relative /docs links', () => {
    const broken = problemsOf(pageLinks, docsFiles().map(readPage));
    const descriptions = readdirSync(path.join(ROOT, 'openapi'), { recursive: true, encoding: 'utf8' })
      // A released description is history (openapi/released/): its links were checked when it shipped.
      .filter((file) => file.endsWith('.yaml') && !file.startsWith('released'))
      .flatMap((file) => {
        const source = readFileSync(path.join(ROOT, 'openapi', file), 'utf8');
        const links = [
          ...[...source.matchAll(/\]\((\/docs[^)\s]*)\)/g)].map((match) => match[1]),
          ...[...source.matchAll(/x-docs-path:\s*(\S+)/g)].map((match) => match[1]),
        ];
        return links.filter((link) => !routesOnDisk.has(routeOf(link))).map((link) => `openapi/${file}: ${link}`);
      });
    expect([...broken, ...descriptions]).toEqual([]);
  });

  it("reach a page from every category's link", () => {
    const broken = readdirSync(DOCS_DIR, { recursive: true, encoding: 'utf8' })
      .filter((file) => path.basename(file) === '_category_.json')
      .flatMap((file) => {
        const category = JSON.parse(readFileSync(path.join(DOCS_DIR, file), 'utf8')) as {
          link?: { type: string; id?: string };
        };
        if (category.link?.type !== 'doc') return [];
        // A category's doc id is the page's path under its own folder (or under docs/), without `.mdx`.
        const id = String(category.link.id);
        const candidates = [path.join(path.dirname(file), `${id}.mdx`), `${id}.mdx`];
        return candidates.some((candidate) => existsSync(path.join(DOCS_DIR, candidate))) ? [] : [`${file}: ${id}`];
      });
    expect(broken).toEqual([]);
  });
});
