// @ts-check
/**
 * Whether a token is an ID token that the site's OpenID provider signed for this site: the gate's proof
 * of sign-in. The provider's keys are found through its discovery document and cached; a token signed
 * with a key the cache does not hold makes the verifier fetch the keys again (the provider rotated them),
 * at most once per cooldown. Runs unchanged on Node and on Cloudflare workerd: Fetch API and WebCrypto
 * only, no Node modules.
 *
 * `verify` never throws. A refusal carries a short reason that holds nothing of the token, safe to log.
 */
import { createRemoteJWKSet, customFetch, decodeProtectedHeader, jwtVerify } from 'jose';

/** @typedef {import('jose').JWTPayload} JWTPayload */
/** @typedef {{ ok: true, claims: JWTPayload } | { ok: false, reason: string }} Verification */

/**
 * @typedef {object} IdTokenVerifierOptions
 * @property {string} issuer the provider's issuer identifier, exactly as its discovery document states it
 * @property {string} clientId this site's client id: the audience an ID token for the site names
 * @property {typeof fetch} [fetch] how to reach the provider (tests, runtimes with their own); the global fetch by default
 * @property {number} [clockToleranceSeconds] how far the provider's clock and ours may disagree; 60 by default
 * @property {() => Date} [currentDate] the clock, for tests
 */

/** A provider's ID tokens are under 2 KB; anything longer is refused before it is parsed. */
export const MAX_TOKEN_LENGTH = 8192;
/** Asymmetric signatures only, whatever the token's header asks for: never `none`, never a shared secret (HS*). */
const ALLOWED_ALGORITHMS = [
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
const REQUIRED_CLAIMS = ['exp', 'iat', 'sub'];
/**
 * A token keeps working at the gate until its expiry plus this, even after sign-out (the gate keeps no
 * session): small enough that the provider's ID-token lifetime is what an operator tunes.
 */
const DEFAULT_CLOCK_TOLERANCE_SECONDS = 60;
/** Three base64url parts: the only shape of a signed JWT (an unsigned one has an empty third part). */
const COMPACT_JWS = /^[\w-]+\.[\w-]+\.[\w-]+$/;

/** After a request to the provider failed, the next one is made no sooner than this. */
const PROVIDER_RETRY_SECONDS = 10;
const PROVIDER_TIMEOUT_MS = 5_000;
/** After the keys were fetched, a token signed with an unknown key fetches them again no sooner than this. */
const KEYS_COOLDOWN_MS = 30_000;
/** Keys are fetched again after this, so that a key the provider withdrew stops being trusted. */
const KEYS_MAX_AGE_MS = 10 * 60_000;

/** Every file request of a signed-in reader carries the same cookie: one signature check serves them all. */
const VERIFIED_TOKENS_CAPACITY = 500;
const VERIFIED_TOKENS_MAX_SECONDS = 60;

/** The provider did not answer as it must; the message is the refusal's reason. */
class ProviderUnavailable extends Error {}

/** @param {Date} date */
function epochSeconds(date) {
  return Math.floor(date.getTime() / 1000);
}

/** @param {unknown} value @returns {value is Record<string, unknown>} */
function isObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * `promise`, or a refusal once `ms` have passed without it settling.
 * @template T
 * @param {Promise<T>} promise
 * @param {number} ms
 * @param {string} documentName for the reason
 * @returns {Promise<T>}
 */
function withDeadline(promise, ms, documentName) {
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  const deadline = new Promise((_, reject) => {
    timer = setTimeout(
      () => reject(new ProviderUnavailable(`the provider could not be reached (${documentName}: no answer in time)`)),
      ms,
    );
  });
  return /** @type {Promise<T>} */ (Promise.race([promise, deadline])).finally(() => clearTimeout(timer));
}

/**
 * The provider's JSON documents (discovery, keys), fetched so that a provider that is down or broken is
 * asked again at most once per PROVIDER_RETRY_SECONDS: meanwhile each request is refused at no cost.
 * Requests that need a document while it is being fetched wait for that one fetch: on Workers, jose starts
 * a key-set fetch for every caller (it shares nothing in flight there), so without this 200 concurrent
 * tokens with an unknown key id made 200 requests to the provider. What is shared is the parsed JSON, a
 * plain value, never a Response: workerd lets no request read another's I/O objects.
 * @param {typeof fetch} fetchImpl
 * @param {() => Date} now
 */
function createProviderClient(fetchImpl, now) {
  let retryAfterMs = -Infinity;
  /** @type {string | undefined} why the last request to the provider failed, if it did */
  let lastProblem;
  /** @type {Map<string, { fetched: Promise<Record<string, unknown>>, startedAt: number }>} by URL */
  const recentFetches = new Map();

  /**
   * @param {string} url
   * @param {string} documentName for the reasons, e.g. `discovery document`
   * @param {(json: unknown) => string | undefined} problemWith what is wrong with the JSON, if anything
   * @param {AbortSignal} signal
   * @returns {Promise<Record<string, unknown>>}
   */
  async function fetchOnce(url, documentName, problemWith, signal) {
    if (now().getTime() < retryAfterMs) {
      throw new ProviderUnavailable(`the provider could not be reached (${documentName}); retrying shortly`);
    }
    try {
      let response;
      try {
        response = await fetchImpl(url, { headers: { Accept: 'application/json' }, redirect: 'manual', signal });
      } catch {
        throw new ProviderUnavailable(`the provider could not be reached (${documentName})`);
      }
      if (response.status !== 200) {
        await response.body?.cancel();
        throw new ProviderUnavailable(`the provider could not be reached (${documentName}: HTTP ${response.status})`);
      }
      const json = await response.json().catch(() => undefined);
      const problem = problemWith(json);
      if (problem) throw new ProviderUnavailable(`the provider's ${documentName} ${problem}`);
      lastProblem = undefined;
      return /** @type {Record<string, unknown>} */ (json);
    } catch (error) {
      retryAfterMs = now().getTime() + PROVIDER_RETRY_SECONDS * 1000;
      lastProblem = error instanceof ProviderUnavailable ? error.message : 'the provider could not be reached';
      throw error;
    }
  }

  /**
   * The document, from a fetch started less than PROVIDER_TIMEOUT_MS ago if there is one (under way, or
   * done: jose on Workers asks again while it still parses the first answer). A failed fetch is not
   * reused. A waiter gives up after the fetch's own time-out, and an older fetch is not joined: on
   * workerd, a fetch whose request was cancelled may never settle, and must not hold up the requests
   * after it. Timed with Date.now(), as jose times its cooldown.
   * @param {string} url
   * @param {string} documentName
   * @param {(json: unknown) => string | undefined} problemWith
   * @param {AbortSignal} [signal]
   * @returns {Promise<Record<string, unknown>>}
   */
  function fetchDocument(url, documentName, problemWith, signal = AbortSignal.timeout(PROVIDER_TIMEOUT_MS)) {
    const startedAt = Date.now();
    const recent = recentFetches.get(url);
    if (recent && startedAt - recent.startedAt < PROVIDER_TIMEOUT_MS) {
      return withDeadline(recent.fetched, PROVIDER_TIMEOUT_MS, documentName);
    }
    const fetched = fetchOnce(url, documentName, problemWith, signal);
    recentFetches.set(url, { fetched, startedAt });
    fetched.catch(() => {
      if (recentFetches.get(url)?.fetched === fetched) recentFetches.delete(url);
    });
    return fetched;
  }
  return { fetchDocument, lastProblem: () => lastProblem };
}

/**
 * The key set's address from a discovery document, if it is one to trust: https, or http when the issuer
 * itself is (a provider on the developer's machine).
 * @param {unknown} jwksUri
 * @param {URL} issuerUrl
 */
function keySetUrl(jwksUri, issuerUrl) {
  if (typeof jwksUri !== 'string' || !URL.canParse(jwksUri)) return undefined;
  const url = new URL(jwksUri);
  const allowed = url.protocol === 'https:' || (url.protocol === 'http:' && issuerUrl.protocol === 'http:');
  return allowed ? url : undefined;
}

/**
 * What is wrong with a discovery document, if anything.
 * @param {unknown} json
 * @param {URL} issuerUrl
 * @param {string} issuer
 */
function discoveryProblem(json, issuerUrl, issuer) {
  if (!isObject(json)) return 'is not a JSON object';
  if (json.issuer !== issuer) return 'names another issuer';
  return keySetUrl(json.jwks_uri, issuerUrl) ? undefined : 'has no usable "jwks_uri"';
}

/**
 * What is wrong with a JWK set, if anything (jose's own test, so that a set it would refuse counts as a failure).
 * @param {unknown} json
 */
function keySetProblem(json) {
  return isObject(json) && Array.isArray(json.keys) && json.keys.every(isObject) ? undefined : 'is not a JWK set';
}

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
 * A short reason for an error from the checks, naming no part of the token.
 * @param {unknown} error
 */
function reasonFor(error) {
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
 * VERIFIED_TOKENS_MAX_SECONDS: a key the provider withdraws stops admitting within that time. When full,
 * the oldest entry makes room.
 */
function createVerifiedTokens() {
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
    /** @param {string} token @param {JWTPayload} claims @param {number} nowSeconds @param {number} validUntil */
    set(token, claims, nowSeconds, validUntil) {
      entries.delete(token);
      if (entries.size >= VERIFIED_TOKENS_CAPACITY) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(token, { claims, verifiedAt: nowSeconds, validUntil });
    },
  };
}

/**
 * Whether the gate holds keys to check tokens with: without them (never fetched, or older than
 * KEYS_MAX_AGE_MS, after which they are fetched again before use) it admits nobody.
 * @typedef {{ keys: boolean, keysAgeSeconds: number | null, problem?: string }} KeyStatus
 */

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
  const issuerUrl = new URL(issuer);
  const discoveryUrl = `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
  const now = options.currentDate ?? (() => new Date());
  // Called as a plain function: workerd refuses its fetch with another `this`.
  const fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
  const provider = createProviderClient(fetchImpl, now);
  const verifiedTokens = createVerifiedTokens();

  /** @type {ReturnType<typeof createRemoteJWKSet> | undefined} */
  let providerKeys;
  /** When the key set was last fetched (Date.now()), if ever. */
  let keysFetchedAt = -Infinity;

  /** The provider's keys, through its discovery document on first use. */
  async function keys() {
    if (providerKeys) return providerKeys;
    const discovery = await provider.fetchDocument(discoveryUrl, 'discovery document', (json) =>
      discoveryProblem(json, issuerUrl, issuer),
    );
    providerKeys ??= createRemoteJWKSet(/** @type {URL} */ (keySetUrl(discovery.jwks_uri, issuerUrl)), {
      timeoutDuration: PROVIDER_TIMEOUT_MS,
      cooldownDuration: KEYS_COOLDOWN_MS,
      cacheMaxAge: KEYS_MAX_AGE_MS,
      [customFetch]: async (url, { signal }) => {
        const keySet = await provider.fetchDocument(url, 'key set', keySetProblem, signal);
        keysFetchedAt = Date.now();
        return Response.json(keySet);
      },
    });
    return providerKeys;
  }

  /**
   * @param {string} token
   * @returns {Promise<Verification>}
   */
  async function check(token) {
    if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH || !COMPACT_JWS.test(token)) {
      return { ok: false, reason: 'not a signed JWT' };
    }
    const currentDate = now();
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

    const { payload: claims } = await jwtVerify(token, await keys(), {
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
    const expiresAt = /** @type {number} */ (claims.exp) + clockToleranceSeconds;
    verifiedTokens.set(token, claims, nowSeconds, Math.min(expiresAt, nowSeconds + VERIFIED_TOKENS_MAX_SECONDS));
    return { ok: true, claims };
  }

  const keysAgeMs = () => Date.now() - keysFetchedAt;

  return {
    async verify(token) {
      try {
        return await check(token);
      } catch (error) {
        return { ok: false, reason: reasonFor(error) };
      }
    },
    async keyStatus() {
      if (!(keysAgeMs() < KEYS_MAX_AGE_MS)) {
        // As a token would: the provider is asked at most once per PROVIDER_RETRY_SECONDS while it fails.
        await keys()
          .then((keySet) => keySet.reload())
          .catch(() => undefined);
      }
      const age = keysAgeMs();
      if (age < KEYS_MAX_AGE_MS) return { keys: true, keysAgeSeconds: Math.floor(age / 1000) };
      return {
        keys: false,
        keysAgeSeconds: Number.isFinite(age) ? Math.floor(age / 1000) : null,
        problem: provider.lastProblem() ?? 'the provider could not be reached',
      };
    },
  };
}
