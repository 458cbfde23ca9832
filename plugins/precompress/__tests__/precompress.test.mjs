// @ts-check
// Run: node --test 'plugins/precompress/__tests__/*.test.mjs'
import { strict as assert } from 'node:assert';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

import { MIN_COMPRESSIBLE_BYTES } from '../../../contracts/precompress/variants.ts';
import { precompressDirectory } from '../precompress.mjs';

const BIG_TEXT = `${'{"title":"Placing an equity order","body":"Send a limit order."}\n'.repeat(100)}`;
const FILES = {
  'index.html': `<!doctype html>${'<p>Clearing.</p>'.repeat(200)}`,
  'assets/js/main.3ff00f2d.js': `console.log(${JSON.stringify(BIG_TEXT)});`,
  'assets/css/styles.85ea60aa.css': 'body{margin:0}'.repeat(200),
  'search-index.json': BIG_TEXT,
  'img/logo.svg': `<svg xmlns="http://www.w3.org/2000/svg">${'<path d="M0 0h1v1z"/>'.repeat(100)}</svg>`,
  'sitemap.xml': `<urlset>${'<url><loc>/docs</loc></url>'.repeat(100)}</urlset>`,
  'health.json': '{"status":"ok"}',
  'assets/fonts/inter-0a1b2c3d4e.woff2': Buffer.alloc(4096, 1),
  'img/photo.png': Buffer.alloc(4096, 1),
  // Random bytes do not compress: no variant would be smaller, so none is written.
  'assets/js/random.0123abcd.js': randomBytes(4096),
};

/** @type {string} */
let dir;
/** @type {Awaited<ReturnType<typeof precompressDirectory>>} */
let results;

before(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'precompress-'));
  for (const [file, content] of Object.entries(FILES)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), content);
  }
  results = await precompressDirectory(dir, { concurrency: 2 });
});
after(() => rm(dir, { recursive: true, force: true }));

const COMPRESSED = [
  'index.html',
  'assets/js/main.3ff00f2d.js',
  'assets/css/styles.85ea60aa.css',
  'search-index.json',
  'img/logo.svg',
  'sitemap.xml',
];

for (const file of COMPRESSED) {
  test(`${file}: .br and .gz decompress to the original and are smaller`, async () => {
    const original = await readFile(path.join(dir, file));
    const brotli = await readFile(path.join(dir, `${file}.br`));
    const gzip = await readFile(path.join(dir, `${file}.gz`));
    assert.deepEqual(brotliDecompressSync(brotli), original);
    assert.deepEqual(gunzipSync(gzip), original);
    assert.ok(brotli.length < original.length && gzip.length < original.length);
    const result = results.find((entry) => entry.file === file);
    assert.deepEqual(result, { file, bytes: original.length, br: brotli.length, gzip: gzip.length });
  });
}

test('skips files under the size threshold', () => {
  assert.ok(FILES['health.json'].length < MIN_COMPRESSIBLE_BYTES);
  assert.equal(existsSync(path.join(dir, 'health.json.br')), false);
  assert.equal(existsSync(path.join(dir, 'health.json.gz')), false);
});

test('skips formats that are compressed already (woff2, png)', () => {
  for (const file of ['assets/fonts/inter-0a1b2c3d4e.woff2', 'img/photo.png']) {
    assert.equal(existsSync(path.join(dir, `${file}.br`)), false, file);
    assert.equal(existsSync(path.join(dir, `${file}.gz`)), false, file);
  }
});

test('writes no variant that would not be smaller than the file', () => {
  const result = results.find((entry) => entry.file === 'assets/js/random.0123abcd.js');
  assert.deepEqual(result, { file: 'assets/js/random.0123abcd.js', bytes: 4096, br: undefined, gzip: undefined });
  assert.equal(existsSync(path.join(dir, 'assets/js/random.0123abcd.js.br')), false);
  assert.equal(existsSync(path.join(dir, 'assets/js/random.0123abcd.js.gz')), false);
});

test('running again does not compress the variants themselves', async () => {
  const again = await precompressDirectory(dir);
  assert.deepEqual(again.map((entry) => entry.file).sort(), results.map((entry) => entry.file).sort());
});
