// @ts-check
// The Cloudflare Worker (server/worker.mjs, configured by wrangler.toml) on the real workerd runtime,
// through miniflare, serving the fixture build as its static assets over HTTP. It answers as the app does on
// Node (siteBehaviour.mjs, shared with app.test.mjs), without the build's .br/.gz files, with the gate on.
// Run: node --test server/__tests__/worker.test.mjs
import { strict as assert } from 'node:assert';
import { request as httpRequest } from 'node:http';
import { after, before, describe, test } from 'node:test';

import { GATE_MANIFEST_FILE } from '../gate/accessPolicy.mjs';
import { DOCS_PAGE, FILES, FIXTURE_CSP, LONG_SCRIPT, SECRET } from './fixtureBuild.mjs';
import { describeApiProxyBehaviour, PROXY_TEST_ENV } from './apiProxyBehaviour.mjs';
import { apiProxyManifestFromDescriptions, startSandboxUpstream } from './sandboxUpstream.mjs';
import { describeSiteBehaviour, TRAVERSAL_ATTEMPTS } from './siteBehaviour.mjs';
import { signIdToken, signingKey } from './testProvider.mjs';
import { startGatedWorkerSite } from './workerSite.mjs';

const SHELL_FILE = 'sign-in-required.html';
const SHELL = `<!doctype html><title>Sign in required</title><h1>Sign in to read this page</h1>\n`;
const PARTNER_PAGE = '<!doctype html><title>Partner orders</title><p>For partners only.</p>\n';
/** Files only this test adds to the fixture build: names a URL must encode, and a protected page. */
const WORKER_FILES = {
  [SHELL_FILE]: SHELL,
  'partners/orders/index.html': PARTNER_PAGE,
  'downloads/rate card 100%.txt': 'rates\n',
  'img/logo,dark.svg': '<svg xmlns="http://www.w3.org/2000/svg"><title>dark</title></svg>\n',
  'img/naïve.txt': 'naïve\n',
  // As plugins/protected-content writes it (ASSETS_IGNORE in postBuild.ts): the upload leaves these out.
  '.assetsignore': '*.br\n*.gz\n',
};
const TIMEOUT = { timeout: 15_000 };

/** @type {Awaited<ReturnType<typeof startGatedWorkerSite>>} */
let gated;
/** @type {import('./workerSite.mjs').WorkerSite} */
let site;
/** @type {Awaited<ReturnType<typeof startGatedWorkerSite>>['provider']} */
let provider;
/** The Try it proxy's upstream: a real sandbox on loopback. @type {Awaited<ReturnType<typeof startSandboxUpstream>>} */
let upstream;

before(
  async () => {
    upstream = await startSandboxUpstream();
    gated = await startGatedWorkerSite({
      extraFiles: WORKER_FILES,
      protectedFiles: ['partners/orders/index.html'],
      protectedPaths: ['/partners'],
      shell: SHELL_FILE,
      apiProxy: await apiProxyManifestFromDescriptions(),
      vars: {
        SANDBOX_API_URL: /** @type {string} */ (upstream.settings.apiUrl),
        SANDBOX_TOKEN_URL: /** @type {string} */ (upstream.settings.tokenUrl),
        ...PROXY_TEST_ENV,
      },
    });
    ({ site, provider } = gated);
  },
  { timeout: 60_000 },
);
after(async () => {
  await gated?.close();
  await upstream?.close();
});

/**
 * A GET with the path exactly as given, unnormalised (fetch resolves `..` and turns `\` into `/` first).
 * @param {string} rawPath
 * @returns {Promise<{ status: number, body: string }>}
 */
function rawGet(rawPath) {
  const { hostname, port } = new URL(site.url);
  return new Promise((resolve, reject) => {
    const request = httpRequest({ hostname, port, path: rawPath, timeout: 10_000 }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      response.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new Error(`${rawPath}: no answer in 10 s`)));
    request.on('error', reject);
    request.end();
  });
}

// First, while the isolate is fresh: the gate manifest and the provider's keys are fetched by one request and
// awaited by the others (workerd ties I/O to the request that started it).
test('a cold Worker answers concurrent requests, signed in or not', TIMEOUT, async () => {
  const cookie = `docs_id_token=${await gated.signToken()}`;
  /** @type {[string, Record<string, string>, number][]} */
  const expected = [
    ['/', {}, 200],
    ['/docs/orders/', {}, 200],
    ['/assets/js/main.3ff00f2d.js', {}, 200],
    ['/missing', {}, 404],
    ['/partners/orders/', {}, 401],
    ['/partners/orders/', { Cookie: cookie }, 200],
    [`/${GATE_MANIFEST_FILE}`, {}, 404],
  ];
  const rounds = Array.from({ length: 4 }, () => expected).flat();
  const statuses = await Promise.all(
    rounds.map(async ([requestPath, headers]) => {
      const response = await site.fetch(requestPath, { headers });
      await response.arrayBuffer();
      return response.status;
    }),
  );
  assert.deepEqual(
    statuses,
    rounds.map(([, , status]) => status),
  );
});

/**
 * A request as the shared tests mean it: without `Accept-Encoding`, none is wanted (fetch would ask for gzip).
 * @type {import('./siteBehaviour.mjs').SendRequest}
 */
function request(requestPath, init = {}) {
  const headers = new Headers(init.headers);
  if (!headers.has('Accept-Encoding')) headers.set('Accept-Encoding', 'identity');
  return site.fetch(requestPath, { ...init, headers });
}

describeSiteBehaviour(request, { precompressed: false, ...TIMEOUT });

describe('on workerd', () => {
  describeApiProxyBehaviour(() => ({
    request,
    signToken: (subject) => gated.signToken({ sub: subject }),
    upstream,
    cutAnswersBreak: false,
  }));
});

describe('on workerd', () => {
  const names = [
    ['/downloads/rate%20card%20100%25.txt', 'downloads/rate card 100%.txt'],
    ['/img/logo,dark.svg', 'img/logo,dark.svg'],
    ['/img/logo%2Cdark.svg', 'img/logo,dark.svg'],
    ['/img/na%C3%AFve.txt', 'img/naïve.txt'],
  ];
  for (const [requestPath, file] of names) {
    test(`${requestPath} serves ${file}, read from the assets under its encoded name`, TIMEOUT, async () => {
      const response = await site.fetch(requestPath);
      assert.equal(response.status, 200);
      assert.equal(await response.text(), WORKER_FILES[/** @type {keyof typeof WORKER_FILES} */ (file)]);
    });
  }

  test('a precompressed file is never read: its address gets the 404 page', TIMEOUT, async () => {
    for (const suffix of ['.br', '.gz']) {
      const response = await site.fetch(`/assets/js/main.3ff00f2d.js${suffix}`);
      assert.equal(response.status, 404, suffix);
      await response.arrayBuffer();
    }
  });

  test(
    'the ETag is the assets binding’s; If-None-Match with it, weakened as the edge does, → 304',
    TIMEOUT,
    async () => {
      const first = await site.fetch('/assets/js/main.3ff00f2d.js');
      assert.equal(await first.text(), LONG_SCRIPT);
      const tag = first.headers.get('ETag') ?? '';
      assert.match(tag, /^"[0-9a-f]{32}"$/);
      const again = await site.fetch('/assets/js/main.3ff00f2d.js', { headers: { 'If-None-Match': `W/${tag}` } });
      assert.equal(again.status, 304);
      await again.arrayBuffer();
    },
  );

  test('the Worker sends a file whole; the edge compresses it for a client that asks', TIMEOUT, async () => {
    const response = await site.fetch('/search-index.json', { headers: { 'Accept-Encoding': 'gzip' } });
    assert.equal(response.headers.get('Content-Encoding'), 'gzip');
    assert.equal(await response.text(), FILES['search-index.json']);
  });

  for (const rawPath of [...TRAVERSAL_ATTEMPTS, '/docs/../../secret.txt', '/assets/../../../package.json']) {
    test(`${rawPath} sent unnormalised → 400 or 404, never the file`, TIMEOUT, async () => {
      const { status, body } = await rawGet(rawPath);
      assert.ok([400, 404].includes(status), `status ${status}`);
      assert.ok(!body.includes(SECRET));
    });
  }
});

describe('the gate on workerd', () => {
  test('every response carries the build’s Content-Security-Policy', TIMEOUT, async () => {
    for (const requestPath of ['/', '/missing', '/partners/orders/']) {
      const response = await site.fetch(requestPath);
      assert.equal(response.headers.get('Content-Security-Policy'), FIXTURE_CSP, requestPath);
      await response.arrayBuffer();
    }
  });

  test('a protected page without a cookie: the sign-in shell with 401, never cached', TIMEOUT, async () => {
    const response = await site.fetch('/partners/orders');
    assert.equal(response.status, 401);
    assert.equal(response.headers.get('Cache-Control'), 'no-store');
    assert.equal(await response.text(), SHELL);
  });

  test('a protected page with a forged cookie: the shell', TIMEOUT, async () => {
    const forged = await signIdToken(await signingKey('key-1'), provider.issuer, { clientId: gated.clientId });
    const response = await site.fetch('/partners/orders/', { headers: { Cookie: `docs_id_token=${forged}` } });
    assert.equal(response.status, 401);
    assert.ok(!(await response.text()).includes('For partners only'));
  });

  test('a protected page with an ID token the provider signed: the page, privately cached', TIMEOUT, async () => {
    const token = await gated.signToken();
    const response = await site.fetch('/partners/orders/', { headers: { Cookie: `docs_id_token=${token}` } });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('Cache-Control'), 'private, no-cache');
    assert.equal(await response.text(), PARTNER_PAGE);
  });

  test(
    'a protected page revalidated: 304 for a signed-in reader, the shell (never a 304) without',
    TIMEOUT,
    async () => {
      const cookie = `docs_id_token=${await gated.signToken()}`;
      const first = await site.fetch('/partners/orders/', { headers: { Cookie: cookie } });
      assert.equal(first.status, 200);
      await first.arrayBuffer();
      const tag = first.headers.get('ETag') ?? '';
      assert.match(tag, /^"[^"]+"$/);
      const again = await site.fetch('/partners/orders/', { headers: { Cookie: cookie, 'If-None-Match': tag } });
      assert.equal(again.status, 304);
      assert.equal(await again.text(), '');
      assert.equal(again.headers.get('Cache-Control'), 'private, no-cache');
      assert.equal(again.headers.get('X-Robots-Tag'), 'noindex, nofollow');
      assert.equal(again.headers.get('Content-Security-Policy'), FIXTURE_CSP);
      for (const field of [tag, '*']) {
        const anonymous = await site.fetch('/partners/orders/', { headers: { 'If-None-Match': field } });
        assert.equal(anonymous.status, 401, field);
        assert.equal(await anonymous.text(), SHELL, field);
      }
    },
  );

  test('the manifest itself is never served', TIMEOUT, async () => {
    const response = await site.fetch(`/${GATE_MANIFEST_FILE}`);
    assert.equal(response.status, 404);
    assert.ok(!(await response.text()).includes(provider.issuer));
  });

  test('a public page is public', TIMEOUT, async () => {
    const response = await site.fetch('/docs/orders');
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('X-Robots-Tag'), null);
    assert.equal(await response.text(), DOCS_PAGE);
  });
});
