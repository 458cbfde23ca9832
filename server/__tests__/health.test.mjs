// @ts-check
// `/health.json` (server/health.mjs): the build's facts and whether the gate holds the identity provider's
// keys, 503 when it cannot admit anyone. On Node in process and as the Worker on workerd, against a real
// provider on loopback whose key set can be made unreachable.
// Run: node --test server/__tests__/health.test.mjs
import { strict as assert } from 'node:assert';
import { after, before, describe, test } from 'node:test';

import { precompressDirectory } from '../../plugins/precompress/precompress.mjs';
import { createSiteApp } from '../app.mjs';
import { readAssetFromDirectory } from '../node.mjs';
import { startGatedWorkerSite, writeGatedFixture } from './workerSite.mjs';

const SHELL_FILE = 'sign-in-required.html';
const GATE = {
  extraFiles: { [SHELL_FILE]: '<!doctype html><title>Sign in</title>\n' },
  protectedFiles: ['docs/orders/index.html'],
  protectedPaths: ['/docs'],
  shell: SHELL_FILE,
};
const TIMEOUT = { timeout: 30_000 };

/**
 * @param {Response} response
 * @returns {Promise<{ status: string, version?: string, gate: { state: string, keysAgeSeconds: number | null, problem?: string } }>}
 */
async function healthOf(response) {
  assert.equal(response.headers.get('Cache-Control'), 'no-store');
  assert.match(response.headers.get('Content-Type') ?? '', /^application\/json/);
  return response.json();
}

describe('on Node', () => {
  /** @type {Awaited<ReturnType<typeof writeGatedFixture>>} */
  let gated;
  before(async () => {
    gated = await writeGatedFixture(GATE);
    await precompressDirectory(gated.fixture.dir);
  });
  after(() => gated.close());

  const freshApp = () => createSiteApp({ readAsset: readAssetFromDirectory(gated.fixture.dir) });
  /** @param {ReturnType<typeof freshApp>} app @param {string} [path] @param {RequestInit} [init] */
  const get = async (app, path = '/health.json', init = {}) => app.request(`http://localhost${path}`, init);

  test('with the provider’s keys: 200, the build’s facts, the keys’ age, never cached', async () => {
    gated.provider.keySetAnswer = 'ok';
    const app = freshApp();
    const response = await get(app);
    assert.equal(response.status, 200);
    const health = await healthOf(response);
    assert.equal(health.status, 'ok');
    assert.equal(health.version, '1.2.3', 'the build’s own facts are kept');
    assert.equal(health.gate.state, 'ready');
    assert.ok(typeof health.gate.keysAgeSeconds === 'number' && health.gate.keysAgeSeconds < 5);
    const head = await get(app, '/health.json', { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(await head.text(), '');
  });

  test('the provider’s key set unreachable: 503 with the reason, and a signed-in reader is indeed refused', async () => {
    gated.provider.keySetAnswer = 'error';
    try {
      const app = freshApp();
      const response = await get(app);
      assert.equal(response.status, 503);
      const health = await healthOf(response);
      assert.equal(health.status, 'unavailable');
      assert.deepEqual(health.gate, {
        state: 'no-keys',
        keysAgeSeconds: null,
        problem: 'the provider could not be reached (key set: HTTP 500)',
      });
      const cookie = `docs_id_token=${await gated.signToken()}`;
      assert.equal((await get(app, '/docs/orders/', { headers: { Cookie: cookie } })).status, 401);
    } finally {
      gated.provider.keySetAnswer = 'ok';
    }
  });

  test('the discovery document unreachable: 503', async () => {
    gated.provider.discoveryAnswer = 'error';
    try {
      const health = await healthOf(await get(freshApp()));
      assert.equal(health.gate.state, 'no-keys');
      assert.match(health.gate.problem ?? '', /discovery document: HTTP 500/);
    } finally {
      gated.provider.discoveryAnswer = 'ok';
    }
  });

  test('keys older than 10 minutes that cannot be fetched again: 503, with their age', async (t) => {
    const app = freshApp();
    assert.equal((await get(app)).status, 200);
    gated.provider.keySetAnswer = 'error';
    try {
      const later = Date.now() + 11 * 60_000;
      t.mock.method(Date, 'now', () => later);
      const response = await get(app);
      assert.equal(response.status, 503);
      const health = await healthOf(response);
      assert.ok((health.gate.keysAgeSeconds ?? 0) >= 660, JSON.stringify(health.gate));
    } finally {
      gated.provider.keySetAnswer = 'ok';
    }
  });

  test('a build with nothing to protect is healthy without a provider', async () => {
    const app = createSiteApp({ readAsset: readAssetFromDirectory(gated.fixture.dir), access: 'open' });
    const health = await healthOf(await get(app));
    assert.deepEqual([health.status, health.gate], ['ok', { state: 'open' }]);
  });
});

describe('on Node, at base URL /developers/', () => {
  /** @type {Awaited<ReturnType<typeof writeGatedFixture>>} */
  let gated;
  before(async () => {
    gated = await writeGatedFixture({ ...GATE, baseUrl: '/developers/' });
  });
  after(() => gated.close());

  test('answers under the base, and only there', async () => {
    const app = createSiteApp({ readAsset: readAssetFromDirectory(gated.fixture.dir) });
    const response = await app.request('http://localhost/developers/health.json');
    assert.equal(response.status, 200);
    assert.equal((await healthOf(response)).gate.state, 'ready');
    assert.equal((await app.request('http://localhost/health.json')).status, 404);
  });
});

describe('as a Worker on workerd', () => {
  /** @type {Awaited<ReturnType<typeof startGatedWorkerSite>>} */
  let gated;
  before(
    async () => {
      gated = await startGatedWorkerSite(GATE);
    },
    { timeout: 60_000 },
  );
  after(() => gated?.close());

  test('503 while the key set is unreachable, 200 once the provider answers again', TIMEOUT, async () => {
    gated.provider.keySetAnswer = 'error';
    const down = await gated.site.fetch('/health.json');
    assert.equal(down.status, 503);
    assert.equal((await healthOf(down)).gate.problem, 'the provider could not be reached (key set: HTTP 500)');
    gated.provider.keySetAnswer = 'ok';
    // The gate asks a failing provider again after its retry interval (10 s): wait for that state.
    for (;;) {
      const response = await gated.site.fetch('/health.json');
      const health = await healthOf(response);
      if (response.status === 200) {
        assert.equal(health.gate.state, 'ready');
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  });
});
