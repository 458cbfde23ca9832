import { readFile, stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { ResourceLimits } from 'node:worker_threads';
import type { Plugin } from '@docusaurus/types';
import { BUILT_PAGES_WORKER_LIMITS, runWorkerWithinLimits } from './boundedWorker';
import { collectGarbage } from './buildMemory';
import { BUILT_PAGE_FACTS_CACHE_DIR, factsKey, keepFacts, pruneKeptFacts, readKeptFacts } from './builtPageFactsCache';
import type { BuiltPage, BuiltPageFacts } from './builtPageFacts.mjs';

export type { BuiltPage, BuiltPageFacts } from './builtPageFacts.mjs';

const WORKER = path.join(__dirname, 'builtPagesWorker.mjs');
const WHAT = 'reading the built pages';

/**
 * Two workers: the build machine's two cores (the main thread idles meanwhile); each more would add a
 * worker's heap to the build's peak of memory.
 */
const WORKERS = Math.min(2, availableParallelism());

/**
 * A page's share of the work: its size, three times over when its article is converted to Markdown too
 * (on the site's pages, the conversion took about twice as long as the parse).
 */
function weightOf(page: BuiltPage, bytes: number): number {
  return page.markdown ? 3 * bytes : bytes;
}

/**
 * The facts of `pages` (`builtPageFacts.mjs`), in order. A page whose facts `cacheDir` keeps (the same HTML, asked the
 * same, by the same code: builtPageFactsCache.ts) is not read again; the others are derived by `workers` worker
 * threads within `limits` that share the pages by weight (the heaviest first, each to the least loaded), and kept. A
 * worker whose pages do not fit in the limits does them again without limits, so content never fails the build.
 * `cacheDir: null` keeps nothing.
 */
export async function builtPagesFacts(
  pages: readonly BuiltPage[],
  {
    workers = WORKERS,
    limits = BUILT_PAGES_WORKER_LIMITS,
    cacheDir = BUILT_PAGE_FACTS_CACHE_DIR,
  }: {
    readonly workers?: number;
    readonly limits?: ResourceLimits;
    readonly cacheDir?: string | null;
  } = {},
): Promise<BuiltPageFacts[]> {
  const facts: BuiltPageFacts[] = [];
  const keys: string[] = [];
  const weights: number[] = [];
  // One page at a time: the build's memory peaks in this step, and the HTML is needed only for its hash.
  for (const [index, page] of pages.entries()) {
    if (!cacheDir) {
      weights[index] = weightOf(page, (await stat(page.file)).size);
      continue;
    }
    const html = await readFile(page.file);
    const key = factsKey(page, html);
    keys[index] = key;
    const kept = readKeptFacts(cacheDir, key);
    if (kept) facts[index] = kept;
    else weights[index] = weightOf(page, html.length);
  }
  const toDerive = [...pages.keys()].filter((index) => !facts[index]);
  if (toDerive.length === 0) return facts;

  const shares = Array.from({ length: Math.max(1, Math.min(workers, toDerive.length)) }, () => ({
    weight: 0,
    indexes: [] as number[],
  }));
  for (const index of toDerive.sort((a, b) => (weights[b] ?? 0) - (weights[a] ?? 0))) {
    const lightest = shares.reduce((least, share) => (share.weight < least.weight ? share : least));
    lightest.weight += weights[index] ?? 0;
    lightest.indexes.push(index);
  }
  const done = Promise.all(
    shares
      .filter((share) => share.indexes.length > 0)
      .map(async ({ indexes }) => {
        const ordered = indexes.sort((a, b) => a - b);
        const shareFacts = await runWorkerWithinLimits<BuiltPageFacts[]>(
          WORKER,
          ordered.map((index) => pages[index]),
          { what: WHAT, resourceLimits: limits },
        );
        for (const [position, index] of ordered.entries()) facts[index] = shareFacts[position] ?? {};
      }),
  );
  // The build's memory peaks here, with the workers' heaps on top of the main thread's. While the workers load
  // their modules, the main thread collects the garbage of the pages' rendering (plugins/lib/buildMemory.ts).
  collectGarbage();
  await done;
  if (cacheDir) {
    for (const index of toDerive) keepFacts(cacheDir, keys[index] ?? '', facts[index] ?? {});
    pruneKeptFacts(cacheDir);
  }
  return facts;
}

/** What a plugin's postBuild is given. */
export type PostBuildProps = Parameters<NonNullable<Plugin['postBuild']>>[0];

/**
 * A pass's work on one build: the pages it reads, with what it asks of each, and how it writes its files from their
 * facts (in the same order).
 */
export interface BuiltPagesWork {
  readonly pages: readonly BuiltPage[];
  write(facts: readonly BuiltPageFacts[]): Promise<void>;
}

/**
 * Something a plugin derives from the built pages (plugins/page-markdown, plugins/search-index). The plugin provides
 * it as its `builtPagesPass`; plugins/build-passes runs every pass the config lists, over one read of the pages.
 */
export interface BuiltPagesPass {
  /** How the config's list of passes names it. */
  readonly name: string;
  plan(props: PostBuildProps): BuiltPagesWork | Promise<BuiltPagesWork>;
}

/** A plugin that provides a pass over the built pages. */
export type PluginWithBuiltPagesPass = Plugin & { readonly builtPagesPass: BuiltPagesPass };
