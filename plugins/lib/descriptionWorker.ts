import path from 'node:path';
import { bundleDescriptions, type BundledDescriptions } from '../../openapi/descriptions';
import type { DescriptionJobs } from './descriptionJobs';
import { jobWorker } from './jobWorker';

/**
 * The description worker: one worker thread per process that does the build's work on the API descriptions
 * (`descriptionJobs.ts`) beside the main thread, which loads the rest of the site meanwhile. The build's passes
 * (plugins/build-passes) end it once the site's content is loaded, when every job has been asked: its heap is
 * freed before the build's postBuild, where the build's memory peaks.
 */
export const descriptionWorker = jobWorker<DescriptionJobs>(
  path.join(__dirname, 'descriptionWorkerThread.mjs'),
  'description worker',
);

/** Runs a job of `descriptionJobs.ts` in the description worker (see `JobWorker.run`). */
export const inDescriptionWorker: typeof descriptionWorker.run = (job, input) => descriptionWorker.run(job, input);

/**
 * The bundled descriptions (`bundleDescriptions`, openapi/descriptions.ts), bundled in the description worker and
 * read here from the cache file it leaves: the main thread neither loads @redocly/openapi-core nor bundles (0.8 s
 * of its load), and the worker keeps them for the jobs that follow.
 */
export async function bundledInDescriptionWorker(): Promise<BundledDescriptions> {
  // `npm start` after its first bundling: a description edit is bundled here, where the last bundling is known and
  // only the documents whose files changed are bundled again (the worker, closed once the site has loaded, would
  // start anew for each edit: about 5 s of loading and bundling everything before a page could show the edit).
  if (bundledOnce && process.env.NODE_ENV === 'development') return bundleDescriptions();
  await inDescriptionWorker('bundle', undefined);
  const descriptions = await bundleDescriptions();
  bundledOnce = true;
  return descriptions;
}

let bundledOnce = false;
