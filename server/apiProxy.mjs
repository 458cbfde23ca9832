// @ts-check
/**
 * The Try it panel's way to the hosted sandbox: `<base URL>api-proxy/v1/*` forwards to the sandbox API and
 * `<base URL>api-proxy/connect/token` to its token endpoint. Both upstreams are fixed when the server starts
 * (never taken from the request); only signed-in readers, only the methods and paths the API descriptions
 * list (the build writes them into the gate manifest), without the reader's cookies or hop-by-hop headers,
 * bodies up to 1 MB, rate-limited per reader, never cached. Every refusal is JSON with a `message` the panel
 * shows.
 */

/** The largest request body forwarded (the sandbox's own limit). */
export const MAX_PROXY_BODY_BYTES = 1024 * 1024;
export const API_PROXY_PREFIX = 'api-proxy/';

/**
 * What the build says about the proxy (the gate manifest's `apiProxy`).
 * @typedef {object} ApiProxyManifest
 * @property {string} apiUrl the descriptions' sandbox server, e.g. `https://sandbox.api.clearing.example/v1`
 * @property {string} tokenUrl the descriptions' token URL
 * @property {[string, string][]} routes every operation as [method in upper case, path template below the API URL]
 */

/**
 * What the server is started with; each setting replaces the build's default.
 * @typedef {object} ApiProxySettings
 * @property {string} [apiUrl] SANDBOX_API_URL
 * @property {string} [tokenUrl] SANDBOX_TOKEN_URL
 * @property {number} [timeoutMs] API_PROXY_TIMEOUT_MS: an upstream that has not answered by then gets a 504
 * @property {number} [requestsPerMinute] API_PROXY_RATE_LIMIT: per signed-in reader
 */

export const DEFAULT_TIMEOUT_MS = 15_000;
export const DEFAULT_REQUESTS_PER_MINUTE = 120;

/** Headers that concern one connection only (RFC 9110 §7.6.1), and the reader's own credentials for this site. */
const NOT_FORWARDED = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'content-length',
  'cookie',
]);
/** Response headers the proxy does not pass back: hop-by-hop, cookies of the upstream, and what fetch decoded. */
const NOT_RETURNED = new Set([...NOT_FORWARDED, 'set-cookie', 'content-encoding']);

/** @param {string} name @param {string | undefined} value */
function checkedUrl(name, value) {
  if (value === undefined) return undefined;
  let url;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an absolute http(s) URL, not ${JSON.stringify(value)}.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`${name} must be an http(s) URL, not ${JSON.stringify(value)}.`);
  }
  if (url.search || url.hash) throw new Error(`${name} must not carry a query or fragment: ${JSON.stringify(value)}.`);
  return url.href.replace(/\/$/, '');
}

/** @param {string} name @param {string | undefined} value */
function checkedCount(name, value) {
  if (value === undefined || value === '') return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new Error(`${name} must be a whole number above 0, not ${value}.`);
  return number;
}

/**
 * The proxy's settings from the environment (process.env on Node, the Worker's `env`). Throws a message
 * naming the variable when one is malformed.
 * @param {Record<string, unknown>} env
 * @returns {ApiProxySettings}
 */
export function apiProxySettingsFromEnv(env) {
  /** @param {string} name */
  const read = (name) =>
    typeof env[name] === 'string' && env[name] !== '' ? /** @type {string} */ (env[name]) : undefined;
  return {
    apiUrl: checkedUrl('SANDBOX_API_URL', read('SANDBOX_API_URL')),
    tokenUrl: checkedUrl('SANDBOX_TOKEN_URL', read('SANDBOX_TOKEN_URL')),
    timeoutMs: checkedCount('API_PROXY_TIMEOUT_MS', read('API_PROXY_TIMEOUT_MS')),
    requestsPerMinute: checkedCount('API_PROXY_RATE_LIMIT', read('API_PROXY_RATE_LIMIT')),
  };
}

/**
 * @param {unknown} value the manifest's `apiProxy`
 * @returns {ApiProxyManifest | undefined}
 */
export function parseApiProxyManifest(value) {
  if (value === undefined) return undefined;
  const proxy = /** @type {Partial<ApiProxyManifest> | null} */ (value);
  if (!proxy || typeof proxy !== 'object') throw new Error('apiProxy must be an object');
  const routes = proxy.routes;
  const wellFormed =
    Array.isArray(routes) &&
    routes.every(
      (route) =>
        Array.isArray(route) &&
        /^[A-Z]+$/.test(String(route[0])) &&
        typeof route[1] === 'string' &&
        route[1][0] === '/',
    );
  if (!wellFormed) throw new Error('apiProxy.routes must list [METHOD, "/path"] pairs');
  checkedUrl('apiProxy.apiUrl', proxy.apiUrl);
  checkedUrl('apiProxy.tokenUrl', proxy.tokenUrl);
  if (!proxy.apiUrl || !proxy.tokenUrl) throw new Error('apiProxy must name apiUrl and tokenUrl');
  return /** @type {ApiProxyManifest} */ (proxy);
}

/**
 * A matcher of `METHOD /path` against the descriptions' operations (`{name}` stands for one segment).
 * @param {[string, string][]} routes
 * @returns {(method: string, path: string) => boolean}
 */
export function routeMatcher(routes) {
  const patterns = routes.map(([method, template]) => {
    const source = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{\w+\\?\}/g, '[^/]+');
    return { method, pattern: new RegExp(`^${source}$`) };
  });
  return (method, path) => patterns.some((route) => route.method === method && route.pattern.test(path));
}

/**
 * A token bucket per reader: `requestsPerMinute` at once, refilled evenly over a minute. Forgets the oldest
 * readers beyond `maxReaders`, so memory stays bounded.
 * @param {number} requestsPerMinute
 * @param {{ now?: () => number, maxReaders?: number }} [options]
 */
export function readerRateLimit(requestsPerMinute, { now = Date.now, maxReaders = 10_000 } = {}) {
  /** @type {Map<string, { tokens: number, at: number }>} */
  const buckets = new Map();
  const perMs = requestsPerMinute / 60_000;
  /** @param {string} reader @returns {{ ok: true } | { ok: false, retryAfterSeconds: number }} */
  return (reader) => {
    const at = now();
    const previous = buckets.get(reader);
    const tokens = previous
      ? Math.min(requestsPerMinute, previous.tokens + (at - previous.at) * perMs)
      : requestsPerMinute;
    buckets.delete(reader);
    if (buckets.size >= maxReaders) buckets.delete(/** @type {string} */ (buckets.keys().next().value));
    if (tokens < 1) {
      buckets.set(reader, { tokens, at });
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - tokens) / perMs / 1000)) };
    }
    buckets.set(reader, { tokens: tokens - 1, at });
    return { ok: true };
  };
}

/**
 * The request body, or `undefined` when it is larger than the cap (read no further than that).
 * @param {Request} request
 * @returns {Promise<Uint8Array | null | undefined>} null when there is none
 */
async function cappedBody(request) {
  const declared = Number(request.headers.get('Content-Length') ?? '0');
  if (declared > MAX_PROXY_BODY_BYTES) return undefined;
  if (!request.body) return null;
  const reader = request.body.getReader();
  /** @type {Uint8Array[]} */
  const chunks = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_PROXY_BODY_BYTES) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/** @param {Headers} source @param {Set<string>} dropped */
function copyHeaders(source, dropped) {
  const named = (source.get('Connection') ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  const headers = new Headers();
  source.forEach((value, name) => {
    if (!dropped.has(name) && !named.includes(name)) headers.append(name, value);
  });
  return headers;
}

/**
 * @param {number} status
 * @param {string} message
 * @param {Record<string, string>} [headers]
 */
export function proxyRefusal(status, message, headers = {}) {
  return new Response(JSON.stringify({ message }), {
    status,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers },
  });
}

/**
 * @typedef {object} ApiProxy
 * @property {(path: string) => string | undefined} upstreamFor the upstream URL (without query) for a path
 *   below `<base URL>api-proxy/`, when the path names one
 * @property {(method: string, path: string) => boolean} knows
 * @property {(reader: string) => { ok: true } | { ok: false, retryAfterSeconds: number }} take one request of a reader's allowance
 * @property {(request: Request, upstream: string) => Promise<Response>} forward
 */

/**
 * @param {ApiProxyManifest} manifest
 * @param {ApiProxySettings} [settings]
 * @param {{ fetch?: typeof fetch }} [io]
 * @returns {ApiProxy}
 */
export function createApiProxy(manifest, settings = {}, io = {}) {
  const apiUrl = settings.apiUrl ?? manifest.apiUrl.replace(/\/$/, '');
  const tokenUrl = settings.tokenUrl ?? manifest.tokenUrl;
  const timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const matches = routeMatcher(manifest.routes);
  const take = readerRateLimit(settings.requestsPerMinute ?? DEFAULT_REQUESTS_PER_MINUTE);
  const send = io.fetch ?? ((input, init) => fetch(input, init));

  return {
    upstreamFor(path) {
      if (path === 'connect/token') return tokenUrl;
      if (path.startsWith('v1/')) return apiUrl + path.slice('v1'.length);
      return undefined;
    },
    knows(method, path) {
      if (path === 'connect/token') return method === 'POST';
      return path.startsWith('v1/') && matches(method, path.slice('v1'.length));
    },
    take,
    async forward(request, upstream) {
      const body = await cappedBody(request);
      if (body === undefined) {
        return proxyRefusal(413, `The request body is larger than ${MAX_PROXY_BODY_BYTES / 1024 / 1024} MB.`);
      }
      const url = upstream + new URL(request.url).search;
      const controller = new AbortController();
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, timeoutMs);
      let response;
      try {
        response = await send(url, {
          method: request.method,
          headers: copyHeaders(request.headers, NOT_FORWARDED),
          body: body && body.byteLength > 0 ? /** @type {BodyInit} */ (/** @type {unknown} */ (body)) : undefined,
          redirect: 'manual',
          signal: controller.signal,
        });
      } catch {
        clearTimeout(timer);
        return timedOut
          ? proxyRefusal(504, `The sandbox did not answer within ${timeoutMs / 1000} s.`)
          : proxyRefusal(502, 'The sandbox could not be reached. Try again in a moment.');
      }
      clearTimeout(timer);
      const headers = copyHeaders(response.headers, NOT_RETURNED);
      headers.set('Cache-Control', 'no-store');
      return new Response(response.body, { status: response.status, headers });
    },
  };
}
