import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Element, Root as HastRoot } from 'hast';
import type { Root as MdastRoot, Table } from 'mdast';
import { select, selectAll } from 'hast-util-select';
import { toText } from 'hast-util-to-text';
import { toString } from 'mdast-util-to-string';
import rehypeParse from 'rehype-parse';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import type * as PageMarkdownNames from '../../config/pageMarkdown.mjs';
import { BUILD_DIR, SITE_ORIGIN } from './environment.mjs';
import { expect, idTokenCookie, test } from './fixtures';

/**
 * The Markdown copies of the docs pages and the llms files (plugins/page-markdown), checked against
 * the test build: every page's code blocks and table rows are in its Markdown, llms.txt lists every
 * page, and the gate serves them as Markdown to a signed-in reader only.
 */

/**
 * The file names (config/pageMarkdown.mjs), imported when used: a static import is transformed by
 * Playwright, and the Worker's modules, which import the same file natively, then fail to load it.
 */
let names: typeof PageMarkdownNames;
test.beforeAll(async () => {
  names = await import('../../config/pageMarkdown.mjs');
});
const markdownPathOf = (permalink: string) => names.markdownPathOf(permalink);

/** Every docs page of the build: its URL path and its HTML. */
const DOCS_PAGES = readdirSync(path.join(BUILD_DIR, 'docs'), { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name === 'index.html')
  .map((entry) => {
    const file = path.relative(BUILD_DIR, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    return { route: `/${file.replace(/index\.html$/, '')}`, html: readFileSync(path.join(BUILD_DIR, file), 'utf8') };
  })
  .filter(({ html }) => html.includes('theme-doc-markdown'))
  .sort((a, b) => a.route.localeCompare(b.route));

/**
 * The docs versions (config/docsVersions.ts) by their path below /docs, each with its own llms files
 * (config/pageMarkdown.mjs `llmsFileNames`) holding its own pages: v1's at /docs, v2's at /docs/v2.
 */
const VERSION_PATHS = ['', 'v2'] as const;
const pagesOfVersion = (versionPath: string) =>
  DOCS_PAGES.filter(({ route }) =>
    versionPath === '' ? !/^\/docs\/v\d+\//.test(route) : route.startsWith(`/docs/${versionPath}/`),
  );
const llmsNames = (versionPath: string) => names.llmsFileNames(versionPath);

/** The Markdown of a page at its URL path: the route of a folder's index page ends in `/` in the build. */
function markdownOf(route: string): string {
  const bare = route.replace(/\/$/, '');
  // A page is `docs/x/index.html` whether its permalink is `/docs/x` or `/docs/x/`: one of the two is written.
  for (const candidate of [markdownPathOf(bare), markdownPathOf(`${bare}/`)]) {
    try {
      return readFileSync(path.join(BUILD_DIR, candidate), 'utf8');
    } catch {
      // The other one.
    }
  }
  throw new Error(`no Markdown for ${route}`);
}

/** Lines without blank ones and trailing spaces: how a code block's text is compared. */
const codeLines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line !== '')
    .join('\n');
/** A table row as its cells' text, whitespace collapsed. */
const rowText = (cells: string[]) => cells.map((cell) => cell.replace(/\s+/g, ' ').trim()).join(' | ');

function htmlParts(html: string): { code: string[]; rows: string[] } {
  const tree = unified().use(rehypeParse).parse(html) as HastRoot;
  const article = select('.theme-doc-markdown', tree);
  if (!article) throw new Error('no article');
  const code = selectAll('pre', article).map((pre) => codeLines(toText(pre, { whitespace: 'pre' })));
  const rows = selectAll('tr', article).map((row) =>
    rowText(
      row.children
        .filter((cell): cell is Element => cell.type === 'element' && ['td', 'th'].includes(cell.tagName))
        .map((cell) => toText(cell)),
    ),
  );
  return { code, rows };
}

function markdownParts(markdown: string): { code: string[]; rows: string[] } {
  const tree = unified().use(remarkParse).use(remarkGfm).parse(markdown) as MdastRoot;
  const code: string[] = [];
  const rows: string[] = [];
  visit(tree, (node) => {
    if (node.type === 'code') code.push(codeLines(node.value));
    if (node.type === 'table') {
      for (const row of (node as Table).children) rows.push(rowText(row.children.map((cell) => toString(cell))));
    }
  });
  return { code, rows };
}

/** What `expected` has that `actual` lacks, counting repeats. */
function missing(expected: string[], actual: string[]): string[] {
  const left = [...actual];
  return expected.filter((item) => {
    const index = left.indexOf(item);
    if (index === -1) return true;
    left.splice(index, 1);
    return false;
  });
}

test('the build has docs pages to check', () => {
  expect(DOCS_PAGES.length).toBeGreaterThan(50);
});

test('every page: each code block and each table row of its HTML is in its Markdown', () => {
  const problems: string[] = [];
  const totals = { pages: 0, codeBlocks: 0, tableRows: 0 };
  for (const { route, html } of DOCS_PAGES) {
    const fromHtml = htmlParts(html);
    const fromMarkdown = markdownParts(markdownOf(route));
    totals.pages += 1;
    totals.codeBlocks += fromHtml.code.length;
    totals.tableRows += fromHtml.rows.length;
    for (const block of missing(fromHtml.code, fromMarkdown.code))
      problems.push(`${route}: code ${block.slice(0, 80)}`);
    for (const row of missing(fromHtml.rows, fromMarkdown.rows)) problems.push(`${route}: row ${row.slice(0, 80)}`);
  }
  test.info().annotations.push({ type: 'checked', description: JSON.stringify(totals) });
  expect(problems).toEqual([]);
  expect(totals.codeBlocks).toBeGreaterThan(100);
  expect(totals.tableRows).toBeGreaterThan(100);
});

test('a page keeps its title, description, generated parts, samples and diagrams in its Markdown', () => {
  const order = markdownOf('/docs/trading-api/equity/single-equity-order');
  expect(order).toMatch(/^---\ntitle: "Place a single equity order"\ndescription: ".+"\nsource: ".+"\n---\n/);
  expect(order).toContain('`POST /orders/equity`');
  expect(order).toMatch(/^- `limitPrice` \(object \(Money\) or null, optional\)$/m);
  for (const language of ['curl', 'JavaScript (fetch)', 'Python (requests)'])
    expect(order).toContain(`**${language}**`);
  expect(order).toContain(`](${SITE_ORIGIN}/docs/trading-api/equity/block-equity-order.md)`);
  const lifecycle = markdownOf('/docs/trading-api/');
  expect(lifecycle.match(/^```mermaid$/gm)?.length).toBe(5);
});

test('each version: a page of v2 has its Markdown, as v2 documents it', () => {
  const v1 = markdownOf('/docs/trading-api/equity/cancel-equity-order');
  const v2 = markdownOf('/docs/v2/trading-api/equity/cancel-equity-order');
  expect(v1).toContain('`DELETE /orders/equity/{orderId}`');
  expect(v2).toContain('`POST /orders/equity/{orderId}/cancel`');
  expect(v2).not.toContain('`DELETE /orders/equity/{orderId}`');
  expect(v2).toMatch(/^source: ".+\/docs\/v2\/trading-api\/equity\/cancel-equity-order"$/m);
  expect(pagesOfVersion('v2').length).toBeGreaterThan(50);
});

test('llms.txt names both versions and where each set is, v2 labelled preview', () => {
  const index = readFileSync(path.join(BUILD_DIR, names.LLMS_INDEX_FILE), 'utf8');
  expect(index).toContain(
    `These are the pages of v1. Other versions of the documentation have their own files: v2 (preview), index ${SITE_ORIGIN}/llms-v2.txt.`,
  );
  const v2Index = readFileSync(path.join(BUILD_DIR, 'llms-v2.txt'), 'utf8');
  expect(v2Index).toMatch(/^# .+ v2 \(preview\)\n/);
  expect(v2Index).toContain(
    `These are the pages of v2 (preview). Other versions of the documentation have their own files: v1, index ${SITE_ORIGIN}/llms.txt.`,
  );
});

for (const versionPath of VERSION_PATHS) {
  const version = versionPath || 'v1';
  test(`${version}: its llms index links every docs page of the version; its full file holds every one in sidebar order`, () => {
    const index = readFileSync(path.join(BUILD_DIR, llmsNames(versionPath).index), 'utf8');
    const linked = [...index.matchAll(/\]\((http[^)]+\.md)\)/g)].map(([, url]) => new URL(url!).pathname);
    const expected = pagesOfVersion(versionPath).map(({ route }) => route);
    const unlisted = expected.filter(
      (route) => !linked.includes(markdownPathOf(route)) && !linked.includes(markdownPathOf(route.replace(/\/$/, ''))),
    );
    expect(unlisted).toEqual([]);
    expect(linked).toHaveLength(expected.length);
    const full = readFileSync(path.join(BUILD_DIR, llmsNames(versionPath).full), 'utf8');
    const positions = linked.map((urlPath) =>
      full.indexOf(`Source: ${SITE_ORIGIN}${urlPath.replace(/(\/index)?\.md$/, '')}`),
    );
    expect(positions.every((position) => position > 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    // Its pages only: no page of another version.
    const sources = [...full.matchAll(/^Source: (\S+)$/gm)].map(([, url]) => new URL(url!).pathname);
    expect(
      sources.filter((route) => !expected.some((page) => page.replace(/\/$/, '') === route.replace(/\/$/, ''))),
    ).toEqual([]);
  });
}

/** Every llms file of the build, by name, with its text. */
function llmsFilesOfBuild(): Map<string, string> {
  return new Map(
    readdirSync(BUILD_DIR)
      .filter((name) => names.LLMS_FILE_PATTERN.test(name))
      .map((name) => [name, readFileSync(path.join(BUILD_DIR, name), 'utf8')]),
  );
}

/** An llms file's name from its URL in llms.txt. */
const fileNameOf = (url: string) => new URL(url, SITE_ORIGIN).pathname.slice(1);

/** The sections of a version's llms index: each one's title, the files it offers to attach (one, or its parts) and its pages. */
function llmsSections(versionPath: string) {
  const index = readFileSync(path.join(BUILD_DIR, llmsNames(versionPath).index), 'utf8');
  return index
    .split(/^## /m)
    .slice(1)
    .map((part) => ({
      title: part.split('\n')[0]!,
      files: [
        ...part.matchAll(
          /^All of this section in one file: (\S+)$|^- \[[^\n]*\]\((http\S+\.txt)\): \d+ pages?, about /gm,
        ),
      ].map(([, one, ofMany]) => fileNameOf((one ?? ofMany)!)),
      pages: [...part.matchAll(/\]\((http[^)]+\.md)\)/g)].map(([, url]) => new URL(url!).pathname),
    }));
}

/** The line that heads a page's article in an llms file. */
const sourceLine = (route: string) =>
  new RegExp(`^Source: ${(SITE_ORIGIN + route.replace(/\/$/, '')).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/?$`, 'm');

test('each version: its index has one section per sidebar section, each with its own files holding its pages; each page in one file', () => {
  const built = llmsFilesOfBuild();
  const allFiles: string[] = [];
  const misplaced: string[] = [];
  for (const versionPath of VERSION_PATHS) {
    const sections = llmsSections(versionPath);
    expect(sections.length).toBeGreaterThan(4);
    const titles = sections.map(({ title }) => title);
    expect(new Set(titles).size).toBe(titles.length);
    expect(sections.every(({ files }) => files.length > 0)).toBe(true);
    const files = sections.flatMap(({ files }) => files);
    expect(new Set(files).size).toBe(files.length);
    allFiles.push(llmsNames(versionPath).index, llmsNames(versionPath).full, ...files);

    // Each page's address heads its article in exactly one file: one of the section that lists it.
    for (const { route } of pagesOfVersion(versionPath)) {
      const holding = files.filter((file) => sourceLine(route).test(built.get(file) ?? ''));
      const listing = sections.filter(
        ({ pages }) =>
          pages.includes(markdownPathOf(route)) || pages.includes(markdownPathOf(route.replace(/\/$/, ''))),
      );
      if (holding.length !== 1 || listing.length !== 1 || !listing[0]!.files.includes(holding[0]!)) {
        misplaced.push(
          `${route}: in ${holding.join(', ') || 'no file'}, listed under ${listing.map(({ title }) => title).join(', ') || 'no section'}`,
        );
      }
    }
  }
  expect([...built.keys()].sort()).toEqual(allFiles.sort());
  expect(allFiles.filter((file) => file.startsWith('llms-v2')).length).toBeGreaterThan(4);
  expect(misplaced).toEqual([]);
});

for (const versionPath of VERSION_PATHS) {
  test(`${versionPath || 'v1'}: every file its index offers to attach fits an assistant; its full file is described, not offered`, () => {
    const own = llmsNames(versionPath);
    const index = readFileSync(path.join(BUILD_DIR, own.index), 'utf8');
    // The other versions' indexes it names are theirs to describe.
    const others = VERSION_PATHS.filter((other) => other !== versionPath).map((other) => llmsNames(other).index);
    const offered = [...new Set([...index.matchAll(/(http\S+?\.txt)\b/g)].map(([, url]) => fileNameOf(url!)))].filter(
      (name) => name !== own.full && !others.includes(name),
    );
    expect(offered.length).toBeGreaterThan(4);
    const tooLarge = offered
      .map((name) => ({ name, bytes: statSync(path.join(BUILD_DIR, name)).size }))
      .filter(({ bytes }) => bytes > names.LLMS_ATTACHABLE_MAX_BYTES);
    expect(tooLarge).toEqual([]);
    const texts = offered.map((name) => readFileSync(path.join(BUILD_DIR, name), 'utf8'));
    const notOnce = pagesOfVersion(versionPath).filter(
      ({ route }) => texts.filter((text) => sourceLine(route).test(text)).length !== 1,
    );
    expect(notOnce.map(({ route }) => route)).toEqual([]);
    expect(index).toMatch(
      new RegExp(
        `for tools that index the whole documentation: \\S+/${own.full.replace('.', '\\.')}; about \\d+k tokens`,
      ),
    );
  });
}

test("a shared schema's fields are written once in llms-full.txt; elsewhere a line names the schema and links there", () => {
  const full = readFileSync(path.join(BUILD_DIR, names.LLMS_FULL_FILE), 'utf8');
  const tree = unified().use(remarkParse).use(remarkGfm).parse(full) as MdastRoot;
  // A field with fields of its own: what follows its first line (its description and fields), indentation aside.
  const seen = new Map<string, number>();
  visit(tree, 'listItem', (item) => {
    const [head, ...rest] = item.children;
    if (!head || !rest.some((child) => child.type === 'list')) return;
    const body = full
      .slice(rest[0]!.position!.start.offset, item.position!.end.offset)
      .split('\n')
      .map((line) => line.trim())
      .join('\n');
    seen.set(body, (seen.get(body) ?? 0) + 1);
  });
  const repeated = [...seen].filter(([, count]) => count > 1).map(([body, count]) => `${count}x ${body.slice(0, 80)}`);
  expect(seen.size).toBeGreaterThan(30);
  expect(repeated).toEqual([]);

  const references = [...full.matchAll(/^ *Fields: those of `(\w+)`, described on \[[^\]]+\]\(([^)]+)\)\.$/gm)];
  expect(references.length).toBeGreaterThan(100);
  // A page is `docs/x/index.html` whether its permalink is `/docs/x` or `/docs/x/`: its Markdown is one of two.
  const pagesMarkdown = new Set(
    DOCS_PAGES.flatMap(({ route }) =>
      [markdownPathOf(route), markdownPathOf(route.replace(/\/$/, ''))].map((urlPath) => `${SITE_ORIGIN}${urlPath}`),
    ),
  );
  const nowhere = references.filter(([, , url]) => !pagesMarkdown.has(url!));
  expect(nowhere.map(([line]) => line)).toEqual([]);
});

test('the Markdown links only Markdown: no link to an extensionless docs page or into the API reference', () => {
  const texts = new Map<string, string>([
    ...DOCS_PAGES.map(({ route }): [string, string] => [route, markdownOf(route)]),
    ...llmsFilesOfBuild(),
  ]);
  const wrong: string[] = [];
  let links = 0;
  for (const [where, text] of texts) {
    for (const [, bracketed, bare, autolink] of text.matchAll(/\]\((?:<([^>]+)>|([^\s)]+))|<(https?:\/\/[^>\s]+)>/g)) {
      const url = new URL((bracketed ?? bare ?? autolink)!, SITE_ORIGIN);
      if (url.origin !== SITE_ORIGIN) continue;
      links += 1;
      const extensionless = !/\.[a-z0-9]+$/i.test(url.pathname);
      if (
        url.pathname.startsWith('/api/') ||
        url.pathname === '/api' ||
        (url.pathname.startsWith('/docs') && extensionless)
      ) {
        wrong.push(`${where}: ${url.href}`);
      }
    }
  }
  expect(wrong).toEqual([]);
  expect(links).toBeGreaterThan(200);
});

test('signed in, every link of each llms index and every llms file answers with text/markdown; anonymously, 401', async () => {
  const links = VERSION_PATHS.flatMap((versionPath) => {
    const index = readFileSync(path.join(BUILD_DIR, llmsNames(versionPath).index), 'utf8');
    return [...index.matchAll(/\((http[^)]+\.(?:md|txt))\)/g)].map(([, url]) => url!);
  });
  const files = [...llmsFilesOfBuild().keys()].map((name) => `${SITE_ORIGIN}/${name}`);
  const urls = [...new Set([...files, ...links])];
  expect(urls.filter((url) => url.includes('/docs/v2/')).length).toBe(pagesOfVersion('v2').length);
  expect(urls.length).toBeGreaterThan(DOCS_PAGES.length);
  const cookie = idTokenCookie();
  const wrong: string[] = [];
  for (const url of urls) {
    const signedIn = await fetch(url, { headers: { Cookie: cookie } });
    const type = signedIn.headers.get('Content-Type');
    if (signedIn.status !== 200 || type !== 'text/markdown; charset=utf-8')
      wrong.push(`${url}: ${signedIn.status} ${type}`);
    await signedIn.arrayBuffer();
    const anonymous = await fetch(url);
    if (anonymous.status !== 401) wrong.push(`${url} anonymously: ${anonymous.status}`);
    await anonymous.arrayBuffer();
  }
  expect(wrong).toEqual([]);
});

test('nothing new in the sitemap: no Markdown, no llms file, no page of any docs version', () => {
  const sitemap = readFileSync(path.join(BUILD_DIR, 'sitemap.xml'), 'utf8');
  expect(sitemap).not.toMatch(/\.md<|llms/);
  expect(sitemap).not.toMatch(/\/docs(\/|<)/i);
});
