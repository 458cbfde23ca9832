// The provider on a free port, and its discovery document.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';

import { idp, useProviderWithTestControls } from './helpers.mjs';

useProviderWithTestControls();

test('issuer uses localhost and the bound port', () => {
  assert.ok(idp.port > 0);
  assert.equal(idp.issuer, `http://localhost:${idp.port}`);
});

test('discovery lists the /connect/* endpoints', async () => {
  const response = await fetch(`${idp.issuer}/.well-known/openid-configuration`);
  assert.equal(response.status, 200);
  const discovery = await response.json();
  assert.equal(discovery.issuer, idp.issuer);
  assert.deepEqual(
    {
      authorization: discovery.authorization_endpoint,
      token: discovery.token_endpoint,
      userinfo: discovery.userinfo_endpoint,
      revocation: discovery.revocation_endpoint,
      endSession: discovery.end_session_endpoint,
      introspection: discovery.introspection_endpoint,
      jwks: discovery.jwks_uri,
    },
    {
      authorization: `${idp.issuer}/connect/authorize`,
      token: `${idp.issuer}/connect/token`,
      userinfo: `${idp.issuer}/connect/userinfo`,
      revocation: `${idp.issuer}/connect/revocation`,
      endSession: `${idp.issuer}/connect/endsession`,
      introspection: `${idp.issuer}/connect/introspect`,
      jwks: `${idp.issuer}/connect/jwks`,
    },
  );
  assert.deepEqual(discovery.code_challenge_methods_supported, ['S256']);
  assert.deepEqual(discovery.response_types_supported, ['code']);
  for (const scope of ['openid', 'profile', 'email', 'offline_access']) {
    assert.ok(discovery.scopes_supported.includes(scope), scope);
  }
});
