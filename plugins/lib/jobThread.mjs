// @ts-check
/**
 * The thread side of `jobWorker.ts`: exposes `jobs` (functions of one input, by name) to the thread that started
 * this one, with comlink over `worker_threads` (its node adapter). One job runs after another: they are CPU work,
 * and a second one at once would only share the thread.
 */
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';

// comlink's main module is UMD, whose exports an ES module cannot name: it is required, as the main thread does.
const require = createRequire(import.meta.url);
/** @type {typeof import('comlink')} */
const { expose } = require('comlink');
/** @type {typeof import('comlink/dist/umd/node-adapter').default} */
const nodeEndpoint = require('comlink/dist/umd/node-adapter');

/**
 * @param {Readonly<Record<string, (input: any) => unknown>>} jobs
 * @param {string} what what a job is called, in the error that answers a name that is none (`description job`)
 */
export function exposeJobs(jobs, what = 'job') {
  if (!parentPort) throw new Error('exposeJobs runs in a worker thread.');
  let queue = Promise.resolve();
  /** @type {Record<string, (input: unknown) => Promise<unknown>>} */
  const queued = {};
  for (const [name, job] of Object.entries(jobs)) {
    queued[name] = (input) => {
      const answer = queue.then(() => job(input));
      queue = answer.then(
        () => undefined,
        () => undefined,
      );
      return answer;
    };
  }
  const unknown = (/** @type {string | symbol} */ name) => () => {
    throw new Error(`no ${what} named "${String(name)}"`);
  };
  // comlink looks a job up by its name: a name that is none answers with an error that says so.
  const lookup = new Proxy(queued, {
    get: (target, name) => (typeof name === 'string' && Object.hasOwn(target, name) ? target[name] : unknown(name)),
  });
  expose(lookup, nodeEndpoint(parentPort));
}
