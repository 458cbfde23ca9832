#!/usr/bin/env node
/**
 * Measures the JavaScript a page downloads on first load (bytes, uncompressed and as transferred),
 * in headless Chromium against a running site. Prints the median of several cold loads.
 *
 *   node scripts/bench/first-load-js.mjs [url=http://localhost:3100/] [runs=5] [--signed-in]
 *
 * With --signed-in the demo developer signs in once first (for protected pages such as /docs).
 * `measureFirstLoadJs` is the same measurement for scripts/bench/run.mjs.
 */
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../chromium.mjs';
import { isMain, median } from './lib/stats.mjs';
import { signInOnce } from './signInOnce.mjs';

/** One cold load of `url` in a new context: the scripts it downloaded. */
async function oneLoad(browser, url, storageState) {
  const context = await browser.newContext({ storageState });
  try {
    const page = await context.newPage();
    const scripts = new Map();
    const reads = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      reads.push(
        (async () => {
          const body = await response.body();
          const sizes = await response.request().sizes();
          scripts.set(response.url(), {
            bytes: body.length,
            gzip: gzipSync(body, { level: 9 }).length,
            transferred: sizes.responseBodySize + sizes.responseHeadersSize,
          });
        })().catch(() => {
          // A response without a body (aborted) does not count.
        }),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
    await page.waitForTimeout(500);
    await Promise.all(reads);
    if (new URL(page.url()).origin !== new URL(url).origin)
      throw new Error(`${url} ended on ${page.url()} (not signed in?)`);
    const total = [...scripts.values()].reduce(
      (sum, s) => ({
        bytes: sum.bytes + s.bytes,
        gzip: sum.gzip + s.gzip,
        transferred: sum.transferred + s.transferred,
      }),
      { bytes: 0, gzip: 0, transferred: 0 },
    );
    return { ...total, files: scripts.size, names: [...scripts.keys()].map((u) => new URL(u).pathname) };
  } finally {
    await context.close();
  }
}

/**
 * The median first-load JavaScript of `url` over `runs` cold loads: { files, bytes, gzip,
 * transferred, names }. `storageState` loads it as a signed-in visitor.
 */
export async function measureFirstLoadJs({ browser, url, runs = 5, storageState }) {
  const samples = [];
  for (let run = 0; run < runs; run += 1) samples.push(await oneLoad(browser, url, storageState));
  return {
    files: median(samples.map((s) => s.files)),
    bytes: median(samples.map((s) => s.bytes)),
    gzip: median(samples.map((s) => s.gzip)),
    transferred: median(samples.map((s) => s.transferred)),
    names: samples[0].names,
  };
}

async function main() {
  const signedIn = process.argv.includes('--signed-in');
  const [url = 'http://localhost:3100/', runsArgument = '5'] = process.argv
    .slice(2)
    .filter((arg) => !arg.startsWith('--'));
  const runs = Number(runsArgument);
  const browser = await chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS });
  let result;
  try {
    const storageState = signedIn ? await signInOnce(browser, new URL(url).origin) : undefined;
    result = await measureFirstLoadJs({ browser, url, runs, storageState });
  } finally {
    await browser.close();
  }
  const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
  console.log(`First-load JavaScript of ${url} (${runs} cold loads${signedIn ? ', signed in' : ''})`);
  console.log(`  files:        ${result.files}`);
  console.log(`  uncompressed: ${kib(result.bytes)} (median)`);
  console.log(`  gzip -9:      ${kib(result.gzip)} (median; what a compressing CDN would send)`);
  console.log(`  transferred:  ${kib(result.transferred)} (median, as served here)`);
  console.log(`  scripts:      ${result.names.join(', ')}`);
}

if (isMain(import.meta.url)) await main();
