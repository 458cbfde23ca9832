// @ts-check
/**
 * What every token check of the server holds to, whatever the token is for (the gate's ID tokens, the MCP
 * server's access tokens): its shape and size before anything is parsed, the signature algorithms allowed,
 * jose's errors as short reasons that name no part of the token, and the cache of tokens verified lately.
 */
import { isObject, ProviderUnavailable } from './issuerKeys.mjs';

/** @typedef {import('jose').JWTPayload} JWTPayload */
/** @typedef {{ ok: true, claims: JWTPayload } | { ok: false, reason: string }} Verification */

/** A provider's tokens are under 2 KB; anything longer is refused before it is parsed. */
export const MAX_TOKEN_LENGTH = 8192;
/** Asymmetric signatures only, whatever the token's header asks for: never `none`, never a shared secret (HS*). */
export const ALLOWED_ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
  'Ed25519',
];
export const REQUIRED_CLAIMS = ['exp', 'iat', 'sub'];
/** Three base64url parts: the only shape of a signed JWT (an unsigned one has an empty third part). */
const COMPACT_JWS = /^[\w-]+\.[\w-]+\.[\w-]+$/;

/** Every request of a signed-in reader carries the same token: one signature check serves them all. */
const VERIFIED_TOKENS_CAPACITY = 500;
const VERIFIED_TOKENS_MAX_SECONDS = 60;

/** @param {Date} date */
export function epochSeconds(date) {
  return Math.floor(date.getTime() / 1000);
}

/** @param {unknown} token @returns {token is string} */
export function looksLikeSignedJwt(token) {
  return typeof token === 'string' && token.length <= MAX_TOKEN_LENGTH && COMPACT_JWS.test(token);
}

/**
 * A short reason for an error from the checks, naming no part of the token.
 * @param {unknown} error
 */
export function reasonFor(error) {
  if (error instanceof ProviderUnavailable) return error.message;
  const { code, claim } = /** @type {{ code?: unknown, claim?: unknown }} */ (isObject(error) ? error : {});
  switch (code) {
    case 'ERR_JWT_EXPIRED':
      return 'expired';
    case 'ERR_JWT_CLAIM_VALIDATION_FAILED':
      if (claim === 'nbf') return 'not yet valid';
      if (claim === 'iss') return 'issued by another issuer';
      if (claim === 'aud') return 'issued for another audience';
      return typeof claim === 'string' && REQUIRED_CLAIMS.includes(claim)
        ? `the "${claim}" claim is missing or invalid`
        : 'a claim is invalid';
    case 'ERR_JOSE_ALG_NOT_ALLOWED':
      return 'algorithm not allowed';
    case 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED':
      return 'bad signature';
    case 'ERR_JWKS_NO_MATCHING_KEY':
      return 'signed with a key the provider does not publish';
    case 'ERR_JWKS_MULTIPLE_MATCHING_KEYS':
      return "its key matches several of the provider's keys";
    case 'ERR_JOSE_NOT_SUPPORTED':
      return 'unsupported algorithm or key';
    case 'ERR_JWS_INVALID':
    case 'ERR_JWT_INVALID':
      return 'malformed token';
    default:
      return 'verification failed';
  }
}

/**
 * Tokens verified lately, each until its expiry (with the clock tolerance) and at most
 * VERIFIED_TOKENS_MAX_SECONDS (or `maxSeconds`): a key the provider withdraws stops admitting within that
 * time. When full, the oldest entry makes room.
 * @param {{ maxSeconds?: number }} [options]
 */
export function createVerifiedTokens({ maxSeconds = VERIFIED_TOKENS_MAX_SECONDS } = {}) {
  /** @type {Map<string, { claims: JWTPayload, verifiedAt: number, validUntil: number }>} */
  const entries = new Map();
  return {
    /** @param {string} token @param {number} nowSeconds */
    get(token, nowSeconds) {
      const entry = entries.get(token);
      if (!entry) return undefined;
      if (entry.verifiedAt <= nowSeconds && nowSeconds < entry.validUntil) return entry.claims;
      entries.delete(token);
      return undefined;
    },
    /** @param {string} token @param {JWTPayload} claims @param {number} nowSeconds @param {number} expiresAt */
    set(token, claims, nowSeconds, expiresAt) {
      entries.delete(token);
      if (entries.size >= VERIFIED_TOKENS_CAPACITY) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(token, { claims, verifiedAt: nowSeconds, validUntil: Math.min(expiresAt, nowSeconds + maxSeconds) });
    },
  };
}
