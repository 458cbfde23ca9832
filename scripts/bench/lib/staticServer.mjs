/**
 * Serves a production build the way the site is served in production: our server (server/cli.mjs,
 * precompressed .br/.gz files). The template builds are precompressed with the same tool and served by
 * the same server, so the comparison is about the sites, not the servers.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { run, start, stop, waitForUrl } from './processes.mjs';

const PROJECT_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const SERVER_CLI = join(PROJECT_ROOT, 'server/cli.mjs');
const PRECOMPRESS_CLI = join(PROJECT_ROOT, 'plugins/precompress/cli.mjs');
export const SERVER_DESCRIPTION = 'server/cli.mjs with precompressed files';

/** Writes .br/.gz beside the files of a build (the templates' builds have none of their own). */
export async function precompressBuild(dir) {
  await run(process.execPath, [PRECOMPRESS_CLI, dir], { label: `precompress ${dir}`, timeoutMs: 10 * 60_000 });
}

/** Serves `dir` on http://localhost:<port> and resolves once it answers. Returns { origin, close() }. */
export async function startStaticServer({ dir, port }) {
  const origin = `http://localhost:${port}`;
  // Our site's build is served behind its gate, as in production; the stock templates have nothing to protect.
  const access = existsSync(join(dir, 'gate-manifest.json')) ? [] : ['--public'];
  const args = [SERVER_CLI, '--dir', dir, '--port', String(port), '--host', 'localhost', ...access];
  const child = start(process.execPath, args, {
    cwd: PROJECT_ROOT,
    label: `server/cli.mjs ${dir}`,
  });
  try {
    await waitForUrl(`${origin}/`, { timeoutMs: 60_000, child });
  } catch (error) {
    await stop(child);
    throw error;
  }
  return { origin, close: () => stop(child) };
}
