/**
 * @jest-environment node
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BUILD_WORKER_LIMITS, runWorker, runWorkerWithinLimits } from '../boundedWorker';

const folder = mkdtempSync(path.join(tmpdir(), 'bounded-worker-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A worker module with `source` as its body, written to the folder. */
function workerFile(name: string, source: string): string {
  const file = path.join(folder, `${name}.mjs`);
  writeFileSync(file, `import { parentPort, workerData } from 'node:worker_threads';\n${source}\n`);
  return file;
}

const doubler = workerFile('doubler', 'parentPort.postMessage(workerData * 2);');
const silent = workerFile('silent', '// ends without posting anything');
const failing = workerFile('failing', "throw new Error('the page is broken');");
// Holds more than a small heap allows, then answers with how much it held.
const hungry = workerFile(
  'hungry',
  'const kept = []; for (let i = 0; i < 400_000; i += 1) kept.push({ i, text: `item ${i}` }); parentPort.postMessage(kept.length);',
);
const TOO_SMALL = { maxOldGenerationSizeMb: 8, maxYoungGenerationSizeMb: 2 };

describe('runWorker', () => {
  it("resolves with the worker's message, within the build's limits", async () => {
    await expect(runWorker(doubler, 21, { what: 'doubling', resourceLimits: BUILD_WORKER_LIMITS })).resolves.toBe(42);
  });

  it('rejects, naming the step, when the worker ends without an answer', async () => {
    await expect(runWorker(silent, undefined, { what: 'search-index: gathering' })).rejects.toThrow(
      'search-index: gathering: the worker ended without an answer.',
    );
  });

  it("rejects with the worker's own error", async () => {
    await expect(runWorker(failing, undefined, { what: 'x' })).rejects.toThrow('the page is broken');
  });
});

describe('runWorkerWithinLimits', () => {
  it('does work too large for the limits again without them', async () => {
    await expect(runWorker(hungry, undefined, { what: 'x', resourceLimits: TOO_SMALL })).rejects.toMatchObject({
      code: 'ERR_WORKER_OUT_OF_MEMORY',
    });
    await expect(runWorkerWithinLimits(hungry, undefined, { what: 'x', resourceLimits: TOO_SMALL })).resolves.toBe(
      400_000,
    );
  }, 30_000);

  it('does not repeat work that failed for another reason', async () => {
    await expect(
      runWorkerWithinLimits(failing, undefined, { what: 'x', resourceLimits: BUILD_WORKER_LIMITS }),
    ).rejects.toThrow('the page is broken');
  });
});
