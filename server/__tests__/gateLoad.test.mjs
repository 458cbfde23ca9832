// @ts-check
// A bounded load test of the gate on loopback (autocannon, three seconds per case): requests per second
// and p99 latency for a public page, a protected page with a valid cookie and one without. The figures
// are printed, not asserted (the machine may be busy); what is asserted is that nothing failed.
// Run: node --test server/__tests__/gateLoad.test.mjs
import { strict as assert } from 'node:assert';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';

import autocannon from 'autocannon';

import { GATE_MANIFEST_FILE } from '../gate/accessPolicy.mjs';
import { startSiteServer } from '../node.mjs';
import { FILES, fixtureGateManifest, writeFixtureBuild } from './fixtureBuild.mjs';
import { signIdToken, signingKey, startProvider } from './testProvider.mjs';

const CLIENT_ID = 'developer-docs';
const SECONDS_PER_CASE = Number(process.env.GATE_LOAD_SECONDS ?? 3);

/** @type {Awaited<ReturnType<typeof writeFixtureBuild>>} */
let fixture;
/** @type {Awaited<ReturnType<typeof startProvider>>} */
let provider;
/** @type {Awaited<ReturnType<typeof startSiteServer>>} */
let server;
let validCookie = '';

before(async () => {
  const key = await signingKey('load-key');
  provider = await startProvider({ keys: [key] });
  fixture = await writeFixtureBuild();
  const shell = 'sign-in-required.html';
  await writeFile(path.join(fixture.dir, shell), '<!doctype html><title>Sign in required</title>\n');
  const manifest = fixtureGateManifest({
    issuer: provider.issuer,
    clientId: CLIENT_ID,
    files: Object.keys(FILES),
    protectedFiles: Object.keys(FILES).filter((file) => file.startsWith('docs/')),
    protectedPaths: ['/docs'],
    shell,
  });
  await writeFile(path.join(fixture.dir, GATE_MANIFEST_FILE), JSON.stringify(manifest));
  validCookie = `docs_id_token=${await signIdToken(key, provider.issuer, { clientId: CLIENT_ID })}`;
  server = await startSiteServer({ dir: fixture.dir, port: 0, host: '127.0.0.1' });
});
after(async () => {
  await server?.close();
  await provider?.close();
  await fixture?.cleanup();
});

/**
 * @param {string} title
 * @param {string} urlPath
 * @param {number} expectedStatus
 * @param {Record<string, string>} headers
 */
async function measure(title, urlPath, expectedStatus, headers) {
  const result = await autocannon({
    url: new URL(urlPath, server.url).href,
    connections: 10,
    duration: SECONDS_PER_CASE,
    headers: { 'Accept-Encoding': 'br', ...headers },
  });
  const statuses = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([status, { count }]) => [status, count]),
  );
  const line = `${title}: ${Math.round(result.requests.average)} requests/s, p99 ${result.latency.p99} ms, ${result.requests.total} requests, statuses ${JSON.stringify(statuses)}, errors ${result.errors}, timeouts ${result.timeouts}`;
  console.log(line);
  assert.equal(result.errors, 0, line);
  assert.equal(result.timeouts, 0, line);
  assert.deepEqual(Object.keys(statuses), [String(expectedStatus)], line);
  assert.ok(result.requests.total > 0, line);
}

test('a public page', () => measure('public page', '/', 200, {}));
test('a protected page, signed in', () =>
  measure('protected page, valid cookie', '/docs/orders', 200, { Cookie: validCookie }));
test('a protected page, anonymous (the shell)', () => measure('protected page, no cookie', '/docs/orders', 401, {}));
