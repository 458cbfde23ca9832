// @ts-check
/** The production server on Node: the build directory read with node:fs, served by @hono/node-server. */
import { createReadStream, statSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { serve } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';

import { createSiteApp } from './app.mjs';
import { importFromText } from './mcp/requestCheck.mjs';
import { createContentEtags } from './contentEtag.mjs';
import { drainingClose } from './drainingClose.mjs';

/**
 * The stats of `filePath`, or undefined when there is nothing to read there (missing, under a file, no access).
 * Synchronous: a stat of a build on local disk takes microseconds, where an asynchronous one's round trip through
 * libuv's thread pool was a sixth of a busy server's time (scripts/bench/server.mjs). The build is on local disk
 * (a container's image, a release directory), never on a network file system that could stall the server.
 * @param {string} filePath
 */
function statOf(filePath) {
  try {
    return statSync(filePath, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/**
 * Reads build files from `dir`, never from outside it. A small file is read once (with its tag, contentEtag.mjs)
 * and sent from memory after that, while its size and modification time stay the same.
 * @param {string} dir
 * @returns {import('./app.mjs').ReadAsset}
 */
export function readAssetFromDirectory(dir) {
  const root = path.resolve(dir);
  const etags = createContentEtags();
  return async (file) => {
    const filePath = path.resolve(root, file);
    if (!filePath.startsWith(root + path.sep)) return undefined;
    const stats = statOf(filePath);
    if (!stats?.isFile()) return undefined;
    const { etag, bytes } = await etags.contentOf(filePath, stats);
    return {
      size: stats.size,
      etag,
      bytes,
      open: (range) =>
        bytes
          ? /** @type {ReadableStream<Uint8Array>} */ (
              new Response(range ? bytes.subarray(range.start, range.end + 1) : bytes).body
            )
          : /** @type {ReadableStream<Uint8Array>} */ (Readable.toWeb(createReadStream(filePath, range ?? {}))),
    };
  };
}

/**
 * Serves the build in `dir` until `close()` is called, which lets the responses under way finish (for up to
 * `drainMs`, drainingClose.mjs) before it resolves.
 * @param {{ dir: string, port: number, host: string, access?: import('./app.mjs').Access, log?: import('./accessLog.mjs').Log, apiProxy?: import('./apiProxy.mjs').ApiProxySettings, mcp?: import('./app.mjs').McpOptions }} options
 *   port 0 picks a free port; `access` is `gated` unless said otherwise; `log` receives a line per request;
 *   `apiProxy` sets the Try it proxy; `mcp` the MCP server's sign-in (server/mcp/auth.mjs)
 * @returns {Promise<{ url: string, close: (drainMs?: number) => Promise<void> }>}
 */
export function startSiteServer({ dir, port, host, access = 'gated', log, apiProxy, mcp }) {
  const app = createSiteApp({
    readAsset: readAssetFromDirectory(dir),
    access,
    log,
    apiProxy,
    // Node runs the Try it modules' checks for the MCP server's validate_request.
    mcp: { ...mcp, loadModule: importFromText },
    // The peer of the connection: behind a load balancer, the balancer (a client's own X-Forwarded-For is never
    // passed on).
    clientAddress: (c) => getConnInfo(c).remote.address,
  });
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port, hostname: host }, (info) => {
      const urlHost = host.includes(':') ? `[${host}]` : host;
      resolve({ url: `http://${urlHost}:${info.port}/`, close });
    });
    const close = drainingClose(/** @type {import('node:http').Server} */ (server));
    server.once('error', reject);
  });
}
