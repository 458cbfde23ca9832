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
  await inDescriptionWorker('bundle', undefined);
  return bundleDescriptions();
}
