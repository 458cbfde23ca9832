// CORS: only the site origins get Access-Control-* headers.
import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';

import {
  SITE,
  OTHER_ORIGIN,
  REDIRECT_URI,
  CLIENT_ID,
  Browser,
  signIn,
  postForm,
  tokensFor,
  idp,
  useProviderWithTestControls,
} from './helpers.mjs';

useProviderWithTestControls();

describe('CORS', () => {
  test('discovery and jwks allow the site origin only', async () => {
    for (const path of ['/.well-known/openid-configuration', '/connect/jwks']) {
      const allowed = await fetch(`${idp.issuer}${path}`, { headers: { origin: SITE } });
      assert.equal(allowed.headers.get('access-control-allow-origin'), SITE, path);
      const other = await fetch(`${idp.issuer}${path}`, { headers: { origin: OTHER_ORIGIN } });
      assert.equal(other.headers.get('access-control-allow-origin'), null, path);
    }
  });

  test('token endpoint allows the site origin only', async () => {
    const grant = await signIn(new Browser(), idp);
    const form = {
      grant_type: 'authorization_code',
      code: grant.code,
      code_verifier: grant.verifier,
      redirect_uri: REDIRECT_URI,
      client_id: CLIENT_ID,
    };
    const other = await postForm(`${idp.issuer}/connect/token`, form, { origin: OTHER_ORIGIN });
    assert.equal(other.response.headers.get('access-control-allow-origin'), null);
    assert.equal(other.response.status, 400);
    const allowed = await postForm(`${idp.issuer}/connect/token`, form, { origin: SITE });
    assert.equal(allowed.response.status, 200);
    assert.equal(allowed.response.headers.get('access-control-allow-origin'), SITE);
  });

  test('preflights answer the site origin only', async () => {
    for (const path of ['/connect/token', '/connect/userinfo', '/connect/revocation', '/connect/introspect']) {
      const preflight = (origin) =>
        fetch(`${idp.issuer}${path}`, {
          method: 'OPTIONS',
          headers: {
            origin,
            'access-control-request-method': 'POST',
            'access-control-request-headers': 'authorization',
          },
        });
      assert.equal((await preflight(SITE)).headers.get('access-control-allow-origin'), SITE, path);
      assert.equal((await preflight(OTHER_ORIGIN)).headers.get('access-control-allow-origin'), null, path);
    }
  });

  test('userinfo allows the site origin', async () => {
    const tokens = await tokensFor(new Browser(), idp);
    const response = await fetch(`${idp.issuer}/connect/userinfo`, {
      headers: { authorization: `Bearer ${tokens.access_token}`, origin: SITE },
    });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('access-control-allow-origin'), SITE);
  });
});
