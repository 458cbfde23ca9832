// @ts-check
// A build made with BASE_URL=/developers/ is written without the base (the page /developers/docs/orders/ is
// docs/orders/index.html): the app strips the base on Node and as a Worker on workerd. The whole file-serving
// suite (siteBehaviour.mjs) runs under the base on both, and the gate's own suite does too (gate.test.mjs).
// Run: node --test server/__tests__/baseUrl.test.mjs
import { strict as assert } from 'node:assert';
import { after, before, describe, test } from 'node:test';

import { precompressDirectory } from '../../plugins/precompress/precompress.mjs';
import { createSiteApp } from '../app.mjs';
import { pathWithinBase } from '../basePath.mjs';
import { readAssetFromDirectory } from '../node.mjs';
import { describeSiteBehaviour } from './siteBehaviour.mjs';
import { startGatedWorkerSite, writeGatedFixture } from './workerSite.mjs';

const BASE_URL = '/developers/';
const PREFIX = BASE_URL.slice(0, -1);
const SHELL_FILE = 'sign-in-required.html';
const SHELL = '<!doctype html><title>Sign in required</title>\n';
const PARTNER_PAGE = '<!doctype html><title>Partner orders</title><p>For partners only.</p>\n';
const EXTRA_FILES = { [SHELL_FILE]: SHELL, 'partners/orders/index.html': PARTNER_PAGE };
const GATE = { protectedFiles: ['partners/orders/index.html'], protectedPaths: ['/partners'], shell: SHELL_FILE };
const TIMEOUT = { timeout: 15_000 };

describe('pathWithinBase', () => {
  /** @type {[string, string, string | undefined][]} */
  const CASES = [
    ['/docs/x/', '/', '/docs/x/'],
    ['/developers/docs/x/', BASE_URL, '/docs/x/'],
    ['/developers/', BASE_URL, '/'],
    ['/developers', BASE_URL, '/'],
    ['/developers/%2e%2e/secret.txt', BASE_URL, '/%2e%2e/secret.txt'],
    ['/docs/x/', BASE_URL, undefined],
    ['/developersx/docs', BASE_URL, undefined],
    ['/DEVELOPERS/docs', BASE_URL, undefined],
    ['//developers/docs', BASE_URL, undefined],
    ['/', BASE_URL, undefined],
  ];
  for (const [pathname, baseUrl, expected] of CASES) {
    test(`${pathname} at ${baseUrl} → ${String(expected)}`, () => {
      assert.equal(pathWithinBase(pathname, baseUrl), expected);
    });
  }
});

/**
 * Checks both runtimes share: the base's own address, paths outside it, and the gate under it.
 * @param {(path: string, init?: RequestInit) => Promise<Response>} fetchPath a path as the browser sends it
 * @param {() => Promise<string>} signToken an ID token the provider signed for the site
 */
function describeGateUnderBase(fetchPath, signToken) {
  test('the base without its slash, and with it, is the home page', TIMEOUT, async () => {
    for (const home of [PREFIX, BASE_URL]) {
      const response = await fetchPath(home);
      assert.equal(response.status, 200, home);
      assert.match(await response.text(), /<title>Home<\/title>/);
    }
  });

  test('a file of the build asked for without the base is not served: the 404 page', TIMEOUT, async () => {
    for (const outside of ['/index.html', '/docs/orders/', '/assets/js/main.3ff00f2d.js']) {
      const response = await fetchPath(outside);
      assert.equal(response.status, 404, outside);
      assert.match(await response.text(), /Page Not Found/, outside);
    }
  });

  test('a protected page under the base: the shell anonymously, the page signed in', TIMEOUT, async () => {
    const anonymous = await fetchPath(`${PREFIX}/partners/orders/`);
    assert.equal(anonymous.status, 401);
    assert.equal(await anonymous.text(), SHELL);
    const signedIn = await fetchPath(`${PREFIX}/partners/orders/`, {
      headers: { Cookie: `docs_id_token=${await signToken()}` },
    });
    assert.equal(signedIn.status, 200);
    assert.equal(await signedIn.text(), PARTNER_PAGE);
  });

  test('a protected path outside the base is refused even signed in (it names no file)', TIMEOUT, async () => {
    const signedIn = await fetchPath('/partners/orders/', {
      headers: { Cookie: `docs_id_token=${await signToken()}` },
    });
    assert.equal(signedIn.status, 404);
    assert.ok(!(await signedIn.text()).includes('For partners only'));
  });
}

describe(`on Node, at base URL ${BASE_URL}`, () => {
  /** @type {Awaited<ReturnType<typeof writeGatedFixture>>} */
  let gated;
  /** @type {ReturnType<typeof createSiteApp>} */
  let app;
  before(async () => {
    gated = await writeGatedFixture({ ...GATE, extraFiles: EXTRA_FILES, baseUrl: BASE_URL });
    await precompressDirectory(gated.fixture.dir);
    app = createSiteApp({ readAsset: readAssetFromDirectory(gated.fixture.dir) });
  });
  after(() => gated?.close());

  describeSiteBehaviour(async (requestPath, init = {}) => app.request(`${PREFIX}${requestPath}`, init), {
    precompressed: true,
  });
  describeGateUnderBase(
    async (requestPath, init) => app.request(`http://localhost${requestPath}`, init),
    () => gated.signToken(),
  );
});

describe(`as a Worker on workerd, at base URL ${BASE_URL}`, () => {
  /** @type {Awaited<ReturnType<typeof startGatedWorkerSite>>} */
  let gated;
  before(
    async () => {
      gated = await startGatedWorkerSite({ ...GATE, extraFiles: EXTRA_FILES, baseUrl: BASE_URL });
    },
    { timeout: 60_000 },
  );
  after(() => gated?.close());

  describeSiteBehaviour(
    (requestPath, init = {}) => {
      const headers = new Headers(init.headers);
      if (!headers.has('Accept-Encoding')) headers.set('Accept-Encoding', 'identity');
      return gated.site.fetch(`${PREFIX}${requestPath}`, { ...init, headers });
    },
    { precompressed: false, ...TIMEOUT },
  );
  describeGateUnderBase(
    (requestPath, init) => gated.site.fetch(requestPath, init),
    () => gated.signToken(),
  );
});
