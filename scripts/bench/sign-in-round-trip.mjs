#!/usr/bin/env node
/**
 * Times the sign-in round trip in headless Chromium: an anonymous deep link into /docs, the
 * provider's form, and back until the page's content is shown. The form-filling itself is excluded
 * (the clock stops while the robot types). Prints every sample and the median.
 *
 *   node scripts/bench/sign-in-round-trip.mjs [site=http://localhost:3100] [runs=10]
 * Needs the site and the development provider running (e.g. the Playwright web servers, or npm run serve).
 */
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../../tests/e2e/environment.mjs';

const site = process.argv[2] ?? 'http://localhost:3100';
const runs = Number(process.argv[3] ?? 10);
const deepLink = `${site}/docs/accounts-api/endpoints/get-account?view=full#errors`;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const browser = await chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS });
const toForm = [];
const formToContent = [];
for (let run = 0; run < runs; run += 1) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const start = performance.now();
  await page.goto(deepLink);
  await page.getByLabel('Username').waitFor();
  const atForm = performance.now();
  await page.getByLabel('Username').fill('developer');
  await page.getByLabel('Password').fill('developer-password');
  const submit = performance.now();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.locator('[data-access="open"] article h1').waitFor();
  const done = performance.now();
  if (!page.url().endsWith('/docs/accounts-api/endpoints/get-account?view=full#errors')) {
    throw new Error(`ended on ${page.url()}`);
  }
  toForm.push(atForm - start);
  formToContent.push(done - submit);
  await context.close();
}
await browser.close();

const ms = (n) => `${n.toFixed(0)} ms`;
const totals = toForm.map((value, index) => value + formToContent[index]);
console.log(`Sign-in round trip, ${runs} runs (deep link -> content, excluding typing)`);
console.log(`  deep link -> provider form:   median ${ms(median(toForm))}  [${toForm.map(ms).join(', ')}]`);
console.log(
  `  submit -> content on the page: median ${ms(median(formToContent))}  [${formToContent.map(ms).join(', ')}]`,
);
console.log(`  total:                         median ${ms(median(totals))}`);
