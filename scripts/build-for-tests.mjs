#!/usr/bin/env node
// Builds (and precompresses) the site for the browser tests (tests/e2e/environment.mjs says with what, and
// where): the site's own configuration with a leak canary added (tests/e2e/leakCanary.config.ts).
import { spawnSync } from 'node:child_process';
import { precompressDirectory } from '../plugins/precompress/precompress.mjs';
import { BUILD_CONFIG, BUILD_DIR, SITE_BUILD_ENV } from '../tests/e2e/environment.mjs';
import { assertPinnedNode } from '../config/nodeRuntime.mjs';

assertPinnedNode();

const started = Date.now();
const result = spawnSync(
  process.execPath,
  ['node_modules/@docusaurus/core/bin/docusaurus.mjs', 'build', '--out-dir', BUILD_DIR, '--config', BUILD_CONFIG],
  { env: { ...process.env, ...SITE_BUILD_ENV }, stdio: 'inherit' },
);
if (result.status !== 0) process.exit(result.status ?? 1);
// As `npm run build` does: the browser tests are served the precompressed files readers get.
await precompressDirectory(BUILD_DIR);
console.log(`Test build ready in ${BUILD_DIR}/ (${((Date.now() - started) / 1000).toFixed(1)} s).`);
