#!/usr/bin/env node
// @ts-check
/**
 * Serves a Docusaurus build the way the CDN does (precompressed files, cache headers, the site's 404 page):
 *
 *   node server/cli.mjs --dir build --port 3000 [--host localhost] [--public]
 *
 * `--host` (or the HOST environment variable) is the address to listen on: `localhost` by default, which
 * only this machine can reach; `0.0.0.0` (or `::`) for a load balancer on another host or a container's
 * port mapping.
 *
 * Protected files are served only to signed-in readers, as the build's gate manifest says (see
 * server/gate/). `--public` serves every file to everyone: only for a build with nothing to protect, so it
 * refuses a build whose gate manifest lists protected files.
 *
 * The Try it proxy (`<base URL>api-proxy/`, server/apiProxy.mjs) reads SANDBOX_API_URL, SANDBOX_TOKEN_URL,
 * API_PROXY_TIMEOUT_MS and API_PROXY_RATE_LIMIT from the environment; unset, the build's defaults apply.
 *
 * Prints the URL once listening, then a JSON line per request and per error (server/accessLog.mjs). On SIGINT or SIGTERM it stops accepting connections and lets the
 * responses under way finish (up to DRAIN_TIMEOUT_MS, server/drainingClose.mjs) before it exits.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { GATE_MANIFEST_FILE } from './gate/accessPolicy.mjs';
import { bufferedJsonLines } from './accessLog.mjs';
import { DRAIN_TIMEOUT_MS } from './drainingClose.mjs';
import { apiProxySettingsFromEnv } from './apiProxy.mjs';
import { mcpAuthSettingsFromEnv } from './mcp/auth.mjs';
import { startSiteServer } from './node.mjs';
import { assertPinnedNode } from '../config/nodeRuntime.mjs';

assertPinnedNode();

const USAGE = 'Usage: node server/cli.mjs --dir <build dir> --port <port> [--host <host>] [--public]';

/**
 * Throws when the build's gate manifest lists protected files (or cannot be read): `--public` would hand
 * them, and the manifest, to anyone.
 * @param {string} dir
 */
function refuseProtectedBuild(dir) {
  const manifestPath = path.join(dir, GATE_MANIFEST_FILE);
  if (!existsSync(manifestPath)) return;
  /** @type {unknown} */
  let files;
  try {
    files = JSON.parse(readFileSync(manifestPath, 'utf8')).files;
  } catch {
    files = undefined;
  }
  const count = files && typeof files === 'object' ? Object.values(files).filter((c) => c !== 'public').length : NaN;
  if (count === 0) return;
  const what = Number.isNaN(count) ? 'may list protected files (it cannot be read)' : `lists ${count} protected files`;
  throw new Error(
    `${manifestPath} ${what}: --public would serve them to everyone, gate manifest included. ` +
      'Leave out --public to serve them to signed-in readers only.',
  );
}

/** @returns {{ dir: string, port: number, host: string, access: 'gated' | 'open', apiProxy: import('./apiProxy.mjs').ApiProxySettings, mcp: import('./app.mjs').McpOptions }} */
function readOptions() {
  try {
    const { values } = parseArgs({
      options: {
        dir: { type: 'string' },
        port: { type: 'string', default: '3000' },
        host: { type: 'string', default: process.env.HOST || 'localhost' },
        public: { type: 'boolean', default: false },
      },
    });
    const port = Number(values.port);
    if (!values.dir || !Number.isInteger(port) || port < 0 || port > 65535) throw new Error(USAGE);
    if (!existsSync(path.join(values.dir, 'index.html'))) {
      throw new Error(`${values.dir} holds no index.html: build the site first (npm run build).`);
    }
    const access = values.public ? 'open' : 'gated';
    if (access === 'gated' && !existsSync(path.join(values.dir, GATE_MANIFEST_FILE))) {
      throw new Error(
        `${values.dir} holds no ${GATE_MANIFEST_FILE}, so the server cannot tell protected files from public ones. ` +
          'Build with npm run build, or pass --public for a build with nothing to protect.',
      );
    }
    if (access === 'open') refuseProtectedBuild(values.dir);
    const apiProxy = apiProxySettingsFromEnv(process.env);
    const mcp = mcpAuthSettingsFromEnv(process.env);
    return { dir: values.dir, port, host: values.host ?? 'localhost', access, apiProxy, mcp };
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    if (!(error instanceof Error) || error.message !== USAGE) console.error(USAGE);
    process.exit(2);
  }
}

const options = readOptions();
// A request's line is written with the others of its turn of the event loop, and never lost at exit.
const server = await startSiteServer({ ...options, log: bufferedJsonLines() });
const what =
  options.access === 'open' ? 'every file to everyone (--public)' : 'protected files to signed-in readers only';
console.log(`Serving ${options.dir} at ${server.url}: ${what}.`);

/** @param {NodeJS.Signals} signal */
async function stop(signal) {
  console.log(`${signal}: stopping the server; waiting up to ${DRAIN_TIMEOUT_MS / 1000} s for responses under way.`);
  await server.close(DRAIN_TIMEOUT_MS);
  process.exit(0);
}
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
