/**
 * The facts of built pages kept between builds (`builtPages.ts`): a page's facts depend only on its HTML, on what is
 * asked of it and on the code that derives them, so a rebuild that writes a page as before reads its facts here
 * instead of parsing and converting it again. Each entry is a JSON file named by the SHA-256 of those three.
 */
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import type { BuiltPage, BuiltPageFacts } from './builtPageFacts.mjs';

const ROOT = path.join(__dirname, '..', '..');

/** Beside the other build caches, which `npm run clear` and the bench's cold builds remove. */
export const BUILT_PAGE_FACTS_CACHE_DIR = path.join(ROOT, 'node_modules', '.cache', 'built-page-facts');

/**
 * The module the build's workers run (it derives the facts with `builtPageFacts.mjs`, and gives the Markdown converter
 * a module of ours in place of a library's): it and every module it imports are the code.
 */
const FACTS_MODULE = path.join(__dirname, 'builtPagesWorker.mjs');

/** An entry not read for this long is removed (each build that reads one marks it read). */
const UNUSED_FOR_MS = 14 * 24 * 60 * 60 * 1000;

/** The relative imports of a module's source (static, `export … from` and dynamic). */
function relativeImports(source: string): string[] {
  return [...source.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g)].map(
    (match) => match[1] ?? '',
  );
}

/**
 * The files the facts are derived with: `entry` and the project's modules it imports, transitively, and
 * `package-lock.json` for the libraries they use. Sorted, relative to the project.
 */
export function factsCodeFiles(entry: string = FACTS_MODULE): string[] {
  const seen = new Set<string>();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of relativeImports(readFileSync(file, 'utf8'))) {
      pending.push(path.resolve(path.dirname(file), specifier));
    }
  }
  return [...seen, path.join(ROOT, 'package-lock.json')].map((file) => path.relative(ROOT, file)).sort();
}

let codeSignature: string | undefined;

/** The SHA-256 of the code the facts are derived with (once per process: a build does not change its own code). */
function factsCodeSignature(): string {
  codeSignature ??= factsCodeFiles()
    .reduce(
      (hash, file) =>
        hash
          .update(file)
          .update('\0')
          .update(readFileSync(path.join(ROOT, file)))
          .update('\0'),
      createHash('sha256'),
    )
    .digest('hex');
  return codeSignature;
}

/**
 * The hashed names of the bundles a page loads (`/assets/js/main.1a2b3c4d.js`): they change with any page of the site
 * (the runtime maps every chunk), and no fact is drawn from them, so a page's entry leaves their hashes out.
 */
const BUNDLE_NAMES = /(\/assets\/(?:js|css)\/[^"'\s>]+?\.)[0-9a-f]{8}(\.(?:js|css))/g;

/**
 * The entry of a page with `html`, asked what `page` asks: its file's name aside (the same page built elsewhere), and
 * the hashes of its bundles' names (`BUNDLE_NAMES`), so that an edit of one page leaves the others' entries current.
 */
export function factsKey(page: BuiltPage, html: Buffer, code: string = factsCodeSignature()): string {
  const { file: _file, ...asked } = page;
  return createHash('sha256')
    .update(code)
    .update('\0')
    .update(JSON.stringify(asked))
    .update('\0')
    .update(html.toString('utf8').replace(BUNDLE_NAMES, '$1$2'))
    .digest('hex');
}

const entryFile = (dir: string, key: string) => path.join(dir, `${key}.json`);

/** The kept facts of `key`, marked read; none when absent or unreadable (written by an interrupted build). */
export function readKeptFacts(dir: string, key: string): BuiltPageFacts | undefined {
  const file = entryFile(dir, key);
  try {
    const facts = JSON.parse(readFileSync(file, 'utf8')) as BuiltPageFacts;
    const now = new Date();
    utimesSync(file, now, now);
    return facts;
  } catch {
    return undefined;
  }
}

/** Keeps `facts` as `key`'s: written to a file of this process, then renamed, so no build reads half an entry. */
export function keepFacts(dir: string, key: string, facts: BuiltPageFacts): void {
  mkdirSync(dir, { recursive: true });
  const partial = `${entryFile(dir, key)}.${process.pid}.partial`;
  writeFileSync(partial, JSON.stringify(facts));
  renameSync(partial, entryFile(dir, key));
}

/** Removes the entries not read for two weeks: pages since changed, other base URLs, older code. */
export function pruneKeptFacts(dir: string, now: number = Date.now()): void {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    try {
      if (now - statSync(file).mtimeMs > UNUSED_FOR_MS) rmSync(file, { force: true });
    } catch {
      // Removed meanwhile by another build.
    }
  }
}
