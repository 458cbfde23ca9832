import { Worker } from 'node:worker_threads';
import { wrap, type Remote } from 'comlink';
import nodeEndpoint from 'comlink/dist/umd/node-adapter';

/** Functions of one input that a worker thread runs (its module calls `exposeJobs` of `jobThread.mjs`). */
export type Jobs = Readonly<Record<string, (input: never) => unknown>>;

export interface JobWorker<J extends Jobs> {
  /**
   * Runs a job in the worker thread, starting it if none runs. The promise is marked handled, so that a job may be
   * started early and awaited later (a failure surfaces where it is awaited).
   */
  run<Name extends keyof J & string>(job: Name, input: Parameters<J[Name]>[0]): Promise<Awaited<ReturnType<J[Name]>>>;
  /**
   * Ends the thread once the jobs it was asked are answered, which frees its heap; a job asked later starts a new
   * one. Until then it stays up however long it sits idle between jobs, so that a job answered early does not end
   * it only for the next one to load its modules again.
   */
  close(): void;
}

interface Thread<J extends Jobs> {
  readonly worker: Worker;
  readonly remote: Remote<J>;
  /** Rejects when the thread stops by itself (an error, or an exit nobody asked for). */
  readonly stopped: Promise<never>;
  pending: number;
  closing: boolean;
}

/**
 * One worker thread running the module `file`, which exposes its jobs with `exposeJobs` (`jobThread.mjs`); `what`
 * names it in errors. The calls go through comlink (its `worker_threads` adapter). The thread keeps the process
 * alive while a job waits, never while it is idle.
 */
export function jobWorker<J extends Jobs>(file: string, what: string): JobWorker<J> {
  let current: Thread<J> | undefined;

  const start = (): Thread<J> => {
    const worker = new Worker(file);
    const remote = wrap<J>(nodeEndpoint(worker));
    const stopped = new Promise<never>((_resolve, reject) => {
      worker.once('error', (error: Error) => reject(new Error(`${what}: ${error.message}`, { cause: error })));
      worker.once('exit', (code) => reject(new Error(`${what}: the worker stopped (exit code ${code}).`)));
    });
    const thread: Thread<J> = { worker, remote, stopped, pending: 0, closing: false };
    // A thread that stopped by itself is replaced at the next job (its own waiting jobs reject).
    void stopped.catch(() => {
      if (current === thread) current = undefined;
    });
    // Idle, it does not hold the process open. After comlink's listener, which refs it again.
    worker.unref();
    return thread;
  };

  const end = (thread: Thread<J>) => {
    if (current === thread) current = undefined;
    void thread.worker.terminate();
  };

  return {
    run(job, input) {
      const thread = (current ??= start());
      thread.pending += 1;
      thread.worker.ref();
      const call = (thread.remote[job] as unknown as (input: unknown) => Promise<Awaited<ReturnType<J[typeof job]>>>)(
        input,
      );
      const answer = Promise.race([call, thread.stopped]).finally(() => {
        thread.pending -= 1;
        if (thread.pending > 0) return;
        thread.worker.unref();
        if (thread.closing) end(thread);
      });
      answer.catch(() => undefined);
      return answer;
    },
    close() {
      const thread = current;
      if (!thread) return;
      thread.closing = true;
      // Later jobs start a new thread.
      current = undefined;
      if (thread.pending === 0) end(thread);
    },
  };
}
