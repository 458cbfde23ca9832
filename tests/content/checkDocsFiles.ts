/**
 * Which pages `npm run check:docs` (scripts/check-docs.mjs) checks, read from its arguments: the files given, or
 * with none the pages changed against HEAD in the git checkout; `--all` for every check on every page (the Jest
 * suites). Each page with the docs versions that build it, and the name the content checks give it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { DOCS_VERSIONS, VERSIONED_DOCS_DIR, VERSION_OVERLAYS_DIR } from '../../config/docsVersions';
import { removedPages } from '../../plugins/docs-versions';

export type CheckDocsRequest =
  | { readonly mode: 'all' }
  | { readonly mode: 'files'; readonly files: readonly string[] }
  | { readonly mode: 'changed' }
  | { readonly mode: 'help' };

export const USAGE = `Usage: npm run check:docs -- [--all | <file…>]
  <file…>  check these pages (under docs/ or versions/): compile each as the build does, for every docs version that
           builds it, and run the checks about one page
  (none)   the same for the pages changed against HEAD (staged, unstaged and new .md/.mdx files under docs/ and
           versions/); every check on every page when nothing has changed
  --all    every check on every page: the compile check of docs/ and the Jest suites of tests/content and openapi,
           the whole-site checks included (what CI runs, in npm test)`;

/** What the command line asks for; throws on an option it does not know. */
export function parseCheckDocsArgs(args: readonly string[]): CheckDocsRequest {
  if (args.includes('--help') || args.includes('-h')) return { mode: 'help' };
  const unknown = args.filter((arg) => arg.startsWith('-') && arg !== '--all');
  if (unknown.length > 0) throw new Error(`unknown option ${unknown.join(', ')}\n${USAGE}`);
  const files = args.filter((arg) => !arg.startsWith('-'));
  if (args.includes('--all')) {
    if (files.length > 0) throw new Error(`--all checks every page: give it no files (${files.join(', ')})\n${USAGE}`);
    return { mode: 'all' };
  }
  return files.length > 0 ? { mode: 'files', files } : { mode: 'changed' };
}

const PAGE = /\.mdx?$/;

/**
 * The pages changed against HEAD in the git checkout at `root`: staged, unstaged and untracked `.md`/`.mdx` files
 * under docs/ and versions/ (paths relative to `root`), deleted ones left out. `null` when `root` is not a git
 * checkout or git is missing.
 */
export function changedPages(root: string): string[] | null {
  let status: string;
  try {
    status = execFileSync(
      'git',
      ['status', '--porcelain=v1', '-z', '--untracked-files=all', '--', 'docs', VERSION_OVERLAYS_DIR],
      { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    );
  } catch {
    return null;
  }
  const entries = status.split('\0');
  const changed = new Set<string>();
  for (let index = 0; index < entries.length; index += 1) {
    const entry = entries[index];
    if (entry.length < 4) continue;
    const [state, file] = [entry.slice(0, 2), entry.slice(3)];
    // A rename or copy is followed by its old name, which is not a page any more.
    if (state.includes('R') || state.includes('C')) index += 1;
    if (state.includes('D') || !PAGE.test(file)) continue;
    changed.add(file);
  }
  return [...changed].sort();
}

/** One page to check, and how. */
export interface PageToCheck {
  /** Relative to the root, with `/`: `docs/trading-api/x.mdx`, `versions/v2/trading-api/y.mdx`. */
  readonly file: string;
  readonly absolute: string;
  /** Its name for the content checks (relative to docs/): `trading-api/x.mdx`, `../versions/v2/trading-api/y.mdx`. */
  readonly pageName: string;
  /** The docs versions that build it, each with the path the build compiles it at (which names the version). */
  readonly builds: readonly { readonly version: string; readonly compilePath: string }[];
}

/** The versions that build a page of docs/ (`rest` relative to docs/): v1, and each later one that neither replaces nor removes it. */
function buildsOfDocsPage(root: string, rest: string): PageToCheck['builds'] {
  return DOCS_VERSIONS.flatMap((version): PageToCheck['builds'] => {
    if (version.name === 'current') return [{ version: version.name, compilePath: path.posix.join('docs', rest) }];
    const overlay = path.join(root, VERSION_OVERLAYS_DIR, version.name);
    if (existsSync(path.join(overlay, rest)) || removedPages(overlay).has(rest)) return [];
    return [
      { version: version.name, compilePath: path.posix.join(VERSIONED_DOCS_DIR, `version-${version.name}`, rest) },
    ];
  });
}

/**
 * The pages named on the command line (relative to `cwd`), each checked: it is a `.md`/`.mdx` file under docs/ or
 * versions/<version>/ of `root`. Throws one error listing every file that is not.
 */
export function pagesToCheck(root: string, files: readonly string[], cwd = process.cwd()): PageToCheck[] {
  const problems: string[] = [];
  const pages: PageToCheck[] = [];
  for (const given of files) {
    const absolute = path.resolve(cwd, given);
    const file = path.relative(root, absolute).split(path.sep).join('/');
    const [top, versionName, ...rest] = file.split('/');
    if (!existsSync(absolute)) {
      problems.push(`${given}: no such file`);
    } else if (!statSync(absolute).isFile() || !PAGE.test(file)) {
      problems.push(`${given}: not a page (a .md or .mdx file)`);
    } else if (top === 'docs') {
      const inDocs = file.slice('docs/'.length);
      pages.push({ file, absolute, pageName: inDocs, builds: buildsOfDocsPage(root, inDocs) });
    } else if (top === VERSION_OVERLAYS_DIR && DOCS_VERSIONS.some((version) => version.name === versionName)) {
      const compilePath = path.posix.join(VERSIONED_DOCS_DIR, `version-${versionName}`, ...rest);
      pages.push({
        file,
        absolute,
        pageName: path.posix.join('..', file),
        builds: [{ version: versionName, compilePath }],
      });
    } else {
      problems.push(
        `${given}: not under docs/ or versions/<version>/ (${DOCS_VERSIONS.filter(
          (version) => version.name !== 'current',
        )
          .map((version) => `versions/${version.name}/`)
          .join(', ')}) of ${root}`,
      );
    }
  }
  if (problems.length > 0) throw new Error(problems.join('\n'));
  return pages;
}
