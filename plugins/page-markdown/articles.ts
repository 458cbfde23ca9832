import path from 'node:path';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { PageMarkdownInput } from './htmlToMarkdown.mjs';

/** A page whose article `articlesWorker.mjs` converts: where its HTML is, and what the Markdown says of it. */
export type ArticleSource = Omit<PageMarkdownInput, 'html'> & { readonly file: string };

/**
 * The worker's heap: a small young generation and a bounded old one make it collect as it goes. Unbounded, it
 * grew by about 210 MiB over the site's pages, at the build's peak of memory; bounded, by about 100 MiB (the
 * largest page needs more than 32 MiB of old generation).
 */
export const WORKER_LIMITS: ResourceLimits = { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 8 };

/** The articles of `pages` as Markdown, in order, converted in one worker thread with `resourceLimits`. */
export function convertInWorker(pages: readonly ArticleSource[], resourceLimits?: ResourceLimits): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(path.join(__dirname, 'articlesWorker.mjs'), { workerData: pages, resourceLimits });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`page-markdown: the worker converting the pages stopped (exit code ${code}).`));
    });
  });
}

/**
 * The articles of `pages` as Markdown, in order, converted in a worker thread beside the build's main thread,
 * within `limits`; pages too large for them are converted again without limits, so content never fails the build.
 */
export async function articlesInWorker(
  pages: readonly ArticleSource[],
  limits: ResourceLimits = WORKER_LIMITS,
): Promise<string[]> {
  try {
    return await convertInWorker(pages, limits);
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'ERR_WORKER_OUT_OF_MEMORY') throw error;
    return convertInWorker(pages);
  }
}
