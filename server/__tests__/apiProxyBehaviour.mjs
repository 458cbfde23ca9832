// @ts-check
/**
 * The Try it proxy's rules (server/apiProxy.mjs), wherever the site runs: in process on Node
 * (apiProxy.test.mjs) and as the Worker on workerd (worker.test.mjs). The upstream is a real sandbox on
 * loopback (sandboxUpstream.mjs), started with PROXY_TEST_SETTINGS.
 */
import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';

import { MAX_PROXY_BODY_BYTES } from '../apiProxy.mjs';

/** A reader's allowance and the upstream timeout the runners start the proxy with. */
export const PROXY_TEST_SETTINGS = { requestsPerMinute: 6, timeoutMs: 2000 };
/** The same, as the environment variables a Worker reads. */
export const PROXY_TEST_ENV = {
  API_PROXY_RATE_LIMIT: String(PROXY_TEST_SETTINGS.requestsPerMinute),
  API_PROXY_TIMEOUT_MS: String(PROXY_TEST_SETTINGS.timeoutMs),
};

const DEMO_CLIENT = `Basic ${Buffer.from('sandbox-demo:sandbox-demo-secret').toString('base64')}`;

/**
 * @typedef {object} ProxyHarness
 * @property {import('./siteBehaviour.mjs').SendRequest} request to the site
 * @property {(subject: string) => Promise<string>} signToken an ID token the provider signed for the site
 * @property {Awaited<ReturnType<typeof import('./sandboxUpstream.mjs').startSandboxUpstream>>} upstream
 */

/**
 * @param {() => ProxyHarness} harness read when the tests run (the runner fills it in `before`)
 * @param {{ timeout?: number }} [options]
 */
export function describeApiProxyBehaviour(harness, { timeout = 15_000 } = {}) {
  const options = { timeout };
  let readers = 0;
  /** A cookie of a reader no other test uses: each test has the whole allowance. */
  async function newReader() {
    readers += 1;
    return `docs_id_token=${await harness().signToken(`proxy-reader-${readers}-${Date.now()}`)}`;
  }
  /** @param {string} cookie */
  async function accessToken(cookie) {
    const response = await harness().request('/api-proxy/connect/token', {
      method: 'POST',
      headers: {
        Cookie: cookie,
        Authorization: DEMO_CLIENT,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('Cache-Control'), 'no-store');
    const { access_token: token } = /** @type {{ access_token: string }} */ (await response.json());
    assert.ok(token);
    return token;
  }
  /** @param {Response} response @param {number} status @param {RegExp} message */
  async function assertRefusal(response, status, message) {
    assert.equal(response.status, status);
    assert.equal(response.headers.get('Cache-Control'), 'no-store');
    assert.match(response.headers.get('Content-Type') ?? '', /^application\/json/);
    const body = /** @type {{ message: string }} */ (await response.json());
    assert.match(body.message, message);
  }

  describe('the Try it proxy', () => {
    test('a signed-in reader gets a token and calls an operation of the sandbox, never cached', options, async () => {
      const cookie = await newReader();
      const token = await accessToken(cookie);
      const response = await harness().request('/api-proxy/v1/document-types?limit=5', {
        headers: { Cookie: cookie, Authorization: `Bearer ${token}` },
      });
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('Cache-Control'), 'no-store');
      assert.equal(response.headers.get('Set-Cookie'), null);
      assert.ok(Array.isArray(/** @type {{ data: unknown }} */ (await response.json()).data));
      assert.equal(harness().upstream.lastUrl, '/v1/document-types?limit=5');
    });

    test('anonymous: 401 with a message, and the sandbox is never asked', options, async () => {
      const before = harness().upstream.lastUrl;
      for (const [path, method] of [
        ['/api-proxy/v1/document-types', 'GET'],
        ['/api-proxy/connect/token', 'POST'],
        ['/api-proxy/v1/nowhere', 'GET'],
      ]) {
        const response = await harness().request(path, { method, headers: { Authorization: DEMO_CLIENT } });
        await assertRefusal(response, 401, /Sign in/);
      }
      const forged = await harness().request('/api-proxy/v1/document-types', {
        headers: { Cookie: 'docs_id_token=eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.' },
      });
      await assertRefusal(forged, 401, /Sign in/);
      assert.equal(harness().upstream.lastUrl, before);
    });

    test('another site’s page: 403', options, async () => {
      const response = await harness().request('/api-proxy/v1/document-types', {
        headers: { Cookie: await newReader(), 'Sec-Fetch-Site': 'cross-site' },
      });
      await assertRefusal(response, 403, /own pages/);
    });

    test('an unknown path or method: 404, the sandbox never asked', options, async () => {
      const cookie = await newReader();
      const before = harness().upstream.lastUrl;
      for (const [path, method] of [
        ['/api-proxy/v1/admin/users', 'GET'],
        ['/api-proxy/v1/document-types', 'DELETE'],
        ['/api-proxy/v1/orders/equity/1/2', 'GET'],
        ['/api-proxy/connect/token', 'GET'],
        ['/api-proxy/v2/document-types', 'GET'],
        ['/api-proxy/', 'GET'],
      ]) {
        const response = await harness().request(path, { method, headers: { Cookie: cookie } });
        await assertRefusal(response, 404, /not an operation/);
      }
      assert.equal(harness().upstream.lastUrl, before);
    });

    test('the reader’s cookies and hop-by-hop headers are never forwarded; the rest is', options, async () => {
      const cookie = await newReader();
      const response = await harness().request('/api-proxy/v1/document-types', {
        headers: {
          Cookie: `theme=dark; ${cookie}`,
          'Proxy-Authorization': 'Basic c2VjcmV0',
          'Proxy-Connection': 'keep-alive',
          Trailer: 'Expires',
          'X-Request-Id': 'try-it-42',
        },
      });
      assert.equal(response.status, 401, 'the sandbox refuses a request without a token');
      await response.arrayBuffer();
      const seen = harness().upstream.lastHeaders ?? {};
      assert.equal(seen.cookie, undefined);
      assert.equal(seen['proxy-authorization'], undefined);
      assert.equal(seen['proxy-connection'], undefined);
      assert.equal(seen.trailer, undefined);
      assert.equal(seen['x-request-id'], 'try-it-42');
    });

    test(`a body over ${MAX_PROXY_BODY_BYTES / 1024 / 1024} MB: 413, the sandbox never asked`, options, async () => {
      const cookie = await newReader();
      const before = harness().upstream.lastUrl;
      const response = await harness().request('/api-proxy/v1/account-numbers', {
        method: 'POST',
        headers: { Cookie: cookie, 'Content-Type': 'application/json' },
        body: JSON.stringify({ padding: 'x'.repeat(MAX_PROXY_BODY_BYTES) }),
      });
      await assertRefusal(response, 413, /larger than 1 MB/);
      assert.equal(harness().upstream.lastUrl, before);
    });

    test('a reader over the allowance: 429 with Retry-After; another reader is still served', options, async () => {
      const cookie = await newReader();
      /** @param {string} readerCookie @param {string} id */
      const send = (readerCookie, id) =>
        harness().request('/api-proxy/v1/document-types', { headers: { Cookie: readerCookie, 'X-Request-Id': id } });
      for (let sent = 1; sent <= PROXY_TEST_SETTINGS.requestsPerMinute; sent++) {
        await (await send(cookie, `allowed-${sent}`)).arrayBuffer();
        assert.equal(harness().upstream.lastHeaders?.['x-request-id'], `allowed-${sent}`, 'reached the sandbox');
      }
      const refused = await send(cookie, 'one-too-many');
      assert.ok(Number(refused.headers.get('Retry-After')) >= 1);
      await assertRefusal(refused, 429, /Too many requests/);
      assert.equal(
        harness().upstream.lastHeaders?.['x-request-id'],
        `allowed-${PROXY_TEST_SETTINGS.requestsPerMinute}`,
      );
      await (await send(await newReader(), 'another-reader')).arrayBuffer();
      assert.equal(harness().upstream.lastHeaders?.['x-request-id'], 'another-reader');
    });

    test('the sandbox down: 502 with a message', options, async () => {
      const cookie = await newReader();
      harness().upstream.mode = 'down';
      try {
        const response = await harness().request('/api-proxy/v1/document-types', { headers: { Cookie: cookie } });
        await assertRefusal(response, 502, /could not be reached/);
      } finally {
        harness().upstream.mode = 'sandbox';
      }
    });

    test('the sandbox silent: 504 with a message after the timeout', options, async () => {
      const cookie = await newReader();
      harness().upstream.mode = 'hang';
      try {
        const response = await harness().request('/api-proxy/v1/document-types', { headers: { Cookie: cookie } });
        await assertRefusal(response, 504, new RegExp(`within ${PROXY_TEST_SETTINGS.timeoutMs / 1000} s`));
      } finally {
        harness().upstream.mode = 'sandbox';
      }
    });
  });
}
