import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { bundleDescriptions, type BundledDescriptions } from '../../openapi/descriptions';
import type { DescriptionJobName, DescriptionJobs } from './descriptionJobs';

const THREAD = path.join(__dirname, 'descriptionWorkerThread.mjs');

type JobInput<Name extends DescriptionJobName> = Parameters<DescriptionJobs[Name]>[0];
type JobOutput<Name extends DescriptionJobName> = Awaited<ReturnType<DescriptionJobs[Name]>>;

interface Answer {
  readonly id: number;
  readonly result?: unknown;
  readonly error?: { readonly message: string; readonly stack?: string };
}

interface Waiting {
  readonly job: DescriptionJobName;
  readonly resolve: (result: unknown) => void;
  readonly reject: (error: Error) => void;
}

/** The worker of this process, while it runs, and the jobs it has not answered. */
let running: { readonly thread: Worker; readonly waiting: Map<number, Waiting> } | null = null;
let lastId = 0;

function failAll(waiting: Map<number, Waiting>, why: (job: DescriptionJobName) => Error): void {
  for (const { job, reject } of waiting.values()) reject(why(job));
  waiting.clear();
}

function worker(): NonNullable<typeof running> {
  if (running) return running;
  const thread = new Worker(THREAD);
  const waiting = new Map<number, Waiting>();
  const current = { thread, waiting };
  thread.on('message', ({ id, result, error }: Answer) => {
    const asked = waiting.get(id);
    if (!asked) return;
    waiting.delete(id);
    if (error) {
      const failure = new Error(error.message);
      if (error.stack) failure.stack = error.stack;
      asked.reject(failure);
    } else {
      asked.resolve(result);
    }
    if (waiting.size === 0) {
      // Done: its heap is freed before the build's postBuild, where the build's memory peaks.
      if (running === current) running = null;
      void thread.terminate();
    }
  });
  thread.on('error', (error: Error) => {
    if (running === current) running = null;
    failAll(waiting, (job) => new Error(`description worker (${job}): ${error.message}`, { cause: error }));
  });
  thread.on('exit', (code) => {
    if (running === current) running = null;
    failAll(waiting, (job) => new Error(`description worker (${job}): the worker stopped (exit code ${code}).`));
  });
  // Without a job, it never holds the process open (each job refs it). After the listeners: a listener for its
  // messages refs it again.
  thread.unref();
  running = current;
  return current;
}

/**
 * Runs a job of `descriptionJobs.ts` in the description worker: one worker thread per process that does the
 * build's work on the API descriptions beside the main thread, which loads the rest of the site meanwhile. Its
 * first job bundles the descriptions (`bundledInDescriptionWorker`). The promise is marked handled, so that a job may be started early and awaited later (a failure
 * surfaces where it is awaited).
 */
export function inDescriptionWorker<Name extends DescriptionJobName>(
  job: Name,
  input: JobInput<Name>,
): Promise<JobOutput<Name>> {
  const { thread, waiting } = worker();
  lastId += 1;
  const id = lastId;
  const answer = new Promise<JobOutput<Name>>((resolve, reject) => {
    waiting.set(id, { job, resolve: resolve as (result: unknown) => void, reject });
  });
  // While a job waits, the worker keeps the process alive.
  thread.ref();
  thread.postMessage({ id, job, input });
  answer.catch(() => undefined);
  return answer;
}

/**
 * The bundled descriptions (`bundleDescriptions`, openapi/descriptions.ts), bundled in the description worker and
 * read here from the cache file it leaves: the main thread neither loads @redocly/openapi-core nor bundles (0.8 s
 * of its load), and the worker keeps them for the jobs that follow.
 */
export async function bundledInDescriptionWorker(): Promise<BundledDescriptions> {
  await inDescriptionWorker('bundle', undefined);
  return bundleDescriptions();
}
