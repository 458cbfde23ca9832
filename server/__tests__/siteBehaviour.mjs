// @ts-check
/**
 * What the production app answers for the fixture build (fixtureBuild.mjs), wherever it runs: in process on
 * Node (app.test.mjs) and as a Cloudflare Worker on workerd (worker.test.mjs). Each runner passes how it
 * sends a request; the expectations are the same but for compression. On Node the app sends the build's
 * `.br`/`.gz` files. On Cloudflare the Worker never does: it sends every file as it is, and the edge
 * compresses for the client (miniflare does as the edge does, and fetch decodes).
 */
import { strict as assert } from 'node:assert';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, test } from 'node:test';

import { DOCS_PAGE, FILES, LONG_SCRIPT, NOT_FOUND_PAGE, SECRET } from './fixtureBuild.mjs';

/**
 * @typedef {(path: string, init?: RequestInit & { headers?: Record<string, string> }) => Promise<Response>} SendRequest
 * `path` starts with `/` and may carry a query
 */

/** @param {Headers} headers */
function headerRecord(headers) {
  /** @type {Record<string, string>} */
  const record = {};
  headers.forEach((value, name) => (record[name] = value));
  return record;
}

/** @param {Response} response */
async function bytes(response) {
  return Buffer.from(await response.arrayBuffer());
}

/** Paths that try to read a file beside the build directory. */
export const TRAVERSAL_ATTEMPTS = [
  '/../package.json',
  '/../secret.txt',
  '/%2e%2e/package.json',
  '/%2E%2E/secret.txt',
  '/.%2e/secret.txt',
  '/docs/%2e%2e/%2e%2e/secret.txt',
  '/assets%2f..%2f..%2fpackage.json',
  '/assets%2F..%2F..%2Fsecret.txt',
  '/docs/..%5c..%5csecret.txt',
  '/docs/..\\..\\secret.txt',
  '/%5c..%5csecret.txt',
  '/secret.txt%00.html',
  '/index.html%00',
  '/%252e%252e/secret.txt',
  '/%c0%ae%c0%ae/secret.txt',
  '/%',
  '//../secret.txt',
];

/**
 * Declares the tests of the app's file serving.
 * @param {SendRequest} request a request without `Accept-Encoding` must reach the app without one, or with
 *   `identity`
 * @param {{ precompressed: boolean, timeout?: number }} options `precompressed`: the server sends the build's
 *   `.br`/`.gz` files (Node), or else files as they are, for the edge to compress (Cloudflare); `timeout`
 *   bounds each test (ms)
 */
export function describeSiteBehaviour(request, { precompressed, timeout = 10_000 }) {
  const options = { timeout };
  /** A client that accepts compression, where the compressed response is compared with the uncompressed one. */
  const comparable = { 'Accept-Encoding': precompressed ? 'br' : 'identity' };

  describe('content encoding', () => {
    const cases = [
      { acceptEncoding: 'gzip, deflate, br', expected: 'br' },
      { acceptEncoding: 'br', expected: 'br' },
      { acceptEncoding: 'gzip', expected: 'gzip' },
      { acceptEncoding: 'BR', expected: 'br' },
      { acceptEncoding: 'br;q=0, gzip', expected: 'gzip' },
      { acceptEncoding: 'gzip;q=1, br;q=0.5', expected: 'gzip' },
      { acceptEncoding: 'br;q=0, gzip;q=0', expected: undefined },
      { acceptEncoding: '*', expected: 'br' },
      { acceptEncoding: '*;q=0.5, br;q=0', expected: 'gzip' },
      { acceptEncoding: 'identity', expected: undefined },
      { acceptEncoding: 'deflate, zstd', expected: undefined },
      { acceptEncoding: undefined, expected: undefined },
    ];
    for (const { acceptEncoding, expected } of cases) {
      const outcome = precompressed ? (expected ?? 'identity') : 'as the edge chooses';
      test(`Accept-Encoding ${JSON.stringify(acceptEncoding)} → ${outcome}`, options, async () => {
        /** @type {Record<string, string>} */
        const headers = acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding };
        const response = await request('/assets/js/main.3ff00f2d.js', { headers });
        assert.equal(response.status, 200);
        assert.equal(response.headers.get('Vary'), 'Accept-Encoding');
        if (!precompressed) {
          assert.equal(await response.text(), LONG_SCRIPT);
          return;
        }
        assert.equal(response.headers.get('Content-Encoding') ?? undefined, expected);
        const body = await bytes(response);
        assert.equal(response.headers.get('Content-Length'), String(body.length));
        const decoded = expected === 'br' ? brotliDecompressSync(body) : expected === 'gzip' ? gunzipSync(body) : body;
        assert.equal(decoded.toString('utf8'), LONG_SCRIPT);
      });
    }

    if (precompressed) {
      test('each encoding has its own ETag', options, async () => {
        const tags = new Set();
        for (const encoding of ['br', 'gzip', 'identity']) {
          const response = await request('/assets/js/main.3ff00f2d.js', { headers: { 'Accept-Encoding': encoding } });
          tags.add(response.headers.get('ETag'));
        }
        assert.equal(tags.size, 3);
      });
    }

    test('a small text file is sent as it is, still with Vary', options, async () => {
      const response = await request('/robots.txt', { headers: { 'Accept-Encoding': 'br, gzip' } });
      if (precompressed) assert.equal(response.headers.get('Content-Encoding'), null);
      assert.equal(response.headers.get('Vary'), 'Accept-Encoding');
      assert.equal(await response.text(), FILES['robots.txt']);
    });

    test('an image or a font is never negotiated and does not vary', options, async () => {
      const response = await request('/assets/fonts/inter-0a1b2c3d4e.woff2', { headers: { 'Accept-Encoding': 'br' } });
      assert.equal(response.headers.get('Content-Encoding'), null);
      assert.equal(response.headers.get('Vary'), null);
    });
  });

  describe('cache headers', () => {
    const IMMUTABLE = 'public, max-age=31536000, immutable';
    const cases = [
      ['/assets/js/main.3ff00f2d.js', IMMUTABLE],
      ['/assets/js/00203149.c7737954.js', IMMUTABLE],
      ['/assets/js/main.3ff00f2d.js.LICENSE.txt', IMMUTABLE],
      ['/assets/css/styles.85ea60aa.css', IMMUTABLE],
      ['/assets/images/logo-5d2a4b3c1e.png', IMMUTABLE],
      ['/assets/fonts/inter-0a1b2c3d4e.woff2', IMMUTABLE],
      ['/assets/unhashed.js', 'no-cache'],
      ['/', 'no-cache'],
      ['/docs/orders', 'no-cache'],
      ['/search-index.json', 'no-cache'],
      ['/sitemap.xml', 'no-cache'],
      ['/robots.txt', 'no-cache'],
      ['/img/logo.svg', 'no-cache'],
    ];
    for (const [path, cacheControl] of cases) {
      test(`${path}: ${cacheControl}`, options, async () => {
        const response = await request(path);
        assert.equal(response.status, 200);
        assert.equal(response.headers.get('Cache-Control'), cacheControl);
        assert.match(response.headers.get('ETag') ?? '', /^"[^"]+"$/);
        await response.arrayBuffer();
      });
    }
  });

  describe('conditional requests', () => {
    test('If-None-Match with the current ETag → 304 without a body, keeping the caching headers', options, async () => {
      const first = await request('/docs/orders/', { headers: { 'Accept-Encoding': 'br' } });
      await first.arrayBuffer();
      const tag = first.headers.get('ETag') ?? '';
      const again = await request('/docs/orders/', { headers: { 'Accept-Encoding': 'br', 'If-None-Match': tag } });
      assert.equal(again.status, 304);
      assert.equal(await again.text(), '');
      assert.equal(again.headers.get('ETag'), tag);
      assert.equal(again.headers.get('Cache-Control'), 'no-cache');
      assert.equal(again.headers.get('Vary'), 'Accept-Encoding');
    });

    test(
      'a hashed asset revalidated → 304 without a body, its immutable caching and security headers kept',
      options,
      async () => {
        const first = await request('/assets/js/main.3ff00f2d.js');
        await first.arrayBuffer();
        const tag = first.headers.get('ETag') ?? '';
        assert.match(tag, /^"[^"]+"$/);
        const again = await request('/assets/js/main.3ff00f2d.js', { headers: { 'If-None-Match': tag } });
        assert.equal(again.status, 304);
        assert.equal(await again.text(), '');
        assert.equal(again.headers.get('ETag'), tag);
        assert.equal(again.headers.get('Cache-Control'), 'public, max-age=31536000, immutable');
        assert.equal(again.headers.get('X-Content-Type-Options'), 'nosniff');
        assert.equal(again.headers.get('Content-Encoding'), null);
      },
    );

    test('If-None-Match compares weakly, within a list, and * matches any file', options, async () => {
      const first = await request('/assets/js/main.3ff00f2d.js');
      await first.arrayBuffer();
      const tag = first.headers.get('ETag') ?? '';
      for (const [field, status] of [
        [`W/${tag}`, 304],
        [`"other", W/"x", ${tag}`, 304],
        [`"other",${tag}`, 304],
        ['*', 304],
        ['"other", W/"x"', 200],
        [tag.slice(0, -2) + '"', 200],
      ]) {
        const response = await request('/assets/js/main.3ff00f2d.js', { headers: { 'If-None-Match': String(field) } });
        assert.equal(response.status, status, String(field));
        assert.equal(await response.text(), status === 200 ? LONG_SCRIPT : '', String(field));
      }
    });

    test('If-None-Match is answered before Range: a match → 304, another tag → 206', options, async () => {
      const first = await request('/assets/js/main.3ff00f2d.js');
      await first.arrayBuffer();
      const tag = first.headers.get('ETag') ?? '';
      const matching = await request('/assets/js/main.3ff00f2d.js', {
        headers: { 'If-None-Match': tag, Range: 'bytes=0-9' },
      });
      assert.equal(matching.status, 304);
      assert.equal(await matching.text(), '');
      const other = await request('/assets/js/main.3ff00f2d.js', {
        headers: { 'If-None-Match': '"other"', Range: 'bytes=0-9' },
      });
      assert.equal(other.status, 206);
      assert.equal(await other.text(), LONG_SCRIPT.slice(0, 10));
    });

    test(
      'If-Modified-Since is ignored: no file has a modification date (its tag is its content’s)',
      options,
      async () => {
        const future = new Date(Date.now() + 365 * 24 * 3600_000).toUTCString();
        const response = await request('/docs/orders/', { headers: { 'If-Modified-Since': future } });
        assert.equal(response.status, 200);
        assert.equal(response.headers.get('Last-Modified'), null);
        assert.equal(await response.text(), DOCS_PAGE);
        const stale = await request('/docs/orders/', {
          headers: { 'If-Modified-Since': future, 'If-None-Match': '"stale"' },
        });
        assert.equal(stale.status, 200);
        await stale.arrayBuffer();
      },
    );

    test('a stale ETag or another encoding’s ETag → 200', options, async () => {
      const stale = await request('/docs/orders/', { headers: { 'If-None-Match': '"stale"' } });
      assert.equal(stale.status, 200);
      await stale.arrayBuffer();
      if (!precompressed) return;
      const brotli = await request('/docs/orders/', { headers: { 'Accept-Encoding': 'br' } });
      await brotli.arrayBuffer();
      const identity = await request('/docs/orders/', {
        headers: { 'If-None-Match': brotli.headers.get('ETag') ?? '' },
      });
      assert.equal(identity.status, 200);
      assert.equal(await identity.text(), DOCS_PAGE);
    });
  });

  describe('HEAD', () => {
    for (const path of ['/docs/orders', '/assets/js/main.3ff00f2d.js', '/missing']) {
      test(`${path}: the same status and headers as GET, no body`, options, async () => {
        const headers = comparable;
        const get = await request(path, { headers });
        await get.arrayBuffer();
        const head = await request(path, { method: 'HEAD', headers });
        assert.equal(head.status, get.status);
        // Each request has its own id (server/accessLog.mjs); every other header is the same.
        const [headRecord, getRecord] = [headerRecord(head.headers), headerRecord(get.headers)];
        assert.notEqual(headRecord['x-request-id'], getRecord['x-request-id']);
        delete headRecord['x-request-id'];
        delete getRecord['x-request-id'];
        assert.deepEqual(headRecord, getRecord);
        assert.ok(Number(head.headers.get('Content-Length')) > 0);
        assert.equal((await bytes(head)).length, 0);
      });
    }
  });

  describe('Range', () => {
    const file = '/assets/js/main.3ff00f2d.js';
    const size = LONG_SCRIPT.length;
    const cases = [
      { range: 'bytes=0-9', start: 0, end: 9 },
      { range: 'bytes=10-', start: 10, end: size - 1 },
      { range: 'bytes=-5', start: size - 5, end: size - 1 },
      { range: `bytes=${size - 3}-${size + 100}`, start: size - 3, end: size - 1 },
      { range: `bytes=-${size + 100}`, start: 0, end: size - 1 },
    ];
    for (const { range, start, end } of cases) {
      test(`${range} → 206 bytes ${start}-${end}`, options, async () => {
        const response = await request(file, { headers: { Range: range } });
        assert.equal(response.status, 206);
        assert.equal(response.headers.get('Content-Range'), `bytes ${start}-${end}/${size}`);
        assert.equal(response.headers.get('Content-Length'), String(end - start + 1));
        assert.equal(await response.text(), LONG_SCRIPT.slice(start, end + 1));
      });
    }

    for (const range of [`bytes=${size}-`, 'bytes=-0', `bytes=${size + 5}-${size + 9}`]) {
      test(`${range} → 416`, options, async () => {
        const response = await request(file, { headers: { Range: range } });
        assert.equal(response.status, 416);
        assert.equal(response.headers.get('Content-Range'), `bytes */${size}`);
        assert.equal(await response.text(), '');
      });
    }

    test('a range of an empty file → 416', options, async () => {
      const response = await request('/img/empty.txt', { headers: { Range: 'bytes=0-' } });
      assert.equal(response.status, 416);
      await response.arrayBuffer();
    });

    for (const range of ['bytes=5-1', 'lines=1-2', 'bytes=0-1, 4-5', 'bytes=abc']) {
      test(`${range} is ignored → 200 with the whole file`, options, async () => {
        const response = await request(file, { headers: { Range: range } });
        assert.equal(response.status, 200);
        assert.equal(await response.text(), LONG_SCRIPT);
      });
    }

    test('If-Range with another ETag sends the whole file; with the current one, the range', options, async () => {
      const whole = await request(file, { headers: { Range: 'bytes=0-3', 'If-Range': '"old"' } });
      assert.equal(whole.status, 200);
      await whole.arrayBuffer();
      const tag = whole.headers.get('ETag') ?? '';
      const part = await request(file, { headers: { Range: 'bytes=0-3', 'If-Range': tag } });
      assert.equal(part.status, 206);
      assert.equal(await part.text(), LONG_SCRIPT.slice(0, 4));
    });

    if (precompressed) {
      test('a range applies to the selected encoding', options, async () => {
        const brotli = await request(file, { headers: { 'Accept-Encoding': 'br', Range: 'bytes=0-3' } });
        assert.equal(brotli.status, 206);
        assert.equal(brotli.headers.get('Content-Encoding'), 'br');
        await brotli.arrayBuffer();
      });
    }

    test('every file response advertises byte ranges', options, async () => {
      const response = await request('/');
      assert.equal(response.headers.get('Accept-Ranges'), 'bytes');
      await response.arrayBuffer();
    });
  });

  describe('content types', () => {
    const cases = [
      ['/', 'text/html; charset=utf-8'],
      ['/assets/js/main.3ff00f2d.js', 'text/javascript; charset=utf-8'],
      ['/assets/css/styles.85ea60aa.css', 'text/css; charset=utf-8'],
      ['/search-index.json', 'application/json; charset=utf-8'],
      ['/img/logo.svg', 'image/svg+xml; charset=utf-8'],
      ['/assets/images/logo-5d2a4b3c1e.png', 'image/png'],
      ['/img/favicon.ico', 'image/x-icon'],
      ['/assets/fonts/inter-0a1b2c3d4e.woff2', 'font/woff2'],
      ['/sitemap.xml', 'application/xml; charset=utf-8'],
      ['/robots.txt', 'text/plain; charset=utf-8'],
      ['/manifest.webmanifest', 'application/manifest+json; charset=utf-8'],
      ['/docs/orders.md', 'text/markdown; charset=utf-8'],
      ['/llms.txt', 'text/markdown; charset=utf-8'],
    ];
    for (const [path, type] of cases) {
      test(`${path}: ${type}`, options, async () => {
        const response = await request(path, { headers: { 'Accept-Encoding': 'br, gzip' } });
        assert.equal(response.headers.get('Content-Type'), type);
        assert.equal(response.headers.get('X-Content-Type-Options'), 'nosniff');
        await response.arrayBuffer();
      });
    }
  });

  describe('pages and the 404 page', () => {
    for (const path of ['/docs/orders', '/docs/orders/', '/docs/orders/index.html', '/docs/orders?tab=curl']) {
      test(`${path} serves docs/orders/index.html`, options, async () => {
        const response = await request(path);
        assert.equal(response.status, 200);
        assert.equal(response.headers.get('Location'), null);
        assert.equal(await response.text(), DOCS_PAGE);
      });
    }

    for (const path of ['/docs/flat', '/docs/flat/', '/docs/flat.html']) {
      test(`${path} serves docs/flat.html`, options, async () => {
        const response = await request(path);
        assert.equal(response.status, 200);
        assert.equal(await response.text(), FILES['docs/flat.html']);
      });
    }

    for (const path of ['/missing', '/docs/missing/', '/docs', '/assets/js/', '/docs//orders', '/index.html/']) {
      test(`${path} → the site's 404 page with status 404`, options, async () => {
        const response = await request(path);
        assert.equal(response.status, 404);
        assert.equal(response.headers.get('Content-Type'), 'text/html; charset=utf-8');
        assert.equal(response.headers.get('Cache-Control'), 'no-cache');
        assert.equal(await response.text(), NOT_FOUND_PAGE);
      });
    }

    if (precompressed) {
      test('the 404 page is sent precompressed too', options, async () => {
        const response = await request('/missing', { headers: { 'Accept-Encoding': 'br' } });
        assert.equal(response.status, 404);
        assert.equal(response.headers.get('Content-Encoding'), 'br');
        assert.equal(brotliDecompressSync(await bytes(response)).toString('utf8'), NOT_FOUND_PAGE);
      });
    }
  });

  describe('paths that try to leave the build directory', () => {
    for (const path of TRAVERSAL_ATTEMPTS) {
      test(`${path} → 400 or 404, never the file`, options, async () => {
        const response = await request(path);
        assert.ok([400, 404].includes(response.status), `status ${response.status}`);
        assert.ok(!(await response.text()).includes(SECRET));
      });
    }

    test('an encoded slash or backslash, or a NUL, is a bad request', options, async () => {
      for (const path of ['/assets%2f..%2fx', '/docs/..%5cx', '/x%00']) {
        const response = await request(path);
        assert.equal(response.status, 400, path);
        await response.arrayBuffer();
      }
    });
  });

  describe('methods', () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
      test(`${method} → 405 with Allow: GET, HEAD`, options, async () => {
        const response = await request('/docs/orders', { method });
        assert.equal(response.status, 405);
        assert.equal(response.headers.get('Allow'), 'GET, HEAD');
        await response.arrayBuffer();
      });
    }
  });
}
