// @ts-check
/**
 * A real sandbox (sandbox/app.ts) on an ephemeral loopback port, as the Try it proxy's upstream in tests, with
 * a switch to stand in for a broken or hostile one (UpstreamMode). It remembers the method, URL and headers of
 * the last request it was sent, and how its last answer ended (`lastAnswer`).
 *
 *   const upstream = await startSandboxUpstream();
 *   createSiteApp({ …, apiProxy: upstream.settings });
 */
import { once } from 'node:events';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';

import { getRequestListener } from '@hono/node-server';

const require = createRequire(import.meta.url);
const jiti = require('jiti')(import.meta.filename, { interopDefault: true });

/**
 * The routes the build writes into the gate manifest (openapi/apiProxyTable.ts), from the real descriptions.
 * @returns {Promise<import('../apiProxy.mjs').ApiProxyManifest>}
 */
export async function apiProxyManifestFromDescriptions() {
  const { bundleDescriptions } = jiti('../../openapi/descriptions.ts');
  const { apiProxyTable } = jiti('../../openapi/apiProxyTable.ts');
  return apiProxyTable(await bundleDescriptions());
}

/**
 * - `sandbox`: the real sandbox answers
 * - `down`: every connection is dropped at once; `hang`: no answer ever
 * - `html`: a page with a script from the site's own proxy, as `text/html`
 * - `pdf`: a PDF (for the one operation that returns one)
 * - `headers`: JSON with headers that would act on the reader's browser (CORS with credentials, Clear-Site-Data,
 *   Refresh, Link, Service-Worker-Allowed, Set-Cookie) besides the `RateLimit-Remaining` the descriptions name
 * - `redirect`: a 302 to the cloud metadata address
 * - `huge`: JSON of HUGE_ANSWER_BYTES, streamed as fast as it is read
 * - `slow`: JSON headers at once, then a byte every SLOW_BYTE_MS, without end
 * @typedef {'sandbox' | 'down' | 'hang' | 'html' | 'pdf' | 'headers' | 'redirect' | 'huge' | 'slow'} UpstreamMode
 */

/** What `huge` sends: 64 MiB. */
export const HUGE_ANSWER_BYTES = 64 * 1024 * 1024;
const SLOW_BYTE_MS = 100;
/** The script `html` serves: it would run on the site's origin if the proxy passed the page on. */
export const HOSTILE_PAGE = '<!doctype html><script src="/api-proxy/v1/document-types"></script><p>Sign in again</p>';
/** The headers `headers` adds to a JSON answer. */
export const HOSTILE_HEADERS = {
  'Access-Control-Allow-Origin': 'https://evil.example',
  'Access-Control-Allow-Credentials': 'true',
  'Clear-Site-Data': '"*"',
  Refresh: '0; url=https://evil.example/',
  Link: '<https://evil.example/x.js>; rel=preload; as=script',
  'Service-Worker-Allowed': '/',
  'Set-Cookie': 'docs_id_token=planted; Path=/',
  'RateLimit-Remaining': '41',
};

/**
 * Writes `body` (a chunk at a time, as fast as the connection takes it, or one byte per `everyMs`) until
 * `total` bytes are out or the connection closes; resolves with the bytes written by then.
 * @param {import('node:http').ServerResponse} response
 * @param {{ total: number, everyMs?: number }} plan
 * @returns {Promise<number>}
 */
function streamAnswer(response, { total, everyMs }) {
  const chunk = Buffer.alloc(everyMs ? 1 : 64 * 1024, 0x20);
  let written = 0;
  return new Promise((resolve) => {
    response.on('close', () => resolve(written));
    response.writeHead(200, { 'Content-Type': 'application/json' });
    const write = () => {
      while (written < total && !response.destroyed) {
        written += chunk.byteLength;
        const more = response.write(chunk);
        if (everyMs) return void setTimeout(write, everyMs);
        if (!more) return void response.once('drain', write);
      }
      if (written >= total) response.end();
    };
    write();
  });
}

/** @param {{ rateLimit?: false }} [options] */
export async function startSandboxUpstream(options = {}) {
  await apiProxyManifestFromDescriptions();
  const { createSandbox } = jiti('../../sandbox/app.ts');
  const sandbox = createSandbox({ rateLimit: options.rateLimit ?? false, processingMs: 0 });
  const listener = getRequestListener(sandbox.fetch);
  const upstream = {
    /** @type {UpstreamMode} */
    mode: 'sandbox',
    /** @type {import('node:http').IncomingHttpHeaders | undefined} */
    lastHeaders: undefined,
    /** @type {string | undefined} */
    lastUrl: undefined,
    /** @type {string | undefined} */
    lastMethod: undefined,
    /** How a `huge` or `slow` answer ended: the bytes written when the connection closed. @type {Promise<number> | undefined} */
    lastAnswer: undefined,
    origin: '',
    /** What the site's proxy is started with to reach this sandbox. @type {import('../apiProxy.mjs').ApiProxySettings} */
    settings: {},
    close: async () => {},
  };
  const server = createServer((request, response) => {
    if (upstream.mode === 'down') return void request.socket.destroy();
    if (upstream.mode === 'hang') return;
    upstream.lastHeaders = request.headers;
    upstream.lastUrl = request.url;
    upstream.lastMethod = request.method;
    switch (upstream.mode) {
      case 'html':
        return void response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(HOSTILE_PAGE);
      case 'pdf':
        return void response.writeHead(200, { 'Content-Type': 'application/pdf' }).end('%PDF-1.7\n%%EOF\n');
      case 'headers':
        return void response
          .writeHead(200, { 'Content-Type': 'application/json', ...HOSTILE_HEADERS })
          .end('{"data":[]}');
      case 'redirect':
        return void response.writeHead(302, { Location: 'http://169.254.169.254/latest/meta-data/' }).end();
      case 'huge':
        upstream.lastAnswer = streamAnswer(response, { total: HUGE_ANSWER_BYTES });
        return;
      case 'slow':
        upstream.lastAnswer = streamAnswer(response, { total: Infinity, everyMs: SLOW_BYTE_MS });
        return;
      default:
        void listener(request, response);
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  upstream.origin = `http://127.0.0.1:${port}`;
  upstream.settings = { apiUrl: `${upstream.origin}/v1`, tokenUrl: `${upstream.origin}/connect/token` };
  upstream.close = async () => {
    server.closeAllConnections();
    server.close();
    await once(server, 'close');
  };
  return upstream;
}
