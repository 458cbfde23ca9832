// @ts-check
/** The production server on Node: the build directory read with node:fs, served by @hono/node-server. */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { serve } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';

import { createSiteApp } from './app.mjs';
import { importFromText } from './mcp/requestCheck.mjs';
import { createContentEtags } from './contentEtag.mjs';
import { drainingClose } from './drainingClose.mjs';

/**
 * Reads build files from `dir`, never from outside it.
 * @param {string} dir
 * @returns {import('./app.mjs').ReadAsset}
 */
export function readAssetFromDirectory(dir) {
  const root = path.resolve(dir);
  const etags = createContentEtags();
  return async (file) => {
    const filePath = path.resolve(root, file);
    if (!filePath.startsWith(root + path.sep)) return undefined;
    const stats = await stat(filePath).catch(() => undefined);
    if (!stats?.isFile()) return undefined;
    return {
      size: stats.size,
      etag: await etags.etagFor(filePath, stats),
      open: (range) =>
        /** @type {ReadableStream<Uint8Array>} */ (Readable.toWeb(createReadStream(filePath, range ?? {}))),
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
