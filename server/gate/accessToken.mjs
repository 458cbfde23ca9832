// @ts-check
/**
 * Whether a bearer token is an access token the site's OpenID provider issued for one resource (the MCP
 * server) with the scope it needs: a JWT (RFC 9068) whose audience is the resource (RFC 8707), checked
 * with jose against the provider's keys (issuerKeys.mjs, shared with the gate's ID-token check).
 *
 * A JWT access token stays valid by its signature until it expires, even after the reader or the provider
 * revoked it. When the server has credentials for the provider's introspection endpoint (RFC 7662), each
 * token is also asked about there, and the answer is remembered for `introspectionCacheSeconds` at most:
 * a revoked token is refused within that time. Without them, a revoked token works until it expires, so
 * the provider should keep this resource's access tokens short (OPERATIONS.md).
 *
 * `verify` never throws. A refusal names its OAuth error (RFC 6750) and a short reason that holds nothing
 * of the token, safe to log and to send back as `error_description`.
 */
import { decodeProtectedHeader, jwtVerify } from 'jose';

import { isObject, PROVIDER_TIMEOUT_MS, ProviderUnavailable, providerEndpoint } from './issuerKeys.mjs';
import {
  ALLOWED_ALGORITHMS,
  createVerifiedTokens,
  epochSeconds,
  looksLikeSignedJwt,
  reasonFor,
  REQUIRED_CLAIMS,
} from './jwtRules.mjs';

/** @typedef {import('jose').JWTPayload} JWTPayload */

/**
 * `invalid_token` (401): not an access token of the provider for this resource, expired or revoked.
 * `insufficient_scope` (403): a good token without the scope. `unavailable` (503): the provider, whose
 * keys or introspection the check needs, could not be asked.
 * @typedef {{ ok: true, claims: JWTPayload } | { ok: false, error: 'invalid_token' | 'insufficient_scope' | 'unavailable', reason: string }} AccessVerification
 */

/**
 * @typedef {object} IntrospectionCredentials
 * @property {string} clientId the client this server authenticates as at the introspection endpoint
 * @property {string} [clientSecret] its secret (HTTP Basic, `client_secret_basic`); without one the client id
 *   is sent in the form (a provider that lets that client introspect without a secret)
 */

/**
 * @typedef {object} AccessTokenVerifierOptions
 * @property {import('./issuerKeys.mjs').IssuerKeys} issuerKeys the provider's keys, shared with the gate
 * @property {string} resource this resource's identifier: the audience its access tokens name
 * @property {string} scope the scope a token must carry
 * @property {IntrospectionCredentials} [introspection] asks the provider whether each token is still active
 * @property {number} [introspectionCacheSeconds] how long an answer of the provider is trusted; 30 by default
 * @property {number} [clockToleranceSeconds] how far the provider's clock and ours may disagree; 60 by default
 */

const DEFAULT_INTROSPECTION_CACHE_SECONDS = 30;
const DEFAULT_CLOCK_TOLERANCE_SECONDS = 60;
/** `JWT` (Keycloak), none (Okta) or RFC 9068's `at+jwt`: what providers put in an access token's header. */
const ACCESS_TOKEN_TYP = /^((application\/)?at\+jwt|jwt)$/i;

/**
 * Why a token's header shows it is no access token of ours, before any key is fetched.
 * @param {import('jose').ProtectedHeaderParameters} header
 */
function headerProblem(header) {
  if (typeof header.alg !== 'string' || !ALLOWED_ALGORITHMS.includes(header.alg)) return 'algorithm not allowed';
  if (header.typ === undefined || (typeof header.typ === 'string' && ACCESS_TOKEN_TYP.test(header.typ))) {
    return undefined;
  }
  return 'unexpected "typ" header';
}

/**
 * The scopes a token was granted: `scope`, a space-separated string (RFC 9068), or `scp`, a list (Okta);
 * undefined when it has neither, as an ID token has.
 * @param {JWTPayload} claims
 */
function grantedScopes(claims) {
  if (typeof claims.scope === 'string') return claims.scope.split(' ').filter(Boolean);
  if (Array.isArray(claims.scp) && claims.scp.every((scope) => typeof scope === 'string')) return claims.scp;
  return undefined;
}

/**
 * @param {string} resource
 */
function checkResource(resource) {
  if (typeof resource !== 'string' || !URL.canParse(resource)) throw new TypeError('resource must be a URL');
  const url = new URL(resource);
  if (url.hash || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new TypeError('resource must be an http(s) URL without a fragment (RFC 8707)');
  }
}

/**
 * @param {AccessTokenVerifierOptions} options
 * @returns {{ verify: (token: string) => Promise<AccessVerification> }}
 */
export function createAccessTokenVerifier(options) {
  const {
    issuerKeys,
    resource,
    scope,
    introspection,
    introspectionCacheSeconds = DEFAULT_INTROSPECTION_CACHE_SECONDS,
    clockToleranceSeconds = DEFAULT_CLOCK_TOLERANCE_SECONDS,
  } = options;
  checkResource(resource);
  if (typeof scope !== 'string' || !/^[\x21\x23-\x5b\x5d-\x7e]+$/.test(scope)) {
    throw new TypeError('scope must be one scope token (RFC 6749 section 3.3)');
  }
  if (introspection && (typeof introspection.clientId !== 'string' || introspection.clientId === '')) {
    throw new TypeError('introspection.clientId must be a non-empty string');
  }
  if (!Number.isFinite(introspectionCacheSeconds) || introspectionCacheSeconds < 0) {
    throw new TypeError('introspectionCacheSeconds must be a number of seconds, 0 or more');
  }
  // With introspection, a token verified once is asked about again after the cache time, so that a
  // revocation takes effect then; without, after the gate's own bound.
  const verifiedTokens = createVerifiedTokens(introspection ? { maxSeconds: introspectionCacheSeconds } : {});

  /**
   * Whether the provider says the token is active (RFC 7662 section 2.2).
   * @param {string} token
   * @param {IntrospectionCredentials} credentials
   */
  async function isActive(token, credentials) {
    const endpoint = providerEndpoint((await issuerKeys.discovery()).introspection_endpoint, issuerKeys.issuerUrl);
    if (!endpoint) throw new ProviderUnavailable('the provider names no usable "introspection_endpoint"');
    const form = new URLSearchParams({ token, token_type_hint: 'access_token' });
    /** @type {Record<string, string>} */
    const headers = { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' };
    if (credentials.clientSecret === undefined) {
      form.set('client_id', credentials.clientId);
    } else {
      // RFC 6749 section 2.3.1: each part form-encoded before the Basic encoding.
      const encode = (/** @type {string} */ value) => encodeURIComponent(value).replaceAll('%20', '+');
      headers.Authorization = `Basic ${btoa(`${encode(credentials.clientId)}:${encode(credentials.clientSecret)}`)}`;
    }
    let response;
    try {
      response = await issuerKeys.fetch(endpoint, {
        method: 'POST',
        headers,
        body: form,
        redirect: 'manual',
        signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      });
    } catch {
      throw new ProviderUnavailable('the provider could not be reached (introspection)');
    }
    const answer = await response.json().catch(() => undefined);
    if (response.status !== 200 || !isObject(answer)) {
      throw new ProviderUnavailable(`the provider could not be reached (introspection: HTTP ${response.status})`);
    }
    return answer.active === true;
  }

  /**
   * @param {string} token
   * @returns {Promise<AccessVerification>}
   */
  async function check(token) {
    if (!looksLikeSignedJwt(token)) return { ok: false, error: 'invalid_token', reason: 'not a signed JWT' };
    const currentDate = issuerKeys.now();
    const nowSeconds = epochSeconds(currentDate);
    const remembered = verifiedTokens.get(token, nowSeconds);
    if (remembered) return { ok: true, claims: remembered };

    let header;
    try {
      header = decodeProtectedHeader(token);
    } catch {
      return { ok: false, error: 'invalid_token', reason: 'malformed token' };
    }
    const refusedHeader = headerProblem(header);
    if (refusedHeader) return { ok: false, error: 'invalid_token', reason: refusedHeader };

    const { payload: claims } = await jwtVerify(token, await issuerKeys.keys(), {
      issuer: issuerKeys.issuer,
      audience: resource,
      algorithms: ALLOWED_ALGORITHMS,
      clockTolerance: clockToleranceSeconds,
      requiredClaims: REQUIRED_CLAIMS,
      currentDate,
    });
    const scopes = grantedScopes(claims);
    // An ID token names no scope; neither does an access token made for the provider's userinfo only.
    if (!scopes) return { ok: false, error: 'invalid_token', reason: 'no granted scope: not an access token' };
    if (typeof claims.iat === 'number' && claims.iat > nowSeconds + clockToleranceSeconds) {
      return { ok: false, error: 'invalid_token', reason: 'issued in the future' };
    }
    if (!scopes.includes(scope)) {
      return { ok: false, error: 'insufficient_scope', reason: `the token was not granted "${scope}"` };
    }
    if (introspection && !(await isActive(token, introspection))) {
      // Past its expiry by the provider's clock (the check above allowed for skew): expired, not revoked.
      const expired = typeof claims.exp === 'number' && claims.exp <= nowSeconds;
      return {
        ok: false,
        error: 'invalid_token',
        reason: expired ? 'expired' : 'revoked (the provider says it is not active)',
      };
    }
    Object.freeze(claims);
    verifiedTokens.set(token, claims, nowSeconds, /** @type {number} */ (claims.exp) + clockToleranceSeconds);
    return { ok: true, claims };
  }

  return {
    async verify(token) {
      try {
        return await check(token);
      } catch (error) {
        const unavailable = error instanceof ProviderUnavailable;
        return { ok: false, error: unavailable ? 'unavailable' : 'invalid_token', reason: reasonFor(error) };
      }
    },
  };
}
