import { stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { ResourceLimits } from 'node:worker_threads';
import { BUILD_WORKER_LIMITS, runWorkerWithinLimits } from './boundedWorker';
import { collectGarbage } from './buildMemory';
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
 * The facts of `pages` (`builtPageFacts.mjs`), in order, from `workers` worker threads within `limits` that
 * share the pages by weight (the heaviest first, each to the least loaded). A worker whose pages do not fit
 * in the limits does them again without limits, so content never fails the build.
 */
export async function builtPagesFacts(
  pages: readonly BuiltPage[],
  {
    workers = WORKERS,
    limits = BUILD_WORKER_LIMITS,
  }: { readonly workers?: number; readonly limits?: ResourceLimits } = {},
): Promise<BuiltPageFacts[]> {
  const weights = await Promise.all(pages.map(async (page) => weightOf(page, (await stat(page.file)).size)));
  const shares = Array.from({ length: Math.max(1, workers) }, () => ({ weight: 0, indexes: [] as number[] }));
  for (const index of [...pages.keys()].sort((a, b) => (weights[b] ?? 0) - (weights[a] ?? 0))) {
    const lightest = shares.reduce((least, share) => (share.weight < least.weight ? share : least));
    lightest.weight += weights[index] ?? 0;
    lightest.indexes.push(index);
  }
  const facts: BuiltPageFacts[] = [];
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
  return facts;
}

interface Request {
  readonly pages: readonly BuiltPage[];
  readonly resolve: (facts: BuiltPageFacts[]) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * One pass over the built pages for every plugin that derives something from them (plugins/page-markdown,
 * plugins/search-index), so that each page is read and parsed once. Docusaurus runs every plugin's
 * postBuild at once: each plugin that takes part joins when it is created, asks for its pages' facts in its
 * postBuild, and writes its own files from them; the pass over a build folder starts when every plugin
 * that joined has asked.
 */
export class BuiltPagesPass {
  readonly #takers = new Set<string>();
  readonly #requests = new Map<string, Map<string, Request>>();

  /** `taker` (a plugin's name) will ask for the facts of the pages of each build. */
  join(taker: string): void {
    this.#takers.add(taker);
  }

  /**
   * The facts of the pages that `listPages` names, of the build in `outDir`, in order, once every plugin that
   * joined has asked. If `listPages` throws, the plugin asks for no page, so that the others are not kept
   * waiting, and its answer is that error.
   */
  facts(taker: string, outDir: string, listPages: () => readonly BuiltPage[]): Promise<BuiltPageFacts[]> {
    if (!this.#takers.has(taker)) throw new Error(`${WHAT}: ${taker} asked for pages without joining the pass.`);
    let pages: readonly BuiltPage[] = [];
    let failure: { readonly error: unknown } | undefined;
    try {
      pages = listPages();
    } catch (error) {
      failure = { error };
    }
    const answer = new Promise<BuiltPageFacts[]>((resolve, reject) => {
      const requests = this.#requests.get(outDir) ?? new Map<string, Request>();
      this.#requests.set(outDir, requests.set(taker, { pages, resolve, reject }));
      if ([...this.#takers].every((name) => requests.has(name))) {
        this.#requests.delete(outDir);
        void this.#run([...requests.values()]);
      }
    });
    if (!failure) return answer;
    answer.catch(() => undefined);
    return Promise.reject(failure.error);
  }

  async #run(requests: readonly Request[]): Promise<void> {
    // Each file once, with everything any plugin asked of it.
    const byFile = new Map<string, BuiltPage>();
    for (const page of requests.flatMap((request) => request.pages)) {
      const { file, ...asked } = page;
      byFile.set(file, { ...byFile.get(file), file, ...asked });
    }
    try {
      const files = [...byFile.keys()];
      const facts = await builtPagesFacts([...byFile.values()]);
      const factsOf = new Map(files.map((file, index) => [file, facts[index] ?? {}]));
      for (const { pages, resolve } of requests) resolve(pages.map(({ file }) => factsOf.get(file) ?? {}));
    } catch (error) {
      for (const { reject } of requests) reject(error);
    }
  }
}

/** The build's pass, which plugins/page-markdown and plugins/search-index join. */
export const builtPagesPass = new BuiltPagesPass();
