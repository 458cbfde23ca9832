// @ts-check
// The MCP server's sign-in as the MCP authorization specification asks: its protected-resource metadata
// (RFC 9728), and the bearer check in front of it, with real tokens from the development provider (an MCP
// client's sign-in through its form) and tokens made with jose for what that provider never issues.
// Run: node --test server/__tests__/mcpAuth.test.mjs
import { strict as assert } from 'node:assert';
import { after, before, describe, test } from 'node:test';

import { Hono } from 'hono';

import { Browser, control, postForm, signInAsMcpClient, tokensFor } from '../../dev/idp/__tests__/helpers.mjs';
import { MCP_INTROSPECTION_CLIENT } from '../../dev/idp/mcpResource.mjs';
import { startIdentityProvider } from '../../dev/idp/provider.mjs';
import { createAccessPolicy, GateManifestError, parseGateManifest } from '../gate/accessPolicy.mjs';
import { createIssuerKeys } from '../gate/issuerKeys.mjs';
import { createMcpAuth, mcpAuthSettingsFromEnv, mcpResourceUrl } from '../mcp/auth.mjs';
import { createSiteApp } from '../app.mjs';
import { fixtureGateManifest } from './fixtureBuild.mjs';
import { MCP_FILES, readAssetFromMemory } from './mcpFixtureBuild.mjs';
import { signIdToken, signingKey, startProvider } from './testProvider.mjs';

const SITE_ORIGIN = 'http://localhost:3750';
const RESOURCE = mcpResourceUrl(SITE_ORIGIN, '/');
const METADATA_URL = `${SITE_ORIGIN}/.well-known/oauth-protected-resource/mcp`;
/** Words of every docs page's text: none may reach a refused client. */
const DOCUMENTATION_WORDS = /orders|accounts|clearing|sandbox|<html/i;

/**
 * A Hono app with the metadata and a stand-in MCP server behind the check, as server/app.mjs mounts them.
 * @param {Parameters<typeof createMcpAuth>[0]} options
 */
function mcpApp(options) {
  const auth = createMcpAuth(options);
  /** @type {Hono<{ Variables: { mcpReader: import('../mcp/auth.mjs').McpReader } }>} */
  const app = new Hono();
  for (const path of auth.metadataPaths) app.get(path, auth.metadataHandler);
  app.all(`${options.baseUrl}mcp`, auth.requireAccessToken, (c) => c.json({ reader: c.get('mcpReader') }));
  return { app, auth };
}

/**
 * @param {Hono<any>} app
 * @param {string | undefined} token
 * @param {string} [path]
 */
async function callMcp(app, token, path = '/mcp') {
  const response = await app.request(`${SITE_ORIGIN}${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      ...(token && { Authorization: `Bearer ${token}` }),
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  });
  return { response, text: await response.text() };
}

/**
 * The refusal's parts: status, the challenge's error, and that nothing but an OAuth error was sent.
 * @param {{ response: Response, text: string }} answer
 */
function refusal({ response, text }) {
  assert.doesNotMatch(text, DOCUMENTATION_WORDS);
  const challenge = response.headers.get('WWW-Authenticate') ?? '';
  assert.match(challenge, /^Bearer /);
  assert.ok(challenge.includes(`resource_metadata="${METADATA_URL}"`), challenge);
  assert.equal(response.headers.get('Cache-Control'), 'no-store');
  return { status: response.status, error: /error="([^"]+)"/.exec(challenge)?.[1], body: JSON.parse(text) };
}

describe('with the development provider', () => {
  /** @type {Awaited<ReturnType<typeof startIdentityProvider>>} */
  let idp;
  /** @type {Date} */
  let clock = new Date();
  /** @type {Hono<any>} */
  let app;
  /** @type {ReturnType<typeof createMcpAuth>} */
  let auth;

  before(async () => {
    idp = await startIdentityProvider({ port: 0, testControls: true });
    const issuerKeys = createIssuerKeys({ issuer: idp.issuer, currentDate: () => clock });
    ({ app, auth } = mcpApp({
      resource: RESOURCE,
      baseUrl: '/',
      scope: 'docs.read',
      issuerKeys,
      resourceName: 'Clearing API Developer Docs',
      documentationUrl: `${SITE_ORIGIN}/docs/use-the-docs-from-your-assistant`,
      ...mcpAuthSettingsFromEnv({
        MCP_INTROSPECTION_CLIENT_ID: MCP_INTROSPECTION_CLIENT.clientId,
        MCP_INTROSPECTION_CLIENT_SECRET: MCP_INTROSPECTION_CLIENT.clientSecret,
      }),
    }));
  });
  after(() => idp?.close());

  test('the metadata names the resource, the provider, the scope and the header as the one bearer method', async () => {
    for (const path of ['/.well-known/oauth-protected-resource/mcp', '/.well-known/oauth-protected-resource']) {
      const response = await app.request(`${SITE_ORIGIN}${path}`);
      assert.equal(response.status, 200, path);
      assert.equal(response.headers.get('Access-Control-Allow-Origin'), '*');
      assert.deepEqual(await response.json(), {
        resource: RESOURCE,
        authorization_servers: [idp.issuer],
        scopes_supported: ['docs.read'],
        bearer_methods_supported: ['header'],
        resource_name: 'Clearing API Developer Docs',
        resource_documentation: `${SITE_ORIGIN}/docs/use-the-docs-from-your-assistant`,
      });
    }
    assert.equal(auth.metadataUrl, METADATA_URL);
  });

  test('an anonymous call gets 401 and the challenge naming the metadata and the scope, without an error', async () => {
    const answer = await callMcp(app, undefined);
    assert.equal(
      answer.response.headers.get('WWW-Authenticate'),
      `Bearer resource_metadata="${METADATA_URL}", scope="docs.read"`,
    );
    assert.equal(refusal(answer).status, 401);
  });

  test('authenticate, for a router other than Hono: the reader, or the refusal to send', async () => {
    const { tokens } = await signInAsMcpClient(idp.issuer, { resource: RESOURCE });
    const admitted = await auth.authenticate(
      new Request(`${SITE_ORIGIN}/mcp`, { headers: { Authorization: `Bearer ${tokens.access_token}` } }),
    );
    assert.ok(admitted.ok);
    assert.equal(admitted.reader.subject, `${idp.issuer} developer`);
    const refused = await auth.authenticate(new Request(`${SITE_ORIGIN}/mcp`));
    assert.ok(!refused.ok);
    assert.equal(refused.response.status, 401);
  });

  test('a token in the query, or another scheme, is not read', async () => {
    const { tokens } = await signInAsMcpClient(idp.issuer, { resource: RESOURCE });
    const inQuery = await app.request(`${SITE_ORIGIN}/mcp?access_token=${tokens.access_token}`, { method: 'POST' });
    assert.equal(inQuery.status, 401);
    const basic = await app.request(`${SITE_ORIGIN}/mcp`, {
      method: 'POST',
      headers: { Authorization: `Basic ${tokens.access_token}` },
    });
    assert.equal(basic.status, 401);
  });

  test("an MCP client's token for this resource is admitted, and the request knows the reader", async () => {
    const { tokens, clientId } = await signInAsMcpClient(idp.issuer, { resource: RESOURCE });
    const { response, text } = await callMcp(app, tokens.access_token);
    assert.equal(response.status, 200, text);
    const { reader } = JSON.parse(text);
    assert.equal(reader.subject, `${idp.issuer} developer`);
    assert.equal(reader.clientId, clientId);
  });

  test("the site's ID token and its access token are refused (401 invalid_token)", async () => {
    const site = await tokensFor(new Browser(), idp, { scope: 'openid profile offline_access' });
    for (const token of [site.id_token, site.access_token]) {
      const { status, error } = refusal(await callMcp(app, token));
      assert.deepEqual({ status, error }, { status: 401, error: 'invalid_token' });
    }
  });

  test('a token for another MCP server is refused (401 invalid_token)', async () => {
    const { tokens } = await signInAsMcpClient(idp.issuer, { resource: 'http://localhost:3751/mcp' });
    const { status, error, body } = refusal(await callMcp(app, tokens.access_token));
    assert.deepEqual({ status, error }, { status: 401, error: 'invalid_token' });
    assert.equal(body.error_description, 'issued for another audience');
  });

  test('an expired token is refused (401 invalid_token)', async () => {
    const { tokens } = await signInAsMcpClient(idp.issuer, { resource: RESOURCE });
    clock = new Date(Date.now() + (600 + 61) * 1000);
    try {
      const { status, error, body } = refusal(await callMcp(app, tokens.access_token));
      assert.deepEqual(
        { status, error, reason: body.error_description },
        { status: 401, error: 'invalid_token', reason: 'expired' },
      );
    } finally {
      clock = new Date();
    }
  });

  test('a token the provider no longer holds active because it expired is refused as expired, not as revoked', async () => {
    // A token of one second, which the server's own check still accepts (it allows 60 s of clock skew).
    const { tokens } = await signInAsMcpClient(idp.issuer, {
      resource: RESOURCE,
      beforeSignIn: async (clientId) => {
        const shortened = await control(idp, 'mcp-token-ttl', { clientId, accessTokenTtl: 1 });
        assert.equal(shortened.status, 200);
      },
    });
    const introspected = async () =>
      (
        await postForm(
          `${idp.issuer}/connect/introspect`,
          { token: tokens.access_token },
          {
            authorization: `Basic ${Buffer.from(`${MCP_INTROSPECTION_CLIENT.clientId}:${MCP_INTROSPECTION_CLIENT.clientSecret}`).toString('base64')}`,
          },
        )
      ).body;
    const deadline = Date.now() + 15_000;
    while ((await introspected()).active) {
      assert.ok(Date.now() < deadline, 'the provider still holds the one-second token active after 15 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    clock = new Date();
    const { status, error, body } = refusal(await callMcp(app, tokens.access_token));
    assert.deepEqual(
      { status, error, reason: body.error_description },
      { status: 401, error: 'invalid_token', reason: 'expired' },
    );
  });

  test('a token the client revoked is refused (401 invalid_token), at once if never seen, else after the cache time', async () => {
    const revoke = async (/** @type {string} */ token, /** @type {string} */ clientId) => {
      const { response } = await postForm(`${idp.issuer}/connect/revocation`, { token, client_id: clientId });
      assert.equal(response.status, 200);
    };
    const unseen = await signInAsMcpClient(idp.issuer, { resource: RESOURCE });
    await revoke(unseen.tokens.access_token, unseen.clientId);
    const first = refusal(await callMcp(app, unseen.tokens.access_token));
    assert.deepEqual({ status: first.status, error: first.error }, { status: 401, error: 'invalid_token' });
    assert.match(first.body.error_description, /revoked/);

    const seen = await signInAsMcpClient(idp.issuer, { resource: RESOURCE });
    assert.equal((await callMcp(app, seen.tokens.access_token)).response.status, 200);
    await revoke(seen.tokens.refresh_token, seen.clientId);
    clock = new Date(Date.now() + 31_000);
    try {
      const later = refusal(await callMcp(app, seen.tokens.access_token));
      assert.deepEqual({ status: later.status, error: later.error }, { status: 401, error: 'invalid_token' });
    } finally {
      clock = new Date();
    }
  });
});

describe('with tokens made with jose', () => {
  /** @type {import('./testProvider.mjs').SigningKey} */
  let key;
  /** @type {Awaited<ReturnType<typeof startProvider>>} */
  let provider;
  /** @type {Hono<any>} */
  let app;
  const BASE_URL = '/developers/';
  const BASE_RESOURCE = mcpResourceUrl(SITE_ORIGIN, BASE_URL);

  /** An access token as the provider would make it for `BASE_RESOURCE`; `claims` replace its claims. */
  const accessToken = (/** @type {Record<string, unknown>} */ claims = {}, header = {}) =>
    signIdToken(key, provider.issuer, {
      clientId: BASE_RESOURCE,
      claims: { nonce: undefined, scope: 'docs.read', client_id: 'mcp-client', jti: 'j1', ...claims },
      header: { typ: 'at+jwt', ...header },
    });

  before(async () => {
    key = await signingKey('k1');
    provider = await startProvider({ keys: [key] });
    const issuerKeys = createIssuerKeys({ issuer: provider.issuer });
    ({ app } = mcpApp({
      resource: BASE_RESOURCE,
      baseUrl: BASE_URL,
      scope: 'docs.read',
      issuerKeys,
      resourceName: 'Docs',
    }));
  });
  after(() => provider?.close());

  const call = async (/** @type {string} */ token) => {
    const response = await app.request(`${SITE_ORIGIN}${BASE_URL}mcp`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
    });
    const text = await response.text();
    assert.doesNotMatch(text, DOCUMENTATION_WORDS);
    const challenge = response.headers.get('WWW-Authenticate') ?? '';
    if (response.status !== 200) {
      assert.ok(
        challenge.includes(`resource_metadata="${SITE_ORIGIN}/.well-known/oauth-protected-resource/developers/mcp"`),
      );
    }
    return { status: response.status, error: /error="([^"]+)"/.exec(challenge)?.[1] };
  };

  test('under a base URL, the metadata is served at the inserted path, the origin and the base', async () => {
    for (const path of [
      '/.well-known/oauth-protected-resource/developers/mcp',
      '/.well-known/oauth-protected-resource',
      '/developers/.well-known/oauth-protected-resource',
    ]) {
      const response = await app.request(`${SITE_ORIGIN}${path}`);
      assert.equal(response.status, 200, path);
      assert.equal((await response.json()).resource, `${SITE_ORIGIN}/developers/mcp`);
    }
  });

  const cases = [
    ['a good token', () => accessToken(), { status: 200, error: undefined }],
    [
      'an ID token for the resource (no scope)',
      () => accessToken({ scope: undefined }, { typ: 'JWT' }),
      { status: 401, error: 'invalid_token' },
    ],
    [
      'an ID token for a client',
      () => accessToken({ aud: 'developer-docs', scope: undefined }, { typ: undefined }),
      { status: 401, error: 'invalid_token' },
    ],
    ['another audience', () => accessToken({ aud: `${SITE_ORIGIN}/mcp` }), { status: 401, error: 'invalid_token' }],
    [
      'expired',
      () => accessToken({ exp: Math.floor(Date.now() / 1000) - 120 }),
      { status: 401, error: 'invalid_token' },
    ],
    ['another issuer', () => accessToken({ iss: 'https://idp.example' }), { status: 401, error: 'invalid_token' }],
    ['an unexpected typ', () => accessToken({}, { typ: 'dpop+jwt' }), { status: 401, error: 'invalid_token' }],
    ['without the scope', () => accessToken({ scope: 'openid profile' }), { status: 403, error: 'insufficient_scope' }],
    [
      "Okta's scp list with the scope",
      () => accessToken({ scope: undefined, scp: ['docs.read'] }),
      { status: 200, error: undefined },
    ],
    [
      'a key the provider does not publish',
      async () => {
        const stranger = await signingKey('k1');
        return signIdToken(stranger, provider.issuer, {
          clientId: BASE_RESOURCE,
          claims: { scope: 'docs.read' },
          header: { typ: 'at+jwt' },
        });
      },
      { status: 401, error: 'invalid_token' },
    ],
    ['not a JWT', async () => 'opaque-token-value', { status: 401, error: 'invalid_token' }],
  ];
  for (const [
    name,
    make,
    expected,
  ] of /** @type {[string, () => Promise<string>, { status: number, error: string | undefined }][]} */ (cases)) {
    test(`${name}: ${expected.status}${expected.error ? ` ${expected.error}` : ''}`, async () => {
      assert.deepEqual(await call(await make()), expected);
    });
  }

  test('with introspection set but no introspection endpoint at the provider, a good token gets 503, never the docs', async () => {
    const issuerKeys = createIssuerKeys({ issuer: provider.issuer });
    const { app: introspecting } = mcpApp({
      resource: BASE_RESOURCE,
      baseUrl: BASE_URL,
      scope: 'docs.read',
      issuerKeys,
      resourceName: 'Docs',
      introspection: { clientId: 'docs-mcp-server', clientSecret: 'secret' },
    });
    const response = await introspecting.request(`${SITE_ORIGIN}${BASE_URL}mcp`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${await accessToken()}` },
    });
    assert.equal(response.status, 503);
    assert.equal(response.headers.get('Retry-After'), '10');
  });
});

test('mcpAuthSettingsFromEnv: introspection credentials and cache time, and what it refuses', () => {
  assert.deepEqual(mcpAuthSettingsFromEnv({}), {});
  assert.deepEqual(
    mcpAuthSettingsFromEnv({ MCP_INTROSPECTION_CLIENT_ID: 'rs', MCP_INTROSPECTION_CACHE_SECONDS: '0' }),
    {
      introspection: { clientId: 'rs' },
      introspectionCacheSeconds: 0,
    },
  );
  assert.throws(() => mcpAuthSettingsFromEnv({ MCP_INTROSPECTION_CLIENT_SECRET: 's' }), /MCP_INTROSPECTION_CLIENT_ID/);
  assert.throws(() => mcpAuthSettingsFromEnv({ MCP_INTROSPECTION_CACHE_SECONDS: '30s' }), /whole number/);
});

test("the gate manifest's MCP resource: read when it is the base URL's mcp, refused otherwise; older builds have none", () => {
  const manifest = fixtureGateManifest({
    issuer: 'https://id.example',
    clientId: 'developer-docs',
    files: ['index.html'],
    protectedFiles: [],
    protectedPaths: ['/docs'],
    shell: 'index.html',
    baseUrl: '/developers/',
  });
  const mcp = { resource: 'https://docs.example/developers/mcp', scope: 'docs.read', resourceName: 'Docs' };
  const policy = createAccessPolicy(parseGateManifest({ ...manifest, mcp }));
  assert.deepEqual(policy.mcp, mcp);
  assert.equal(policy.issuerKeys?.issuer, 'https://id.example');
  assert.equal(createAccessPolicy(parseGateManifest(manifest)).mcp, undefined);
  for (const wrong of [
    { ...mcp, resource: 'https://docs.example/mcp' },
    { ...mcp, resource: 'not a URL' },
    { ...mcp, scope: 'docs.read openid' },
    { ...mcp, resourceName: 7 },
  ]) {
    assert.throws(() => parseGateManifest({ ...manifest, mcp: wrong }), GateManifestError, JSON.stringify(wrong));
  }
});

describe('through the site app (server/app.mjs), at a base URL', () => {
  const BASE = '/developers/';
  const resource = mcpResourceUrl(SITE_ORIGIN, BASE);
  /** @type {Awaited<ReturnType<typeof startIdentityProvider>>} */
  let idp;
  /** @type {ReturnType<typeof createSiteApp>} */
  let site;
  /** @type {import('../accessLog.mjs').LogEntry[]} */
  const lines = [];

  before(async () => {
    idp = await startIdentityProvider({ port: 0 });
    const files = Object.keys(MCP_FILES);
    const manifest = {
      ...fixtureGateManifest({
        issuer: idp.issuer,
        clientId: 'developer-docs',
        files,
        protectedFiles: files.filter((file) => file.startsWith('docs/')),
        protectedPaths: ['/docs'],
        shell: 'sign-in.html',
        baseUrl: BASE,
      }),
      mcp: { resource, scope: 'docs.read', resourceName: 'Clearing API Developer Docs' },
    };
    site = createSiteApp({
      readAsset: readAssetFromMemory({ ...MCP_FILES, 'gate-manifest.json': JSON.stringify(manifest) }),
      log: (entry) => lines.push(entry),
      apiProxy: { requestsPerMinute: 3 },
    });
  });
  after(() => idp?.close());

  test('metadata at the inserted path; an anonymous call is refused with no documentation text', async () => {
    const metadata = await site.request(`${SITE_ORIGIN}/.well-known/oauth-protected-resource/developers/mcp`);
    assert.equal(metadata.status, 200);
    assert.equal((await metadata.json()).resource, resource);
    const anonymous = await callMcp(site, undefined, '/developers/mcp');
    assert.equal(anonymous.response.status, 401);
    assert.doesNotMatch(anonymous.text, DOCUMENTATION_WORDS);
    assert.match(anonymous.response.headers.get('WWW-Authenticate') ?? '', /resource_metadata=/);
  });

  test("a reader's token lists the tools; the log names the call; the reader's allowance runs out with 429", async () => {
    const { tokens } = await signInAsMcpClient(idp.issuer, { resource });
    const admitted = await callMcp(site, tokens.access_token, '/developers/mcp');
    assert.equal(admitted.response.status, 200, admitted.text);
    assert.equal(JSON.parse(admitted.text).result.tools.length, 6);
    assert.equal(admitted.response.headers.get('Cache-Control'), 'no-store');
    const line = lines.filter((entry) => entry.path === '/developers/mcp').at(-1);
    assert.deepEqual([line?.outcome, line?.mcp], ['admitted', 'tools/list']);
    /** @type {number[]} */
    const statuses = [];
    for (let call = 0; call < 3; call += 1) {
      statuses.push((await callMcp(site, tokens.access_token, '/developers/mcp')).response.status);
    }
    assert.deepEqual(statuses, [200, 200, 429]);
  });

  test('a refused call has its small body read first, so that its connection can carry the next request', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const request = new Request(`${SITE_ORIGIN}/developers/mcp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Length': String(body.length) },
      body,
    });
    const refused = await site.request(request);
    assert.equal(refused.status, 401);
    assert.equal(request.bodyUsed, true);
  });

  test("the site's own ID token is refused", async () => {
    const { id_token: idToken } = await tokensFor(new Browser(), idp, { scope: 'openid profile offline_access' });
    const refused = await callMcp(site, idToken, '/developers/mcp');
    assert.equal(refused.response.status, 401);
    assert.doesNotMatch(refused.text, DOCUMENTATION_WORDS);
  });
});
