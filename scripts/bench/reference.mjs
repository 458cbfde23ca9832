#!/usr/bin/env node
/* global window, document, MutationObserver, requestAnimationFrame -- used inside page.evaluate */
/**
 * Measures how fast an API reference page shows its first operation, as a signed-in developer meets
 * it, in headless Chromium against a running production build, at 1× and 4× CPU throttling:
 *
 * - first operation: from the start of the navigation to the first `.redoc-wrap [id^="operation/"]`
 *   in the DOM, and to the frame after it has been painted;
 * - blocking time: the sum of (duration − 50 ms) over the long tasks from the navigation up to the
 *   first operation, and up to the moment the page has settled (no long task for a second).
 *
 * By default the page is reached by in-app navigation (from /docs, through the router, as a reader
 * following a link); `--cold` loads it from scratch instead. Prints the median of the runs.
 *
 *   node scripts/bench/reference.mjs [site=http://localhost:3100] [path=/api/orders-api ...] [--runs=5] [--cold] [--tasks]
 *
 * --tasks also prints every long task of every run (start after the navigation, duration).
 * --json prints, as its last line, `{"1x": {"firstOperationMs", "totalBlockingMs"}, "4x": {…}}` for the
 * first page (total blocking time up to the page settling), which `npm run bench` reads.
 * Needs the site and the development provider running (the Playwright web servers, or npm run serve).
 */
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../chromium.mjs';
import { signInOnce } from './signInOnce.mjs';
import { assertPinnedNode } from '../../config/nodeRuntime.mjs';

assertPinnedNode();

const flags = process.argv.slice(2).filter((arg) => arg.startsWith('--'));
const [site = 'http://localhost:3100', ...paths] = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const runs = Number(flags.find((flag) => flag.startsWith('--runs='))?.split('=')[1] ?? 5);
const cold = flags.includes('--cold');
const showTasks = flags.includes('--tasks');
const asJson = flags.includes('--json');
const pages = paths.length > 0 ? paths : ['/api/orders-api'];
const RATES = [1, 4];
const SETTLE_MS = 1000;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Runs in the page: records long tasks and the first rendered operation, relative to `window.__bench.start`. */
function installProbes() {
  const bench = { start: 0, longTasks: [], firstOperation: undefined, firstPainted: undefined };
  window.__bench = bench;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) bench.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  const check = () => {
    if (bench.firstOperation === undefined && document.querySelector('.redoc-wrap [id^="operation/"]')) {
      bench.firstOperation = performance.now();
    }
    if (bench.firstOperation !== undefined && bench.firstPainted === undefined) {
      bench.firstPainted = null;
      // The frame after the next one: the first operation has been painted.
      requestAnimationFrame(() => requestAnimationFrame(() => (bench.firstPainted = performance.now())));
    }
  };
  const start = () => new MutationObserver(check).observe(document, { childList: true, subtree: true });
  if (document.documentElement) start();
  else document.addEventListener('readystatechange', start, { once: true });
}

async function measure(browser, storageState, path, rate) {
  const context = await browser.newContext({ storageState, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.addInitScript(installProbes);
  const cdp = await context.newCDPSession(page);
  if (cold) {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    await page.goto(`${site}${path}`);
  } else {
    await page.goto(`${site}/docs`);
    await page.locator('[data-access="open"]').waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    // A router link to the page, as the navbar's: clicked, it navigates inside the app.
    await page.evaluate((target) => {
      const link = [...document.querySelectorAll('a[href]')].find((a) => a.getAttribute('href') === target);
      if (!link) throw new Error(`no link to ${target} on /docs`);
      window.__bench.start = performance.now();
      link.click();
    }, path);
  }
  await page.waitForFunction(() => window.__bench.firstOperation !== undefined, null, { timeout: 60_000 });
  await page.waitForFunction(() => typeof window.__bench.firstPainted === 'number', null, { timeout: 60_000 });
  // Settled: no long task during the last second.
  await page.waitForFunction(
    (quiet) => {
      const last = window.__bench.longTasks.at(-1);
      return performance.now() - Math.max(window.__bench.firstOperation, last ? last.start + last.duration : 0) > quiet;
    },
    SETTLE_MS,
    { timeout: 60_000, polling: 100 },
  );
  const result = await page.evaluate(() => {
    const { start, longTasks, firstOperation, firstPainted } = window.__bench;
    const blocking = (until) =>
      longTasks
        .filter((task) => task.start >= start && task.start < until)
        .reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0);
    return {
      firstOperation: firstOperation - start,
      firstPainted: firstPainted - start,
      longTasks: longTasks
        .filter((task) => task.start >= start)
        .map((t) => [Math.round(t.start - start), Math.round(t.duration)]),
      tbtToFirst: blocking(firstOperation),
      tbtSettled: blocking(Number.POSITIVE_INFINITY),
    };
  });
  await context.close();
  return result;
}

const browser = await chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS });
const storageState = await signInOnce(browser, site);
const rows = [];
for (const path of pages) {
  for (const rate of RATES) {
    const samples = [];
    for (let run = 0; run < runs; run += 1) samples.push(await measure(browser, storageState, path, rate));
    if (showTasks)
      for (const sample of samples)
        console.log(`${path} ${rate}× long tasks [start, ms]:`, JSON.stringify(sample.longTasks));
    const of = (key) => Math.round(median(samples.map((sample) => sample[key])));
    rows.push({
      page: path,
      cpu: `${rate}×`,
      'first operation (ms)': of('firstOperation'),
      'first painted (ms)': of('firstPainted'),
      'TBT to first (ms)': of('tbtToFirst'),
      'TBT settled (ms)': of('tbtSettled'),
      rate,
    });
  }
}
await browser.close();

console.log(`API reference, ${cold ? 'cold load' : 'in-app navigation from /docs'}, median of ${runs} runs, signed in`);
console.table(rows.map((row) => Object.fromEntries(Object.entries(row).filter(([key]) => key !== 'rate'))));
if (asJson) {
  const firstPage = rows.filter((row) => row.page === pages[0]);
  const figures = Object.fromEntries(
    firstPage.map((row) => [
      `${row.rate}x`,
      { firstOperationMs: row['first operation (ms)'], totalBlockingMs: row['TBT settled (ms)'] },
    ]),
  );
  console.log(JSON.stringify(figures));
}
