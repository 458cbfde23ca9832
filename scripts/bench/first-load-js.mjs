#!/usr/bin/env node
/**
 * Measures the JavaScript a page downloads on first load (bytes, uncompressed and as transferred),
 * in headless Chromium against a running site. Prints the median of several cold loads.
 *
 *   node scripts/bench/first-load-js.mjs [url=http://localhost:3100/] [runs=5] [--signed-in]
 *
 * With --signed-in the demo developer signs in once first (for protected pages such as /docs).
 */
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../../tests/e2e/environment.mjs';
import { signInOnce } from './signInOnce.mjs';

const signedIn = process.argv.includes('--signed-in');
const [url = 'http://localhost:3100/', runsArgument = '5'] = process.argv
  .slice(2)
  .filter((arg) => !arg.startsWith('--'));
const runs = Number(runsArgument);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const browser = await chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS });
const storageState = signedIn ? await signInOnce(browser, new URL(url).origin) : undefined;
const samples = [];
for (let run = 0; run < runs; run += 1) {
  const context = await browser.newContext({ storageState });
  const page = await context.newPage();
  const scripts = new Map();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    try {
      const body = await response.body();
      const sizes = await response.request().sizes();
      scripts.set(response.url(), {
        bytes: body.length,
        gzip: gzipSync(body, { level: 9 }).length,
        transferred: sizes.responseBodySize + sizes.responseHeadersSize,
      });
    } catch {
      // A response without a body (aborted) does not count.
    }
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
  await page.waitForTimeout(500);
  const total = [...scripts.values()].reduce(
    (sum, s) => ({ bytes: sum.bytes + s.bytes, gzip: sum.gzip + s.gzip, transferred: sum.transferred + s.transferred }),
    { bytes: 0, gzip: 0, transferred: 0 },
  );
  samples.push({ ...total, files: scripts.size, names: [...scripts.keys()].map((u) => new URL(u).pathname) });
  await context.close();
}
await browser.close();

const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
console.log(`First-load JavaScript of ${url} (${runs} cold loads${signedIn ? ', signed in' : ''})`);
console.log(`  files:        ${median(samples.map((s) => s.files))}`);
console.log(`  uncompressed: ${kib(median(samples.map((s) => s.bytes)))} (median)`);
console.log(`  gzip -9:      ${kib(median(samples.map((s) => s.gzip)))} (median; what a compressing CDN would send)`);
console.log(`  transferred:  ${kib(median(samples.map((s) => s.transferred)))} (median, as served here)`);
console.log(`  scripts:      ${samples[0].names.join(', ')}`);
