// @ts-check
// The gate's bound on requests to the identity provider, on the real workerd runtime (miniflare): jose does
// not share a pending key-set fetch on Workers, so the verifier does. 200 concurrent requests whose tokens
// name a key the provider does not publish, sent to a Worker that has fetched nothing yet, cost one
// discovery request and one key-set request (before the verifier shared them: dozens of each).
// Run: node --test server/__tests__/workerKeySet.test.mjs
import { strict as assert } from 'node:assert';
import { after, before, test } from 'node:test';

import { signIdToken, signingKey } from './testProvider.mjs';
import { startGatedWorkerSite } from './workerSite.mjs';

const CONCURRENT = 200;

/** @type {Awaited<ReturnType<typeof startGatedWorkerSite>>} */
let gated;
before(
  async () => {
    gated = await startGatedWorkerSite({
      protectedFiles: ['docs/orders/index.html'],
      protectedPaths: ['/docs'],
      shell: 'index.html',
    });
  },
  { timeout: 60_000 },
);
after(() => gated?.close());

test(`${CONCURRENT} concurrent tokens with an unknown key id cost one key-set fetch`, { timeout: 60_000 }, async () => {
  const { site, provider, clientId } = gated;
  const stranger = await signingKey('unknown-kid');
  const tokens = await Promise.all(
    Array.from({ length: CONCURRENT }, (_, index) =>
      signIdToken(stranger, provider.issuer, { clientId, claims: { sub: `reader-${index}` } }),
    ),
  );
  const statuses = await Promise.all(
    tokens.map(async (token) => {
      const response = await site.fetch('/docs/orders/', { headers: { Cookie: `docs_id_token=${token}` } });
      await response.arrayBuffer();
      return response.status;
    }),
  );
  assert.deepEqual(new Set(statuses), new Set([401]));
  assert.equal(provider.discoveryRequests, 1, 'discovery documents fetched');
  assert.equal(provider.keySetRequests, 1, 'key sets fetched');

  const response = await site.fetch('/docs/orders/', {
    headers: { Cookie: `docs_id_token=${await gated.signToken()}` },
  });
  assert.equal(response.status, 200);
  await response.arrayBuffer();
  assert.equal(provider.keySetRequests, 1, 'the valid token was checked against the keys already fetched');
});
