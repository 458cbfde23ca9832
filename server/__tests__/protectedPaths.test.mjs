// @ts-check
// The gate's "is this path protected" (config/protectedPaths.mjs, shared with the browser and the build),
// through the table every user runs (config/__tests__/protectedPathCases.mjs): as the access policy
// answers it, and as the app answers an anonymous request for a path with no file (protected → 401, so
// nothing tells what exists; public → the 404 page).
// Run: node --test server/__tests__/protectedPaths.test.mjs
import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';

import { describeCase, PROTECTED_PATH_CASES } from '../../config/__tests__/protectedPathCases.mjs';
import { createSiteApp } from '../app.mjs';
import { createAccessPolicy, GATE_MANIFEST_FILE } from '../gate/accessPolicy.mjs';
import { filesForPath } from '../requestPath.mjs';
import { fixtureGateManifest } from './fixtureBuild.mjs';

const SHELL = 'sign-in-required.html';
const NOT_FOUND = '404.html';

/** @param {{ baseUrl: string, protectedPaths: readonly string[] }} site */
function manifestFor({ baseUrl, protectedPaths }) {
  const manifest = fixtureGateManifest({
    issuer: 'https://id.example',
    clientId: 'developer-docs',
    files: [NOT_FOUND],
    protectedFiles: [],
    protectedPaths: [...protectedPaths],
    shell: SHELL,
  });
  return { ...manifest, baseUrl };
}

/** A verifier that must never be asked: the requests carry no cookie. */
const verifier = {
  verify: async () => assert.fail('no token to verify'),
};

/**
 * The app over an in-memory build holding only the manifest, the shell and the 404 page.
 * @param {ReturnType<typeof manifestFor>} manifest
 */
function appFor(manifest) {
  /** @type {Record<string, string>} */
  const files = { [GATE_MANIFEST_FILE]: JSON.stringify(manifest), [SHELL]: 'Sign in', [NOT_FOUND]: 'Not here' };
  /** @type {import('../app.mjs').ReadAsset} */
  const readAsset = async (file) => {
    const text = files[file];
    if (text === undefined) return undefined;
    const bytes = new TextEncoder().encode(text);
    return {
      size: bytes.length,
      etag: `"${bytes.length}"`,
      open: () => new Response(bytes).body ?? new ReadableStream(),
    };
  };
  return createSiteApp({ readAsset, gate: { verifier } });
}

describe('the gate’s access policy', () => {
  for (const testCase of PROTECTED_PATH_CASES) {
    test(describeCase(testCase), () => {
      const policy = createAccessPolicy(manifestFor(testCase), { verifier });
      assert.equal(policy.isProtectedPath(testCase.pathname), testCase.isProtected);
    });
  }
});

describe('the app, for an anonymous request of a path with no file', () => {
  for (const testCase of PROTECTED_PATH_CASES) {
    test(describeCase(testCase), async () => {
      // fetch's URL parser turns `\` into `/`; every other spelling reaches the app as written.
      const url = new URL(`http://localhost${testCase.pathname}`);
      const response = await appFor(manifestFor(testCase)).request(url);
      const { pathname } = url;
      const expected = !filesForPath(pathname).ok ? 400 : testCase.isProtected ? 401 : 404;
      assert.equal(response.status, expected);
    });
  }
});
