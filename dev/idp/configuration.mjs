// The oidc-provider configuration of the development identity provider: the one public client,
// keys, claims, TTLs, the realm check, and the Koa middleware that adjusts oidc-provider's defaults
// (CORS to the site origins only, consent for offline_access).
import * as crypto from 'node:crypto';

import { errors } from 'oidc-provider';
// oidc-provider's own in-memory store. Named here, the provider does not print its warning that an in-memory store
// loses its data on restart and cannot be shared between processes: both are what a development provider wants.
// The package declares no `exports`, so this file is reachable; PATCHES.md (oidc-memory-adapter) says what to check
// when oidc-provider moves.
import { createMemoryAdapter } from 'oidc-provider/lib/adapters/memory_adapter.js';

import { accountFinder, SANDBOX_CLIENT_ID_CLAIM } from './accounts.mjs';
import { readBodyText } from './http-helpers.mjs';
import { introspectionClient, mcpFeatures, REGISTERED_CLIENT_DEFAULTS } from './mcpResource.mjs';
import { errorPage, logoutPage, postLogoutPage } from './pages.mjs';

const DAY = 24 * 60 * 60;
const REFRESH_TOKEN_TTL = 14 * DAY;
/** oidc-provider's default, named because its memory store needs it too (it keeps each entry that much longer). */
const CLOCK_TOLERANCE_SECONDS = 15;

export const ROUTES = Object.freeze({
  authorization: '/connect/authorize',
  token: '/connect/token',
  userinfo: '/connect/userinfo',
  revocation: '/connect/revocation',
  registration: '/connect/register',
  end_session: '/connect/endsession',
  introspection: '/connect/introspect',
  jwks: '/connect/jwks',
});

// ---------------------------------------------------------------------------
// Keys

/** A fresh RS256 signing key as a private JWK (kid = its RFC 7638 thumbprint). */
export function generateSigningJwk() {
  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' });
  const thumbprint = crypto
    .createHash('sha256')
    .update(JSON.stringify({ e: jwk.e, kty: jwk.kty, n: jwk.n }))
    .digest('base64url');
  return { ...jwk, kid: thumbprint, alg: 'RS256', use: 'sig' };
}

export function publicPart({ kty, n, e, kid, alg, use }) {
  return { kty, n, e, kid, alg, use };
}
// ---------------------------------------------------------------------------
// oidc-provider configuration

function siteClient(settings) {
  const { clientId, siteOrigins, basePath } = settings;
  return {
    client_id: clientId,
    client_name: 'Developer documentation (development)',
    application_type: 'web',
    token_endpoint_auth_method: 'none',
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    redirect_uris: siteOrigins.map((origin) => `${origin}${basePath}login/callback`),
    post_logout_redirect_uris: siteOrigins.map((origin) => `${origin}${basePath}`),
  };
}

/**
 * Rejects authorization requests of the site whose `realm` is missing or another one. A client that
 * registered itself (an MCP client) knows no realm: it may leave it out, but not send another.
 */
function realmValidator(runtime, siteClientId) {
  return function validateRealm(ctx, value) {
    const expectedRealm = runtime.realm;
    if (value === expectedRealm) return;
    if (value === undefined && ctx.oidc.client && ctx.oidc.client.clientId !== siteClientId) return;
    const given = value === undefined ? 'no realm' : `realm "${value}"`;
    throw new errors.InvalidRequest(
      `realm is not accepted: ${given} was sent, this provider only accepts realm "${expectedRealm}"`,
    );
  };
}

/** CORS for client endpoints (token, userinfo, revocation, introspection). */
function clientBasedCORS(_ctx, origin, client) {
  return client.redirectUris.some((uri) => new URL(uri).origin === origin);
}

/** The client may introspect and revoke only its own tokens. */
function ownTokensOnly(_ctx, client, token) {
  return token.clientId === client.clientId;
}

/** The MCP server's client may introspect any token (it is the resource server); others their own only. */
function ownTokensOrResourceServer(ctx, client, token) {
  return client.clientId === introspectionClient().client_id || ownTokensOnly(ctx, client, token);
}

// The site gets a refresh token with offline_access in the code's scopes. oidc-provider keeps
// offline_access in an authorization request only when prompt includes consent (OIDC
// Core 11), so consentForOfflineAccess below adds prompt=consent for it. A registered client
// (an MCP client, which may not ask for openid at all) gets one whenever it may refresh.
function refreshTokenIssuer(siteClientId) {
  return function issueRefreshToken(_ctx, client, code) {
    if (!client.grantTypeAllowed('refresh_token')) return false;
    return client.clientId !== siteClientId || code.scopes.has('offline_access');
  };
}

// 14 days; a rotated refresh token keeps the remaining lifetime of the one it
// replaces, so rotation never extends a sign-in beyond 14 days.
function refreshTokenTtl(ctx) {
  return ctx?.oidc?.entities.RotatedRefreshToken?.remainingTTL ?? REFRESH_TOKEN_TTL;
}

function htmlResponder(render) {
  return (ctx, ...args) => {
    ctx.type = 'html';
    ctx.body = render(ctx, ...args);
  };
}

export function providerConfiguration(settings, { signingJwk, users, runtime }) {
  const siteUrl = `${settings.siteOrigins[0]}${settings.basePath}`;
  return {
    clients: [siteClient(settings), introspectionClient()],
    clientDefaults: { ...REGISTERED_CLIENT_DEFAULTS, id_token_signed_response_alg: 'RS256' },
    adapter: createMemoryAdapter(CLOCK_TOLERANCE_SECONDS),
    clockTolerance: CLOCK_TOLERANCE_SECONDS,
    jwks: { keys: [signingJwk] },
    cookies: { keys: [crypto.randomBytes(32).toString('base64url')] },
    findAccount: accountFinder(users),
    routes: ROUTES,
    // The MCP scope too: an MCP client (the MCP SDK) registers with the scope the MCP server's challenge names,
    // and registration accepts only scopes listed here.
    scopes: ['openid', 'profile', 'email', 'offline_access', settings.mcpScope],
    claims: {
      acr: null,
      sid: null,
      auth_time: null,
      iss: null,
      openid: ['sub'],
      // The sandbox client id rides with the profile, which the site asks for (OIDC_SCOPES).
      profile: ['name', 'given_name', 'family_name', 'preferred_username', SANDBOX_CLIENT_ID_CLAIM],
      email: ['email', 'email_verified'],
    },
    // Put the scope's claims into the ID token too (as Okta does), not only into userinfo.
    conformIdTokenClaims: false,
    responseTypes: ['code'],
    // oidc-provider 9 supports only S256 (plain is always rejected); require it for every request.
    pkce: { required: () => true },
    extraParams: { realm: realmValidator(runtime, settings.clientId) },
    issueRefreshToken: refreshTokenIssuer(settings.clientId),
    clientBasedCORS,
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      // Not used by the site; off so that every endpoint lives under /connect/.
      pushedAuthorizationRequests: { enabled: false },
      revocation: { enabled: true, allowedPolicy: ownTokensOnly },
      introspection: { enabled: true, allowedPolicy: ownTokensOrResourceServer },
      userinfo: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: htmlResponder((_ctx, form) => logoutPage({ form })),
        postLogoutSuccessSource: htmlResponder(() => postLogoutPage({ siteUrl })),
      },
      ...mcpFeatures(settings, runtime),
    },
    renderError: htmlResponder((_ctx, out) => errorPage({ error: out.error, description: out.error_description })),
    ttl: {
      // Read per token, so the test controls can shorten it (token renewal tests). A token for the MCP
      // server lives as long as its resource server says (mcpResource.mjs).
      AccessToken: (_ctx, token) => token.resourceServer?.accessTokenTTL ?? runtime.accessTokenTtl,
      IdToken: settings.idTokenTtl,
      RefreshToken: refreshTokenTtl,
      AuthorizationCode: 60,
      Interaction: 60 * 60,
      Session: 14 * DAY,
      Grant: 14 * DAY,
    },
  };
}
// ---------------------------------------------------------------------------
// CORS: oidc-provider answers discovery, jwks and every preflight for any Origin.
// This keeps CORS to the site origins only by removing the headers otherwise.

export function restrictCorsToSiteOrigins(allowedOrigins) {
  return async function corsPolicy(ctx, next) {
    await next();
    const origin = ctx.get('Origin');
    if (!origin || allowedOrigins.has(origin)) return;
    for (const name of Object.keys(ctx.response.headers)) {
      if (name.toLowerCase().startsWith('access-control-')) ctx.remove(name);
    }
  };
}

// ---------------------------------------------------------------------------
// offline_access without an explicit prompt=consent from the site: consent is granted
// automatically here anyway, so asking for it only costs two invisible redirects.
// prompt=none stays as it is (silent requests get no new refresh token, as usual).

export function consentForOfflineAccess(authorizationPath) {
  return async function offlineAccessConsent(ctx, next) {
    if (ctx.method === 'GET' && ctx.path === authorizationPath) {
      const params = new URLSearchParams(ctx.querystring);
      const scopes = (params.get('scope') ?? '').split(' ');
      const prompts = (params.get('prompt') ?? '').split(' ').filter(Boolean);
      if (scopes.includes('offline_access') && !prompts.includes('consent') && !prompts.includes('none')) {
        params.set('prompt', [...prompts, 'consent'].join(' '));
        ctx.querystring = params.toString();
      }
    }
    return next();
  };
}

// ---------------------------------------------------------------------------
// RP-Initiated Logout by POST. The site posts its end-session form, so the ID token it sends as
// `id_token_hint` appears in no URL (browser history, this provider's request lines). oidc-provider
// takes POST there only with `enableHttpPostMethods`, which needs SameSite=None session cookies, and
// those need https. On loopback the site and this provider are the same site (a port does not make
// another site), so the session cookie goes with the site's POST anyway: this reads the form and hands
// it to oidc-provider's end-session action as that action's parameters.

/**
 * Reads a POSTed end-session form and hands it on as a GET with the same parameters. The form also
 * lands in `ctx.request.body`, where the test controls' request log finds it.
 */
export function endSessionByPost(endSessionPath) {
  return async function endSessionForm(ctx, next) {
    if (ctx.method === 'POST' && ctx.path === endSessionPath) {
      if (!ctx.is('application/x-www-form-urlencoded')) {
        ctx.throw(400, 'the end-session form must be application/x-www-form-urlencoded');
      }
      const body = await readBodyText(ctx.req);
      ctx.request.body = Object.fromEntries(new URLSearchParams(body));
      ctx.method = 'GET';
      ctx.querystring = body;
    }
    return next();
  };
}
