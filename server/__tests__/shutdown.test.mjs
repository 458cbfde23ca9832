// @ts-check
// Stopping the Node server (server/node.mjs, drainingClose.mjs): a response under way is finished, not cut;
// an idle keep-alive connection does not hold the stop; a client that never reads is cut after the bound.
// Run: node --test server/__tests__/shutdown.test.mjs
import { strict as assert } from 'node:assert';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdir, writeFile } from 'node:fs/promises';
import { Agent, get } from 'node:http';
import path from 'node:path';
import { after, before, test } from 'node:test';

import { startSiteServer } from '../node.mjs';
import { writeFixtureBuild } from './fixtureBuild.mjs';

/** Larger than the socket buffers on loopback: most of it is still to send while the client does not read. */
const LARGE = randomBytes(16 * 1024 * 1024);

/** @type {Awaited<ReturnType<typeof writeFixtureBuild>>} */
let fixture;
before(async () => {
  fixture = await writeFixtureBuild();
  await mkdir(path.join(fixture.dir, 'downloads'));
  await writeFile(path.join(fixture.dir, 'downloads/large.bin'), LARGE);
});
after(() => fixture.cleanup());

const start = () => startSiteServer({ dir: fixture.dir, port: 0, host: '127.0.0.1', access: 'open' });

/**
 * A GET whose body is not read until `resume()`.
 * @param {string} url
 * @param {Agent} [agent]
 */
async function pausedGet(url, agent) {
  const request = get(url, { agent });
  const [response] = /** @type {[import('node:http').IncomingMessage]} */ (await once(request, 'response'));
  response.pause();
  return {
    response,
    /** Reads the rest; resolves with the whole body, or rejects when the connection is cut. */
    async resume() {
      /** @type {Buffer[]} */
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.resume();
      await new Promise((resolve, reject) => {
        response.on('end', resolve);
        response.on('aborted', () => reject(new Error('the response was cut')));
        response.on('error', reject);
      });
      return Buffer.concat(chunks);
    },
  };
}

test('a response under way when the server is stopped is sent whole; then the server stops', async () => {
  const server = await start();
  const download = await pausedGet(new URL('downloads/large.bin', server.url).href);
  let closed = false;
  const closing = server.close(30_000).then(() => (closed = true));
  // New connections are refused at once.
  await assert.rejects(fetch(new URL('docs/orders/', server.url)));
  assert.equal(closed, false, 'the server waits for the response under way');
  const body = await download.resume();
  assert.equal(body.length, LARGE.length);
  assert.ok(body.equals(LARGE));
  await closing;
});

test('an idle keep-alive connection does not hold the stop', async () => {
  const server = await start();
  const agent = new Agent({ keepAlive: true });
  try {
    const first = await pausedGet(new URL('docs/orders/', server.url).href, agent);
    await first.resume();
    const started = Date.now();
    await server.close(30_000);
    assert.ok(Date.now() - started < 5_000, `took ${Date.now() - started} ms`);
  } finally {
    agent.destroy();
  }
});

test('a client that never reads is cut once the drain bound has passed', async () => {
  const server = await start();
  const stuck = await pausedGet(new URL('downloads/large.bin', server.url).href);
  const cut = stuck.resume().then(
    () => false,
    () => true,
  );
  stuck.response.pause();
  const started = Date.now();
  await server.close(300);
  assert.ok(Date.now() - started >= 250, 'waited for the bound');
  stuck.response.resume();
  assert.equal(await cut, true, 'the stuck response was cut');
});
