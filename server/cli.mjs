#!/usr/bin/env node
// @ts-check
/**
 * Serves a Docusaurus build the way the CDN does (precompressed files, cache headers, the site's 404 page):
 *
 *   node server/cli.mjs --dir build --port 3000 [--host localhost]
 *
 * Prints the URL once listening; stops cleanly on SIGINT and SIGTERM.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { startSiteServer } from './node.mjs';

const USAGE = 'Usage: node server/cli.mjs --dir <build dir> --port <port> [--host <host>]';

/** @returns {{ dir: string, port: number, host: string }} */
function readOptions() {
  try {
    const { values } = parseArgs({
      options: {
        dir: { type: 'string' },
        port: { type: 'string', default: '3000' },
        host: { type: 'string', default: 'localhost' },
      },
    });
    const port = Number(values.port);
    if (!values.dir || !Number.isInteger(port) || port < 0 || port > 65535) throw new Error(USAGE);
    if (!existsSync(path.join(values.dir, 'index.html'))) {
      throw new Error(`${values.dir} holds no index.html: build the site first (npm run build).`);
    }
    return { dir: values.dir, port, host: values.host ?? 'localhost' };
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    if (!(error instanceof Error) || error.message !== USAGE) console.error(USAGE);
    process.exit(2);
  }
}

const options = readOptions();
const server = await startSiteServer(options);
console.log(`Serving ${options.dir} at ${server.url}`);

/** @param {NodeJS.Signals} signal */
async function stop(signal) {
  console.log(`${signal}: stopping the server.`);
  await server.close();
  process.exit(0);
}
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
