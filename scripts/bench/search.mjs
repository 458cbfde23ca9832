#!/usr/bin/env node
/* global window, document, MutationObserver -- used inside page.evaluate, which runs in the browser */
/**
 * Measures local search as a signed-in developer meets it, in headless Chromium against a running
 * production build: the index (files, raw and gzip bytes, documents), and the time from the last
 * keystroke of a query to the results in the navbar dropdown, for 20 queries. Prints the median.
 *
 *   node scripts/bench/search.mjs [site=http://localhost:3100]
 * Needs the site and the development provider running (the Playwright web servers, or npm run serve).
 * `measureSearch` is the same measurement for scripts/bench/run.mjs.
 */
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../chromium.mjs';
import { isMain, median } from './lib/stats.mjs';
import { signInOnce } from './signInOnce.mjs';
import { LLMS_FULL_FILE, LLMS_INDEX_FILE } from '../../config/pageMarkdown.mjs';

/** The llms files whose sizes are reported (config/pageMarkdown.mjs). */
const LLMS_FILES = [LLMS_INDEX_FILE, LLMS_FULL_FILE];

export const QUERIES = [
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

/** Raw, gzip -9 and brotli (quality 11) sizes of a buffer. */
export function compressedSizes(buffer) {
  return {
    raw: buffer.length,
    gzip: gzipSync(buffer, { level: 9 }).length,
    brotli: brotliCompressSync(buffer, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

/**
 * The index the browser loaded ({ path, raw, gzip, brotli, pages, docsPages, apiPages, sections }),
 * the llms files' sizes ({ 'llms.txt': { raw, gzip, brotli }, … }) and the keystroke-to-results
 * timings ({ timings[], median }) of `queries`.
 */
export async function measureSearch({ browser, site, storageState, queries = QUERIES }) {
  const context = await browser.newContext({ storageState: storageState ?? (await signInOnce(browser, site)) });
  const indexFiles = [];
  const timings = [];
  /** @type {Record<string, { raw: number, gzip: number, brotli: number }>} */
  const llms = {};
  try {
    const page = await context.newPage();
    page.on('response', async (response) => {
      if (/search-index.*\.json/.test(response.url()))
        indexFiles.push({ url: response.url(), body: await response.body() });
    });
    // The Markdown for assistants (plugins/page-markdown), fetched signed in.
    for (const file of LLMS_FILES) {
      const response = await context.request.get(`${site}/${file}`);
      if (!response.ok()) throw new Error(`${site}/${file} answered ${response.status()}`);
      llms[file] = compressedSizes(await response.body());
    }
    await page.goto(`${site}/docs`);
    await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
    const box = page.locator('input.navbar__search-input');
    await box.waitFor();
    await box.focus();
    // The first search waits for the index; it is not what the user meets afterwards.
    await box.fill('warm up');
    await page.getByRole('listbox').waitFor();

    for (const query of queries) {
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
  } finally {
    await context.close();
  }

  const [index] = indexFiles;
  if (!index) throw new Error(`${site}/docs loaded no search index`);
  const documents = JSON.parse(index.body.toString('utf8'));
  const pages = new Set(documents[0].documents.map((document) => document.u));
  return {
    index: {
      path: `${new URL(index.url).pathname}${new URL(index.url).search}`,
      ...compressedSizes(index.body),
      pages: pages.size,
      docsPages: [...pages].filter((u) => u.startsWith('/docs')).length,
      apiPages: [...pages].filter((u) => u.startsWith('/api/')).length,
      sections: documents.map((part) => part.documents.length),
    },
    llms,
    queries,
    timings,
    median: median(timings),
  };
}

async function main() {
  const site = process.argv[2] ?? 'http://localhost:3100';
  const browser = await chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS });
  let result;
  try {
    result = await measureSearch({ browser, site });
  } finally {
    await browser.close();
  }
  const { index, timings, queries } = result;
  const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
  console.log(`Search index: ${index.path}`);
  console.log(`  raw:        ${kib(index.raw)}`);
  console.log(`  gzip -9:    ${kib(index.gzip)}`);
  console.log(`  brotli 11:  ${kib(index.brotli)}`);
  console.log(`  pages:      ${index.pages} (${index.docsPages} docs, ${index.apiPages} API reference)`);
  console.log(`  sections:   ${index.sections.join(' / ')} (titles / headings / descriptions / keywords / content)`);
  for (const [file, sizes] of Object.entries(result.llms)) {
    console.log(`${file}: ${kib(sizes.raw)} raw, ${kib(sizes.gzip)} gzip -9, ${kib(sizes.brotli)} brotli 11`);
  }
  console.log(
    `Keystroke to results (${timings.length} queries): median ${result.median.toFixed(1)} ms, min ${Math.min(...timings).toFixed(1)}, max ${Math.max(...timings).toFixed(1)}`,
  );
  console.log(`  ${queries.map((query, i) => `${query}: ${timings[i].toFixed(0)}`).join(', ')}`);
}

if (isMain(import.meta.url)) await main();
