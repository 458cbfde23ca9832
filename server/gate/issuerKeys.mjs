// @ts-check
/**
 * The OpenID provider's signing keys, as every token check of the server needs them: found through the
 * provider's discovery document and cached; a token signed with a key the cache does not hold makes jose
 * fetch the keys again (the provider rotated them), at most once per cooldown. The gate's ID-token check
 * (idToken.mjs) and the MCP server's access-token check (accessToken.mjs) share one instance, so one key
 * set is fetched and held per process or isolate. Runs unchanged on Node and on Cloudflare workerd: Fetch
 * API and WebCrypto only, no Node modules.
 */
import { createRemoteJWKSet, customFetch } from 'jose';

/** After a request to the provider failed, the next one is made no sooner than this. */
const PROVIDER_RETRY_SECONDS = 10;
export const PROVIDER_TIMEOUT_MS = 5_000;
/** After the keys were fetched, a token signed with an unknown key fetches them again no sooner than this. */
const KEYS_COOLDOWN_MS = 30_000;
/** Keys are fetched again after this, so that a key the provider withdrew stops being trusted. */
const KEYS_MAX_AGE_MS = 10 * 60_000;

/** The provider did not answer as it must; the message is the refusal's reason. */
export class ProviderUnavailable extends Error {}

/** @param {unknown} value @returns {value is Record<string, unknown>} */
export function isObject(value) {
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
 * An address named by the discovery document, if it is one to trust: https, or http when the issuer
 * itself is (a provider on the developer's machine).
 * @param {unknown} address
 * @param {URL} issuerUrl
 */
export function providerEndpoint(address, issuerUrl) {
  if (typeof address !== 'string' || !URL.canParse(address)) return undefined;
  const url = new URL(address);
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
  return providerEndpoint(json.jwks_uri, issuerUrl) ? undefined : 'has no usable "jwks_uri"';
}

/**
 * What is wrong with a JWK set, if anything (jose's own test, so that a set it would refuse counts as a failure).
 * @param {unknown} json
 */
function keySetProblem(json) {
  return isObject(json) && Array.isArray(json.keys) && json.keys.every(isObject) ? undefined : 'is not a JWK set';
}

/**
 * @typedef {object} IssuerKeysOptions
 * @property {string} issuer the provider's issuer identifier, exactly as its discovery document states it
 * @property {typeof fetch} [fetch] how to reach the provider (tests, runtimes with their own); the global fetch by default
 * @property {() => Date} [currentDate] the clock, for tests
 */

/**
 * Whether the server holds keys to check tokens with: without them (never fetched, or older than
 * KEYS_MAX_AGE_MS, after which they are fetched again before use) it admits nobody.
 * @typedef {{ keys: boolean, keysAgeSeconds: number | null, problem?: string }} KeyStatus
 */

/**
 * @typedef {object} IssuerKeys
 * @property {string} issuer
 * @property {URL} issuerUrl
 * @property {() => Promise<ReturnType<typeof createRemoteJWKSet>>} keys the key set for jose's `jwtVerify`,
 *   through the discovery document on first use; throws {@link ProviderUnavailable}
 * @property {() => Promise<Record<string, unknown>>} discovery the discovery document the keys were found
 *   through (its other endpoints, such as `introspection_endpoint`)
 * @property {() => Promise<KeyStatus>} keyStatus fetches the keys first when they are missing or due
 * @property {typeof fetch} fetch how this provider is reached, for the endpoints the discovery document names
 * @property {() => Date} now the clock the checks run by
 */

/**
 * @param {IssuerKeysOptions} options
 * @returns {IssuerKeys}
 */
export function createIssuerKeys(options) {
  const { issuer } = options;
  if (typeof issuer !== 'string' || !URL.canParse(issuer)) throw new TypeError('issuer must be a URL');
  const issuerUrl = new URL(issuer);
  const discoveryUrl = `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
  const now = options.currentDate ?? (() => new Date());
  // Called as a plain function: workerd refuses its fetch with another `this`.
  const fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
  const provider = createProviderClient(fetchImpl, now);

  /** @type {Record<string, unknown> | undefined} */
  let discoveryDocument;
  /** @type {ReturnType<typeof createRemoteJWKSet> | undefined} */
  let providerKeys;
  /** When the key set was last fetched (Date.now()), if ever. */
  let keysFetchedAt = -Infinity;

  async function discovery() {
    discoveryDocument ??= await provider.fetchDocument(discoveryUrl, 'discovery document', (json) =>
      discoveryProblem(json, issuerUrl, issuer),
    );
    return discoveryDocument;
  }

  async function keys() {
    if (providerKeys) return providerKeys;
    const { jwks_uri: jwksUri } = await discovery();
    providerKeys ??= createRemoteJWKSet(/** @type {URL} */ (providerEndpoint(jwksUri, issuerUrl)), {
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

  const keysAgeMs = () => Date.now() - keysFetchedAt;

  return {
    issuer,
    issuerUrl,
    keys,
    discovery,
    fetch: fetchImpl,
    now,
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
