#!/usr/bin/env node
/**
 * Times the sign-in round trip in headless Chromium: an anonymous deep link into /docs, the
 * provider's form, and back until the page's content is shown. The form-filling itself is excluded
 * (the clock stops while the robot types). Prints every sample and the median.
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

/** Every sample and the medians, in ms: { toForm[], formToContent[], totals[], median: { toForm, formToContent, total } }. */
export async function measureSignInRoundTrip({ browser, site, runs = 10 }) {
  const toForm = [];
  const formToContent = [];
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
      await page.locator('[data-access="open"] article h1').waitFor();
      const done = performance.now();
      if (!page.url().endsWith(DEEP_LINK)) throw new Error(`the sign-in round trip ended on ${page.url()}`);
      toForm.push(atForm - start);
      formToContent.push(done - submit);
    } finally {
      await context.close();
    }
  }
  const totals = toForm.map((value, index) => value + formToContent[index]);
  return {
    toForm,
    formToContent,
    totals,
    median: { toForm: median(toForm), formToContent: median(formToContent), total: median(totals) },
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
  console.log(`  total:                         median ${ms(result.median.total)}`);
}

if (isMain(import.meta.url)) await main();
