// @ts-check
/**
 * The Try it panel's way to the hosted sandbox: `<base URL>api-proxy/v1/*` forwards to the sandbox API (and
 * `api-proxy/v2/*`, and any later version the build lists, to that version of it) and
 * `<base URL>api-proxy/connect/token` to its token endpoint. Both upstreams are fixed when the server starts
 * (never taken from the request); only signed-in readers, only the methods and paths the API descriptions
 * list (the build writes them into the gate manifest), without the reader's cookies or hop-by-hop headers,
 * bodies up to 1 MB, rate-limited per reader, never cached. Every refusal is JSON with a `message` the panel
 * shows.
 *
 * What goes out is what the descriptions allow: the operation's path, with no segment that decodes to a
 * separator, a `%` or a dot-segment (contracts/openapi/pathTemplate.ts matches the path as the sandbox does),
 * and an allow-list of request headers. What comes back is data only: the
 * media types the operation lists, an allow-list of response headers, at most API_PROXY_MAX_RESPONSE_BYTES,
 * sandboxed by its own Content-Security-Policy and never a page load. One deadline bounds the whole exchange.
 */
import { API_PROXY_PREFIX } from '../config/apiProxyPath.mjs';
import { hasAmbiguousSegment, routeMatcher } from '../contracts/openapi/pathTemplate.ts';

/** The largest request body forwarded (the sandbox's own limit). */
export const MAX_PROXY_BODY_BYTES = 1024 * 1024;
export { API_PROXY_PREFIX };

/**
 * One operation the proxy forwards, as the build describes it (openapi/apiProxyTable.ts).
 * @typedef {object} ApiProxyRoute
 * @property {string} method in upper case
 * @property {string} path the path template below the API URL, e.g. `/orders/equity/{orderId}`
 * @property {string[]} mediaTypes the media types of its responses: the only ones passed back
 * @property {string[]} requestHeaders its header parameters, in lower case: forwarded besides FORWARDED_HEADERS
 * @property {string[]} responseHeaders the headers its responses name, in lower case: passed back
 */

/**
 * What the build says about the proxy (the gate manifest's `apiProxy`).
 * @typedef {object} ApiProxyManifest
 * @property {string} apiUrl the descriptions' sandbox server, e.g. `https://sandbox.api.clearing.example/v1`
 * @property {string} tokenUrl the descriptions' token URL
 * @property {ApiProxyRoute[]} routes every operation of v1
 * @property {Record<string, { routes: ApiProxyRoute[] }>} [versions] every operation of each later version
 *   (`v2`), forwarded below the API URL with its last segment `/v1` replaced by the version (an API URL that does
 *   not end in `/v1` forwards v1 only)
 */

/**
 * What the server is started with; each setting replaces the build's default.
 * @typedef {object} ApiProxySettings
 * @property {string} [apiUrl] SANDBOX_API_URL
 * @property {string} [tokenUrl] SANDBOX_TOKEN_URL
 * @property {number} [timeoutMs] API_PROXY_TIMEOUT_MS: the whole exchange (the reader's upload, the upstream's
 *   answer to its last byte) must be over by then; an upstream that has not answered gets a 504
 * @property {number} [requestsPerMinute] API_PROXY_RATE_LIMIT: per signed-in reader, in each server process
 *   or Worker isolate
 * @property {number} [maxResponseBytes] API_PROXY_MAX_RESPONSE_BYTES: a longer answer is cut there
 */

const DEFAULT_TIMEOUT_MS = 15_000;
export const DEFAULT_REQUESTS_PER_MINUTE = 120;
const DEFAULT_MAX_RESPONSE_BYTES = 5 * 1024 * 1024;

/**
 * The request headers any call may carry to the sandbox; an operation adds its own header parameters. Nothing
 * else goes out: no cookie, no `Referer`, no `X-Forwarded-*`, `Forwarded` or method and URL overrides.
 */
const FORWARDED_HEADERS = ['authorization', 'content-type', 'accept', 'idempotency-key', 'accept-language'];
/** The token endpoint: a form with the client's Basic credentials, answered in JSON. */
const TOKEN_ROUTE = /** @type {ApiProxyRoute} */ ({
  method: 'POST',
  path: 'connect/token',
  mediaTypes: ['application/json'],
  requestHeaders: [],
  responseHeaders: [],
});
/** What every proxied answer carries: it is data, never a document of this site, whoever opens it. */
const DATA_ONLY_HEADERS = {
  'Cache-Control': 'no-store',
  'Content-Security-Policy': "sandbox; default-src 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
};

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
    maxResponseBytes: checkedCount('API_PROXY_MAX_RESPONSE_BYTES', read('API_PROXY_MAX_RESPONSE_BYTES')),
  };
}

/** @param {unknown} value */
const isNameList = (value) => Array.isArray(value) && value.every((name) => typeof name === 'string');

/**
 * @param {unknown} value the manifest's `apiProxy`
 * @returns {ApiProxyManifest | undefined}
 */
export function parseApiProxyManifest(value) {
  if (value === undefined) return undefined;
  const proxy = /** @type {Partial<ApiProxyManifest> | null} */ (value);
  if (!proxy || typeof proxy !== 'object') throw new Error('apiProxy must be an object');
  checkRoutes('apiProxy.routes', proxy.routes);
  if (proxy.versions !== undefined) {
    const versions = proxy.versions;
    if (!versions || typeof versions !== 'object' || Array.isArray(versions)) {
      throw new Error('apiProxy.versions must be an object of { routes } by version (v2)');
    }
    for (const [version, listed] of Object.entries(versions)) {
      if (!/^v\d+$/.test(version) || version === 'v1')
        throw new Error(`apiProxy.versions: ${version} is not a later version (v2)`);
      checkRoutes(
        `apiProxy.versions.${version}.routes`,
        listed && typeof listed === 'object' ? listed.routes : undefined,
      );
    }
  }
  checkedUrl('apiProxy.apiUrl', proxy.apiUrl);
  checkedUrl('apiProxy.tokenUrl', proxy.tokenUrl);
  if (!proxy.apiUrl || !proxy.tokenUrl) throw new Error('apiProxy must name apiUrl and tokenUrl');
  return /** @type {ApiProxyManifest} */ (proxy);
}

/** @param {string} name @param {unknown} routes */
function checkRoutes(name, routes) {
  const wellFormed =
    Array.isArray(routes) &&
    routes.every(
      (route) =>
        route &&
        typeof route === 'object' &&
        /^[A-Z]+$/.test(String(route.method)) &&
        typeof route.path === 'string' &&
        route.path[0] === '/' &&
        isNameList(route.mediaTypes) &&
        isNameList(route.requestHeaders) &&
        isNameList(route.responseHeaders),
    );
  if (!wellFormed) {
    throw new Error(`${name} must list { method, path: "/…", mediaTypes, requestHeaders, responseHeaders }`);
  }
}

/**
 * A token bucket per reader: `requestsPerMinute` at once, refilled evenly over a minute. Forgets the oldest
 * readers beyond `maxReaders`, so memory stays bounded. It lives in the process (or Worker isolate) that
 * answers: with several replicas, each one grants the full allowance.
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
 * The request body; `tooLarge` when it is larger than the cap (read no further than that), `late` when the
 * deadline passed before its last byte arrived.
 * @param {Request} request
 * @param {AbortSignal} deadline
 * @returns {Promise<Uint8Array | null | 'tooLarge' | 'late'>} null when there is none
 */
async function cappedBody(request, deadline) {
  const declared = Number(request.headers.get('Content-Length') ?? '0');
  if (declared > MAX_PROXY_BODY_BYTES) return 'tooLarge';
  if (!request.body) return null;
  const reader = request.body.getReader();
  // A pending read ends (done) when the reader is cancelled.
  const stop = () => void reader.cancel().catch(() => {});
  deadline.addEventListener('abort', stop, { once: true });
  /** @type {Uint8Array[]} */
  const chunks = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (deadline.aborted) return 'late';
      if (done) break;
      size += value.byteLength;
      if (size > MAX_PROXY_BODY_BYTES) {
        stop();
        return 'tooLarge';
      }
      chunks.push(value);
    }
  } catch (error) {
    if (deadline.aborted) return 'late';
    throw error;
  } finally {
    deadline.removeEventListener('abort', stop);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/**
 * The headers of `source` named in `allowed` (lower case), and no other.
 * @param {Headers} source
 * @param {Iterable<string>} allowed
 */
function allowedHeaders(source, allowed) {
  const headers = new Headers();
  for (const name of allowed) {
    const value = source.get(name);
    if (value !== null) headers.set(name, value);
  }
  return headers;
}

/** `text/html; charset=utf-8` → `text/html`. @param {string | null} contentType */
const mediaTypeOf = (contentType) => (contentType ?? '').split(';')[0].trim().toLowerCase();
/** @param {string} mediaType */
const isJson = (mediaType) => mediaType === 'application/json' || mediaType.endsWith('+json');

/**
 * The upstream's body as it streams, cut (an error: the reader's connection breaks) after `maxBytes` or when
 * the deadline passes. Nothing is kept.
 * @param {ReadableStream<Uint8Array>} body
 * @param {number} maxBytes
 * @param {AbortSignal} deadline
 */
function boundedBody(body, maxBytes, deadline) {
  let size = 0;
  return body.pipeThrough(
    new TransformStream({
      transform(chunk, controller) {
        size += chunk.byteLength;
        if (size > maxBytes) controller.error(new RangeError(`the sandbox's answer is over ${maxBytes} bytes`));
        else controller.enqueue(chunk);
      },
    }),
    { signal: deadline },
  );
}

/**
 * @param {number} status
 * @param {string} message
 * @param {Record<string, string>} [headers]
 */
export function proxyRefusal(status, message, headers = {}) {
  return new Response(JSON.stringify({ message }), {
    status,
    headers: { 'Content-Type': 'application/json', ...DATA_ONLY_HEADERS, ...headers },
  });
}

/**
 * Where a request below `<base URL>api-proxy/` goes: `ambiguous` (a segment that could be read as more than
 * one), `unknown` (no operation), or the operation and its upstream URL (without query).
 * @typedef {'ambiguous' | 'unknown' | { route: ApiProxyRoute, upstream: string }} ProxyTarget
 */

/**
 * @typedef {object} ApiProxy
 * @property {(method: string, path: string) => ProxyTarget} target for a path below `<base URL>api-proxy/`
 * @property {(reader: string) => { ok: true } | { ok: false, retryAfterSeconds: number }} take one request of a reader's allowance
 * @property {(request: Request, target: { route: ApiProxyRoute, upstream: string }, clientAddress: string | undefined) => Promise<Response>} forward
 *   `clientAddress`, the address the request came from as this server sees it, is sent as `X-Forwarded-For`
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
  const maxResponseBytes = settings.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  /** Each version's routes and upstream, by its path prefix (`v1`): a later one only below an API URL in `/v1`. */
  const versions = new Map([['v1', { matches: routeMatcher(manifest.routes), apiUrl }]]);
  for (const [version, { routes }] of Object.entries(manifest.versions ?? {})) {
    if (/\/v1$/.test(apiUrl)) {
      versions.set(version, { matches: routeMatcher(routes), apiUrl: apiUrl.replace(/\/v1$/, `/${version}`) });
    }
  }
  /** @param {string} method @param {string} path below `api-proxy/`, e.g. `v2/orders/equity` */
  const versionedRoute = (method, path) => {
    const version = path.slice(0, path.indexOf('/') === -1 ? 0 : path.indexOf('/'));
    const versioned = versions.get(version);
    if (!versioned) return undefined;
    const below = path.slice(version.length);
    const match = versioned.matches(method, below);
    return match.kind === 'operation' ? { route: match.route, upstream: versioned.apiUrl + below } : undefined;
  };
  const take = readerRateLimit(settings.requestsPerMinute ?? DEFAULT_REQUESTS_PER_MINUTE);
  const send = io.fetch ?? ((input, init) => fetch(input, init));
  const late = () => proxyRefusal(504, `The exchange with the sandbox did not finish within ${timeoutMs / 1000} s.`);

  return {
    target(method, path) {
      if (hasAmbiguousSegment(path)) return 'ambiguous';
      if (path === TOKEN_ROUTE.path)
        return method === TOKEN_ROUTE.method ? { route: TOKEN_ROUTE, upstream: tokenUrl } : 'unknown';
      return versionedRoute(method, path) ?? 'unknown';
    },
    take,
    async forward(request, { route, upstream }, clientAddress) {
      const deadline = AbortSignal.timeout(timeoutMs);
      const body = await cappedBody(request, deadline);
      if (body === 'late') return late();
      if (body === 'tooLarge') {
        return proxyRefusal(413, `The request body is larger than ${MAX_PROXY_BODY_BYTES / 1024 / 1024} MB.`);
      }
      const headers = allowedHeaders(request.headers, [...FORWARDED_HEADERS, ...route.requestHeaders]);
      if (clientAddress) headers.set('X-Forwarded-For', clientAddress);
      let response;
      try {
        response = await send(upstream + new URL(request.url).search, {
          method: request.method,
          headers,
          body: body && body.byteLength > 0 ? /** @type {BodyInit} */ (/** @type {unknown} */ (body)) : undefined,
          redirect: 'manual',
          signal: deadline,
        });
      } catch {
        return deadline.aborted
          ? late()
          : proxyRefusal(502, 'The sandbox could not be reached. Try again in a moment.');
      }
      const mediaType = mediaTypeOf(response.headers.get('Content-Type'));
      const refuse = (/** @type {string} */ why) => {
        void response.body?.cancel().catch(() => {});
        return proxyRefusal(502, `The sandbox answered ${why}, which ${route.method} ${route.path} never does.`);
      };
      if (response.status >= 300 && response.status < 400) return refuse(`with a redirect (${response.status})`);
      if (response.body && response.status !== 204 && !route.mediaTypes.includes(mediaType)) {
        return refuse(mediaType ? `with ${mediaType}` : 'without a media type');
      }
      if (Number(response.headers.get('Content-Length') ?? '0') > maxResponseBytes) {
        return refuse(`with more than ${maxResponseBytes} bytes`);
      }
      const returned = allowedHeaders(response.headers, ['content-type', ...route.responseHeaders]);
      for (const [name, value] of Object.entries(DATA_ONLY_HEADERS)) returned.set(name, value);
      // A file (a PDF) is downloaded, never shown in the site's origin: under the upstream's own name if it gave one.
      if (mediaType && !isJson(mediaType) && !/^attachment\b/i.test(returned.get('Content-Disposition') ?? '')) {
        returned.set('Content-Disposition', 'attachment');
      }
      return new Response(response.body && boundedBody(response.body, maxResponseBytes, deadline), {
        status: response.status,
        headers: returned,
      });
    },
  };
}
