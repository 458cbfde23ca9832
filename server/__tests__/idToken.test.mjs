// @ts-check
// The gate's ID-token check against a real OpenID provider on loopback (discovery document and key set
// over HTTP), and the cookie reader it takes the token from.
// Run: node --test server/__tests__/idToken.test.mjs
import { strict as assert } from 'node:assert';
import { after, before, describe, test } from 'node:test';

import fc from 'fast-check';
import { base64url, exportSPKI, SignJWT } from 'jose';

import { MAX_COOKIE_HEADER_LENGTH, readCookies } from '../gate/cookies.mjs';
import { createIdTokenVerifier, MAX_TOKEN_LENGTH } from '../gate/idToken.mjs';
import { signIdToken, signingKey, startProvider } from './testProvider.mjs';

const CLIENT_ID = 'docs-site';
/** The verifier's clock in every test: tokens are dated from it, nothing waits for real time to pass. */
const NOW = new Date('2031-03-04T05:06:07Z');
const NOW_SECONDS = Math.floor(NOW.getTime() / 1000);
const SKEW = 60;

/**
 * @param {string} issuer
 * @param {{ now?: () => Date }} [options]
 */
function verifierFor(issuer, { now = () => NOW } = {}) {
  return createIdTokenVerifier({ issuer, clientId: CLIENT_ID, currentDate: now });
}

/**
 * A token signed with `key`: by default a valid ID token of `issuer` for this site, issued a minute ago.
 * A claim set to undefined is left out.
 * @param {import('./testProvider.mjs').SigningKey} key
 * @param {string} issuer
 * @param {{ claims?: Record<string, unknown>, header?: Record<string, unknown> }} [overrides]
 */
function signToken(key, issuer, overrides = {}) {
  return signIdToken(key, issuer, { clientId: CLIENT_ID, nowSeconds: NOW_SECONDS, ...overrides });
}

/** @param {unknown} value */
function encodeJson(value) {
  return base64url.encode(JSON.stringify(value));
}

/**
 * Asserts a refusal whose reason says nothing of the token.
 * @param {import('../gate/idToken.mjs').Verification} result
 * @param {string} token
 * @param {RegExp} [expectedReason]
 */
function assertRefused(result, token, expectedReason) {
  assert.equal(result.ok, false, 'the token was accepted');
  if (result.ok) return;
  assert.equal(typeof result.reason, 'string');
  assert.ok(result.reason.length > 0 && result.reason.length < 120, `reason too long: ${result.reason}`);
  for (const part of token.split('.')) {
    if (part.length >= 8)
      assert.ok(!result.reason.includes(part.slice(0, 8)), `reason quotes the token: ${result.reason}`);
  }
  if (expectedReason) assert.match(result.reason, expectedReason);
}

/** @type {import('./testProvider.mjs').SigningKey} */ let rsaKey;
/** @type {import('./testProvider.mjs').SigningKey} */ let ecKey;
/** @type {import('./testProvider.mjs').SigningKey} */ let strayKey;
before(async () => {
  [rsaKey, ecKey, strayKey] = await Promise.all([
    signingKey('key-1'),
    signingKey('ec-1', 'ES256'),
    signingKey('never-published'),
  ]);
});

describe('a valid ID token', () => {
  /** @type {Awaited<ReturnType<typeof startProvider>>} */
  let provider;
  before(async () => {
    provider = await startProvider({ keys: [rsaKey, ecKey] });
  });
  after(() => provider.close());

  test('is accepted with its claims, signed with RS256 or ES256, with or without typ: JWT', async () => {
    const verifier = verifierFor(provider.issuer);
    for (const token of [
      await signToken(rsaKey, provider.issuer),
      await signToken(ecKey, provider.issuer),
      await signToken(rsaKey, provider.issuer, { header: { typ: 'JWT' } }),
    ]) {
      const result = await verifier.verify(token);
      assert.ok(result.ok, result.ok ? '' : result.reason);
      assert.equal(result.claims.sub, 'reader-42');
      assert.equal(result.claims.aud, CLIENT_ID);
    }
    assert.equal(provider.discoveryRequests, 1, 'the discovery document is fetched once');
    assert.equal(provider.keySetRequests, 1, 'the key set is fetched once');
  });

  test('is accepted when it expired less than the clock tolerance ago, and refused beyond it', async () => {
    const verifier = verifierFor(provider.issuer);
    const lately = await signToken(rsaKey, provider.issuer, { claims: { exp: NOW_SECONDS - SKEW + 60 } });
    assert.ok((await verifier.verify(lately)).ok);
    const longAgo = await signToken(rsaKey, provider.issuer, { claims: { exp: NOW_SECONDS - SKEW - 1 } });
    assertRefused(await verifier.verify(longAgo), longAgo, /expired/);
  });

  test('with several audiences is accepted only when azp names this site', async () => {
    const verifier = verifierFor(provider.issuer);
    const aud = [CLIENT_ID, 'another-api'];
    const withAzp = await signToken(rsaKey, provider.issuer, { claims: { aud, azp: CLIENT_ID } });
    assert.ok((await verifier.verify(withAzp)).ok);
    const withoutAzp = await signToken(rsaKey, provider.issuer, { claims: { aud } });
    assertRefused(await verifier.verify(withoutAzp), withoutAzp, /azp/);
  });

  test('stays accepted from memory no longer than its expiry plus the tolerance', async () => {
    let clock = NOW;
    const verifier = verifierFor(provider.issuer, { now: () => clock });
    const token = await signToken(rsaKey, provider.issuer, { claims: { exp: NOW_SECONDS + 10 } });
    assert.ok((await verifier.verify(token)).ok);
    clock = new Date(NOW.getTime() + 5_000);
    assert.ok((await verifier.verify(token)).ok);
    clock = new Date(NOW.getTime() + (10 + SKEW + 1) * 1000);
    assertRefused(await verifier.verify(token), token, /expired/);
  });
});

describe('a token that is not a valid ID token for this site is refused', () => {
  /** @type {Awaited<ReturnType<typeof startProvider>>} */
  let provider;
  /** @type {ReturnType<typeof createIdTokenVerifier>} */
  let verifier;
  before(async () => {
    provider = await startProvider({ keys: [rsaKey, ecKey] });
    verifier = verifierFor(provider.issuer);
    // Warm: discovery and keys fetched, so each case below reaches the check it is about.
    assert.ok((await verifier.verify(await signToken(rsaKey, provider.issuer))).ok);
  });
  after(() => provider.close());

  /** @type {Array<[string, (issuer: string) => Promise<string>, RegExp]>} */
  const cases = [
    [
      'expired beyond the tolerance',
      (iss) => signToken(rsaKey, iss, { claims: { exp: NOW_SECONDS - SKEW } }),
      /expired/,
    ],
    [
      'not valid before a time beyond the tolerance',
      (iss) => signToken(rsaKey, iss, { claims: { nbf: NOW_SECONDS + SKEW + 60 } }),
      /not yet valid/,
    ],
    [
      'issued in the future beyond the tolerance',
      (iss) => signToken(rsaKey, iss, { claims: { iat: NOW_SECONDS + SKEW + 60 } }),
      /future/,
    ],
    ['for another audience', (iss) => signToken(rsaKey, iss, { claims: { aud: 'another-client' } }), /audience/],
    ['from another issuer', () => signToken(rsaKey, 'https://idp.attacker.example', {}), /issuer/],
    ['issued to another client (azp)', (iss) => signToken(rsaKey, iss, { claims: { azp: 'another-client' } }), /azp/],
    ['without exp', (iss) => signToken(rsaKey, iss, { claims: { exp: undefined } }), /"exp"/],
    ['without iat', (iss) => signToken(rsaKey, iss, { claims: { iat: undefined } }), /"iat"/],
    ['without sub', (iss) => signToken(rsaKey, iss, { claims: { sub: undefined } }), /"sub"/],
    ['with an empty sub', (iss) => signToken(rsaKey, iss, { claims: { sub: '' } }), /"sub"/],
    ['with a string exp', (iss) => signToken(rsaKey, iss, { claims: { exp: String(NOW_SECONDS + 60) } }), /"exp"/],
    [
      'with its payload altered after signing',
      async (iss) => {
        const [header, , signature] = (await signToken(rsaKey, iss)).split('.');
        const altered = { iss, aud: CLIENT_ID, sub: 'admin', iat: NOW_SECONDS - 60, exp: NOW_SECONDS + 3600 };
        return `${header}.${encodeJson(altered)}.${signature}`;
      },
      /bad signature/,
    ],
    [
      'signed with a key the provider never published',
      (iss) => signToken(strayKey, iss),
      /key the provider does not publish/,
    ],
    [
      'signed with a published key under another kid',
      (iss) => signToken({ ...strayKey, kid: 'key-1' }, iss),
      /bad signature/,
    ],
    [
      'an access token (typ: at+jwt, scope, client_id) signed with the real key',
      (iss) =>
        signToken(rsaKey, iss, {
          header: { typ: 'at+jwt' },
          claims: { scope: 'openid profile', client_id: CLIENT_ID, jti: 'at-1' },
        }),
      /access token/,
    ],
    [
      'an access token without typ but with a scope',
      (iss) => signToken(rsaKey, iss, { claims: { scope: 'openid' } }),
      /access token/,
    ],
    ['an Okta access token (scp)', (iss) => signToken(rsaKey, iss, { claims: { scp: ['openid'] } }), /access token/],
    ['with an unknown typ', (iss) => signToken(rsaKey, iss, { header: { typ: 'logout+jwt' } }), /typ/],
    [
      'alg: none, signature part empty',
      async (iss) =>
        `${encodeJson({ alg: 'none', typ: 'JWT' })}.${encodeJson({ iss, aud: CLIENT_ID, sub: 'x', iat: NOW_SECONDS, exp: NOW_SECONDS + 60 })}.`,
      /not a signed JWT/,
    ],
    [
      'alg: none, with a made-up signature',
      async (iss) =>
        `${encodeJson({ alg: 'none' })}.${encodeJson({ iss, aud: CLIENT_ID, sub: 'x', iat: NOW_SECONDS, exp: NOW_SECONDS + 60 })}.c2lnbmF0dXJl`,
      /algorithm not allowed/,
    ],
    [
      'HS256 keyed with the public key (algorithm confusion)',
      async (iss) => {
        const secret = new TextEncoder().encode(await exportSPKI(rsaKey.publicKey));
        const payload = { iss, aud: CLIENT_ID, sub: 'x', iat: NOW_SECONDS, exp: NOW_SECONDS + 60 };
        return new SignJWT(payload).setProtectedHeader({ alg: 'HS256', kid: 'key-1' }).sign(secret);
      },
      /algorithm not allowed/,
    ],
    ['the empty string', async () => '', /not a signed JWT/],
    ['two parts', async () => 'a.b', /not a signed JWT/],
    ['garbage', async () => 'definitely not a token ☃', /not a signed JWT/],
    ['three parts that are not base64url JSON', async () => 'a.b.c', /malformed/],
    [
      'a header that is not JSON',
      async () => `${base64url.encode('not json')}.${encodeJson({ sub: 'x' })}.c2ln`,
      /malformed/,
    ],
    [
      'a header that is a JSON array',
      async () => `${encodeJson(['RS256'])}.${encodeJson({ sub: 'x' })}.c2ln`,
      /malformed/,
    ],
    ['four parts', async (iss) => `${await signToken(rsaKey, iss)}.extra`, /not a signed JWT/],
    ['a 100 KB token', async () => `${'a'.repeat(50_000)}.${'b'.repeat(50_000)}.c2ln`, /not a signed JWT/],
    [
      'one character over the length limit',
      async () => `${'a'.repeat(MAX_TOKEN_LENGTH - 6)}.b.c2ln`,
      /not a signed JWT/,
    ],
  ];

  for (const [name, makeToken, expectedReason] of cases) {
    test(name, async () => {
      const token = await makeToken(provider.issuer);
      assertRefused(await verifier.verify(token), token, expectedReason);
    });
  }

  test('a value that is not a string', async () => {
    for (const value of [undefined, null, 42, {}]) {
      assertRefused(
        await verifier.verify(/** @type {string} */ (/** @type {unknown} */ (value))),
        '',
        /not a signed JWT/,
      );
    }
  });
});

test('tokens refused by their shape or header cost no request to the provider', async (t) => {
  const provider = await startProvider({ keys: [rsaKey] });
  t.after(() => provider.close());
  const verifier = verifierFor(provider.issuer);
  const payload = encodeJson({
    iss: provider.issuer,
    aud: CLIENT_ID,
    sub: 'x',
    iat: NOW_SECONDS,
    exp: NOW_SECONDS + 60,
  });
  const tokens = [
    '',
    'a.b',
    'x'.repeat(100_000),
    `${encodeJson({ alg: 'none' })}.${payload}.`,
    `${encodeJson({ alg: 'HS256' })}.${payload}.c2ln`,
    await signToken(rsaKey, provider.issuer, { header: { typ: 'at+jwt' } }),
  ];
  for (const token of tokens) assertRefused(await verifier.verify(token), token);
  assert.equal(provider.discoveryRequests + provider.keySetRequests, 0);
});

describe('when the provider fails, tokens are refused and the provider is asked again at most every 10 s', () => {
  test('connection refused', async () => {
    const provider = await startProvider({ keys: [rsaKey] });
    const { issuer } = provider;
    await provider.close();
    const token = await signToken(rsaKey, issuer);
    assertRefused(await verifierFor(issuer).verify(token), token, /could not be reached \(discovery document\)/);
  });

  test('HTTP 500 for the discovery document, then back', async (t) => {
    const provider = await startProvider({ keys: [rsaKey] });
    t.after(() => provider.close());
    provider.discoveryAnswer = 'error';
    let clock = NOW;
    const verifier = verifierFor(provider.issuer, { now: () => clock });
    const token = await signToken(rsaKey, provider.issuer);

    assertRefused(await verifier.verify(token), token, /could not be reached \(discovery document: HTTP 500\)/);
    assertRefused(await verifier.verify(token), token, /retrying shortly/);
    clock = new Date(NOW.getTime() + 9_000);
    assertRefused(await verifier.verify(token), token, /retrying shortly/);
    assert.equal(provider.discoveryRequests, 1, 'no second request within 10 s');

    provider.discoveryAnswer = 'ok';
    clock = new Date(NOW.getTime() + 11_000);
    const result = await verifier.verify(token);
    assert.ok(result.ok, result.ok ? '' : result.reason);
    assert.equal(provider.discoveryRequests, 2);
  });

  test('a discovery document that is not JSON', async (t) => {
    const provider = await startProvider({ keys: [rsaKey] });
    t.after(() => provider.close());
    provider.discoveryAnswer = 'not-json';
    const token = await signToken(rsaKey, provider.issuer);
    assertRefused(await verifierFor(provider.issuer).verify(token), token, /discovery document is not a JSON object/);
  });

  test('a discovery document that names another issuer', async (t) => {
    const provider = await startProvider({ keys: [rsaKey] });
    t.after(() => provider.close());
    provider.claimedIssuer = 'https://idp.attacker.example';
    const token = await signToken(rsaKey, provider.issuer);
    assertRefused(await verifierFor(provider.issuer).verify(token), token, /names another issuer/);
  });

  test('HTTP 500 for the key set', async (t) => {
    const provider = await startProvider({ keys: [rsaKey] });
    t.after(() => provider.close());
    provider.keySetAnswer = 'error';
    let clock = NOW;
    const verifier = verifierFor(provider.issuer, { now: () => clock });
    const token = await signToken(rsaKey, provider.issuer);
    assertRefused(await verifier.verify(token), token, /could not be reached \(key set: HTTP 500\)/);
    assertRefused(await verifier.verify(token), token, /retrying shortly/);
    assert.equal(provider.keySetRequests, 1);
    provider.keySetAnswer = 'ok';
    clock = new Date(NOW.getTime() + 11_000);
    assert.ok((await verifier.verify(token)).ok);
  });
});

test('after the provider rotates its key, a token signed with the new key is accepted; unknown keys refetch at most once per cooldown', async (t) => {
  // jose times its key-set cooldown with Date.now(), not with the verifier's clock.
  let realNow = Date.now();
  t.mock.method(Date, 'now', () => realNow);
  const newKey = await signingKey('key-2');
  const provider = await startProvider({ keys: [rsaKey] });
  t.after(() => provider.close());
  const verifier = verifierFor(provider.issuer);

  assert.ok((await verifier.verify(await signToken(rsaKey, provider.issuer))).ok);
  assert.equal(provider.keySetRequests, 1);

  realNow += 31_000;
  provider.publishedKeys = [newKey.publicJwk];
  const rotated = await verifier.verify(await signToken(newKey, provider.issuer));
  assert.ok(rotated.ok, rotated.ok ? '' : rotated.reason);
  assert.equal(provider.keySetRequests, 2, 'the unknown kid made the verifier fetch the keys again');

  const stray = await signToken(strayKey, provider.issuer);
  assertRefused(await verifier.verify(stray), stray, /key the provider does not publish/);
  assertRefused(await verifier.verify(stray), stray, /key the provider does not publish/);
  assert.equal(provider.keySetRequests, 2, 'no refetch within the cooldown');

  realNow += 31_000;
  assertRefused(await verifier.verify(stray), stray, /key the provider does not publish/);
  assert.equal(provider.keySetRequests, 3, 'after the cooldown an unknown kid refetches once more');
});

test('200 concurrent tokens with an unknown key id, on a verifier that has fetched nothing yet, cost one discovery and one key-set request', async (t) => {
  const provider = await startProvider({ keys: [rsaKey] });
  t.after(() => provider.close());
  const verifier = verifierFor(provider.issuer);
  const tokens = await Promise.all(
    Array.from({ length: 200 }, (_, index) =>
      signToken(strayKey, provider.issuer, { claims: { sub: `reader-${index}` } }),
    ),
  );
  const results = await Promise.all(tokens.map((token) => verifier.verify(token)));
  for (const [index, result] of results.entries()) {
    assertRefused(result, tokens[index], /key the provider does not publish/);
  }
  assert.equal(provider.discoveryRequests, 1);
  assert.equal(provider.keySetRequests, 1);
});

describe('readCookies', () => {
  /** @type {Array<[string, string[], string]>} */
  const cases = [
    ['id_token=abc', ['abc'], 'the only cookie'],
    ['theme=dark; id_token=abc; lang=en', ['abc'], 'among others'],
    ['id_token="abc"', ['abc'], 'a quoted value'],
    ['id_token=first; id_token=second', ['first', 'second'], 'every one of duplicates, in order'],
    ['xid_token=evil; id_token_old=evil; id_token=good', ['good'], 'not a cookie whose name only contains the name'],
    ['theme=dark', [], 'missing'],
    ['', [], 'an empty header'],
    ['id_token', [], 'a pair without "="'],
    ['id_token; id_token=good', ['good'], 'after a pair without "="'],
    ['id_token=bad"quote; id_token=good', ['good'], 'after a malformed value'],
    ['=x; ;; id_token=good;;', ['good'], 'among empty and nameless pairs'],
    ['  id_token =  abc  ', ['abc'], 'with spaces around'],
    ['id_token=a%20b', ['a b'], 'percent-encoded'],
    ['id_token=%E0%A4%A', ['%E0%A4%A'], 'broken percent-encoding, left as it is'],
    ['id_token=', [''], 'empty'],
  ];
  for (const [header, expected, name] of cases) {
    test(name, () => assert.deepEqual(readCookies(header, 'id_token'), expected));
  }

  test('an absent header', () => assert.deepEqual(readCookies(undefined, 'id_token'), []));

  test('a header longer than 16 KiB is not read', () => {
    const filler = `; pad=${'a'.repeat(MAX_COOKIE_HEADER_LENGTH)}`;
    assert.deepEqual(readCookies(`id_token=abc${filler}`, 'id_token'), []);
    const fits = `id_token=abc; pad=`.padEnd(MAX_COOKIE_HEADER_LENGTH, 'a');
    assert.deepEqual(readCookies(fits, 'id_token'), ['abc']);
  });

  test('never throws, whatever the header', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (header) => {
        const values = readCookies(header, 'id_token');
        assert.ok(values.every((value) => typeof value === 'string'));
      }),
    );
  });

  test('finds any token-shaped value among other cookies, whatever was planted before it', () => {
    const tokenShaped = fc.stringMatching(/^[\w-]{1,40}\.[\w-]{1,40}\.[\w-]{1,40}$/);
    fc.assert(
      fc.property(tokenShaped, fc.array(fc.stringMatching(/^[a-z]{1,8}=[a-z0-9]{0,8}$/)), (token, others) => {
        const header = ['id_token=planted', ...others, `id_token=${token}`, 'id_token=later'].join('; ');
        assert.deepEqual(readCookies(header, 'id_token'), ['planted', token, 'later']);
      }),
    );
  });
});
