// @ts-check
// readAssetFromBinding against a stand-in for Cloudflare's assets binding: what it asks the binding for and
// what it makes of each answer. The real binding, on workerd, is in worker.test.mjs.
// Run: node --test server/__tests__/workerAssets.test.mjs
import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';

import fc from 'fast-check';

import { assetUrl, readAssetFromBinding } from '../workerAssets.mjs';

/**
 * A binding that answers every request with `answer` and records the requests.
 * @param {() => Response} answer
 */
function fakeBinding(answer) {
  /** @type {{ url: string, init?: RequestInit }[]} */
  const requests = [];
  return {
    requests,
    /** @param {string} url @param {RequestInit} [init] */
    fetch: async (url, init) => {
      requests.push({ url, init });
      return answer();
    },
  };
}

/** @param {ReadableStream<Uint8Array>} stream */
function text(stream) {
  return new Response(stream).text();
}

describe('the URL a file is read at', () => {
  const cases = [
    ['index.html', '/index.html'],
    ['docs/orders/index.html', '/docs/orders/index.html'],
    ['downloads/rate card 100%.txt', '/downloads/rate%20card%20100%25.txt'],
    ['img/logo,dark.svg', '/img/logo%2Cdark.svg'],
    ['img/naïve.txt', '/img/na%C3%AFve.txt'],
    ['q?.txt', '/q%3F.txt'],
    ['#hash.txt', '/%23hash.txt'],
  ];
  for (const [file, pathname] of cases) {
    test(`${file} → ${pathname}`, () => {
      assert.equal(new URL(assetUrl(file)).pathname, pathname);
    });
  }

  test('any file name: the URL keeps the path the asset server expects, and it decodes to the file', () => {
    const segment = fc
      .string({ unit: 'grapheme', minLength: 1, maxLength: 12 })
      .filter((name) => !name.includes('/') && name !== '.' && name !== '..');
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 5 }), (segments) => {
        const file = segments.join('/');
        const { pathname } = new URL(assetUrl(file));
        // The asset server redirects a path that is not exactly encodeURIComponent of each segment.
        assert.equal(pathname, `/${segments.map(encodeURIComponent).join('/')}`);
        assert.equal(pathname.slice(1).split('/').map(decodeURIComponent).join('/'), file);
      }),
      { numRuns: 500 },
    );
  });
});

describe('what the binding answers', () => {
  test('200 with a strong ETag: the file, that ETag, its size, and slices of it', async () => {
    const binding = fakeBinding(() => new Response('hello world', { headers: { ETag: '"c3c0f2d7"' } }));
    const file = await readAssetFromBinding(binding)('docs/hello.txt');
    assert.ok(file);
    assert.equal(file.size, 11);
    assert.equal(file.etag, '"c3c0f2d7"');
    assert.equal(await text(file.open()), 'hello world');
    assert.equal(await text(file.open({ start: 6, end: 10 })), 'world');
    assert.equal(await text(file.open({ start: 0, end: 0 })), 'h');
    assert.deepEqual(binding.requests, [
      { url: 'https://assets.invalid/docs/hello.txt', init: { redirect: 'manual' } },
    ]);
  });

  for (const header of [undefined, 'W/"c3c0f2d7"', 'c3c0f2d7', '""']) {
    test(`ETag ${JSON.stringify(header)}: a strong one computed from the bytes`, async () => {
      /** @param {string} body */
      const read = (body) =>
        readAssetFromBinding(fakeBinding(() => new Response(body, { headers: header ? { ETag: header } : {} })))(
          'a.txt',
        );
      const [one, same, other] = await Promise.all([read('one'), read('one'), read('two')]);
      assert.match(one?.etag ?? '', /^"[0-9a-f]{32}"$/);
      assert.equal(one?.etag, same?.etag);
      assert.notEqual(one?.etag, other?.etag);
    });
  }

  test('an empty file: size 0, an empty stream', async () => {
    const file = await readAssetFromBinding(fakeBinding(() => new Response('', { headers: { ETag: '"e"' } })))('e');
    assert.equal(file?.size, 0);
    assert.equal(await text(/** @type {NonNullable<typeof file>} */ (file).open()), '');
  });

  for (const status of [404, 307, 308, 405, 500]) {
    test(`${status}: no file`, async () => {
      const answer = () =>
        new Response(status === 405 ? 'no' : null, { status, headers: { Location: '/elsewhere', ETag: '"x"' } });
      assert.equal(await readAssetFromBinding(fakeBinding(answer))('docs/x.html'), undefined);
    });
  }
});

describe('files never asked for', () => {
  const files = ['index.html.br', 'assets/js/main.js.gz', 'docs/../secret.txt', './index.html', 'docs//x', ''];
  for (const file of files) {
    test(JSON.stringify(file), async () => {
      const binding = fakeBinding(() => new Response('must not be read', { headers: { ETag: '"x"' } }));
      assert.equal(await readAssetFromBinding(binding)(file), undefined);
      assert.equal(binding.requests.length, 0);
    });
  }
});
