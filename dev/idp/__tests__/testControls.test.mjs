// The test controls (/__test__/*) the browser tests switch the provider with.
import { strict as assert } from 'node:assert';
import { after, before, describe, test } from 'node:test';

import { fingerprint } from '../test-controls.mjs';
import {
  SITE,
  OTHER_ORIGIN,
  REDIRECT_URI,
  CLIENT_ID,
  REALM,
  Browser,
  pkcePair,
  authorizeUrl,
  signIn,
  postForm,
  exchangeCode,
  tokensFor,
  decodeJwt,
  verifiesWith,
  userinfo,
  control,
  expectErrorRedirect,
  idp,
  useProviderWithTestControls,
} from './helpers.mjs';

useProviderWithTestControls();

describe('test controls', () => {
  before(() => control(idp, 'reset', {}));
  after(() => control(idp, 'reset', {}));

  test('outage answers 503 JSON everywhere until switched off', async () => {
    assert.deepEqual(await (await control(idp, 'outage', { down: true })).json(), { down: true });
    for (const path of ['/.well-known/openid-configuration', '/connect/jwks', '/connect/authorize']) {
      const response = await fetch(`${idp.issuer}${path}`, { headers: { origin: SITE } });
      assert.equal(response.status, 503, path);
      assert.equal((await response.json()).error, 'temporarily_unavailable');
      assert.equal(response.headers.get('access-control-allow-origin'), SITE);
    }
    const token = await postForm(`${idp.issuer}/connect/token`, {
      grant_type: 'refresh_token',
      refresh_token: 'x',
      client_id: CLIENT_ID,
    });
    assert.equal(token.response.status, 503);

    await control(idp, 'outage', { down: false });
    assert.equal((await fetch(`${idp.issuer}/.well-known/openid-configuration`)).status, 200);
  });

  test('foreign keys make ID tokens fail verification against the JWKS', async () => {
    const { id_token: idToken } = await tokensFor(new Browser(), idp);
    const realJwks = await (await fetch(`${idp.issuer}/connect/jwks`)).json();
    assert.ok(verifiesWith(idToken, realJwks));

    assert.deepEqual(await (await control(idp, 'foreign-keys', { on: true })).json(), { on: true });
    const jwksResponse = await fetch(`${idp.issuer}/connect/jwks`);
    assert.match(jwksResponse.headers.get('content-type'), /application\/jwk-set\+json/);
    const foreignJwks = await jwksResponse.json();
    assert.equal(foreignJwks.keys[0].kid, realJwks.keys[0].kid, 'same kid, other key');
    assert.notEqual(foreignJwks.keys[0].n, realJwks.keys[0].n);
    assert.equal(foreignJwks.keys[0].d, undefined, 'no private part published');
    assert.equal(verifiesWith(idToken, foreignJwks), false);

    await control(idp, 'foreign-keys', { on: false });
    assert.ok(verifiesWith(idToken, await (await fetch(`${idp.issuer}/connect/jwks`)).json()));
  });

  test('requests are logged with their form, and reset clears log and switches', async () => {
    await control(idp, 'reset', {});
    const grant = await signIn(new Browser(), idp);
    await exchangeCode(idp, grant);

    const log = await (await control(idp, 'requests')).json();
    const authorize = log.find((entry) => entry.path === '/connect/authorize');
    assert.equal(authorize.method, 'GET');
    assert.equal(authorize.query.realm, REALM);
    const token = log.find((entry) => entry.path === '/connect/token');
    assert.equal(token.method, 'POST');
    // Secrets appear only as fingerprints a test can recompute from a value it knows.
    assert.deepEqual(token.form, {
      grant_type: 'authorization_code',
      code: fingerprint(grant.code),
      code_verifier: fingerprint(grant.verifier),
      redirect_uri: REDIRECT_URI,
      client_id: CLIENT_ID,
    });
    assert.ok(!JSON.stringify(log).includes(grant.code), 'no code in clear');
    assert.ok(!JSON.stringify(log).includes(grant.verifier), 'no verifier in clear');
    assert.ok(
      log.every((entry) => !entry.path.startsWith('/__test__/')),
      'controls are not logged',
    );

    await control(idp, 'outage', { down: true });
    await postForm(`${idp.issuer}/connect/revocation`, { token: 'abc', client_id: CLIENT_ID });
    const duringOutage = (await (await control(idp, 'requests')).json()).at(-1);
    assert.deepEqual(duringOutage, {
      method: 'POST',
      path: '/connect/revocation',
      query: {},
      form: { token: fingerprint('abc'), client_id: CLIENT_ID },
    });

    await control(idp, 'foreign-keys', { on: true });
    await control(idp, 'reset', {});
    assert.deepEqual(await (await control(idp, 'requests')).json(), []);
    assert.equal((await fetch(`${idp.issuer}/.well-known/openid-configuration`)).status, 200, 'outage off');
    const jwks = await (await fetch(`${idp.issuer}/connect/jwks`)).json();
    assert.ok(verifiesWith((await tokensFor(new Browser(), idp)).id_token, jwks), 'foreign keys off');
  });

  test('the log keeps only the last 200 requests', async () => {
    await control(idp, 'reset', {});
    for (let i = 0; i < 205; i += 1) {
      await fetch(`${idp.issuer}/connect/jwks?n=${i}`);
    }
    const log = await (await control(idp, 'requests')).json();
    assert.equal(log.length, 200);
    assert.equal(log[0].query.n, '5');
    assert.equal(log.at(-1).query.n, '204');
  });

  test("controls refuse a request without this run's token, or a body that is not JSON", async () => {
    assert.ok(idp.testControlsToken.length >= 32, 'a random token was made');
    // What a cross-site form post can send: text/plain, no custom header.
    const formPost = await control(idp, 'outage', '{"down":true}', { token: null, contentType: 'text/plain' });
    assert.equal(formPost.status, 403);
    assert.equal((await control(idp, 'outage', { down: true }, { token: 'x'.repeat(32) })).status, 403);
    assert.equal((await control(idp, 'requests', undefined, { token: null })).status, 403);
    const textPlain = await control(idp, 'outage', '{"down":true}', { contentType: 'text/plain' });
    assert.equal(textPlain.status, 415);
    const urlEncoded = await control(idp, 'outage', 'down=true', {
      contentType: 'application/x-www-form-urlencoded',
    });
    assert.equal(urlEncoded.status, 415);
    assert.equal((await fetch(`${idp.issuer}/.well-known/openid-configuration`)).status, 200, 'no outage happened');
  });

  test('control endpoints answer CORS for the site origin only', async () => {
    const preflight = (origin) =>
      fetch(`${idp.issuer}/__test__/outage`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      });
    const allowed = await preflight(SITE);
    assert.equal(allowed.status, 204);
    assert.equal(allowed.headers.get('access-control-allow-origin'), SITE);
    assert.match(allowed.headers.get('access-control-allow-headers'), /content-type/i);
    assert.match(allowed.headers.get('access-control-allow-headers'), /x-test-controls-token/i);
    assert.equal((await preflight(OTHER_ORIGIN)).headers.get('access-control-allow-origin'), null);
    const log = await fetch(`${idp.issuer}/__test__/requests`, {
      headers: { origin: SITE, 'x-test-controls-token': idp.testControlsToken },
    });
    assert.equal(log.headers.get('access-control-allow-origin'), SITE);
  });

  test('realm changes the accepted realm until reset', async () => {
    assert.deepEqual(await (await control(idp, 'realm', { realm: 'partners' })).json(), { realm: 'partners' });
    const url = authorizeUrl(idp, { code_challenge: pkcePair().challenge });
    const { redirectedTo } = await new Browser().follow(url);
    const description = expectErrorRedirect(redirectedTo, 'invalid_request', url.searchParams.get('state'));
    assert.match(description, /realm "partners"/);

    await control(idp, 'reset', {});
    const tokens = await tokensFor(new Browser(), idp);
    assert.ok(tokens.access_token, 'the configured realm works again');
  });

  test('token-ttl shortens new access tokens until reset', async () => {
    assert.equal((await control(idp, 'token-ttl', { accessTokenTtl: 0 })).status, 400);
    await control(idp, 'token-ttl', { accessTokenTtl: 40 });
    assert.equal((await tokensFor(new Browser(), idp)).expires_in, 40);
    await control(idp, 'reset', {});
    assert.equal((await tokensFor(new Browser(), idp)).expires_in, 3600);
  });

  test('the mismatch user gets a different sub from userinfo than in its ID token', async () => {
    const tokens = await tokensFor(new Browser(), idp, { username: 'mismatch', password: 'mismatch-password' });
    const idTokenSub = decodeJwt(tokens.id_token).payload.sub;
    const info = await (await userinfo(idp, tokens.access_token)).json();
    assert.equal(idTokenSub, 'mismatch');
    assert.ok(info.sub, 'userinfo has a sub');
    assert.notEqual(info.sub, idTokenSub);
  });

  test('other users keep matching subjects', async () => {
    const tokens = await tokensFor(new Browser(), idp, { username: 'analyst', password: 'analyst-password' });
    const info = await (await userinfo(idp, tokens.access_token)).json();
    assert.equal(info.sub, decodeJwt(tokens.id_token).payload.sub);
    assert.equal(info.name, 'Alex Analyst');
  });
});
