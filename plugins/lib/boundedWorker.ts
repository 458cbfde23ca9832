import { Worker, type ResourceLimits } from 'node:worker_threads';

/**
 * A build worker's heap: a bounded old generation makes it collect as it goes instead of growing at the build's peak
 * of memory. The young generation is not squeezed: at 8 MiB, the parsers' short-lived objects were promoted and
 * collected again and again, and the page-markdown and search workers took 1.6 to 3 times as long for 15 to 25 MiB
 * less (measured on the site's built pages).
 */
export const BUILD_WORKER_LIMITS: ResourceLimits = { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 32 };

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
