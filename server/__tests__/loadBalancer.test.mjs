// @ts-check
// Two copies of the server (server/cli.mjs, each its own process and its own copy of the build, written at
// different times) behind a load balancer (loadBalancer.mjs): a revalidation is answered 304 whichever copy
// gets it, and a copy stopped with SIGTERM under load drains its requests, so no client sees a failure.
// Run: node --test server/__tests__/loadBalancer.test.mjs
import { strict as assert } from 'node:assert';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { cp, mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';

import autocannon from 'autocannon';

import { startCli } from './cliProcess.mjs';
import { writeFixtureBuild } from './fixtureBuild.mjs';
import { startLoadBalancer } from './loadBalancer.mjs';

/** @type {Awaited<ReturnType<typeof writeFixtureBuild>>} */
let fixture;
/** @type {string} */
let copy;

/**
 * Sets every file under `dir` to `date`, as a deployment at that time would have left it.
 * @param {string} dir
 * @param {Date} date
 */
async function touchAll(dir, date) {
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) await utimes(path.join(entry.parentPath, entry.name), date, date);
  }
}

/** A file large enough that a response to it is still being sent when the replica is told to stop. */
const LARGE_FILE = 'downloads/large.bin';

before(async () => {
  fixture = await writeFixtureBuild();
  await mkdir(path.join(fixture.dir, 'downloads'));
  await writeFile(path.join(fixture.dir, LARGE_FILE), randomBytes(256 * 1024));
  copy = `${fixture.dir}-replica`;
  await cp(fixture.dir, copy, { recursive: true });
  await touchAll(fixture.dir, new Date('2026-01-01T00:00:00Z'));
  await touchAll(copy, new Date('2026-02-01T12:34:56Z'));
});
after(() => fixture.cleanup());

/** @param {string} dir */
const startReplica = (dir) => startCli(['--dir', dir, '--host', '127.0.0.1', '--public']);

/** @param {import('node:child_process').ChildProcess} child */
async function stop(child) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
}

test('replicas with other modification times give a file the same ETag: a revalidation gets 304 from either', async () => {
  const replicas = [await startReplica(fixture.dir), await startReplica(copy)];
  const balancer = await startLoadBalancer(replicas.map((replica) => replica.url));
  try {
    for (const file of ['docs/orders/', 'assets/js/main.3ff00f2d.js', 'search-index.json', 'img/logo.svg']) {
      const tags = await Promise.all(
        replicas.map(async ({ url }) => {
          const response = await fetch(new URL(file, url), { headers: { 'Accept-Encoding': 'br' } });
          await response.arrayBuffer();
          return response.headers.get('ETag');
        }),
      );
      assert.match(tags[0] ?? '', /^"[0-9a-f]{32}"$/, file);
      assert.equal(tags[0], tags[1], file);
      // Through the balancer, round robin: each revalidation lands on the other replica than the one before.
      for (let round = 0; round < 2; round++) {
        const again = await fetch(new URL(file, balancer.url), {
          headers: { 'Accept-Encoding': 'br', 'If-None-Match': tags[0] ?? '' },
        });
        assert.equal(again.status, 304, `${file}, round ${round}`);
      }
    }
    assert.ok(
      balancer.answered.every((count) => count >= 4),
      JSON.stringify(balancer.answered),
    );
  } finally {
    await balancer.close();
    await Promise.all(replicas.map(({ child }) => stop(child)));
  }
});

test('a replica stopped with SIGTERM under load drains: no request fails, and it exits 0', async () => {
  const replicas = [await startReplica(fixture.dir), await startReplica(copy)];
  const balancer = await startLoadBalancer(replicas.map((replica) => replica.url));
  const [stopping] = replicas;
  const TOTAL = 1200;
  try {
    const load = autocannon({
      url: balancer.url,
      requests: [
        { path: '/docs/orders/' },
        { path: `/${LARGE_FILE}` },
        { path: '/search-index.json' },
        { path: '/assets/js/main.3ff00f2d.js' },
      ],
      connections: 16,
      amount: TOTAL,
      timeout: 20,
    });
    // SIGTERM once the replica has answered a share of the load, while requests are still coming.
    while (balancer.answered[0] < TOTAL / 10) await new Promise((resolve) => setImmediate(resolve));
    const stoppedAt = balancer.answered[0];
    stopping.child.kill('SIGTERM');
    const [exit, result] = await Promise.all([once(stopping.child, 'exit'), load]);
    assert.deepEqual(
      { errors: result.errors, timeouts: result.timeouts, non2xx: result.non2xx, resets: result.resets },
      { errors: 0, timeouts: 0, non2xx: 0, resets: 0 },
    );
    assert.equal(result['2xx'], TOTAL);
    assert.equal(exit[0], 0, 'exit code');
    assert.match(stopping.output(), /SIGTERM: stopping the server/);
    // The other replica took the rest of the load.
    assert.ok(balancer.answered[1] > TOTAL - stoppedAt - 100, JSON.stringify(balancer.answered));
  } finally {
    await balancer.close();
    await Promise.all(replicas.map(({ child }) => stop(child)));
  }
});
