// @ts-check
/**
 * The production server as a web-standard (Fetch API) Hono app, independent of where the build lives:
 * it reads files only through `readAsset`, so Node (server/node.mjs) or a Worker with the build as static
 * assets can run it unchanged.
 */
import { Hono } from 'hono';
import { methodNotAllowed } from 'hono/method-not-allowed';

import { isCompressible, VARIANTS } from '../contracts/precompress/variants.ts';
import { accessLog, errorEntry, writeJsonLines } from './accessLog.mjs';
import { requestedRange } from './byteRange.mjs';
import { cacheControlFor, REVALIDATE } from './cachePolicy.mjs';
import { completeBodyLength, completeResponse } from './completeResponse.mjs';
import { ifNoneMatchMatches } from './conditionalRequest.mjs';
import { preferredEncodings } from './contentEncoding.mjs';
import { contentTypeFor } from './contentType.mjs';
import { pathWithinBase } from './basePath.mjs';
import { HEALTH_FILE, healthResponse } from './health.mjs';
import { filesForPath } from './requestPath.mjs';
import { setResponseHeader } from './responseHeaders.mjs';
import {
  API_PROXY_PREFIX,
  createApiProxy,
  DEFAULT_REQUESTS_PER_MINUTE,
  proxyRefusal,
  readerRateLimit,
} from './apiProxy.mjs';
import { MCP_GUIDE_PATH, MCP_PATH } from '../contracts/mcp/resource.ts';
import { createMcpAuth } from './mcp/auth.mjs';
import { createMcpHandler } from './mcp/handler.mjs';
import { GATE_ADMITTED_SERVER_TIMING } from '../config/gateAdmission.mjs';
import { isForeignSubresourceRequest } from './gate/fetchMetadata.mjs';
import {
  createAccessPolicy,
  GATE_MANIFEST_FILE,
  GateManifestError,
  OPEN_ACCESS,
  parseGateManifest,
} from './gate/accessPolicy.mjs';

/**
 * @typedef {object} SiteFile
 * @property {number} size bytes
 * @property {string} etag a quoted strong validator that changes whenever the bytes change
 * @property {(range?: import('./byteRange.mjs').ByteRange) => ReadableStream<Uint8Array>} open the bytes
 * @property {Uint8Array<ArrayBuffer>} [bytes] the whole file, when the reader holds it in memory: sent as it is,
 *   without a stream (on Node, @hono/node-server then writes it to the socket in one call)
 */

/**
 * A regular file of the build, or undefined when there is none (a directory is none).
 * @typedef {(file: string) => Promise<SiteFile | undefined>} ReadAsset
 * `file` is relative to the build directory, with `/` separators, and never contains `.`, `..` or `\` segments.
 */

/**
 * What the pipeline's first step (resolve) found for a request, for the gate and the sender after it.
 * @typedef {object} Resolved
 * @property {import('./gate/accessPolicy.mjs').AccessPolicy} policy
 * @property {{ name: string, found: SiteFile } | undefined} file the build file to send, if there is one
 * @property {'public' | 'protected'} visibility of the file, or of the path when there is no file
 * @property {boolean} isPage an HTML page is asked for (a refusal sends the sign-in shell)
 */

/**
 * @typedef {{ Variables: { resolved: Resolved, requestId: string, outcome: import('./accessLog.mjs').Outcome, mcpCalls: string } }} SiteEnv
 */
/** @typedef {import('hono').Context<SiteEnv>} Context */
/** @typedef {import('hono').MiddlewareHandler<SiteEnv>} Middleware */

const NOT_FOUND_PAGE = '404.html';
const ENCODINGS = VARIANTS.map(({ encoding }) => encoding);

/**
 * The security headers of every answer: what Hono's `secureHeaders` middleware sent with the options this server
 * gave it (no COOP, CORP, Origin-Agent-Cluster or HSTS there: see `answerHeaders`), written out so that a file's
 * response is made with them (completeResponse.mjs).
 */
const SECURITY_HEADERS = Object.freeze({
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Content-Type-Options': 'nosniff',
  'X-DNS-Prefetch-Control': 'off',
  'X-Download-Options': 'noopen',
  // As the CSP's frame-ancestors 'none' says, for browsers that know only this header.
  'X-Frame-Options': 'DENY',
  'X-Permitted-Cross-Domain-Policies': 'none',
  'X-XSS-Protection': '0',
});
const SECURITY_HEADER_ENTRIES = Object.entries(SECURITY_HEADERS);
const STRICT_TRANSPORT_SECURITY = 'max-age=63072000; includeSubDomains';

/**
 * The codings of each `Accept-Encoding` lately seen, best first: browsers send a handful of values, each time.
 * @type {Map<string, readonly (typeof ENCODINGS[number] | 'identity')[]>}
 */
const encodingsByHeader = new Map();
const ENCODINGS_REMEMBERED = 64;

/**
 * `preferredEncodings` of `header` among the build's variants, parsed once per value.
 * @param {string | undefined} header
 * @returns {readonly (typeof ENCODINGS[number] | 'identity')[]}
 */
function encodingsFor(header) {
  if (!header) return preferredEncodings(header, ENCODINGS);
  let encodings = encodingsByHeader.get(header);
  if (!encodings) {
    encodings = Object.freeze(preferredEncodings(header, ENCODINGS));
    if (encodingsByHeader.size >= ENCODINGS_REMEMBERED) encodingsByHeader.clear();
    encodingsByHeader.set(header, encodings);
  }
  return encodings;
}

/**
 * The headers a file's 304 keeps of its 200 (RFC 9110, section 15.4.5: those a cache updates its stored response
 * with): its validator and caching, and on a protected file what keeps it private. Never its body's metadata
 * (Content-Type, Content-Length, Content-Encoding, Accept-Ranges).
 */
const NOT_MODIFIED_HEADERS = [
  'ETag',
  'Cache-Control',
  'Vary',
  'Cross-Origin-Resource-Policy',
  'X-Robots-Tag',
  'Server-Timing',
];

/**
 * How the app decides who reads what: `gated` (the default) reads the build's gate manifest and serves
 * protected files only to signed-in readers; `open` serves every file to everyone, for a build with
 * nothing to protect.
 * @typedef {'gated' | 'open'} Access
 */

/**
 * @param {ReadAsset} readAsset
 * @param {Parameters<typeof createAccessPolicy>[1]} [options]
 */
async function loadAccessPolicy(readAsset, options) {
  const file = await readAsset(GATE_MANIFEST_FILE);
  if (!file) throw new GateManifestError('missing from the build');
  let manifest;
  try {
    manifest = JSON.parse(await new Response(file.open()).text());
  } catch {
    throw new GateManifestError('not valid JSON');
  }
  return createAccessPolicy(parseGateManifest(manifest), options);
}

/**
 * The MCP server's runtime settings: its sign-in's (introspection at the provider, server/mcp/auth.mjs) and how
 * its Try it checks run (`loadModule`: Node's `importFromText`, server/mcp/requestCheck.mjs; a Worker's bundled
 * modules, server/mcp/bundledTryIt.mjs).
 * @typedef {ReturnType<typeof import('./mcp/auth.mjs').mcpAuthSettingsFromEnv> & { loadModule?: import('./mcp/requestCheck.mjs').ModuleLoader }} McpOptions
 */

/**
 * @param {{ readAsset: ReadAsset, access?: Access, gate?: Omit<Parameters<typeof createAccessPolicy>[1], 'log'>, log?: import('./accessLog.mjs').Log, apiProxy?: import('./apiProxy.mjs').ApiProxySettings, mcp?: McpOptions, clientAddress?: (c: import('hono').Context) => string | undefined }} options
 *   `gate` replaces parts of the gate (the token verifier), for tests; `log` receives a line per request
 *   (server/accessLog.mjs; none without it) and per error (to stderr as JSON without it); `apiProxy` sets the
 *   Try it proxy's upstreams and limits (server/apiProxy.mjs), each defaulting to what the build says;
 *   `clientAddress` is the address a request came from as the runtime sees it (Hono's `getConnInfo` of the
 *   runtime), which the proxy sends on as `X-Forwarded-For`
 */
export function createSiteApp({
  readAsset,
  access = 'gated',
  gate: gateParts,
  log,
  apiProxy: proxySettings,
  mcp: mcpOptions = {},
  clientAddress,
}) {
  /** @type {Promise<import('./gate/accessPolicy.mjs').AccessPolicy> | undefined} */
  let policy;
  /**
   * The policy once read (it never changes after that): each middleware takes it as it is, without waiting a
   * turn of the event loop for a promise that has long resolved.
   * @type {import('./gate/accessPolicy.mjs').AccessPolicy | undefined}
   */
  let readPolicy = access === 'open' ? OPEN_ACCESS : undefined;
  /** The policy, read from the build once; a failed read is retried by the next request. */
  function accessPolicy() {
    if (readPolicy) return Promise.resolve(readPolicy);
    if (!policy) {
      // With a log, the gate's warnings (a refused cookie's reason) are lines of it too.
      const gateLog =
        log && ((/** @type {string} */ message) => log({ level: 'warn', time: new Date().toISOString(), message }));
      const reading = loadAccessPolicy(readAsset, { ...gateParts, ...(gateLog && { log: gateLog }) });
      policy = reading;
      reading.then(
        (read) => {
          readPolicy = read;
        },
        () => {
          policy = undefined;
        },
      );
    }
    return policy;
  }

  /**
   * The file to send for `file`: its best precompressed variant the client accepts, or the file itself.
   * @param {Context} c
   * @param {string} file
   * @param {SiteFile} original
   * @returns {Promise<{ body: SiteFile, headers: Record<string, string> }>}
   */
  async function selectRepresentation(c, file, original) {
    /** @type {Record<string, string>} */
    const headers = { 'Content-Type': contentTypeFor(file) };
    if (!isCompressible(file)) return { body: original, headers };
    headers.Vary = 'Accept-Encoding';
    for (const encoding of encodingsFor(c.req.header('Accept-Encoding'))) {
      if (encoding === 'identity') break;
      const suffix = VARIANTS.find((variant) => variant.encoding === encoding)?.suffix;
      const variant = suffix && (await readAsset(file + suffix));
      if (variant) return { body: variant, headers: { ...headers, 'Content-Encoding': encoding } };
    }
    return { body: original, headers };
  }

  /**
   * @param {Context} c
   * @param {string} file
   * @param {SiteFile} original
   * @param {'public' | 'protected'} visibility a protected file is kept out of shared caches and search engines
   */
  async function sendFile(c, file, original, visibility) {
    const { body, headers } = await selectRepresentation(c, file, original);
    Object.assign(headers, { 'Cache-Control': cacheControlFor(file), ETag: body.etag, 'Accept-Ranges': 'bytes' });
    if (visibility === 'protected') {
      // Revalidated on every use, even a content-hashed chunk (a 304 is cheap): after sign-out on a shared
      // computer, the browser's cache must not serve the next person the docs without asking the gate.
      headers['Cache-Control'] = `private, ${REVALIDATE}`;
      headers['Cross-Origin-Resource-Policy'] = 'same-origin';
      headers['X-Robots-Tag'] = 'noindex, nofollow';
    }
    admittedPage(c, headers);
    // Only a request the gate let through gets here: a 304 never tells a stranger that a protected file is
    // unchanged. Answered from the tag alone, without touching the body. If-None-Match comes before Range
    // (RFC 9110, section 13.2.2).
    if (ifNoneMatchMatches(c.req.header('If-None-Match'), body.etag)) {
      /** @type {Record<string, string>} */
      const kept = answerHeaders(c);
      for (const name of NOT_MODIFIED_HEADERS) if (headers[name] !== undefined) kept[name] = headers[name];
      return completeResponse(null, 304, kept, 0);
    }
    const ifRange = c.req.header('If-Range');
    const range =
      ifRange === undefined || ifRange === body.etag ? requestedRange(c.req.header('Range'), body.size) : undefined;
    const head = c.req.method === 'HEAD';
    if (range === 'unsatisfiable') {
      return c.body(null, 416, { ...headers, 'Content-Range': `bytes */${body.size}` });
    }
    Object.assign(headers, answerHeaders(c));
    if (range) {
      const length = range.end - range.start + 1;
      headers['Content-Range'] = `bytes ${range.start}-${range.end}/${body.size}`;
      headers['Content-Length'] = String(length);
      return completeResponse(head ? null : bodyOf(body, range), 206, headers, head ? 0 : length);
    }
    headers['Content-Length'] = String(body.size);
    return completeResponse(head ? null : bodyOf(body), 200, headers, head ? 0 : body.size);
  }

  /**
   * Every answer's headers, for a response made complete here (completeResponse.mjs): its request id, the
   * security headers, the build's Content-Security-Policy and, over https, HSTS. What the middleware in
   * `createSiteApp` adds to any other response.
   * @param {Context} c
   * @returns {Record<string, string>}
   */
  function answerHeaders(c) {
    const { contentSecurityPolicy } = c.var.resolved.policy;
    /** @type {Record<string, string>} */
    const headers = { ...SECURITY_HEADERS, 'X-Request-Id': c.var.requestId };
    if (contentSecurityPolicy) headers['Content-Security-Policy'] = contentSecurityPolicy;
    if (arrivedOverHttps(c)) headers['Strict-Transport-Security'] = STRICT_TRANSPORT_SECURITY;
    return headers;
  }

  /** The site's own 404 page, with status 404. @param {Context} c */
  async function sendNotFoundPage(c) {
    const page = await readAsset(NOT_FOUND_PAGE);
    if (!page) return c.text('Not Found', 404, { 'Cache-Control': REVALIDATE });
    const { body, headers } = await selectRepresentation(c, NOT_FOUND_PAGE, page);
    Object.assign(headers, { 'Cache-Control': REVALIDATE, 'Content-Length': String(body.size) }, answerHeaders(c));
    admittedPage(c, headers);
    const head = c.req.method === 'HEAD';
    return completeResponse(head ? null : bodyOf(body), 404, headers, head ? 0 : body.size);
  }

  /**
   * A page the gate admitted says so in `Server-Timing` (config/gateAdmission.mjs): set in `headers` then.
   * @param {Context} c
   * @param {Record<string, string>} headers
   */
  function admittedPage(c, headers) {
    if (c.var.outcome === 'admitted' && c.var.resolved.isPage) headers['Server-Timing'] = GATE_ADMITTED_SERVER_TIMING;
  }

  /**
   * A request for protected content without proof of sign-in: a page gets the sign-in shell (it starts
   * the sign-in and returns to this address), anything else a plain 401. Never cached, never indexed.
   * @param {Context} c
   * @param {import('./gate/accessPolicy.mjs').AccessPolicy} gatePolicy
   * @param {boolean} isPage
   */
  async function refuseAnonymous(c, gatePolicy, isPage) {
    const headers = { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow', Vary: 'Cookie' };
    const shell = isPage && gatePolicy.shell ? await readAsset(gatePolicy.shell) : undefined;
    if (!shell || !gatePolicy.shell) return c.text('Sign-in required', 401, headers);
    const { body, headers: representation } = await selectRepresentation(c, gatePolicy.shell, shell);
    const vary = representation.Vary ? `${representation.Vary}, Cookie` : 'Cookie';
    Object.assign(headers, representation, { Vary: vary, 'Content-Length': String(body.size) });
    return new Response(c.req.method === 'HEAD' ? null : bodyOf(body), { status: 401, headers });
  }

  /** @type {{ policy: import('./gate/accessPolicy.mjs').AccessPolicy, proxy: import('./apiProxy.mjs').ApiProxy } | undefined} */
  let proxyFor;
  /** The proxy of the policy's build, made once. @param {import('./gate/accessPolicy.mjs').AccessPolicy} policy */
  function apiProxyOf(policy) {
    if (!policy.apiProxy) return undefined;
    if (proxyFor?.policy !== policy) proxyFor = { policy, proxy: createApiProxy(policy.apiProxy, proxySettings) };
    return proxyFor.proxy;
  }

  /**
   * The Try it proxy: `<base URL>api-proxy/…` for signed-in readers only, the sandbox's operations only, from
   * this site's own pages only and never as a page load (a link or a redirect there gets a refusal, not the
   * upstream's answer). Any other request goes on to the file pipeline.
   * @type {Middleware}
   */
  const proxy = async (c, next) => {
    const policy = readPolicy ?? (await accessPolicy());
    const { pathname } = requestUrl(c);
    const prefix = policy.baseUrl + API_PROXY_PREFIX;
    const apiProxy = apiProxyOf(policy);
    if (!apiProxy || !pathname.startsWith(prefix)) return next();
    c.set('outcome', 'refused');
    const path = pathname.slice(prefix.length);
    const fetchSite = c.req.header('Sec-Fetch-Site');
    if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') {
      return proxyRefusal(403, 'The sandbox proxy serves this site’s own pages only.');
    }
    const fetchDest = c.req.header('Sec-Fetch-Dest');
    if (fetchDest && fetchDest !== 'empty') {
      return proxyRefusal(403, 'The sandbox proxy answers the Try it panel’s requests, not page loads.');
    }
    const reader = await policy.reader({ cookieHeader: c.req.header('Cookie'), https: arrivedOverHttps(c) });
    if (!reader) return proxyRefusal(401, 'Sign in to the documentation to send requests to the sandbox.');
    const target = apiProxy.target(c.req.method, path);
    if (target === 'ambiguous') {
      return proxyRefusal(
        400,
        'A path parameter holds an encoded /, \\, % or a dot-segment: the sandbox is not asked.',
      );
    }
    if (target === 'unknown') {
      return proxyRefusal(404, `${c.req.method} ${path} is not an operation of the API descriptions.`);
    }
    const allowance = apiProxy.take(reader);
    if (!allowance.ok) {
      return proxyRefusal(429, `Too many requests through the sandbox proxy: wait ${allowance.retryAfterSeconds} s.`, {
        'Retry-After': String(allowance.retryAfterSeconds),
      });
    }
    c.set('outcome', 'admitted');
    return apiProxy.forward(c.req.raw, target, clientAddress?.(c));
  };

  const { loadModule, ...mcpAuthSettings } = mcpOptions;
  const mcpServer = createMcpHandler({ readAsset, loadModule });
  // Each reader's assistant has an allowance of its own, at the Try it proxy's rate.
  const takeMcpCall = readerRateLimit(proxySettings?.requestsPerMinute ?? DEFAULT_REQUESTS_PER_MINUTE);
  /** @type {{ policy: import('./gate/accessPolicy.mjs').AccessPolicy, auth: ReturnType<typeof createMcpAuth> } | undefined} */
  let mcpAuthFor;
  /** The MCP sign-in of the policy's build, made once. @param {import('./gate/accessPolicy.mjs').AccessPolicy} policy */
  function mcpAuthOf(policy) {
    if (!policy.mcp || !policy.issuerKeys) return undefined;
    if (mcpAuthFor?.policy !== policy) {
      const auth = createMcpAuth({
        ...policy.mcp,
        baseUrl: policy.baseUrl,
        documentationUrl: `${new URL(policy.mcp.resource).origin}${policy.baseUrl}${MCP_GUIDE_PATH}`,
        issuerKeys: policy.issuerKeys,
        ...mcpAuthSettings,
      });
      mcpAuthFor = { policy, auth };
    }
    return mcpAuthFor.auth;
  }

  /**
   * The docs' MCP server at `<base URL>mcp`, for an assistant holding an access token issued for it (the MCP
   * authorization specification; server/mcp/auth.mjs), and the public metadata that tells an assistant where to
   * get one. In a gated build nothing else reaches it; an open build (nothing protected) serves it to anyone.
   * Each call is one log line naming the methods and tools asked for, never their arguments.
   * @type {Middleware}
   */
  const mcp = async (c, next) => {
    const policy = readPolicy ?? (await accessPolicy());
    const { pathname } = requestUrl(c);
    const auth = mcpAuthOf(policy);
    if (auth?.metadataPaths.includes(pathname) && (c.req.method === 'GET' || c.req.method === 'HEAD')) {
      return auth.metadataHandler(c, next);
    }
    if (pathname !== `${policy.baseUrl}${MCP_PATH}`) return next();
    const observe = (/** @type {import('./mcp/handler.mjs').McpCall[]} */ calls) =>
      c.set('mcpCalls', calls.map(({ method, tool }) => (tool ? `${method}:${tool}` : method)).join(' '));
    if (access === 'open') return mcpServer(c.req.raw, observe);
    c.set('outcome', 'refused');
    if (!auth) {
      return c.json({ error: 'The MCP server needs a build with its sign-in (gate-manifest.json has no mcp).' }, 404, {
        'Cache-Control': 'no-store',
      });
    }
    const signedIn = await auth.authenticate(c.req.raw);
    if (!signedIn.ok) {
      await discardSmallBody(c.req.raw);
      return signedIn.response;
    }
    const allowance = takeMcpCall(signedIn.reader.subject);
    if (!allowance.ok) {
      const retryAfter = String(allowance.retryAfterSeconds);
      return c.json(
        {
          jsonrpc: '2.0',
          error: { code: -32000, message: `Too many calls: wait ${retryAfter} s.` },
          id: null,
        },
        429,
        { 'Retry-After': retryAfter, 'Cache-Control': 'no-store' },
      );
    }
    c.set('outcome', 'admitted');
    const answer = await mcpServer(c.req.raw, observe);
    answer.headers.set('Cache-Control', 'no-store');
    return answer;
  };

  /**
   * Resolve: the build file a GET asks for, and whether it is public or protected. A path with no file is
   * protected when it lies under a protected path: only a signed-in reader learns that nothing is there.
   * @type {Middleware}
   */
  const resolve = async (c, next) => {
    const policy = readPolicy ?? (await accessPolicy());
    const { pathname } = requestUrl(c);
    const sitePath = pathWithinBase(pathname, policy.baseUrl);
    const request = sitePath === undefined ? { ok: true, candidates: [] } : filesForPath(sitePath);
    if (!request.ok) return c.text('Bad Request', 400);
    for (const name of request.candidates) {
      const found = await readAsset(name);
      if (!found) continue;
      const visibility = policy.classify(name);
      if (visibility === 'hidden') break;
      c.set('resolved', { policy, file: { name, found }, visibility, isPage: name.endsWith('.html') });
      return next();
    }
    const visibility = policy.isProtectedPath(pathname) ? 'protected' : 'public';
    const isPage = !/\.[a-z0-9]+$/i.test(pathname) || pathname.endsWith('.html');
    c.set('resolved', { policy, file: undefined, visibility, isPage });
    return next();
  };

  /**
   * Health: `/health.json` under the base is answered live (server/health.mjs), not from the build's file.
   * @type {Middleware}
   */
  const health = async (c, next) => {
    const policy = readPolicy ?? (await accessPolicy());
    if (pathWithinBase(requestUrl(c).pathname, policy.baseUrl) !== `/${HEALTH_FILE}`) return next();
    return healthResponse(policy, readAsset, c.req.method === 'HEAD');
  };

  /**
   * Gate: a protected file goes only to a signed-in reader, and never to another site's page. A page it
   * admitted says so in `Server-Timing` (config/gateAdmission.mjs), so that the browser can show it at
   * first paint (contracts/auth/gateAdmission.ts); a static copy of the build never carries that header.
   * @type {Middleware}
   */
  const gate = async (c, next) => {
    const { policy, visibility, isPage } = c.var.resolved;
    if (visibility === 'public') return next();
    c.set('outcome', 'refused');
    if (isForeignSubresourceRequest((name) => c.req.header(name))) {
      return c.text('Protected content is not served to other sites', 403, { 'Cache-Control': 'no-store' });
    }
    if (!(await policy.admits({ cookieHeader: c.req.header('Cookie'), https: arrivedOverHttps(c) }))) {
      const refusal = await refuseAnonymous(c, policy, isPage);
      if (refusal.headers.get('Content-Type')?.startsWith('text/html')) c.set('outcome', 'shell');
      return refusal;
    }
    c.set('outcome', 'admitted');
    await next();
    // A file or the 404 page carries it already (`admittedPage`).
    if (isPage && completeBodyLength(c.res) === undefined) {
      setResponseHeader(c, 'Server-Timing', GATE_ADMITTED_SERVER_TIMING);
    }
  };

  /**
   * Send: the file, or the site's 404 page.
   * @type {import('hono').Handler<SiteEnv>}
   */
  const send = (c) => {
    const { file, visibility } = c.var.resolved;
    return file ? sendFile(c, file.name, file.found, visibility) : sendNotFoundPage(c);
  };

  /**
   * `middleware` for the requests whose path `claims` (given the policy once read), while any other request goes
   * straight on, without an async middleware's turn and allocations (which a file's request paid for the MCP
   * server, the Try it proxy and the health document, none of them its). `claims` only narrows: `middleware`
   * checks the path itself, and before the policy is read it gets every request.
   * @param {(policy: import('./gate/accessPolicy.mjs').AccessPolicy, pathname: string) => boolean} claims
   * @param {Middleware} middleware
   * @returns {Middleware}
   */
  function onlyFor(claims, middleware) {
    return (c, next) => (readPolicy && !claims(readPolicy, requestUrl(c).pathname) ? next() : middleware(c, next));
  }

  /** @type {Hono<SiteEnv>} */
  const app = new Hono();
  app.onError((error, c) => {
    const entry = errorEntry(error, { requestId: c.var.requestId, method: c.req.method, url: c.req.url });
    (log ?? writeJsonLines)(error instanceof GateManifestError ? { ...entry, stack: '' } : entry);
    if (error instanceof GateManifestError) {
      return c.text('The site is not available: its access manifest could not be read.', 503, {
        'Cache-Control': 'no-store',
      });
    }
    return c.text('Internal Server Error', 500, { 'Cache-Control': 'no-store' });
  });
  app.use(accessLog(log));
  // Every answer's headers (a file's response is made with them: `answerHeaders`, completeResponse.mjs): the
  // security headers; the build's policy: its script hashes, the identity provider's origin and, for a site built
  // to run on loopback, a sandbox there (plugins/protected-content/csp.ts), where the Try it proxy's answers keep
  // their own, stricter one; HSTS only where the request arrived over https (over plain HTTP on localhost it would
  // only mislead). No Cross-Origin-Opener-Policy: cross-origin isolation breaks the return from the identity
  // provider (the sign-in never completes). Cross-Origin-Resource-Policy only on protected files (sendFile): public
  // files may be embedded anywhere.
  app.use(async (c, next) => {
    await next();
    if (completeBodyLength(c.res) !== undefined) return;
    const { contentSecurityPolicy } = readPolicy ?? (await accessPolicy().catch(() => OPEN_ACCESS));
    if (contentSecurityPolicy && !c.res.headers.has('Content-Security-Policy')) {
      setResponseHeader(c, 'Content-Security-Policy', contentSecurityPolicy);
    }
    if (arrivedOverHttps(c)) setResponseHeader(c, 'Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
    for (const [name, value] of SECURITY_HEADER_ENTRIES) setResponseHeader(c, name, value);
    if (c.res.headers.has('X-Powered-By')) c.header('X-Powered-By', undefined);
  });
  app.use(
    onlyFor(
      (policy, pathname) =>
        pathname === `${policy.baseUrl}${MCP_PATH}` || mcpAuthOf(policy)?.metadataPaths.includes(pathname) === true,
      mcp,
    ),
  );
  app.use(
    onlyFor(
      (policy, pathname) => !!apiProxyOf(policy) && pathname.startsWith(policy.baseUrl + API_PROXY_PREFIX),
      proxy,
    ),
  );
  app.use(methodNotAllowed({ app }));
  // A file's 304 is sendFile's, after the gate.
  app.get(
    '*',
    onlyFor((policy, pathname) => pathWithinBase(pathname, policy.baseUrl) === `/${HEALTH_FILE}`, health),
    resolve,
    gate,
    send,
  );
  return app;
}

/**
 * A file's bytes as a response body: the bytes themselves when the reader holds them, else a stream.
 * @param {SiteFile} file
 * @param {import('./byteRange.mjs').ByteRange} [range]
 */
function bodyOf(file, range) {
  if (!file.bytes) return file.open(range);
  return range ? file.bytes.subarray(range.start, range.end + 1) : file.bytes;
}

/** The most of a refused request's body read and dropped, so that its connection can carry the next request. */
const DISCARDED_BODY_BYTES = 64 * 1024;

/**
 * Reads and drops a refused request's body when it is small. Answered with its body unread, a request leaves its
 * connection unusable on workerd, which closes it, while the client may already be sending its next request on it
 * ("other side closed"). A large body is not read: that connection closes, and the client opens another.
 * @param {Request} request
 */
async function discardSmallBody(request) {
  const length = Number(request.headers.get('Content-Length') ?? Number.NaN);
  if (!request.body || !(length <= DISCARDED_BODY_BYTES)) return;
  await request.arrayBuffer().catch(() => undefined);
}

/**
 * Whether the request arrived over https: directly, or through a TLS-terminating proxy that says so.
 * @param {import('hono').Context} c
 */
function arrivedOverHttps(c) {
  return requestUrl(c).protocol === 'https:' || c.req.header('X-Forwarded-Proto') === 'https';
}

/** Each request's URL, parsed once for all the middleware that read it. @type {WeakMap<Request, URL>} */
const requestUrls = new WeakMap();

/**
 * The request's URL (read it, never change it).
 * @param {import('hono').Context} c
 */
function requestUrl(c) {
  let url = requestUrls.get(c.req.raw);
  if (!url) {
    url = new URL(c.req.url);
    requestUrls.set(c.req.raw, url);
  }
  return url;
}
