#!/usr/bin/env node
/**
 * Times the sign-in round trip in headless Chromium: an anonymous deep link into /docs, the
 * provider's form, and back until the page's content is shown (its heading visible on the deep link's
 * address). The form-filling itself is excluded (the clock stops while the robot types). Behind the gate
 * a page is shown at first paint, before the site's application has hydrated it, so the time until the
 * page is hydrated and open (`[data-access="open"]`) is recorded beside it. Prints every sample and the median.
 *
 *   node scripts/bench/sign-in-round-trip.mjs [site=http://localhost:3100] [runs=10]
 * Needs the site and the development provider running (e.g. the Playwright web servers, or npm run serve).
 * `measureSignInRoundTrip` is the same measurement for scripts/bench/run.mjs.
 */
import { chromium } from '@playwright/test';
import { fillSignInForm, submitSignInForm } from '../../dev/idp/testing.mjs';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../chromium.mjs';
import { isMain, median } from './lib/stats.mjs';

const DEEP_LINK = '/docs/accounts-api/endpoints/get-account?view=full#errors';
const DEEP_LINK_PATH = new URL(DEEP_LINK, 'http://localhost').pathname;

/**
 * Every sample and the medians, in ms:
 * { toForm[], formToContent[], formToHydrated[], totals[], median: { toForm, formToContent, formToHydrated, total } }.
 */
export async function measureSignInRoundTrip({ browser, site, runs = 10 }) {
  const toForm = [];
  const formToContent = [];
  const formToHydrated = [];
  for (let run = 0; run < runs; run += 1) {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const start = performance.now();
      await page.goto(`${site}${DEEP_LINK}`);
      await page.getByLabel('Username').waitFor();
      const atForm = performance.now();
      await fillSignInForm(page);
      const submit = performance.now();
      await submitSignInForm(page);
      await page.waitForURL((url) => url.pathname === DEEP_LINK_PATH, { waitUntil: 'commit' });
      await page.locator('article h1').waitFor();
      const shown = performance.now();
      await page.locator('[data-access="open"] article h1').waitFor();
      const hydrated = performance.now();
      if (!page.url().endsWith(DEEP_LINK)) throw new Error(`the sign-in round trip ended on ${page.url()}`);
      toForm.push(atForm - start);
      formToContent.push(shown - submit);
      formToHydrated.push(hydrated - submit);
    } finally {
      await context.close();
    }
  }
  const totals = toForm.map((value, index) => value + formToContent[index]);
  return {
    toForm,
    formToContent,
    formToHydrated,
    totals,
    median: {
      toForm: median(toForm),
      formToContent: median(formToContent),
      formToHydrated: median(formToHydrated),
      total: median(totals),
    },
  };
}

async function main() {
  const site = process.argv[2] ?? 'http://localhost:3100';
  const runs = Number(process.argv[3] ?? 10);
  const browser = await chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS });
  let result;
  try {
    result = await measureSignInRoundTrip({ browser, site, runs });
  } finally {
    await browser.close();
  }
  const ms = (n) => `${n.toFixed(0)} ms`;
  console.log(`Sign-in round trip, ${runs} runs (deep link -> content, excluding typing)`);
  console.log(
    `  deep link -> provider form:   median ${ms(result.median.toForm)}  [${result.toForm.map(ms).join(', ')}]`,
  );
  console.log(
    `  submit -> content on the page: median ${ms(result.median.formToContent)}  [${result.formToContent.map(ms).join(', ')}]`,
  );
  console.log(
    `  submit -> page hydrated:       median ${ms(result.median.formToHydrated)}  [${result.formToHydrated.map(ms).join(', ')}]`,
  );
  console.log(`  total (to content shown):      median ${ms(result.median.total)}`);
}

if (isMain(import.meta.url)) await main();
