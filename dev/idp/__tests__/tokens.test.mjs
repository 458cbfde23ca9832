// The token endpoint, userinfo, revocation and introspection.
import { strict as assert } from 'node:assert';
import { before, describe, test } from 'node:test';

import {
  CLIENT_ID,
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
  introspect,
  idp,
  useProviderWithTestControls,
} from './helpers.mjs';

useProviderWithTestControls();

describe('tokens', () => {
  let tokens;
  let refreshed;

  before(async () => {
    tokens = await tokensFor(new Browser(), idp, { scope: 'openid profile email offline_access' });
  });

  test('code exchange returns access, ID and refresh tokens', () => {
    assert.equal(tokens.token_type, 'Bearer');
    assert.ok(tokens.access_token);
    assert.ok(tokens.refresh_token, 'refresh token issued without prompt=consent');
    assert.ok(tokens.id_token);
    assert.equal(tokens.expires_in, 3600);
    assert.deepEqual(tokens.scope.split(' ').sort(), ['email', 'offline_access', 'openid', 'profile']);
  });

  test('the ID token is RS256, for this client and issuer, and verifies against the JWKS', async () => {
    const { header, payload } = decodeJwt(tokens.id_token);
    assert.equal(header.alg, 'RS256');
    assert.equal(payload.iss, idp.issuer);
    assert.equal(payload.aud, CLIENT_ID);
    assert.equal(payload.sub, 'developer');
    assert.equal(payload.name, 'Dana Developer');
    // The demo user's sandbox client id (issue 23), matching the sandbox's demo client; never a secret.
    assert.equal(payload.sandbox_client_id, 'sandbox-demo');
    assert.ok(!JSON.stringify(payload).includes('secret'));
    assert.equal(payload.exp - payload.iat, 3600);
    const jwks = await (await fetch(`${idp.issuer}/connect/jwks`)).json();
    assert.ok(verifiesWith(tokens.id_token, jwks));
  });

  test('userinfo returns the profile (with the sandbox client id) and email claims', async () => {
    const response = await userinfo(idp, tokens.access_token);
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), {
      sub: 'developer',
      name: 'Dana Developer',
      given_name: 'Dana',
      family_name: 'Developer',
      preferred_username: 'developer',
      email: 'developer@example.com',
      email_verified: true,
      sandbox_client_id: 'sandbox-demo',
    });
  });

  test('the refresh grant returns new tokens', async () => {
    const { response, body } = await postForm(`${idp.issuer}/connect/token`, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: CLIENT_ID,
    });
    assert.equal(response.status, 200, JSON.stringify(body));
    assert.ok(body.access_token);
    assert.ok(body.id_token);
    assert.ok(body.refresh_token);
    assert.notEqual(body.access_token, tokens.access_token);
    refreshed = body;
    assert.equal((await userinfo(idp, refreshed.access_token)).status, 200);
  });

  test('revocation with client_id in the body makes both tokens inactive', async () => {
    assert.ok(refreshed, 'refresh test ran first');
    for (const token of [refreshed.access_token, refreshed.refresh_token]) {
      assert.equal((await introspect(idp, token)).body.active, true, 'active before revocation');
    }

    const revocation = `${idp.issuer}/connect/revocation`;
    const access = await postForm(revocation, {
      token: refreshed.access_token,
      token_type_hint: 'access_token',
      client_id: CLIENT_ID,
    });
    assert.equal(access.response.status, 200);
    assert.deepEqual((await introspect(idp, refreshed.access_token)).body, { active: false });
    assert.equal((await userinfo(idp, refreshed.access_token)).status, 401);

    const refresh = await postForm(revocation, {
      token: refreshed.refresh_token,
      token_type_hint: 'refresh_token',
      client_id: CLIENT_ID,
    });
    assert.equal(refresh.response.status, 200);
    assert.deepEqual((await introspect(idp, refreshed.refresh_token)).body, { active: false });
    const reuse = await postForm(`${idp.issuer}/connect/token`, {
      grant_type: 'refresh_token',
      refresh_token: refreshed.refresh_token,
      client_id: CLIENT_ID,
    });
    assert.equal(reuse.body.error, 'invalid_grant');
  });

  test('a second sign-in in the same browser needs no form and still gets a refresh token', async () => {
    const browser = new Browser();
    await tokensFor(browser, idp);
    const pkce = pkcePair();
    const url = authorizeUrl(idp, { code_challenge: pkce.challenge });
    const { redirectedTo } = await browser.follow(url);
    assert.ok(redirectedTo, 'no sign-in page, straight back to the site');
    const code = redirectedTo.searchParams.get('code');
    const { body } = await exchangeCode(idp, { code, verifier: pkce.verifier });
    assert.ok(body.refresh_token);
    assert.equal(decodeJwt(body.id_token).payload.sub, 'developer');
  });

  test('revoking the refresh token also ends the access token of that sign-in', async () => {
    const fresh = await tokensFor(new Browser(), idp);
    const { response } = await postForm(`${idp.issuer}/connect/revocation`, {
      token: fresh.refresh_token,
      client_id: CLIENT_ID,
    });
    assert.equal(response.status, 200);
    assert.deepEqual((await introspect(idp, fresh.access_token)).body, { active: false });
  });

  test('a replayed authorization code is rejected with invalid_grant', async () => {
    const grant = await signIn(new Browser(), idp);
    assert.equal((await exchangeCode(idp, grant)).response.status, 200);
    const replay = await exchangeCode(idp, grant);
    assert.equal(replay.response.status, 400);
    assert.equal(replay.body.error, 'invalid_grant');
  });

  test('a wrong code_verifier is rejected with invalid_grant', async () => {
    const grant = await signIn(new Browser(), idp);
    const { body } = await exchangeCode(idp, { ...grant, verifier: pkcePair().verifier });
    assert.equal(body.error, 'invalid_grant');
  });

  test('without offline_access no refresh token is issued', async () => {
    const body = await tokensFor(new Browser(), idp, { scope: 'openid profile' });
    assert.ok(body.access_token);
    assert.equal(body.refresh_token, undefined);
  });
});
