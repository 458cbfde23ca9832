#!/usr/bin/env node
// Builds (and precompresses) the site for the browser tests (tests/e2e/environment.mjs says with what, and
// where): the site's own configuration with a leak canary added (tests/e2e/leakCanary.config.ts).
// `--base-url` builds the same site at the base URL the base-URL browser tests use, into its own directory;
// `--out-dir=DIR` writes the build to DIR instead.
import { spawnSync } from 'node:child_process';
import { precompressDirectory } from '../plugins/precompress/precompress.mjs';
import { parseArgs } from 'node:util';
import {
  BASE_URL_BUILD_DIR,
  BASE_URL_BUILD_ENV,
  BUILD_CONFIG,
  BUILD_DIR,
  SITE_BUILD_ENV,
} from '../tests/e2e/environment.mjs';
import { assertPinnedNode } from '../config/nodeRuntime.mjs';

assertPinnedNode();

const { values } = parseArgs({
  options: { 'base-url': { type: 'boolean', default: false }, 'out-dir': { type: 'string' } },
});
const [defaultOutDir, buildEnv] = values['base-url']
  ? [BASE_URL_BUILD_DIR, BASE_URL_BUILD_ENV]
  : [BUILD_DIR, SITE_BUILD_ENV];
// `--out-dir` builds the same site elsewhere: tests/repeat builds it a second time and compares the two.
const outDir = values['out-dir'] ?? defaultOutDir;
const started = Date.now();
const result = spawnSync(
  process.execPath,
  ['node_modules/@docusaurus/core/bin/docusaurus.mjs', 'build', '--out-dir', outDir, '--config', BUILD_CONFIG],
  { env: { ...process.env, ...buildEnv }, stdio: 'inherit' },
);
if (result.status !== 0) process.exit(result.status ?? 1);
// As `npm run build` does: the browser tests are served the precompressed files readers get.
await precompressDirectory(outDir);
console.log(`Test build ready in ${outDir}/ (${((Date.now() - started) / 1000).toFixed(1)} s).`);
