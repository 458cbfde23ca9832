// What an MCP client does to sign in by itself: discovery, dynamic registration, the code flow with PKCE and a
// resource indicator through the sign-in form, a JWT access token bound to the MCP server, refresh, and the
// introspection and revocation the MCP server relies on.
import { strict as assert } from 'node:assert';
import { before, describe, test } from 'node:test';

import { MCP_INTROSPECTION_CLIENT } from '../mcpResource.mjs';
import {
  Browser,
  control,
  decodeJwt,
  idp,
  MCP_CLIENT_REDIRECT_URI,
  pkcePair,
  postForm,
  registerMcpClient,
  signInAsMcpClient,
  useProviderWithTestControls,
  verifiesWith,
} from './helpers.mjs';

useProviderWithTestControls();

const RESOURCE = 'http://localhost:3750/mcp';
const BASE_URL_RESOURCE = 'http://127.0.0.1:3751/developers/mcp';

const basic = (id, secret) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
const asMcpServer = { authorization: basic(MCP_INTROSPECTION_CLIENT.clientId, MCP_INTROSPECTION_CLIENT.clientSecret) };

function introspectAsMcpServer(token, headers = asMcpServer) {
  return postForm(`${idp.issuer}/connect/introspect`, { token, token_type_hint: 'access_token' }, headers);
}

describe('an MCP client signs in by itself', () => {
  test('the authorization-server metadata (RFC 8414) names registration, PKCE S256, introspection and revocation', async () => {
    const response = await fetch(`${idp.issuer}/.well-known/oauth-authorization-server`);
    assert.equal(response.status, 200);
    const metadata = await response.json();
    assert.equal(metadata.issuer, idp.issuer);
    assert.equal(metadata.registration_endpoint, `${idp.issuer}/connect/register`);
    assert.deepEqual(metadata.code_challenge_methods_supported, ['S256']);
    assert.equal(metadata.introspection_endpoint, `${idp.issuer}/connect/introspect`);
    assert.equal(metadata.revocation_endpoint, `${idp.issuer}/connect/revocation`);
    assert.ok(metadata.grant_types_supported.includes('refresh_token'));
  });

  test('registration is open to a public client with a loopback redirect URI, which may refresh', async () => {
    const { response, body } = await registerMcpClient(idp.issuer, { grant_types: undefined });
    assert.equal(response.status, 201, JSON.stringify(body));
    assert.ok(body.client_id);
    assert.equal(body.client_secret, undefined, 'a public client gets no secret');
    assert.equal(body.token_endpoint_auth_method, 'none');
    assert.deepEqual(body.grant_types, ['authorization_code', 'refresh_token']);
    assert.deepEqual(body.redirect_uris, [MCP_CLIENT_REDIRECT_URI]);
  });

  test('a client may register with the MCP scope, which the metadata lists', async () => {
    // The MCP SDK registers with the scope the MCP server's challenge names (docs.read).
    const { response, body } = await registerMcpClient(idp.issuer, { scope: 'docs.read' });
    assert.equal(response.status, 201, JSON.stringify(body));
    assert.equal(body.scope, 'docs.read');
    const metadata = await (await fetch(`${idp.issuer}/.well-known/oauth-authorization-server`)).json();
    assert.ok(metadata.scopes_supported.includes('docs.read'), metadata.scopes_supported.join(' '));
  });

  describe('with resource = the MCP server', () => {
    let signedIn;
    before(async () => {
      signedIn = await signInAsMcpClient(idp.issuer, { resource: RESOURCE });
    });

    test('the access token is a JWT for the MCP server with the docs scope, short-lived, signed with the published keys', async () => {
      const { tokens, clientId } = signedIn;
      assert.equal(tokens.scope, 'docs.read');
      assert.equal(tokens.expires_in, 600);
      assert.ok(tokens.refresh_token, 'a refresh token without offline_access');
      assert.equal(tokens.id_token, undefined, 'no openid, no ID token');
      const { header, payload } = decodeJwt(tokens.access_token);
      assert.equal(header.typ, 'at+jwt');
      assert.equal(payload.aud, RESOURCE);
      assert.equal(payload.iss, idp.issuer);
      assert.equal(payload.sub, 'developer');
      assert.equal(payload.client_id, clientId);
      assert.equal(payload.scope, 'docs.read');
      assert.equal(payload.exp - payload.iat, 600);
      const jwks = await (await fetch(`${idp.issuer}/connect/jwks`)).json();
      assert.ok(verifiesWith(tokens.access_token, jwks));
    });

    test('refresh gives a new access token for the same resource, and rotates the refresh token', async () => {
      const { tokens, clientId } = await signInAsMcpClient(idp.issuer, { resource: RESOURCE });
      const { response, body } = await postForm(`${idp.issuer}/connect/token`, {
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token,
        client_id: clientId,
        resource: RESOURCE,
      });
      assert.equal(response.status, 200, JSON.stringify(body));
      assert.notEqual(body.access_token, tokens.access_token);
      assert.notEqual(body.refresh_token, tokens.refresh_token);
      assert.equal(decodeJwt(body.access_token).payload.aud, RESOURCE);
      assert.equal(body.scope, 'docs.read');
    });

    test('the MCP server introspects it: active, with its audience and scope; a wrong secret is refused', async () => {
      const { body } = await introspectAsMcpServer(signedIn.tokens.access_token);
      assert.equal(body.active, true);
      assert.equal(body.aud, RESOURCE);
      assert.equal(body.scope, 'docs.read');
      assert.equal(body.client_id, signedIn.clientId);
      const wrong = await introspectAsMcpServer(signedIn.tokens.access_token, {
        authorization: basic(MCP_INTROSPECTION_CLIENT.clientId, 'not-the-secret'),
      });
      assert.equal(wrong.response.status, 401);
    });

    test('another client may not introspect it', async () => {
      const other = await registerMcpClient(idp.issuer);
      const { body } = await postForm(`${idp.issuer}/connect/introspect`, {
        token: signedIn.tokens.access_token,
        client_id: other.body.client_id,
      });
      assert.deepEqual(body, { active: false });
    });
  });

  test("a test may shorten one client's tokens (mcp-token-ttl), until reset; others keep the lifetime", async () => {
    assert.equal((await control(idp, 'mcp-token-ttl', { clientId: 'x', accessTokenTtl: 0 })).status, 400);
    const short = await signInAsMcpClient(idp.issuer, {
      resource: RESOURCE,
      beforeSignIn: async (clientId) => {
        assert.equal((await control(idp, 'mcp-token-ttl', { clientId, accessTokenTtl: 5 })).status, 200);
      },
    });
    assert.equal(short.tokens.expires_in, 5);
    assert.equal((await signInAsMcpClient(idp.issuer, { resource: RESOURCE })).tokens.expires_in, 600);
    await control(idp, 'reset', {});
    const refreshed = await postForm(`${idp.issuer}/connect/token`, {
      grant_type: 'refresh_token',
      refresh_token: short.tokens.refresh_token,
      client_id: short.clientId,
    });
    assert.equal(refreshed.body.expires_in, 600);
  });

  test('the client revokes its access token: introspection says it is no longer active', async () => {
    const { tokens, clientId } = await signInAsMcpClient(idp.issuer, { resource: RESOURCE });
    const revoked = await postForm(`${idp.issuer}/connect/revocation`, {
      token: tokens.access_token,
      token_type_hint: 'access_token',
      client_id: clientId,
    });
    assert.equal(revoked.response.status, 200);
    assert.deepEqual((await introspectAsMcpServer(tokens.access_token)).body, { active: false });
  });

  test('revoking the refresh token ends the access tokens of that sign-in', async () => {
    const { tokens, clientId } = await signInAsMcpClient(idp.issuer, { resource: BASE_URL_RESOURCE });
    assert.equal((await introspectAsMcpServer(tokens.access_token)).body.active, true);
    const revoked = await postForm(`${idp.issuer}/connect/revocation`, {
      token: tokens.refresh_token,
      token_type_hint: 'refresh_token',
      client_id: clientId,
    });
    assert.equal(revoked.response.status, 200);
    assert.deepEqual((await introspectAsMcpServer(tokens.access_token)).body, { active: false });
  });

  test('a resource that is not an MCP server on this machine is refused (invalid_target)', async () => {
    const { body: client } = await registerMcpClient(idp.issuer);
    for (const resource of [
      'https://docs.clearing.example/mcp',
      'http://localhost:3750/docs',
      'http://localhost:3750/mcp?x=1',
    ]) {
      const url = new URL(`${idp.issuer}/connect/authorize`);
      url.search = new URLSearchParams({
        client_id: client.client_id,
        response_type: 'code',
        redirect_uri: MCP_CLIENT_REDIRECT_URI,
        scope: 'docs.read',
        code_challenge: pkcePair().challenge,
        code_challenge_method: 'S256',
        resource,
      }).toString();
      const { redirectedTo } = await new Browser().follow(url);
      assert.equal(redirectedTo?.searchParams.get('error'), 'invalid_target', resource);
    }
  });
});
