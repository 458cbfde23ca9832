// @ts-check
// The gate in the production app: the fixture build with a gate manifest, and a real provider publishing
// its keys on loopback. Every refusal is 401 (a page gets the sign-in shell), nothing crashes, and no
// path or token reaches protected content anonymously.
// Run: node --test server/__tests__/gate.test.mjs
import { strict as assert } from 'node:assert';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';

import fc from 'fast-check';
import { base64url } from 'jose';

import { GATE_ADMITTED_SERVER_TIMING } from '../../config/gateAdmission.mjs';
import { precompressDirectory } from '../../plugins/precompress/precompress.mjs';
import { createSiteApp } from '../app.mjs';
import { GATE_MANIFEST_FILE } from '../gate/accessPolicy.mjs';
import { readAssetFromDirectory } from '../node.mjs';
import { FILES, FIXTURE_CSP as CSP, fixtureGateManifest, writeFixtureBuild } from './fixtureBuild.mjs';
import { signIdToken, signingKey, startProvider } from './testProvider.mjs';

const CLIENT_ID = 'developer-docs';
const SHELL = `<!doctype html><title>Sign in required</title><h1>Sign in to read this page</h1>${' '.repeat(2000)}\n`;
/** Text only the protected files of the fixture hold. */
const PROTECTED_MARKERS = ['<p>Orders.</p>', '"title":"Orders"', 'export {};', 'Orders in Markdown'];
const PROTECTED_FILES = [
  'docs/orders/index.html',
  'docs/orders.md',
  'llms.txt',
  'docs/v2/orders/index.html',
  'docs/v2/orders.md',
  'llms-v2.txt',
  'llms-v2-full.txt',
  'docs/flat.html',
  'search-index.json',
  'assets/js/00203149.c7737954.js',
];

/**
 * The gate's tests for a build made with `baseUrl` (BASE_URL): every request path is under it.
 * @param {string} baseUrl starts and ends with `/`
 */
function describeGate(baseUrl) {
  /** The base URL without its trailing slash, put before every path the tests request. */
  const prefix = baseUrl.slice(0, -1);
  /** @type {Awaited<ReturnType<typeof writeFixtureBuild>>} */
  let fixture;
  /** @type {Awaited<ReturnType<typeof startProvider>>} */
  let provider;
  /** @type {import('./testProvider.mjs').SigningKey} */
  let key;
  /** @type {ReturnType<typeof createSiteApp>} */
  let app;
  /** @type {string[]} what the gate logged */
  const logged = [];
  const originalWarn = console.warn;

  before(async () => {
    key = await signingKey('key-1');
    provider = await startProvider({ keys: [key] });
    fixture = await writeFixtureBuild();
    await writeFile(path.join(fixture.dir, 'sign-in-required.html'), SHELL);
    await writeFile(
      path.join(fixture.dir, GATE_MANIFEST_FILE),
      JSON.stringify(
        fixtureGateManifest({
          issuer: provider.issuer,
          clientId: CLIENT_ID,
          files: Object.keys(FILES),
          protectedFiles: PROTECTED_FILES,
          protectedPaths: ['/docs', '/api'],
          shell: 'sign-in-required.html',
          baseUrl,
        }),
      ),
    );
    await precompressDirectory(fixture.dir);
    app = createSiteApp({ readAsset: readAssetFromDirectory(fixture.dir) });
    console.warn = (/** @type {unknown[]} */ ...args) => logged.push(args.join(' '));
  });
  after(async () => {
    console.warn = originalWarn;
    await provider.close();
    await fixture.cleanup();
  });

  /**
   * @param {string} pathAndQuery
   * @param {{ cookie?: string, method?: string, headers?: Record<string, string> }} [options]
   */
  function request(pathAndQuery, { cookie, method = 'GET', headers = {} } = {}) {
    return app.request(`http://localhost${prefix}${pathAndQuery}`, {
      method,
      headers: { ...(cookie === undefined ? {} : { Cookie: cookie }), ...headers },
    });
  }

  /** @param {Record<string, unknown>} [claims] @param {Record<string, unknown>} [header] */
  async function cookieWith(claims = {}, header = {}) {
    return `docs_id_token=${await signIdToken(key, provider.issuer, { clientId: CLIENT_ID, claims, header })}`;
  }

  /**
   * Asserts the response gives nothing protected away.
   * @param {Response} response
   * @param {string} what
   */
  async function assertNothingProtected(response, what) {
    const body = await response.text();
    for (const marker of PROTECTED_MARKERS)
      assert.ok(!body.includes(marker), `${what}: ${response.status} leaks ${marker}`);
    assert.notEqual(response.status, 200, `${what} answered 200`);
    assert.ok(response.status < 500, `${what}: ${response.status}`);
  }

  const now = () => Math.floor(Date.now() / 1000);

  describe('public files', () => {
    if (baseUrl !== '/') {
      test('the base URL without its slash is the home page; a path outside the base names no file', async () => {
        const home = await request('');
        assert.equal(home.status, 200);
        assert.match(await home.text(), /<title>Home<\/title>/);
        const cookie = await cookieWith();
        for (const outside of ['/index.html', '/assets/js/main.3ff00f2d.js', '/robots.txt']) {
          const response = await app.request(`http://localhost${outside}`, { headers: { Cookie: cookie } });
          assert.equal(response.status, 404, outside);
          assert.match(await response.text(), /Page Not Found/);
        }
      });

      test('a protected page outside the base, signed in or not, is never served', async () => {
        const cookie = await cookieWith();
        for (const outside of ['/docs/orders', '/docs/flat.html', '/search-index.json']) {
          await assertNothingProtected(await app.request(`http://localhost${outside}`), outside);
          const signedIn = await app.request(`http://localhost${outside}`, { headers: { Cookie: cookie } });
          assert.equal(signedIn.status, 404, outside);
          assert.ok(!(await signedIn.text()).includes('<p>Orders.</p>'), outside);
        }
      });
    }

    for (const file of [
      '/',
      '/index.html',
      '/assets/js/main.3ff00f2d.js',
      '/sitemap.xml',
      '/robots.txt',
      '/health.json',
    ]) {
      test(`${file} is served to anyone, publicly cacheable`, async () => {
        const response = await request(file);
        assert.equal(response.status, 200);
        assert.ok(!response.headers.get('Cache-Control')?.includes('private'));
        assert.equal(response.headers.get('X-Robots-Tag'), null);
      });
    }

    test('an unknown path outside the protected ones gets the 404 page', async () => {
      assert.equal((await request('/nowhere')).status, 404);
    });

    test('the manifest itself is never served, precompressed or not, signed in or not', async () => {
      const cookie = await cookieWith();
      for (const file of [GATE_MANIFEST_FILE, `${GATE_MANIFEST_FILE}.br`, `${GATE_MANIFEST_FILE}.gz`]) {
        assert.equal((await request(`/${file}`)).status, 404, file);
        assert.equal((await request(`/${file}`, { cookie })).status, 404, file);
      }
    });
  });

  describe('protected files, anonymously', () => {
    test('a page of either docs version gets the sign-in shell with 401, never cached or indexed', async () => {
      for (const page of ['/docs/orders', '/docs/v2/orders', '/docs/v2/orders/']) {
        const response = await request(page);
        assert.equal(response.status, 401, page);
        assert.equal(await response.text(), SHELL, page);
        assert.equal(response.headers.get('Cache-Control'), 'no-store', page);
      }
      const response = await request('/docs/orders');
      assert.equal(response.status, 401);
      assert.equal(await response.text(), SHELL);
      assert.equal(response.headers.get('Cache-Control'), 'no-store');
      assert.equal(response.headers.get('X-Robots-Tag'), 'noindex, nofollow');
      assert.match(response.headers.get('Vary') ?? '', /Cookie/);
    });

    test("a chunk, the search index, a page's Markdown or an llms file of either docs version gets a plain 401", async () => {
      for (const file of [
        '/assets/js/00203149.c7737954.js',
        '/search-index.json',
        '/docs/orders.md',
        '/llms.txt',
        '/docs/v2/orders.md',
        '/llms-v2.txt',
        '/llms-v2-full.txt',
      ]) {
        const response = await request(file);
        assert.equal(response.status, 401, file);
        assert.equal(await response.text(), 'Sign-in required');
      }
    });

    test('a missing page under a protected path gets the shell, not a 404 that tells what exists', async () => {
      const response = await request('/docs/no-such-page');
      assert.equal(response.status, 401);
      assert.equal(await response.text(), SHELL);
    });
  });

  describe('protected files, signed in', () => {
    test('a valid ID-token cookie gets the page, privately cached and kept out of search engines', async () => {
      const response = await request('/docs/orders', { cookie: await cookieWith() });
      assert.equal(response.status, 200);
      assert.match(await response.text(), /<p>Orders\.<\/p>/);
      assert.equal(response.headers.get('Cache-Control'), 'private, no-cache');
      assert.equal(response.headers.get('X-Robots-Tag'), 'noindex, nofollow');
    });

    test('a page it admitted says so in Server-Timing, on the 200 and on a revalidation’s 304', async () => {
      const cookie = await cookieWith();
      const response = await request('/docs/orders', { cookie });
      assert.equal(response.headers.get('Server-Timing'), GATE_ADMITTED_SERVER_TIMING);
      const etag = response.headers.get('ETag') ?? '';
      const again = await request('/docs/orders', { cookie, headers: { 'If-None-Match': etag } });
      assert.equal(again.status, 304);
      assert.equal(again.headers.get('Server-Timing'), GATE_ADMITTED_SERVER_TIMING);
    });

    test('nothing else carries the gate’s word: the shell, a chunk, a public page', async () => {
      const cookie = await cookieWith();
      const responses = [
        await request('/docs/orders'),
        await request('/assets/js/00203149.c7737954.js', { cookie }),
        await request('/', { cookie }),
      ];
      assert.deepEqual(
        responses.map((response) => response.headers.get('Server-Timing')),
        [null, null, null],
      );
    });

    test('a protected content-hashed chunk is revalidated on every use (a 304), never kept as immutable', async () => {
      const cookie = await cookieWith();
      const response = await request('/assets/js/00203149.c7737954.js', { cookie });
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('Cache-Control'), 'private, no-cache');
      const etag = response.headers.get('ETag') ?? '';
      assert.match(etag, /^"[^"]+"$/);
      const again = await request('/assets/js/00203149.c7737954.js', { cookie, headers: { 'If-None-Match': etag } });
      assert.equal(again.status, 304);
      assert.equal(again.headers.get('Cache-Control'), 'private, no-cache');
      const publicChunk = await request('/assets/js/main.3ff00f2d.js');
      assert.equal(publicChunk.headers.get('Cache-Control'), 'public, max-age=31536000, immutable');
    });

    test('protected responses may be read by this origin only (Cross-Origin-Resource-Policy)', async () => {
      const cookie = await cookieWith();
      for (const file of ['/docs/orders/', '/assets/js/00203149.c7737954.js', '/search-index.json']) {
        const response = await request(file, { cookie });
        assert.equal(response.status, 200, file);
        assert.equal(response.headers.get('Cross-Origin-Resource-Policy'), 'same-origin', file);
      }
    });

    test('the cookie is found among others, and a revalidation with its ETag gets 304', async () => {
      const cookie = `theme=dark; ${await cookieWith()}; other=1`;
      const first = await request('/search-index.json', { cookie });
      assert.equal(first.status, 200);
      const etag = first.headers.get('ETag') ?? '';
      const again = await request('/search-index.json', { cookie, headers: { 'If-None-Match': etag } });
      assert.equal(again.status, 304);
      const anonymous = await request('/search-index.json', { headers: { 'If-None-Match': etag } });
      assert.equal(anonymous.status, 401, 'a revalidation without the cookie is refused too');
    });
  });

  describe('revalidation (If-None-Match): a 304 from the tag, only after the gate', () => {
    /** The headers every answer carries, a 304 too. @param {Response} response @param {string} what */
    function assertAnswerHeaders(response, what) {
      assert.equal(response.headers.get('Content-Security-Policy'), CSP, what);
      assert.equal(response.headers.get('X-Content-Type-Options'), 'nosniff', what);
      assert.equal(response.headers.get('X-Frame-Options'), 'DENY', what);
      assert.equal(response.headers.get('Referrer-Policy'), 'strict-origin-when-cross-origin', what);
      assert.match(response.headers.get('X-Request-Id') ?? '', /^[0-9a-f-]{36}$/, what);
    }

    /**
     * The 200 of `requestPath`, then its revalidation with the 200's ETag.
     * @param {string} requestPath @param {string} [cookie]
     */
    async function revalidated(requestPath, cookie) {
      const first = await request(requestPath, { cookie, headers: { 'Accept-Encoding': 'br' } });
      assert.equal(first.status, 200, requestPath);
      await first.arrayBuffer();
      const tag = first.headers.get('ETag') ?? '';
      assert.match(tag, /^"[^"]+"$/, requestPath);
      const again = await request(requestPath, { cookie, headers: { 'Accept-Encoding': 'br', 'If-None-Match': tag } });
      return { first, again, tag };
    }

    for (const [what, requestPath, cacheControl, vary] of [
      ['a public page', '/', 'no-cache', 'Accept-Encoding'],
      [
        'a public hashed asset',
        '/assets/js/main.3ff00f2d.js',
        'public, max-age=31536000, immutable',
        'Accept-Encoding',
      ],
    ]) {
      test(`${what}: 304 without a body, with its caching headers and every answer's headers`, async () => {
        const { again, tag } = await revalidated(requestPath);
        assert.equal(again.status, 304);
        assert.equal(await again.text(), '');
        assert.equal(again.headers.get('ETag'), tag);
        assert.equal(again.headers.get('Cache-Control'), cacheControl);
        assert.equal(again.headers.get('Vary'), vary);
        for (const name of ['Content-Type', 'Content-Length', 'Content-Encoding', 'Server-Timing', 'X-Robots-Tag']) {
          assert.equal(again.headers.get(name), null, `${what}: ${name}`);
        }
        assertAnswerHeaders(again, what);
        const stale = await request(requestPath, { headers: { 'If-None-Match': '"stale"' } });
        assert.equal(stale.status, 200);
        assert.ok((await stale.arrayBuffer()).byteLength > 0);
      });
    }

    test('a protected page, signed in: 304 keeping it private, out of search engines and the gate’s word', async () => {
      const cookie = await cookieWith();
      const { first, again, tag } = await revalidated('/docs/orders/', cookie);
      assert.equal(first.headers.get('Content-Encoding'), 'br');
      assert.equal(again.status, 304);
      assert.equal(await again.text(), '');
      assert.equal(again.headers.get('ETag'), tag);
      assert.equal(again.headers.get('Cache-Control'), 'private, no-cache');
      assert.equal(again.headers.get('Vary'), 'Accept-Encoding');
      assert.equal(again.headers.get('Cross-Origin-Resource-Policy'), 'same-origin');
      assert.equal(again.headers.get('X-Robots-Tag'), 'noindex, nofollow');
      assert.equal(again.headers.get('Server-Timing'), GATE_ADMITTED_SERVER_TIMING);
      assert.equal(again.headers.get('Content-Type'), null);
      assertAnswerHeaders(again, 'protected 304');
      const stale = await request('/docs/orders/', { cookie, headers: { 'If-None-Match': '"stale"' } });
      assert.equal(stale.status, 200);
      assert.match(await stale.text(), /<p>Orders\.<\/p>/);
    });

    test('a protected page or file with its ETag but no valid cookie: refused (the shell), never a 304', async () => {
      const cookie = await cookieWith();
      const expired = await cookieWith({ iat: now() - 7200, exp: now() - 3600 });
      for (const requestPath of ['/docs/orders/', '/search-index.json', '/assets/js/00203149.c7737954.js']) {
        const { tag } = await revalidated(requestPath, cookie);
        for (const [who, visitorCookie] of [
          ['no cookie', undefined],
          ['an expired cookie', expired],
          ['a forged cookie', 'docs_id_token=not.a.jwt'],
        ]) {
          for (const field of [tag, `W/${tag}`, '*']) {
            const response = await request(requestPath, { cookie: visitorCookie, headers: { 'If-None-Match': field } });
            const what = `${requestPath}, ${who}, If-None-Match: ${field}`;
            assert.equal(response.status, 401, what);
            assert.equal(response.headers.get('ETag'), null, what);
            assert.equal(response.headers.get('Cache-Control'), 'no-store', what);
            const body = await response.text();
            if (requestPath === '/docs/orders/') assert.equal(body, SHELL, what);
            for (const marker of PROTECTED_MARKERS) assert.ok(!body.includes(marker), what);
          }
        }
      }
    });
  });

  describe('the cookie a sibling subdomain could plant', () => {
    test('a planted cookie of the same name beside a valid one does not lock the reader out', async () => {
      const valid = (await cookieWith()).split('=')[1];
      const expired = (await cookieWith({ iat: now() - 7200, exp: now() - 3600 })).split('=')[1];
      for (const planted of ['garbage', 'not.a.jwt', expired, '']) {
        for (const cookie of [
          `docs_id_token=${planted}; docs_id_token=${valid}`,
          `docs_id_token=${valid}; docs_id_token=${planted}`,
        ]) {
          const response = await request('/docs/orders', { cookie });
          assert.equal(response.status, 200, cookie.slice(0, 40));
          await response.arrayBuffer();
        }
      }
    });

    test('over https, only the cookie name the browser writes there admits (__Host- at base URL /)', async () => {
      const valid = (await cookieWith()).split('=')[1];
      // The __Host- prefix requires Path=/: at another base URL the browser writes the plain name.
      const [written, other] =
        baseUrl === '/' ? ['__Host-docs_id_token', 'docs_id_token'] : ['docs_id_token', '__Host-docs_id_token'];
      /** @param {string} url @param {string} cookie @param {Record<string, string>} [headers] */
      const get = (url, cookie, headers = {}) => app.request(url, { headers: { Cookie: cookie, ...headers } });
      const page = `docs.example${prefix}/docs/orders`;
      assert.equal((await get(`https://${page}`, `${written}=${valid}`)).status, 200);
      assert.equal((await get(`https://${page}`, `${other}=${valid}`)).status, 401);
      const proxied = { 'X-Forwarded-Proto': 'https' };
      assert.equal((await get(`http://${page}`, `${written}=${valid}`, proxied)).status, 200);
      assert.equal((await get(`http://${page}`, `${other}=${valid}`, proxied)).status, 401);
    });

    test('over plain http (a developer’s machine), the unprefixed cookie admits', async () => {
      const valid = (await cookieWith()).split('=')[1];
      assert.equal((await request('/docs/orders', { cookie: `docs_id_token=${valid}` })).status, 200);
      // Behind a proxy that does not say it terminated TLS, the __Host- cookie an https page set still works;
      // at another base URL no page can have set one.
      const hostCookie = await request('/docs/orders', { cookie: `__Host-docs_id_token=${valid}` });
      assert.equal(hostCookie.status, baseUrl === '/' ? 200 : 401);
    });
  });

  describe('another site, or a sibling subdomain, cannot load protected files', () => {
    /** @param {string} site @param {string} mode @param {string} dest */
    const fetchMetadata = (site, mode, dest) => ({
      'Sec-Fetch-Site': site,
      'Sec-Fetch-Mode': mode,
      'Sec-Fetch-Dest': dest,
    });

    for (const site of ['same-site', 'cross-site']) {
      test(`a ${site} <script src> or fetch of a protected file is refused, even with a valid cookie`, async () => {
        const cookie = await cookieWith();
        for (const [file, mode, dest] of [
          ['/assets/js/00203149.c7737954.js', 'no-cors', 'script'],
          ['/search-index.json', 'cors', 'empty'],
          ['/docs/orders/', 'no-cors', 'iframe'],
          ['/docs/no-such-page', 'no-cors', 'script'],
        ]) {
          const response = await request(file, { cookie, headers: fetchMetadata(site, mode, dest) });
          assert.equal(response.status, 403, `${file} (${dest})`);
          assert.equal(response.headers.get('Cache-Control'), 'no-store');
          await assertNothingProtected(response, `${site} ${file}`);
        }
      });

      test(`a ${site} link to a protected page still opens it (a top-level navigation)`, async () => {
        const headers = fetchMetadata(site, 'navigate', 'document');
        const signedIn = await request('/docs/orders/', { cookie: await cookieWith(), headers });
        assert.equal(signedIn.status, 200);
        const anonymous = await request('/docs/orders/', { headers });
        assert.equal(anonymous.status, 401);
        assert.equal(await anonymous.text(), SHELL);
      });

      test(`a ${site} request for a public file is served`, async () => {
        const response = await request('/assets/js/main.3ff00f2d.js', {
          headers: fetchMetadata(site, 'no-cors', 'script'),
        });
        assert.equal(response.status, 200);
      });
    }

    test('a request from this origin, or typed into the address bar, is served', async () => {
      const cookie = await cookieWith();
      const ownScript = await request('/assets/js/00203149.c7737954.js', {
        cookie,
        headers: fetchMetadata('same-origin', 'no-cors', 'script'),
      });
      assert.equal(ownScript.status, 200);
      const typed = await request('/docs/orders/', { cookie, headers: fetchMetadata('none', 'navigate', 'document') });
      assert.equal(typed.status, 200);
    });
  });

  describe('every token that is not a valid ID token for this site is refused, and the gate stays up', () => {
    /** @type {[string, () => Promise<string>][]} */
    const CASES = [
      ['expired beyond the 60 s skew', () => cookieWith({ iat: now() - 7200, exp: now() - 61 })],
      ['not yet valid', () => cookieWith({ iat: now() + 600, nbf: now() + 600 })],
      ['wrong audience', () => cookieWith({ aud: 'another-client' })],
      ['wrong issuer', () => cookieWith({ iss: 'https://id.evil.example' })],
      [
        'bad signature',
        async () => {
          const [header, , signature] = (await cookieWith()).split('=')[1].split('.');
          const payload = base64url.encode(
            JSON.stringify({ iss: provider.issuer, aud: CLIENT_ID, sub: 'admin', exp: now() + 60 }),
          );
          return `docs_id_token=${header}.${payload}.${signature}`;
        },
      ],
      [
        'unknown key id',
        async () => {
          const stranger = await signingKey('stranger');
          return `docs_id_token=${await signIdToken(stranger, provider.issuer, { clientId: CLIENT_ID })}`;
        },
      ],
      ['malformed', async () => 'docs_id_token=not.a.jwt'],
      ['empty', async () => 'docs_id_token='],
      [
        'alg: none',
        async () => {
          const header = base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }));
          const payload = base64url.encode(
            JSON.stringify({ iss: provider.issuer, aud: CLIENT_ID, sub: 'x', exp: now() + 60 }),
          );
          return `docs_id_token=${header}.${payload}.`;
        },
      ],
      ['an access token instead of an ID token', () => cookieWith({ scope: 'openid profile' }, { typ: 'at+jwt' })],
      ['a huge cookie', async () => `docs_id_token=${'a'.repeat(20_000)}.${'b'.repeat(20_000)}.c`],
    ];
    for (const [name, makeCookie] of CASES) {
      test(name, async () => {
        const cookie = await makeCookie();
        const page = await request('/docs/orders', { cookie });
        assert.equal(page.status, 401);
        assert.equal(await page.text(), SHELL);
        const chunk = await request('/assets/js/00203149.c7737954.js', { cookie });
        assert.equal(chunk.status, 401);
        assert.equal(await chunk.text(), 'Sign-in required');
      });
    }

    test('after the provider rotates its key, a token signed with the new key is admitted', async (t) => {
      // The key set was fetched moments ago (the unknown key above); jose asks again only after its
      // 30 s cooldown, which the test skips over rather than waits for.
      const later = Date.now() + 31_000;
      t.mock.method(Date, 'now', () => later);
      const next = await signingKey('key-2');
      provider.publishedKeys = [key.publicJwk, next.publicJwk];
      const cookie = `docs_id_token=${await signIdToken(next, provider.issuer, { clientId: CLIENT_ID })}`;
      assert.equal((await request('/docs/orders', { cookie })).status, 200);
    });

    test('a refusal is logged with its reason, never with the token', async () => {
      const cookie = await cookieWith({ aud: 'another-client-for-the-log' });
      await request('/docs/flat', { cookie });
      assert.ok(
        logged.some((line) => /\[gate\] refused an ID-token cookie/.test(line)),
        JSON.stringify(logged),
      );
      assert.ok(logged.every((line) => !line.includes(cookie.split('=')[1].split('.')[1])));
    });
  });

  describe('no path reaches protected content anonymously', () => {
    const PATHS = [
      '/docs/orders',
      '/docs/orders/',
      '/docs/orders/index.html',
      '/docs/orders/index.html.br',
      '/docs/orders/index.html.gz',
      '/docs/orders?x=1',
      '/docs/orders/?utm=1#top',
      '/DOCS/orders',
      '/Docs/Orders/',
      '/docs//orders',
      '//docs/orders',
      '/./docs/orders',
      '/assets/../docs/orders',
      '/%64ocs/orders',
      '/docs%2forders',
      '/docs/%2e%2e/docs/orders',
      '/%2e%2e/docs/orders',
      '/docs/..%2fdocs/orders',
      '/docs/flat',
      '/docs/flat.html',
      '/search-index.json',
      '/search-index.json.br',
      '/search-index.json.gz',
      '/assets/js/00203149.c7737954.js',
      '/assets/js/00203149.c7737954.js.br',
      '/docs/orders.md',
      '/docs/orders.md.br',
      '/DOCS/Orders.MD',
      '/llms.txt',
      '/llms.txt.gz',
      '/LLMS.txt',
      '/%6clms.txt',
      '/docs/v2/orders',
      '/docs/V2/orders/',
      '/docs/v2/orders/index.html.br',
      '/docs/v2/orders.md',
      '/docs/v2/orders.md.gz',
      '/llms-v2.txt',
      '/LLMS-V2-full.txt',
      '/llms-v2-full.txt.br',
    ];
    for (const requestPath of PATHS) {
      test(`GET, HEAD and Range on ${requestPath}`, async () => {
        await assertNothingProtected(await request(requestPath), `GET ${requestPath}`);
        const head = await request(requestPath, { method: 'HEAD' });
        assert.notEqual(head.status, 200, `HEAD ${requestPath}`);
        await assertNothingProtected(
          await request(requestPath, { headers: { Range: 'bytes=0-99' } }),
          `Range ${requestPath}`,
        );
        const encoded = await request(requestPath, { headers: { 'Accept-Encoding': 'br, gzip' } });
        assert.notEqual(encoded.status, 200, `br ${requestPath}`);
      });
    }

    test('any path at all (fast-check)', async () => {
      const segment = fc.oneof(
        fc.constantFrom(
          'docs',
          'DOCS',
          'Docs',
          'orders',
          'flat',
          'flat.html',
          'index.html',
          'index.html.br',
          '.',
          '..',
        ),
        fc.constantFrom(
          '%2e',
          '%2E%2E',
          '%2f',
          '%64ocs',
          '',
          'search-index.json',
          'assets',
          'js',
          '00203149.c7737954.js',
        ),
        fc.webSegment(),
      );
      await fc.assert(
        fc.asyncProperty(fc.array(segment, { minLength: 1, maxLength: 5 }), async (segments) => {
          const response = await request(`/${segments.join('/')}`);
          const body = await response.text();
          return response.status < 500 && PROTECTED_MARKERS.every((marker) => !body.includes(marker));
        }),
        { numRuns: 500 },
      );
    });
  });

  describe('security headers', () => {
    for (const [what, requestPath, method] of [
      ['a public page', '/', 'GET'],
      ['the shell', '/docs/orders', 'GET'],
      ['a refused chunk', '/search-index.json', 'GET'],
      ['the 404 page', '/nowhere', 'GET'],
      ['a bad request', '/docs%2forders', 'GET'],
      ['a refused method', '/', 'POST'],
    ]) {
      test(`${what} carries the build's Content-Security-Policy and the other headers`, async () => {
        const response = await request(requestPath, { method });
        assert.equal(response.headers.get('Content-Security-Policy'), CSP);
        assert.equal(response.headers.get('X-Content-Type-Options'), 'nosniff');
        assert.equal(response.headers.get('Referrer-Policy'), 'strict-origin-when-cross-origin');
        assert.equal(response.headers.get('Strict-Transport-Security'), null, 'no HSTS over plain http');
      });
    }

    test('HSTS over https, directly or through a proxy that says so', async () => {
      const direct = await app.request(`https://docs.example${baseUrl}`);
      assert.equal(direct.headers.get('Strict-Transport-Security'), 'max-age=63072000; includeSubDomains');
      const proxied = await request('/', { headers: { 'X-Forwarded-Proto': 'https' } });
      assert.equal(proxied.headers.get('Strict-Transport-Security'), 'max-age=63072000; includeSubDomains');
    });
  });

  describe('a build whose manifest is missing or broken', () => {
    test('answers 503 with a reason, and recovers once the manifest is back', async () => {
      const manifestPath = path.join(fixture.dir, GATE_MANIFEST_FILE);
      const good = await readFile(manifestPath, 'utf8');
      /** @type {string[]} */
      const errors = [];
      const original = console.error;
      console.error = (/** @type {unknown[]} */ ...args) => errors.push(args.join(' '));
      try {
        for (const broken of ['{"version":', JSON.stringify({ ...JSON.parse(good), version: 2 })]) {
          await writeFile(manifestPath, broken);
          const fresh = createSiteApp({ readAsset: readAssetFromDirectory(fixture.dir) });
          const response = await fresh.request(`http://localhost${baseUrl}`);
          assert.equal(response.status, 503);
          assert.match(await response.text(), /access manifest/);
          await writeFile(manifestPath, good);
          assert.equal((await fresh.request(`http://localhost${baseUrl}`)).status, 200);
        }
      } finally {
        console.error = original;
        await writeFile(manifestPath, good);
      }
      assert.ok(errors.some((line) => line.includes(GATE_MANIFEST_FILE)));
    });
  });
}

describe('at base URL /', () => describeGate('/'));
describe('at base URL /developers/ (BASE_URL)', () => describeGate('/developers/'));
