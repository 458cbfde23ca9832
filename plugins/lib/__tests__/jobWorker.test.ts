/**
 * @jest-environment node
 */
import path from 'node:path';
import { jobWorker } from '../jobWorker';

interface Echoed {
  readonly text: string;
  readonly started: readonly string[];
  readonly threadId: number;
}

/** The jobs of `fixtures/jobsThread.mjs`. */
interface TestJobs {
  readonly [name: string]: (input: never) => unknown;
  echo(input: { readonly text: string; readonly ms?: number }): Promise<Echoed>;
  fail(message: string): Promise<never>;
  exit(code: number): never;
}

const THREAD = path.join(__dirname, 'fixtures/jobsThread.mjs');
const workers: { close(): void }[] = [];
function testWorker() {
  const worker = jobWorker<TestJobs>(THREAD, 'test worker');
  workers.push(worker);
  return worker;
}
afterEach(() => {
  for (const worker of workers.splice(0)) worker.close();
});

describe('jobWorker', () => {
  it('answers each job with what it returns, one job after another, in one thread', async () => {
    const worker = testWorker();
    const slow = worker.run('echo', { text: 'slow', ms: 200 });
    const quick = worker.run('echo', { text: 'quick' });
    const [first, second] = await Promise.all([slow, quick]);
    expect(first.text).toBe('slow');
    // The quick job started only once the slow one was answered.
    expect(first.started).toEqual(['slow']);
    expect(second.started).toEqual(['slow', 'quick']);
    expect(second.threadId).toBe(first.threadId);
  });

  it('keeps the thread between jobs: a job answered early does not end it', async () => {
    const worker = testWorker();
    const early = await worker.run('echo', { text: 'early' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const later = await worker.run('echo', { text: 'later' });
    expect(later.threadId).toBe(early.threadId);
    expect(later.started).toEqual(['early', 'later']);
  });

  it("rejects with the job's own error, marked handled until awaited, and runs the next job", async () => {
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', record);
    try {
      const worker = testWorker();
      const failed = worker.run('fail', 'the description has no paths');
      // Long enough for the answer to arrive and for Node to report a rejection nobody handled.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(unhandled).toEqual([]);
      await expect(failed).rejects.toThrow('the description has no paths');
      await expect(worker.run('echo', { text: 'next' })).resolves.toMatchObject({ text: 'next' });
    } finally {
      process.off('unhandledRejection', record);
    }
  });

  it('answers a name that is no job with an error that says so', async () => {
    const worker = testWorker();
    await expect(worker.run('compile' as 'echo', { text: '' })).rejects.toThrow('no job named "compile"');
  });

  it('rejects the jobs waiting when the thread stops, and starts a new thread for the next job', async () => {
    const worker = testWorker();
    const before = await worker.run('echo', { text: 'before' });
    const exit = worker.run('exit', 3);
    const waiting = worker.run('echo', { text: 'waiting' });
    await expect(waiting).rejects.toThrow('test worker: the worker stopped (exit code 3).');
    await expect(exit).rejects.toThrow('exit code 3');
    const after = await worker.run('echo', { text: 'after' });
    expect(after.threadId).not.toBe(before.threadId);
    expect(after.started).toEqual(['after']);
  });

  it('on close, answers the jobs already asked, then ends the thread; a later job starts a new one', async () => {
    const worker = testWorker();
    const asked = worker.run('echo', { text: 'asked', ms: 200 });
    worker.close();
    const { threadId } = await asked;
    const after = await worker.run('echo', { text: 'after close' });
    expect(after.threadId).not.toBe(threadId);
    expect(after.started).toEqual(['after close']);
  });
});
