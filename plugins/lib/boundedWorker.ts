import { Worker, type ResourceLimits } from 'node:worker_threads';

/**
 * A build worker's heap: a bounded old generation makes it collect as it goes instead of growing at the build's peak
 * of memory. The young generation is not squeezed: at 8 MiB, the parsers' short-lived objects were promoted and
 * collected again and again, and the page-markdown and search workers took 1.6 to 3 times as long for 15 to 25 MiB
 * less (measured on the site's built pages).
 */
export const BUILD_WORKER_LIMITS: ResourceLimits = { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 32 };

/**
 * The heap of the workers that read the built pages (builtPages.ts): the young generation as above, the old one at
 * 2 GiB. V8 grows an old generation after each full collection by a factor it takes from the heap's maximum
 * (`MemoryController`, v8/src/heap/heap-controller.h: 1.1 up to 256 MiB on 64-bit Node, rising to 4 at 2 GiB), so at
 * 128 MiB these workers collected in full again and again: 22 % of their time in the collector, and 1 GiB was as slow.
 * At 2 GiB the site's 184 pages took 4.1 s instead of 5.0 s (two workers, alone) and the build's "read the built
 * pages" 4.7 s instead of 5.7 s; the build's peak of memory did not move (2008 against 2005 MiB, medians of 3): the
 * rendering of the pages, before this step, peaks as high as this step does with either limit (the two workers alone:
 * 340 to 400 MiB resident instead of 280 to 300).
 */
export const BUILT_PAGES_WORKER_LIMITS: ResourceLimits = { maxOldGenerationSizeMb: 2048, maxYoungGenerationSizeMb: 32 };

/**
 * A build step's worker thread: the module `file` started with `workerData`, resolving with the one message it posts
 * (`what` names the step in errors). With `resourceLimits` (for the build's steps, {@link BUILD_WORKER_LIMITS}), its
 * heap is bounded: the bounded old generation makes it collect as it goes, instead of growing at the build's peak of
 * memory; the young generation is left large enough for the parsers' short-lived objects (see there).
 */
export function runWorker<T>(
  file: string,
  workerData: unknown,
  { what, resourceLimits }: { readonly what: string; readonly resourceLimits?: ResourceLimits },
): Promise<T> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(file, { workerData, resourceLimits });
    let answered = false;
    worker.once('message', (message: T) => {
      answered = true;
      resolve(message);
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`${what}: the worker stopped (exit code ${code}).`));
      else if (!answered) reject(new Error(`${what}: the worker ended without an answer.`));
    });
  });
}

/**
 * `runWorker` within `resourceLimits`; work too large for them is done again without limits, so content never fails
 * the build.
 */
export async function runWorkerWithinLimits<T>(
  file: string,
  workerData: unknown,
  options: { readonly what: string; readonly resourceLimits: ResourceLimits },
): Promise<T> {
  try {
    return await runWorker<T>(file, workerData, options);
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'ERR_WORKER_OUT_OF_MEMORY') throw error;
    return runWorker<T>(file, workerData, { what: options.what });
  }
}
