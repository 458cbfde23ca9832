// Development OpenID Connect identity provider for the documentation site, built on
// oidc-provider. For local development and tests only: demo users with published
// passwords, keys generated at start-up, everything kept in memory.
import * as crypto from 'node:crypto';
import * as http from 'node:http';

import Provider, { errors } from 'oidc-provider';

import { accountFinder, demoUsers } from './accounts.mjs';
import { interactionRoutes } from './interactions.mjs';
import { errorPage, logoutPage, postLogoutPage } from './pages.mjs';
import { createTestControls } from './test-controls.mjs';

const DAY = 24 * 60 * 60;
const REFRESH_TOKEN_TTL = 14 * DAY;

export const ROUTES = Object.freeze({
  authorization: '/connect/authorize',
  token: '/connect/token',
  userinfo: '/connect/userinfo',
  revocation: '/connect/revocation',
  end_session: '/connect/endsession',
  introspection: '/connect/introspect',
  jwks: '/connect/jwks',
});

export const DEFAULTS = Object.freeze({
  port: 4000,
  clientId: 'developer-docs',
  siteOrigins: ['http://localhost:3000'],
  basePath: '/',
  realm: 'developers',
  accessTokenTtl: 3600,
  idTokenTtl: 3600,
  testControls: false,
});

// ---------------------------------------------------------------------------
// Settings

function toList(value) {
  if (Array.isArray(value)) return value;
  return String(value).split(',');
}

function normalizeOrigins(value) {
  const origins = toList(value)
    .map((origin) => origin.trim())
    .filter(Boolean);
  if (origins.length === 0) throw new TypeError('siteOrigins needs at least one origin');
  return origins.map((origin) => {
    const url = new URL(origin);
    if (url.origin !== origin.replace(/\/$/, '')) {
      throw new TypeError(`site origin "${origin}" must be scheme://host[:port] without a path`);
    }
    return url.origin;
  });
}

/** Docusaurus-style base path: starts and ends with "/". */
function normalizeBasePath(value) {
  const trimmed = String(value)
    .trim()
    .replace(/^\/+|\/+$/g, '');
  return trimmed ? `/${trimmed}/` : '/';
}

function positiveSeconds(value, name) {
  const seconds = Number(value);
  if (!Number.isInteger(seconds) || seconds <= 0) {
    throw new TypeError(`${name} must be a positive whole number of seconds, got "${value}"`);
  }
  return seconds;
}

function resolveSettings(options) {
  const merged = { ...DEFAULTS, ...Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) };
  const port = Number(merged.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new TypeError(`port must be 0-65535, got "${merged.port}"`);
  }
  if (merged.issuer !== undefined && new URL(merged.issuer).pathname !== '/') {
    throw new TypeError(`issuer must be an origin without a path, got "${merged.issuer}"`);
  }
  return {
    port,
    issuer: merged.issuer,
    clientId: String(merged.clientId),
    siteOrigins: normalizeOrigins(merged.siteOrigins),
    basePath: normalizeBasePath(merged.basePath),
    realm: String(merged.realm),
    accessTokenTtl: positiveSeconds(merged.accessTokenTtl, 'accessTokenTtl'),
    idTokenTtl: positiveSeconds(merged.idTokenTtl, 'idTokenTtl'),
    testControls: Boolean(merged.testControls),
  };
}

// ---------------------------------------------------------------------------
// Keys

/** A fresh RS256 signing key as a private JWK (kid = its RFC 7638 thumbprint). */
function generateSigningJwk() {
  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' });
  const thumbprint = crypto
    .createHash('sha256')
    .update(JSON.stringify({ e: jwk.e, kty: jwk.kty, n: jwk.n }))
    .digest('base64url');
  return { ...jwk, kid: thumbprint, alg: 'RS256', use: 'sig' };
}

function publicPart({ kty, n, e, kid, alg, use }) {
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

/** Rejects authorization requests whose `realm` is missing or another one. */
function realmValidator(runtime) {
  return function validateRealm(_ctx, value) {
    const expectedRealm = runtime.realm;
    if (value === expectedRealm) return;
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

// A refresh token goes with offline_access in the code's scopes. oidc-provider keeps
// offline_access in an authorization request only when prompt includes consent (OIDC
// Core 11), so consentForOfflineAccess below adds prompt=consent for it.
function issueRefreshToken(_ctx, client, code) {
  return client.grantTypeAllowed('refresh_token') && code.scopes.has('offline_access');
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

function providerConfiguration(settings, { signingJwk, users, runtime }) {
  const siteUrl = `${settings.siteOrigins[0]}${settings.basePath}`;
  return {
    clients: [siteClient(settings)],
    jwks: { keys: [signingJwk] },
    cookies: { keys: [crypto.randomBytes(32).toString('base64url')] },
    findAccount: accountFinder(users),
    routes: ROUTES,
    scopes: ['openid', 'profile', 'email', 'offline_access'],
    claims: {
      acr: null,
      sid: null,
      auth_time: null,
      iss: null,
      openid: ['sub'],
      profile: ['name', 'given_name', 'family_name', 'preferred_username'],
      email: ['email', 'email_verified'],
    },
    // Put the scope's claims into the ID token too (as Okta does), not only into userinfo.
    conformIdTokenClaims: false,
    responseTypes: ['code'],
    // oidc-provider 9 supports only S256 (plain is always rejected); require it for every request.
    pkce: { required: () => true },
    extraParams: { realm: realmValidator(runtime) },
    issueRefreshToken,
    clientBasedCORS,
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      // Not used by the site; off so that every endpoint lives under /connect/.
      pushedAuthorizationRequests: { enabled: false },
      revocation: { enabled: true, allowedPolicy: ownTokensOnly },
      introspection: { enabled: true, allowedPolicy: ownTokensOnly },
      userinfo: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: htmlResponder((_ctx, form) => logoutPage({ form })),
        postLogoutSuccessSource: htmlResponder(() => postLogoutPage({ siteUrl })),
      },
    },
    renderError: htmlResponder((_ctx, out) => errorPage({ error: out.error, description: out.error_description })),
    ttl: {
      // Read per token, so the test controls can shorten it (token renewal tests).
      AccessToken: () => runtime.accessTokenTtl,
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

function restrictCorsToSiteOrigins(allowedOrigins) {
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

function consentForOfflineAccess(authorizationPath) {
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
// Listening: 127.0.0.1 and ::1 on the same port, so that `localhost` works whichever
// address a client resolves it to. Port 0 picks a free port (taken from 127.0.0.1).

function listen(server, port, host) {
  return new Promise((resolve, reject) => {
    const onError = (error) => reject(error);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve(server.address().port);
    });
  });
}

function closeServer(server) {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

const NO_IPV6 = new Set(['EADDRNOTAVAIL', 'EAFNOSUPPORT']);

async function listenOnLoopback(handler, port, attempts = 5) {
  const ipv4 = http.createServer(handler);
  const boundPort = await listen(ipv4, port, '127.0.0.1');
  const ipv6 = http.createServer(handler);
  try {
    await listen(ipv6, boundPort, '::1');
    return { port: boundPort, servers: [ipv4, ipv6] };
  } catch (error) {
    if (NO_IPV6.has(error.code)) return { port: boundPort, servers: [ipv4] };
    await closeServer(ipv4);
    // A random port may be free on 127.0.0.1 but taken on ::1: try another one.
    if (port === 0 && error.code === 'EADDRINUSE' && attempts > 1) {
      return listenOnLoopback(handler, port, attempts - 1);
    }
    throw error;
  }
}

// ---------------------------------------------------------------------------

/**
 * Starts the development identity provider.
 *
 * @param {object} [options]
 * @param {number} [options.port=4000] 0 picks a free port.
 * @param {string} [options.issuer] defaults to http://localhost:<bound port>.
 * @param {string} [options.clientId='developer-docs']
 * @param {string[]|string} [options.siteOrigins=['http://localhost:3000']] array or comma-separated.
 * @param {string} [options.basePath='/'] the site's base URL path.
 * @param {string} [options.realm='developers'] required `realm` authorization parameter.
 * @param {number} [options.accessTokenTtl=3600] seconds.
 * @param {number} [options.idTokenTtl=3600] seconds.
 * @param {boolean} [options.testControls=false] enables /__test__/* and the mismatch user.
 * @returns {Promise<{ issuer: string, port: number, clientId: string, realm: string,
 *   siteOrigins: string[], basePath: string, users: object[], testControls: boolean,
 *   close: () => Promise<void> }>}
 */
export async function startIdentityProvider(options = {}) {
  const settings = resolveSettings(options);
  const users = demoUsers({ testControls: settings.testControls });

  // The issuer needs the real port, so listen first and plug the provider in after.
  let handle = (_req, res) => {
    res.statusCode = 503;
    res.end();
  };
  const { port, servers } = await listenOnLoopback((req, res) => handle(req, res), settings.port);
  const issuer = (settings.issuer ?? `http://localhost:${port}`).replace(/\/$/, '');

  const signingJwk = generateSigningJwk();
  // Settings the test controls may change while the provider runs.
  const defaults = { realm: settings.realm, accessTokenTtl: settings.accessTokenTtl };
  const runtime = { ...defaults };
  const provider = new Provider(issuer, providerConfiguration(settings, { signingJwk, users, runtime }));
  const allowedOrigins = new Set(settings.siteOrigins);

  provider.use(restrictCorsToSiteOrigins(allowedOrigins));
  if (settings.testControls) {
    const controls = createTestControls({
      allowedOrigins,
      routes: ROUTES,
      runtime,
      defaults,
      generateForeignJwk: () => ({ ...publicPart(generateSigningJwk()), kid: signingJwk.kid }),
    });
    controls.middleware.forEach((middleware) => provider.use(middleware));
  }
  provider.use(consentForOfflineAccess(ROUTES.authorization));
  provider.use(interactionRoutes(provider, users));
  handle = provider.callback();

  return {
    issuer,
    port,
    clientId: settings.clientId,
    realm: settings.realm,
    siteOrigins: settings.siteOrigins,
    basePath: settings.basePath,
    users: users.map(({ username, password, givenName, familyName }) => ({
      username,
      password,
      name: `${givenName} ${familyName}`,
    })),
    testControls: settings.testControls,
    close: () => Promise.all(servers.map(closeServer)).then(() => undefined),
  };
}
