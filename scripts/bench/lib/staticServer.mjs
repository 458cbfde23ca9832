/**
 * Serves a production build the way the site is served in production: our server (server/cli.mjs,
 * precompressed .br/.gz files). The template builds are precompressed with the same tool and served by
 * the same server, so the comparison is about the sites, not the servers.
 *
 * BENCH_STATIC_SERVER=docusaurus serves with `docusaurus serve` instead and skips precompression
 * (a stop-gap for a checkout without server/; the figures are then not production figures).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { run, start, stop, waitForUrl } from './processes.mjs';

const PROJECT_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const SERVER_CLI = join(PROJECT_ROOT, 'server/cli.mjs');
const PRECOMPRESS_CLI = join(PROJECT_ROOT, 'plugins/precompress/cli.mjs');
export const USE_DOCUSAURUS_SERVE = process.env.BENCH_STATIC_SERVER === 'docusaurus';
export const SERVER_DESCRIPTION = USE_DOCUSAURUS_SERVE
  ? '`docusaurus serve` (BENCH_STATIC_SERVER=docusaurus: no precompression)'
  : 'server/cli.mjs with precompressed files';

function requireFile(path, what) {
  if (!existsSync(path))
    throw new Error(`${what} (${path}) is missing; set BENCH_STATIC_SERVER=docusaurus to serve with docusaurus serve`);
}

/** Writes .br/.gz beside the files of a build that was not built with our postBuild plugin. */
export async function precompressBuild(dir) {
  if (USE_DOCUSAURUS_SERVE) return;
  requireFile(PRECOMPRESS_CLI, 'The precompress CLI');
  await run(process.execPath, [PRECOMPRESS_CLI, dir], { label: `precompress ${dir}`, timeoutMs: 10 * 60_000 });
}

/**
 * Serves `dir` on http://localhost:<port> and resolves once it answers. `siteDir` and `env` are what
 * `docusaurus serve` needs to load the site's config (only with BENCH_STATIC_SERVER=docusaurus).
 * Returns { origin, close() }.
 */
export async function startStaticServer({ dir, port, siteDir = PROJECT_ROOT, env = {} }) {
  const origin = `http://localhost:${port}`;
  let child;
  if (USE_DOCUSAURUS_SERVE) {
    child = start(
      process.execPath,
      [
        join(siteDir, 'node_modules/@docusaurus/core/bin/docusaurus.mjs'),
        'serve',
        '--dir',
        dir,
        '--port',
        String(port),
        '--host',
        'localhost',
        '--no-open',
      ],
      { cwd: siteDir, env, label: `docusaurus serve ${dir}` },
    );
  } else {
    requireFile(SERVER_CLI, 'The production server');
    child = start(process.execPath, [SERVER_CLI, '--dir', dir, '--port', String(port), '--host', 'localhost'], {
      cwd: PROJECT_ROOT,
      label: `server/cli.mjs ${dir}`,
    });
  }
  try {
    await waitForUrl(`${origin}/`, { timeoutMs: 60_000, child });
  } catch (error) {
    await stop(child);
    throw error;
  }
  return { origin, close: () => stop(child) };
}
