// Test controls: JSON endpoints under /__test__/ that let browser tests simulate a
// broken provider. Mounted only when the provider starts with `testControls: true`.
//
// Every control request must carry the per-run secret in the `X-Test-Controls-Token` header, and a
// POST must be `application/json`: a cross-site form (which can only send text/plain or form
// bodies, and no custom header) cannot switch anything.
import * as crypto from 'node:crypto';

import { MISMATCH_SUB, MISMATCHED_USERINFO_SUB } from './accounts.mjs';
import { allowOrigin, readFormBody, readJsonBody, sendJson } from './http-helpers.mjs';

const PREFIX = '/__test__/';
const MAX_LOGGED_REQUESTS = 200;
const TOKEN_HEADER = 'X-Test-Controls-Token';

/** Fields whose values are secrets: the request log shows a fingerprint instead. */
const SECRET_FIELDS = new Set([
  'code',
  'code_verifier',
  'refresh_token',
  'access_token',
  'id_token',
  'id_token_hint',
  'token',
  'client_secret',
  'password',
]);

/** A short SHA-256 fingerprint: tests can match a value they know without the log revealing it. */
export function fingerprint(value) {
  return `sha256:${crypto.createHash('sha256').update(String(value)).digest('hex').slice(0, 16)}`;
}

function redact(fields) {
  if (!fields) return fields;
  return Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [key, SECRET_FIELDS.has(key) ? fingerprint(value) : value]),
  );
}

function sameSecret(given, expected) {
  const a = Buffer.from(String(given ?? ''));
  const b = Buffer.from(expected);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/**
 * Creates the controls. `generateForeignJwk()` returns another public JWK with the same kid and
 * alg as the real signing key. `token` is the secret every control request must carry (random
 * when not given; read it from the returned `token`).
 */
export function createTestControls({ allowedOrigins, routes, runtime, defaults, generateForeignJwk, token }) {
  const secret = token ?? crypto.randomBytes(24).toString('base64url');
  const state = {
    down: false,
    foreignKeys: false,
    foreignJwk: undefined,
    requests: [],
  };

  function reset() {
    state.down = false;
    state.foreignKeys = false;
    state.requests = [];
    Object.assign(runtime, defaults);
    runtime.mcpClientTokenTtls?.clear();
  }

  function setForeignKeys(on) {
    state.foreignKeys = on;
    // A fresh key each time it is switched on, so no earlier JWKS response can match it.
    state.foreignJwk = on ? generateForeignJwk() : undefined;
  }

  const handlers = {
    'POST outage': async (ctx) => {
      const { down } = await readJsonBody(ctx.req);
      state.down = down === true;
      sendJson(ctx, 200, { down: state.down });
    },
    'POST foreign-keys': async (ctx) => {
      const { on } = await readJsonBody(ctx.req);
      setForeignKeys(on === true);
      sendJson(ctx, 200, { on: state.foreignKeys });
    },
    'POST realm': async (ctx) => {
      const { realm } = await readJsonBody(ctx.req);
      if (typeof realm !== 'string' || realm === '') throw new Error('realm must be a non-empty string');
      runtime.realm = realm;
      sendJson(ctx, 200, { realm: runtime.realm });
    },
    'POST token-ttl': async (ctx) => {
      const { accessTokenTtl } = await readJsonBody(ctx.req);
      if (!Number.isInteger(accessTokenTtl) || accessTokenTtl < 1) {
        throw new Error('accessTokenTtl must be a positive whole number of seconds');
      }
      runtime.accessTokenTtl = accessTokenTtl;
      sendJson(ctx, 200, { accessTokenTtl: runtime.accessTokenTtl });
    },
    // One registered client's MCP access tokens get this lifetime: a test's token expires without shortening
    // the tokens of tests running beside it.
    'POST mcp-token-ttl': async (ctx) => {
      const { clientId, accessTokenTtl } = await readJsonBody(ctx.req);
      if (typeof clientId !== 'string' || clientId === '') throw new Error('clientId must name a registered client');
      if (!Number.isInteger(accessTokenTtl) || accessTokenTtl < 1) {
        throw new Error('accessTokenTtl must be a positive whole number of seconds');
      }
      runtime.mcpClientTokenTtls.set(clientId, accessTokenTtl);
      sendJson(ctx, 200, { clientId, accessTokenTtl });
    },
    'GET requests': async (ctx) => {
      // Codes, verifiers and tokens appear only as fingerprints.
      sendJson(
        ctx,
        200,
        state.requests.map((entry) => ({ ...entry, query: redact(entry.query), form: redact(entry.form) })),
      );
    },
    'POST reset': async (ctx) => {
      reset();
      sendJson(ctx, 200, { reset: true });
    },
  };

  /** Answers /__test__/* (with CORS for the site origins); everything else passes on. */
  async function controlRoutes(ctx, next) {
    if (!ctx.path.startsWith(PREFIX)) return next();
    allowOrigin(ctx, allowedOrigins);
    if (ctx.method === 'OPTIONS') {
      ctx.set('Access-Control-Allow-Methods', 'GET,POST');
      ctx.set('Access-Control-Allow-Headers', `Content-Type, ${TOKEN_HEADER}`);
      ctx.status = 204;
      return undefined;
    }
    if (!sameSecret(ctx.get(TOKEN_HEADER), secret)) {
      sendJson(ctx, 403, {
        error: 'forbidden',
        error_description: `test controls need the ${TOKEN_HEADER} header with this run's token`,
      });
      return undefined;
    }
    if (ctx.method === 'POST' && ctx.is('application/json') !== 'application/json') {
      sendJson(ctx, 415, { error: 'invalid_request', error_description: 'test controls accept application/json only' });
      return undefined;
    }
    const handler = handlers[`${ctx.method} ${ctx.path.slice(PREFIX.length)}`];
    if (!handler) {
      sendJson(ctx, 404, { error: 'not_found', error_description: `no test control at ${ctx.method} ${ctx.path}` });
      return undefined;
    }
    try {
      await handler(ctx);
    } catch (error) {
      sendJson(ctx, 400, { error: 'invalid_request', error_description: error.message });
    }
    return undefined;
  }

  /** Records every non-control request; `form` is filled once the body was parsed. */
  async function requestLog(ctx, next) {
    if (ctx.path.startsWith(PREFIX)) return next();
    const entry = {
      method: ctx.method,
      path: ctx.path,
      query: { ...ctx.query },
      form: null,
    };
    state.requests.push(entry);
    if (state.requests.length > MAX_LOGGED_REQUESTS) state.requests.shift();
    try {
      await next();
    } finally {
      if (entry.method === 'POST' && ctx.path.startsWith('/connect/')) {
        // oidc-provider keeps the parsed form on ctx.oidc.body; during an outage the outage
        // middleware, and for an end-session form endSessionByPost, parse it into ctx.request.body.
        const form = ctx.oidc?.body ?? ctx.request.body;
        entry.form = form ? { ...form } : null;
      }
    }
  }

  /** While down, every request answers 503 before oidc-provider sees it. */
  async function outage(ctx, next) {
    if (!state.down) return next();
    if (ctx.method === 'POST' && ctx.is('application/x-www-form-urlencoded')) {
      ctx.request.body = await readFormBody(ctx.req).catch(() => null);
    }
    allowOrigin(ctx, allowedOrigins);
    sendJson(ctx, 503, {
      error: 'temporarily_unavailable',
      error_description: 'The development identity provider is simulating an outage (test controls).',
    });
    return undefined;
  }

  /** While on, the JWKS endpoint publishes a key that did not sign anything. */
  async function foreignKeys(ctx, next) {
    await next();
    if (state.foreignKeys && ctx.path === routes.jwks && ctx.status === 200) {
      const type = ctx.type;
      ctx.body = { keys: [state.foreignJwk] };
      ctx.type = type;
    }
  }

  /** The mismatch user's userinfo answer names a different subject than its ID token. */
  async function mismatchedUserinfo(ctx, next) {
    await next();
    const { body } = ctx;
    if (ctx.path === routes.userinfo && ctx.status === 200 && body?.sub === MISMATCH_SUB) {
      ctx.body = { ...body, sub: MISMATCHED_USERINFO_SUB };
    }
  }

  return {
    state,
    token: secret,
    middleware: [controlRoutes, requestLog, outage, foreignKeys, mismatchedUserinfo],
  };
}
