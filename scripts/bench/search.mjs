#!/usr/bin/env node
/* global window, document, MutationObserver -- used inside page.evaluate, which runs in the browser */
/**
 * Measures local search as a signed-in developer meets it, in headless Chromium against a running
 * production build: the index (files, raw and gzip bytes, documents), and the time from the last
 * keystroke of a query to the results in the navbar dropdown, for 20 queries. Prints the median.
 *
 *   node scripts/bench/search.mjs [site=http://localhost:3100]
 * Needs the site and the development provider running (the Playwright web servers, or npm run serve).
 */
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../../tests/e2e/environment.mjs';
import { signInOnce } from './signInOnce.mjs';

const site = process.argv[2] ?? 'http://localhost:3100';
const QUERIES = [
  'account',
  'balance',
  'order status',
  'idempotency',
  'trusted contact',
  'cancel',
  'limit price',
  'custodial',
  'w-9',
  'beneficiary',
  'rate limit',
  'allocation',
  'position',
  'onboarding result',
  'time in force',
  'document',
  'error',
  'option',
  'address update',
  'zqxwvjkp',
];
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const browser = await chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS });
const context = await browser.newContext({ storageState: await signInOnce(browser, site) });
const page = await context.newPage();

const indexFiles = [];
page.on('response', async (response) => {
  if (/search-index.*\.json/.test(response.url()))
    indexFiles.push({ url: response.url(), body: await response.body() });
});
await page.goto(`${site}/docs`);
await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
const box = page.locator('input.navbar__search-input');
await box.waitFor();
await box.focus();
// The first search waits for the index; it is not what the user meets afterwards.
await box.fill('warm up');
await page.getByRole('listbox').waitFor();

const timings = [];
for (const query of QUERIES) {
  await box.fill('');
  await box.type(query.slice(0, -1));
  await page.waitForTimeout(300);
  // Time from the last keydown to the dropdown settling on this query's results.
  await page.evaluate((expected) => {
    const state = { start: 0, end: 0 };
    window.__searchTiming = state;
    const listbox = () => document.querySelector('[role="listbox"]');
    const settled = () => {
      const input = document.querySelector('input.navbar__search-input');
      const text = listbox()?.textContent ?? '';
      return input?.value === expected && /\S/.test(text);
    };
    document.addEventListener('keydown', () => (state.start = performance.now()), { capture: true, once: true });
    const observer = new MutationObserver(() => {
      if (state.start && settled()) state.end = performance.now();
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    state.observer = observer;
  }, query);
  await page.keyboard.type(query.slice(-1));
  await page.waitForFunction(() => window.__searchTiming.end > 0, null, { timeout: 10_000 });
  await page.waitForTimeout(250);
  timings.push(await page.evaluate(() => window.__searchTiming.end - window.__searchTiming.start));
}
await browser.close();

const [index] = indexFiles;
const documents = JSON.parse(index.body.toString('utf8'));
const pages = new Set(documents[0].documents.map((document) => document.u));
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
console.log(`Search index: ${new URL(index.url).pathname}${new URL(index.url).search}`);
console.log(`  raw:        ${kib(index.body.length)}`);
console.log(`  gzip -9:    ${kib(gzipSync(index.body, { level: 9 }).length)}`);
console.log(
  `  pages:      ${pages.size} (${[...pages].filter((u) => u.startsWith('/docs')).length} docs, ${[...pages].filter((u) => u.startsWith('/api/')).length} API reference)`,
);
console.log(
  `  sections:   ${documents.map((part) => part.documents.length).join(' / ')} (titles / headings / descriptions / keywords / content)`,
);
console.log(
  `Keystroke to results (${timings.length} queries): median ${median(timings).toFixed(1)} ms, min ${Math.min(...timings).toFixed(1)}, max ${Math.max(...timings).toFixed(1)}`,
);
console.log(`  ${QUERIES.map((query, i) => `${query}: ${timings[i].toFixed(0)}`).join(', ')}`);
