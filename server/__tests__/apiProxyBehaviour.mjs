// @ts-check
/**
 * The Try it proxy's rules (server/apiProxy.mjs), wherever the site runs: the Node server over HTTP
 * (apiProxy.test.mjs) and the Worker on workerd (worker.test.mjs). The upstream is a real sandbox on loopback
 * that can stand in for a hostile or broken one (sandboxUpstream.mjs), started with PROXY_TEST_SETTINGS.
 */
import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';

import { MAX_PROXY_BODY_BYTES } from '../apiProxy.mjs';
import { HOSTILE_HEADERS, HOSTILE_PAGE, HUGE_ANSWER_BYTES } from './sandboxUpstream.mjs';

/** A reader's allowance, the deadline of an exchange and the largest answer the runners start the proxy with. */
export const PROXY_TEST_SETTINGS = { requestsPerMinute: 6, timeoutMs: 2000, maxResponseBytes: 256 * 1024 };
/** The same, as the environment variables a Worker reads. */
export const PROXY_TEST_ENV = {
  API_PROXY_RATE_LIMIT: String(PROXY_TEST_SETTINGS.requestsPerMinute),
  API_PROXY_TIMEOUT_MS: String(PROXY_TEST_SETTINGS.timeoutMs),
  API_PROXY_MAX_RESPONSE_BYTES: String(PROXY_TEST_SETTINGS.maxResponseBytes),
};
/** Headers a client could send to steer an upstream, or that tell it more than it needs. */
const STEERING_HEADERS = {
  'X-HTTP-Method-Override': 'DELETE',
  'X-Method-Override': 'DELETE',
  'X-Original-URL': '/v1/admin',
  'X-Rewrite-URL': '/v1/admin',
  'X-Forwarded-For': '203.0.113.66',
  'X-Forwarded-Host': 'evil.example',
  'X-Forwarded-Port': '8443',
  Forwarded: 'for=203.0.113.66;host=evil.example',
  'X-Real-IP': '203.0.113.66',
  'CF-Connecting-IP': '198.51.100.7',
  'True-Client-IP': '203.0.113.66',
  Referer: 'http://localhost/docs/accounts-api/?account=12345678',
  'X-Request-Id': 'try-it-42',
  'Proxy-Authorization': 'Basic c2VjcmV0',
  'Proxy-Connection': 'keep-alive',
  Trailer: 'Expires',
};

const DEMO_CLIENT = `Basic ${Buffer.from('sandbox-demo:sandbox-demo-secret').toString('base64')}`;

/**
 * @typedef {object} ProxyHarness
 * @property {import('./siteBehaviour.mjs').SendRequest} request to the site
 * @property {(subject: string) => Promise<string>} signToken an ID token the provider signed for the site
 * @property {Awaited<ReturnType<typeof import('./sandboxUpstream.mjs').startSandboxUpstream>>} upstream
 * @property {boolean} cutAnswersBreak whether a reader sees an answer the proxy cut as a broken connection: on
 *   Node it is; through miniflare's HTTP front the Worker's errored stream arrives as a clean end (the cut
 *   answer is still short: a JSON answer no longer parses)
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
  /** Data only: whoever opens it, it is no page of the site. @param {Response} response */
  function assertDataOnly(response) {
    assert.match(response.headers.get('Content-Security-Policy') ?? '', /^sandbox; default-src 'none'/);
    assert.equal(response.headers.get('X-Content-Type-Options'), 'nosniff');
    assert.equal(response.headers.get('Cache-Control'), 'no-store');
  }
  /**
   * Reads a body to its end or until it breaks; what arrived and whether it broke.
   * @param {Response} response
   */
  async function readToTheEnd(response) {
    const reader = /** @type {ReadableStream<Uint8Array>} */ (response.body).getReader();
    let bytes = 0;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return { bytes, broke: false };
        bytes += value.byteLength;
      }
    } catch {
      return { bytes, broke: true };
    }
  }
  /**
   * With the upstream in `mode` for one test.
   * @param {import('./sandboxUpstream.mjs').UpstreamMode} mode
   * @param {() => Promise<void>} run
   */
  async function withUpstream(mode, run) {
    harness().upstream.mode = mode;
    try {
      await run();
    } finally {
      harness().upstream.mode = 'sandbox';
    }
  }

  describe('the Try it proxy', () => {
    test('a signed-in reader gets a token and calls an operation of the sandbox, never cached', options, async () => {
      const cookie = await newReader();
      const token = await accessToken(cookie);
      const response = await harness().request('/api-proxy/v1/document-types?limit=5', {
        headers: {
          Cookie: cookie,
          Authorization: `Bearer ${token}`,
          'Sec-Fetch-Site': 'same-origin',
          'Sec-Fetch-Mode': 'cors',
          'Sec-Fetch-Dest': 'empty',
        },
      });
      assert.equal(response.status, 200);
      assertDataOnly(response);
      assert.match(response.headers.get('Content-Type') ?? '', /^application\/json/);
      assert.equal(response.headers.get('Content-Disposition'), null, 'JSON is shown, not downloaded');
      assert.match(response.headers.get('X-Request-Id') ?? '', /./);
      assert.equal(response.headers.get('Set-Cookie'), null);
      assert.ok(Array.isArray(/** @type {{ data: unknown }} */ (await response.json()).data));
      assert.equal(harness().upstream.lastUrl, '/v1/document-types?limit=5');
    });

    test('a v2 operation goes to v2 of the sandbox; v1’s deprecation headers come back', options, async () => {
      const cookie = await newReader();
      const token = await accessToken(cookie);
      const orderId = crypto.randomUUID();
      const headers = { Cookie: cookie, Authorization: `Bearer ${token}` };
      const canceled = await harness().request(`/api-proxy/v2/orders/equity/${orderId}/cancel`, {
        method: 'POST',
        headers,
      });
      assert.equal(harness().upstream.lastUrl, `/v2/orders/equity/${orderId}/cancel`);
      assert.equal(harness().upstream.lastMethod, 'POST');
      assert.equal(canceled.status, 404, 'the sandbox has no such order');
      assert.equal(/** @type {{ error: { code: string } }} */ (await canceled.json()).error.code, 'NOT_FOUND');
      assertDataOnly(canceled);
      const deleted = await harness().request(`/api-proxy/v1/orders/equity/${orderId}`, { method: 'DELETE', headers });
      assert.equal(harness().upstream.lastUrl, `/v1/orders/equity/${orderId}`);
      assert.equal(deleted.status, 404);
      await deleted.arrayBuffer();
      for (const name of ['Deprecation', 'Sunset', 'Link']) {
        assert.match(deleted.headers.get(name) ?? '', /./, `${name} came back: the description names it`);
      }
      const before = harness().upstream.lastUrl;
      const v1Only = await harness().request(`/api-proxy/v2/orders/equity/${orderId}`, { method: 'DELETE', headers });
      await assertRefusal(v1Only, 404, /not an operation/);
      assert.equal(harness().upstream.lastUrl, before, 'v2 has no DELETE cancel: the sandbox is never asked');
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

    test('only the allowed request headers go out; X-Forwarded-For is the proxy’s own', options, async () => {
      const cookie = await newReader();
      const response = await harness().request('/api-proxy/v1/document-types', {
        headers: {
          ...STEERING_HEADERS,
          Cookie: `theme=dark; ${cookie}`,
          'Accept-Language': 'fr-CH',
          Accept: 'application/json',
        },
      });
      assert.equal(response.status, 401, 'the sandbox refuses a request without a token');
      const { error } = /** @type {{ error: { code: string } }} */ (await response.json());
      assert.equal(error.code, 'UNAUTHENTICATED', 'the sandbox answered');
      const seen = harness().upstream.lastHeaders ?? {};
      assert.equal(harness().upstream.lastMethod, 'GET');
      assert.equal(seen.cookie, undefined);
      for (const name of Object.keys(STEERING_HEADERS)) {
        if (name !== 'X-Forwarded-For') assert.equal(seen[name.toLowerCase()], undefined, `${name} went out`);
      }
      // The address the runtime saw: the peer on Node, CF-Connecting-IP on workerd (which Cloudflare's edge sets;
      // miniflare passes on the test's), never what the client claims in X-Forwarded-For, Forwarded or X-Real-IP.
      assert.match(String(seen['x-forwarded-for']), /^(127\.0\.0\.1|::ffff:127\.0\.0\.1|198\.51\.100\.7)$/);
      assert.equal(seen['accept-language'], 'fr-CH');
      assert.equal(seen.accept, 'application/json');
    });

    test('an operation’s own header parameter goes out (Idempotency-Key)', options, async () => {
      const cookie = await newReader();
      const key = crypto.randomUUID();
      const response = await harness().request('/api-proxy/v1/account-numbers', {
        method: 'POST',
        headers: { Cookie: cookie, 'Content-Type': 'application/json', 'Idempotency-Key': key },
        body: '{}',
      });
      await response.arrayBuffer();
      assert.equal(harness().upstream.lastHeaders?.['idempotency-key'], key);
    });

    test('a page load (a link, a redirect after sign-in): 403, the sandbox never asked', options, async () => {
      const cookie = await newReader();
      const before = harness().upstream.lastUrl;
      for (const dest of ['document', 'iframe', 'script', 'style', 'image']) {
        const response = await harness().request('/api-proxy/v1/document-types', {
          headers: {
            Cookie: cookie,
            'Sec-Fetch-Site': 'same-origin',
            'Sec-Fetch-Mode': 'navigate',
            'Sec-Fetch-Dest': dest,
          },
        });
        await assertRefusal(response, 403, /not page loads/);
        assertDataOnly(response);
      }
      assert.equal(harness().upstream.lastUrl, before);
    });

    test(
      'a path parameter holding an encoded /, \\, % or dot-segment: 400, the sandbox never asked',
      options,
      async () => {
        const cookie = await newReader();
        const before = harness().upstream.lastUrl;
        for (const parameter of [
          'x%2F..%2F..%2Fadmin',
          'x%5C..%5C..%5Cadmin',
          '..%5Cadmin',
          'x%252F..',
          '%2E%2E%2Fadmin',
        ]) {
          const response = await harness().request(`/api-proxy/v1/accounts/${parameter}`, {
            headers: { Cookie: cookie },
          });
          await assertRefusal(response, 400, /encoded/);
        }
        assert.equal(harness().upstream.lastUrl, before);
      },
    );

    test(
      'an answer in a media type the operation never returns (an HTML page): 502, never passed on',
      options,
      async () => {
        const cookie = await newReader();
        await withUpstream('html', async () => {
          const response = await harness().request('/api-proxy/v1/document-types', { headers: { Cookie: cookie } });
          assert.equal(harness().upstream.lastUrl, '/v1/document-types', 'the sandbox was asked');
          const text = await response.clone().text();
          assert.ok(!text.includes(HOSTILE_PAGE.slice(0, 30)), 'the page went through');
          await assertRefusal(response, 502, /text\/html/);
          assertDataOnly(response);
        });
      },
    );

    test('a file the operation returns (a PDF): an attachment, sandboxed', options, async () => {
      const cookie = await newReader();
      await withUpstream('pdf', async () => {
        const response = await harness().request('/api-proxy/v1/documents/doc_1/content', {
          headers: { Cookie: cookie },
        });
        assert.equal(response.status, 200);
        assert.equal(response.headers.get('Content-Type'), 'application/pdf');
        assert.equal(response.headers.get('Content-Disposition'), 'attachment');
        assertDataOnly(response);
        assert.match(await response.text(), /^%PDF-/);
      });
    });

    test('only the allowed response headers come back', options, async () => {
      const cookie = await newReader();
      await withUpstream('headers', async () => {
        const response = await harness().request('/api-proxy/v1/document-types', {
          headers: { Cookie: cookie, Origin: 'https://evil.example' },
        });
        assert.equal(response.status, 200);
        for (const name of Object.keys(HOSTILE_HEADERS)) {
          if (name !== 'RateLimit-Remaining') assert.equal(response.headers.get(name), null, `${name} came back`);
        }
        assert.equal(
          response.headers.get('RateLimit-Remaining'),
          HOSTILE_HEADERS['RateLimit-Remaining'],
          'the descriptions name it',
        );
        assertDataOnly(response);
        assert.deepEqual(await response.json(), { data: [] });
      });
    });

    test('a redirect from the sandbox: 502, its Location never passed on', options, async () => {
      const cookie = await newReader();
      await withUpstream('redirect', async () => {
        const response = await harness().request('/api-proxy/v1/document-types', {
          headers: { Cookie: cookie },
          redirect: 'manual',
        });
        assert.equal(response.headers.get('Location'), null);
        await assertRefusal(response, 502, /redirect/);
      });
    });

    test(
      `an answer over ${PROXY_TEST_SETTINGS.maxResponseBytes / 1024} KiB is cut there; the sandbox stops sending`,
      options,
      async () => {
        const cookie = await newReader();
        await withUpstream('huge', async () => {
          const response = await harness().request('/api-proxy/v1/document-types', { headers: { Cookie: cookie } });
          assert.equal(response.status, 200);
          const { bytes, broke } = await readToTheEnd(response);
          if (harness().cutAnswersBreak) assert.ok(broke, 'the answer ended as if whole');
          assert.ok(bytes <= PROXY_TEST_SETTINGS.maxResponseBytes, `${bytes} bytes came through`);
          const sent = await /** @type {Promise<number>} */ (harness().upstream.lastAnswer);
          assert.ok(sent < HUGE_ANSWER_BYTES / 4, `the sandbox sent ${sent} of ${HUGE_ANSWER_BYTES} bytes`);
        });
      },
    );

    test('an answer still streaming at the deadline is cut then', options, async () => {
      const cookie = await newReader();
      await withUpstream('slow', async () => {
        const started = performance.now();
        const response = await harness().request('/api-proxy/v1/document-types', { headers: { Cookie: cookie } });
        assert.equal(response.status, 200);
        const { broke } = await readToTheEnd(response);
        const sent = await /** @type {Promise<number>} */ (harness().upstream.lastAnswer);
        const held = performance.now() - started;
        if (harness().cutAnswersBreak) assert.ok(broke, 'the answer ended as if whole');
        assert.ok(held < PROXY_TEST_SETTINGS.timeoutMs * 3, `held ${Math.round(held)} ms`);
        assert.ok(sent > 0);
      });
    });

    test('an upload still arriving at the deadline: 504, the sandbox never asked', options, async () => {
      const cookie = await newReader();
      const before = harness().upstream.lastUrl;
      const encoder = new TextEncoder();
      /** @type {ReturnType<typeof setInterval> | undefined} */
      let dripping;
      const upload = new ReadableStream({
        start(controller) {
          controller.enqueue(encoder.encode('{"accountType":'));
          dripping = setInterval(() => controller.enqueue(encoder.encode(' ')), 100);
        },
        cancel() {
          clearInterval(dripping);
        },
      });
      try {
        // A streamed body needs `duplex: 'half'` (not yet in the DOM library's RequestInit).
        const init = /** @type {RequestInit & { headers: Record<string, string> }} */ ({
          method: 'POST',
          headers: { Cookie: cookie, 'Content-Type': 'application/json' },
          body: upload,
          duplex: 'half',
        });
        const response = await harness().request('/api-proxy/v1/account-numbers', init);
        await assertRefusal(response, 504, new RegExp(`within ${PROXY_TEST_SETTINGS.timeoutMs / 1000} s`));
      } finally {
        clearInterval(dripping);
      }
      assert.equal(harness().upstream.lastUrl, before);
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
      // Each request names itself by its limit, which reaches the sandbox in the URL.
      /** @param {string} readerCookie @param {number} limit */
      const send = (readerCookie, limit) =>
        harness().request(`/api-proxy/v1/document-types?limit=${limit}`, { headers: { Cookie: readerCookie } });
      const allowance = PROXY_TEST_SETTINGS.requestsPerMinute;
      for (let sent = 1; sent <= allowance; sent++) {
        await (await send(cookie, sent)).arrayBuffer();
        assert.equal(harness().upstream.lastUrl, `/v1/document-types?limit=${sent}`, 'reached the sandbox');
      }
      const refused = await send(cookie, allowance + 1);
      assert.ok(Number(refused.headers.get('Retry-After')) >= 1);
      await assertRefusal(refused, 429, /Too many requests/);
      assert.equal(harness().upstream.lastUrl, `/v1/document-types?limit=${allowance}`);
      await (await send(await newReader(), allowance + 2)).arrayBuffer();
      assert.equal(harness().upstream.lastUrl, `/v1/document-types?limit=${allowance + 2}`);
    });

    test('the sandbox down: 502 with a message', options, async () => {
      const cookie = await newReader();
      await withUpstream('down', async () => {
        const response = await harness().request('/api-proxy/v1/document-types', { headers: { Cookie: cookie } });
        await assertRefusal(response, 502, /could not be reached/);
      });
    });

    test('the sandbox silent: 504 with a message after the timeout', options, async () => {
      const cookie = await newReader();
      await withUpstream('hang', async () => {
        const response = await harness().request('/api-proxy/v1/document-types', { headers: { Cookie: cookie } });
        await assertRefusal(response, 504, new RegExp(`within ${PROXY_TEST_SETTINGS.timeoutMs / 1000} s`));
      });
    });
  });
}
