// @ts-check
/**
 * Whether a token is an ID token that the site's OpenID provider signed for this site: the gate's proof
 * of sign-in, checked with jose against the provider's keys (issuerKeys.mjs, which finds, caches and
 * refreshes them). Runs unchanged on Node and on Cloudflare workerd: Fetch API and WebCrypto only, no
 * Node modules.
 *
 * `verify` never throws. A refusal carries a short reason that holds nothing of the token, safe to log.
 */
import { decodeProtectedHeader, jwtVerify } from 'jose';

import { createIssuerKeys } from './issuerKeys.mjs';
import {
  ALLOWED_ALGORITHMS,
  createVerifiedTokens,
  epochSeconds,
  looksLikeSignedJwt,
  reasonFor,
  REQUIRED_CLAIMS,
} from './jwtRules.mjs';

export { MAX_TOKEN_LENGTH } from './jwtRules.mjs';

/** @typedef {import('jose').JWTPayload} JWTPayload */
/** @typedef {import('./jwtRules.mjs').Verification} Verification */
/** @typedef {import('./issuerKeys.mjs').KeyStatus} KeyStatus */

/**
 * @typedef {object} IdTokenVerifierOptions
 * @property {string} issuer the provider's issuer identifier, exactly as its discovery document states it
 * @property {string} clientId this site's client id: the audience an ID token for the site names
 * @property {import('./issuerKeys.mjs').IssuerKeys} [issuerKeys] the provider's keys, shared with the
 *   server's other token checks; made from `issuer`, `fetch` and `currentDate` when not given
 * @property {typeof fetch} [fetch] how to reach the provider (tests, runtimes with their own); the global fetch by default
 * @property {number} [clockToleranceSeconds] how far the provider's clock and ours may disagree; 60 by default
 * @property {() => Date} [currentDate] the clock, for tests
 */

/**
 * A token keeps working at the gate until its expiry plus this, even after sign-out (the gate keeps no
 * session): small enough that the provider's ID-token lifetime is what an operator tunes.
 */
const DEFAULT_CLOCK_TOLERANCE_SECONDS = 60;

/**
 * Why a token's header shows it is no ID token of ours, before any key is fetched or signature checked.
 * @param {import('jose').ProtectedHeaderParameters} header
 */
function headerProblem(header) {
  if (typeof header.alg !== 'string' || !ALLOWED_ALGORITHMS.includes(header.alg)) return 'algorithm not allowed';
  const { typ } = header;
  if (typ === undefined || (typeof typ === 'string' && /^(application\/)?jwt$/i.test(typ))) return undefined;
  // RFC 9068: a JWT access token says so in its header.
  if (typeof typ === 'string' && /^(application\/)?at\+jwt$/i.test(typ)) return 'an access token, not an ID token';
  return 'unexpected "typ" header';
}

/**
 * Why verified claims are still not an ID token issued to this site, beyond what jose checks.
 * @param {JWTPayload} claims
 * @param {string} clientId
 * @param {number} nowSeconds
 * @param {number} toleranceSeconds
 */
function claimsProblem(claims, clientId, nowSeconds, toleranceSeconds) {
  // Access tokens carry the granted scope (`scope`, RFC 9068; `scp` at Okta); ID tokens do not.
  if ('scope' in claims || 'scp' in claims) return 'an access token, not an ID token';
  if (typeof claims.sub !== 'string' || claims.sub === '') return 'the "sub" claim is empty';
  // jose checks `iat` only together with a maximum token age.
  if (typeof claims.iat === 'number' && claims.iat > nowSeconds + toleranceSeconds) return 'issued in the future';
  // OpenID Connect Core 3.1.3.7: with several audiences `azp` is required, and it must name this client.
  if (Array.isArray(claims.aud) && claims.aud.length > 1 && claims.azp === undefined) {
    return 'several audiences and no "azp" claim';
  }
  if (claims.azp !== undefined && claims.azp !== clientId) return 'issued to another client ("azp")';
  return undefined;
}

/**
 * @typedef {object} IdTokenVerifier
 * @property {(token: string) => Promise<Verification>} verify
 * @property {() => Promise<KeyStatus>} keyStatus fetches the keys first when they are missing or due
 */

/**
 * @param {IdTokenVerifierOptions} options
 * @returns {IdTokenVerifier}
 */
export function createIdTokenVerifier(options) {
  const { issuer, clientId, clockToleranceSeconds = DEFAULT_CLOCK_TOLERANCE_SECONDS } = options;
  if (typeof issuer !== 'string' || !URL.canParse(issuer)) throw new TypeError('issuer must be a URL');
  if (typeof clientId !== 'string' || clientId === '') throw new TypeError('clientId must be a non-empty string');
  if (!Number.isFinite(clockToleranceSeconds) || clockToleranceSeconds < 0) {
    throw new TypeError('clockToleranceSeconds must be a number of seconds, 0 or more');
  }
  const issuerKeys =
    options.issuerKeys ?? createIssuerKeys({ issuer, fetch: options.fetch, currentDate: options.currentDate });
  if (issuerKeys.issuer !== issuer) throw new TypeError('issuerKeys must be the keys of the same issuer');
  const verifiedTokens = createVerifiedTokens();

  /**
   * @param {string} token
   * @returns {Promise<Verification>}
   */
  async function check(token) {
    if (!looksLikeSignedJwt(token)) return { ok: false, reason: 'not a signed JWT' };
    const currentDate = issuerKeys.now();
    const nowSeconds = epochSeconds(currentDate);
    const remembered = verifiedTokens.get(token, nowSeconds);
    if (remembered) return { ok: true, claims: remembered };

    let header;
    try {
      header = decodeProtectedHeader(token);
    } catch {
      return { ok: false, reason: 'malformed token' };
    }
    const refusedHeader = headerProblem(header);
    if (refusedHeader) return { ok: false, reason: refusedHeader };

    const { payload: claims } = await jwtVerify(token, await issuerKeys.keys(), {
      issuer,
      audience: clientId,
      algorithms: ALLOWED_ALGORITHMS,
      clockTolerance: clockToleranceSeconds,
      requiredClaims: REQUIRED_CLAIMS,
      currentDate,
    });
    const refusedClaims = claimsProblem(claims, clientId, nowSeconds, clockToleranceSeconds);
    if (refusedClaims) return { ok: false, reason: refusedClaims };

    Object.freeze(claims);
    verifiedTokens.set(token, claims, nowSeconds, /** @type {number} */ (claims.exp) + clockToleranceSeconds);
    return { ok: true, claims };
  }

  return {
    async verify(token) {
      try {
        return await check(token);
      } catch (error) {
        return { ok: false, reason: reasonFor(error) };
      }
    },
    keyStatus: issuerKeys.keyStatus,
  };
}
