import path from 'node:path';
import type { ResourceLimits } from 'node:worker_threads';
import { BUILD_WORKER_LIMITS, runWorker, runWorkerWithinLimits } from '../lib/boundedWorker';
import type { PageMarkdownInput } from './htmlToMarkdown.mjs';

/** A page whose article `articlesWorker.mjs` converts: where its HTML is, and what the Markdown says of it. */
export type ArticleSource = Omit<PageMarkdownInput, 'html'> & { readonly file: string };

const ARTICLES_WORKER = path.join(__dirname, 'articlesWorker.mjs');
const WHAT = 'page-markdown: converting the pages';

/** The articles of `pages` as Markdown, in order, converted in one worker thread with `resourceLimits`. */
export function convertInWorker(pages: readonly ArticleSource[], resourceLimits?: ResourceLimits): Promise<string[]> {
  return runWorker(ARTICLES_WORKER, pages, { what: WHAT, resourceLimits });
}

/**
 * The articles of `pages` as Markdown, in order, converted in a worker thread beside the build's main thread,
 * within `limits`; pages too large for them are converted again without limits, so content never fails the build.
 * Unbounded, the worker grew by about 210 MiB over the site's pages, at the build's peak of memory; within the
 * build's limits, by about 110 MiB (the largest page needs more than 32 MiB of old generation).
 */
export function articlesInWorker(
  pages: readonly ArticleSource[],
  limits: ResourceLimits = BUILD_WORKER_LIMITS,
): Promise<string[]> {
  return runWorkerWithinLimits(ARTICLES_WORKER, pages, { what: WHAT, resourceLimits: limits });
}
