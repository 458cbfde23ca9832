// What an MCP client needs to sign in to the docs' MCP server by itself, added to the development provider:
// dynamic client registration (RFC 7591) for public clients, resource indicators (RFC 8707) that turn a
// loopback `…/mcp` URL into JWT access tokens (RFC 9068) bound to it with the docs-reading scope, refresh
// tokens for those clients, and introspection and revocation of those JWTs.
//
// oidc-provider keeps no record of a JWT access token it issued and refuses to introspect or revoke one
// (`unsupported_token_type`). Providers that issue them (Okta, Keycloak) do both, and the MCP server asks
// the introspection endpoint whether a token was revoked; so this provider records each one it issues and
// answers for it itself, as those providers do.
import * as crypto from 'node:crypto';

import { decodeJwt, importJWK, jwtVerify } from 'jose';
import { errors } from 'oidc-provider';

import { isLoopbackHost } from '../../contracts/net/loopback.ts';
import { readBodyText, sendJson } from './http-helpers.mjs';

/**
 * The client the MCP server introspects tokens as. Its secret is public, as the demo passwords are: the
 * provider runs on this machine only.
 */
export const MCP_INTROSPECTION_CLIENT = Object.freeze({
  clientId: 'docs-mcp-server',
  clientSecret: 'docs-mcp-server-development-secret',
});

/** The MCP server's path under a site's base URL: `<base>mcp`. */
const MCP_PATH = /\/mcp$/;

/** Whether `indicator` names an MCP server of a site on this machine: `http(s)://<loopback>[:port]/…/mcp`. */
function isLoopbackMcpResource(indicator) {
  if (typeof indicator !== 'string' || !URL.canParse(indicator)) return false;
  const url = new URL(indicator);
  return (
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    isLoopbackHost(url.hostname) &&
    MCP_PATH.test(url.pathname) &&
    !url.search &&
    !url.hash &&
    !url.username &&
    !url.password
  );
}

/** The static client the MCP server authenticates as at the introspection endpoint (it never signs anyone in). */
export function introspectionClient() {
  return {
    client_id: MCP_INTROSPECTION_CLIENT.clientId,
    client_secret: MCP_INTROSPECTION_CLIENT.clientSecret,
    client_name: 'Docs MCP server (development)',
    token_endpoint_auth_method: 'client_secret_basic',
    grant_types: [],
    response_types: [],
    redirect_uris: [],
  };
}

/**
 * The oidc-provider `features` that MCP clients need, and the client defaults of a registered client.
 * @param {{ mcpScope: string, clientId: string }} settings
 * @param {{ mcpAccessTokenTtl: number, mcpClientTokenTtls?: Map<string, number> }} runtime read per token, so
 *   tests can shorten it, for every client or for one (the test controls' `mcp-token-ttl`)
 */
export function mcpFeatures(settings, runtime) {
  return {
    // Open registration: any MCP client on this machine may register itself, as a public client (PKCE is
    // required for every client). oidc-provider accepts http redirect URIs on loopback for code flow.
    registration: { enabled: true, initialAccessToken: false },
    resourceIndicators: {
      enabled: true,
      // A client that names the resource only at the authorization endpoint still gets tokens for it.
      useGrantedResource: () => true,
      getResourceServerInfo(_ctx, indicator, client) {
        if (!isLoopbackMcpResource(indicator)) {
          throw new errors.InvalidTarget(`this provider issues tokens only for an MCP server on this machine (…/mcp)`);
        }
        return {
          scope: settings.mcpScope,
          audience: indicator,
          accessTokenTTL: runtime.mcpClientTokenTtls?.get(client?.clientId) ?? runtime.mcpAccessTokenTtl,
          accessTokenFormat: 'jwt',
          jwt: { sign: { alg: 'RS256' } },
        };
      },
    },
  };
}

/** What a client registered at run time gets unless it asks otherwise: a public client that may refresh. */
export const REGISTERED_CLIENT_DEFAULTS = Object.freeze({
  token_endpoint_auth_method: 'none',
  grant_types: ['authorization_code', 'refresh_token'],
  response_types: ['code'],
});

/**
 * Compares two strings in constant time.
 * @param {string} given
 * @param {string} expected
 */
function sameSecret(given, expected) {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

/** The client id an introspection or revocation request authenticated as, or undefined. */
function authenticatedClient(ctx, form) {
  const basic = /^Basic ([A-Za-z0-9+/=]+)$/.exec(ctx.get('Authorization'));
  if (basic) {
    const [id, secret] = Buffer.from(basic[1], 'base64')
      .toString('utf8')
      .split(':')
      .map((part) => decodeURIComponent(part.replaceAll('+', ' ')));
    const known =
      id === MCP_INTROSPECTION_CLIENT.clientId && sameSecret(secret ?? '', MCP_INTROSPECTION_CLIENT.clientSecret);
    return known ? { clientId: id, resourceServer: true } : undefined;
  }
  // A public client names itself in the form, as the site does (dev/idp/README.md).
  return typeof form.client_id === 'string' && form.client_id
    ? { clientId: form.client_id, resourceServer: false }
    : undefined;
}

/**
 * Koa middleware: introspection and revocation of the JWT access tokens this provider issued, which
 * oidc-provider refuses. Any other token goes on to oidc-provider. Each issued JWT is recorded (jti, grant,
 * expiry) from oidc-provider's `access_token.issued` event; a revoked one is marked, and one whose grant
 * ended (its refresh token was revoked) is no longer active.
 * @param {import('oidc-provider').default} provider
 * @param {{ introspection: string, revocation: string }} routes
 * @param {object} signingJwk the provider's signing key (private JWK)
 */
export function jwtAccessTokenRoutes(provider, routes, signingJwk) {
  /** @type {Map<string, { grantId: string | undefined, forgetAt: number, clientId: string, revoked: boolean }>} */
  const issued = new Map();
  provider.on('access_token.issued', (token) => {
    const now = Math.floor(Date.now() / 1000);
    for (const [jti, entry] of issued) if (entry.forgetAt < now) issued.delete(jti);
    // The record outlives the token by a minute; the token's own `exp` (verified) says whether it expired.
    const forgetAt = now + (token.expiration ?? 3600) + 60;
    issued.set(token.jti, { grantId: token.grantId, forgetAt, clientId: token.clientId, revoked: false });
  });
  const publicKey = importJWK({ kty: signingJwk.kty, n: signingJwk.n, e: signingJwk.e }, 'RS256');

  /** The verified claims and record of a JWT access token of this provider, or undefined. */
  async function recordOf(token) {
    try {
      const { payload } = await jwtVerify(token, await publicKey, { issuer: provider.issuer, typ: 'at+jwt' });
      const entry = issued.get(String(payload.jti));
      return entry && { payload, entry };
    } catch {
      return undefined;
    }
  }

  return async function jwtAccessTokens(ctx, next) {
    const route =
      ctx.path === routes.introspection ? 'introspection' : ctx.path === routes.revocation ? 'revocation' : undefined;
    if (ctx.method !== 'POST' || !route || !ctx.is('application/x-www-form-urlencoded')) return next();
    const body = ctx.request.body ?? Object.fromEntries(new URLSearchParams(await readBodyText(ctx.req)));
    // Read here, the form stays available to oidc-provider and the test controls' request log.
    ctx.request.body = body;
    const token = typeof body.token === 'string' ? body.token : '';
    if (!token.includes('.') || !decodeJwtSafely(token)) return next();

    const client = authenticatedClient(ctx, body);
    if (!client)
      return sendJson(ctx, 401, { error: 'invalid_client', error_description: 'client authentication failed' });
    const found = await recordOf(token);
    const ownOrResourceServer = found && (client.resourceServer || found.entry.clientId === client.clientId);
    if (route === 'revocation') {
      // RFC 7009 section 2.2: an unknown token, or another client's, is answered 200 as well.
      if (ownOrResourceServer) found.entry.revoked = true;
      ctx.status = 200;
      ctx.body = '';
      return undefined;
    }
    const grant = found?.entry.grantId ? await provider.Grant.find(found.entry.grantId) : undefined;
    // jwtVerify refused an expired token already.
    const active = ownOrResourceServer && !found.entry.revoked && grant !== undefined;
    if (!active) return sendJson(ctx, 200, { active: false });
    const { payload } = found;
    return sendJson(ctx, 200, {
      active: true,
      scope: payload.scope,
      client_id: payload.client_id,
      sub: payload.sub,
      aud: payload.aud,
      iss: payload.iss,
      exp: payload.exp,
      iat: payload.iat,
      jti: payload.jti,
      token_type: 'Bearer',
    });
  };
}

function decodeJwtSafely(token) {
  try {
    return decodeJwt(token);
  } catch {
    return undefined;
  }
}
