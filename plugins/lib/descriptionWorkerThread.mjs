// @ts-check
/**
 * The description worker (started by `descriptionWorker.ts`): runs the jobs of `descriptionJobs.ts`, loaded
 * through jiti as the site's config is, one message at a time, and answers each with its result or its error.
 */
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';

const require = createRequire(import.meta.url);
/** @type {(id: string) => any} */
const jiti = require('jiti')(import.meta.filename, { interopDefault: true, cache: true });
const jobs = /** @type {Record<string, (input: unknown) => Promise<unknown>>} */ (
  jiti('./descriptionJobs.ts').DESCRIPTION_JOBS
);

/** @typedef {{ readonly id: number, readonly job: string, readonly input: unknown }} JobMessage */

/** One job after another: they are all CPU work, and a second at once would only share the thread. */
let queue = Promise.resolve();

parentPort?.on('message', (/** @type {JobMessage} */ { id, job, input }) => {
  queue = queue.then(async () => {
    try {
      const run = Object.hasOwn(jobs, job) ? jobs[job] : undefined;
      if (!run) throw new Error(`no description job named "${job}"`);
      parentPort?.postMessage({ id, result: await run(input) });
    } catch (error) {
      const { message, stack } = error instanceof Error ? error : new Error(String(error));
      parentPort?.postMessage({ id, error: { message, stack } });
    }
  });
});
