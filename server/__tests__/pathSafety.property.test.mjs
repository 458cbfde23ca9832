// @ts-check
// Property: whatever path a client sends, the server answers from inside the build directory or not at all.
// Run: node --test 'server/__tests__/*.test.mjs'
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import fc from 'fast-check';

import { filesForPath } from '../requestPath.mjs';
import { SECRET, useFixtureSite } from './fixtureBuild.mjs';

const site = useFixtureSite();

/** Path pieces that attackers combine, and arbitrary text. */
const segment = fc.oneof(
  fc.constantFrom(
    '..',
    '.',
    '%2e%2e',
    '%2E%2e',
    '.%2e',
    '%2f',
    '%2F',
    '%5c',
    '\\',
    '%00',
    '%252e%252e',
    '%c0%ae',
    '',
    'secret.txt',
    'package.json',
    'docs',
    'assets',
    'index.html',
  ),
  fc.string({ maxLength: 12 }),
);
const requestPath = fc.array(segment, { maxLength: 8 }).map((segments) => `/${segments.join('/')}`);

test('no request path reads a file outside the build directory', async () => {
  await fc.assert(
    fc.asyncProperty(requestPath, async (path) => {
      const response = await site.app.request(path);
      assert.ok([200, 400, 404].includes(response.status), `${path}: status ${response.status}`);
      assert.ok(!(await response.text()).includes(SECRET), `${path} read the secret`);
    }),
    { numRuns: 300 },
  );
});

test('every file a path may name stays inside the build directory', () => {
  fc.assert(
    fc.property(requestPath, (path) => {
      // As the server sees it: the path after the origin (not resolved against it, where `//x` names a host).
      const files = filesForPath(new URL(`http://localhost${path}`).pathname);
      if (!files.ok) return;
      for (const file of files.candidates) {
        assert.ok(!file.split('/').some((part) => part === '..' || part === '.' || part === ''), file);
        assert.ok(!file.includes('\\') && !file.includes('\0'), file);
      }
    }),
    { numRuns: 1000 },
  );
});
