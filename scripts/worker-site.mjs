#!/usr/bin/env node
// @ts-check
/**
 * Serves a build with the deployed Worker configuration on workerd (miniflare, offline), on a fixed port on
 * 127.0.0.1, for the browser tests (playwright.base-url.config.ts):
 *
 *   node scripts/worker-site.mjs --dir build-e2e-base-url --port 3102
 *
 * The MCP_INTROSPECTION_* variables of its environment become the Worker's variables.
 *
 * The Worker, its bundle and wrangler.toml's settings are those of the Worker tests
 * (server/__tests__/workerSite.mjs). SIGINT or SIGTERM stops workerd with it.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { assertPinnedNode } from '../config/nodeRuntime.mjs';
import { startWorkerSite } from '../server/__tests__/workerSite.mjs';

assertPinnedNode();

const USAGE = 'Usage: node scripts/worker-site.mjs --dir <build dir> --port <port>';

/** @returns {{ dir: string, port: number }} */
function readOptions() {
  try {
    const { values } = parseArgs({ options: { dir: { type: 'string' }, port: { type: 'string' } } });
    const port = Number(values.port);
    if (!values.dir || !values.port || !Number.isInteger(port) || port < 0 || port > 65535) throw new Error(USAGE);
    if (!existsSync(path.join(values.dir, 'index.html'))) {
      throw new Error(`${values.dir} holds no index.html: build the site first (npm run build).`);
    }
    return { dir: values.dir, port };
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    if (!(error instanceof Error) || error.message !== USAGE) console.error(USAGE);
    process.exit(2);
  }
}

/**
 * The Worker variables taken from this process's environment, as a deployment sets them: the MCP server's client at
 * the provider's introspection endpoint (server/mcp/auth.mjs).
 */
const WORKER_VARIABLES = [
  'MCP_INTROSPECTION_CLIENT_ID',
  'MCP_INTROSPECTION_CLIENT_SECRET',
  'MCP_INTROSPECTION_CACHE_SECONDS',
];

const options = readOptions();
const vars = Object.fromEntries(
  WORKER_VARIABLES.flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])),
);
const site = await startWorkerSite({ ...options, vars });
console.log(`Serving ${options.dir} at ${site.url} with the Worker (wrangler.toml) on workerd. Stop with Ctrl+C.`);
// On SIGINT or SIGTERM, miniflare's own exit hook stops workerd and exits (status 130 or 143): a handler here
// would never run.
