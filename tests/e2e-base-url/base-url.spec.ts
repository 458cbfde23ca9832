import { test, expect, type Page } from '@playwright/test';
import { fillSignInForm, submitSignInForm } from '../../dev/idp/testing.mjs';
import { BASE_URL_IDP_ISSUER, BASE_URL_UNDER_TEST, DEMO_USER } from '../e2e/environment.mjs';
import { expectNoAxeViolations, waitForHydration } from '../e2e/fixtures';

const BASE = BASE_URL_UNDER_TEST;
const DEEP_LINK = `${BASE}docs/accounts-api/endpoints/get-account?view=full#errors`;
const TRY_IT_MODULE = `${BASE}docs/try-it/getAccount.js`;

/** Fails the test on any console error but the status of a page the server answers 401 or 404 on purpose. */
function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error' || page.url().startsWith(BASE_URL_IDP_ISSUER)) return;
    if (/status of 40[14]/.test(message.text())) return;
    errors.push(`${message.text()} ${message.location().url ?? ''}`);
  });
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  return errors;
}

/** The project's site origin: the Node server's or the Worker's (playwright.base-url.config.ts). */
function siteOrigin(baseURL: string | undefined): string {
  if (!baseURL) throw new Error('the project sets no baseURL (playwright.base-url.config.ts)');
  return new URL(baseURL).origin;
}

/** The site's files a page failed to load (the page's own address aside). */
function collectFailedFiles(page: Page, origin: string): string[] {
  const failed: string[] = [];
  page.on('response', (response) => {
    const url = response.url();
    if (new URL(url).origin === origin && response.status() >= 400 && !response.request().isNavigationRequest())
      failed.push(url);
  });
  return failed;
}

test('the home page under the base loads its assets, hydrates and passes axe', async ({ page, baseURL }) => {
  const errors = collectConsoleErrors(page);
  const failed = collectFailedFiles(page, siteOrigin(baseURL));
  await page.goto(BASE);
  await waitForHydration(page);
  await expect(page.locator('nav.navbar')).toBeVisible();
  expect(failed).toEqual([]);
  await expectNoAxeViolations(page);
  expect(errors).toEqual([]);
});

test('a page asked for without the base gets the 404 page, with its styles from under the base', async ({
  page,
  baseURL,
}) => {
  const failed = collectFailedFiles(page, siteOrigin(baseURL));
  const response = await page.goto('/docs/getting-started/authentication/');
  expect(response?.status()).toBe(404);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('We could not find that page');
  const styles = await page.evaluate(() => Array.from(document.styleSheets, (sheet) => sheet.href ?? ''));
  expect(styles.some((href) => new URL(href || 'http://x/').pathname.startsWith(`/developers/assets/css/`))).toBe(true);
  expect(failed).toEqual([]);
});

test('a deep link signs in through the callback under the base and returns to the same address, where Try it loads', async ({
  page,
  context,
  baseURL,
}) => {
  const origin = siteOrigin(baseURL);
  const errors = collectConsoleErrors(page);
  const authorize = page.waitForRequest((request) =>
    request.url().startsWith(`${BASE_URL_IDP_ISSUER}/connect/authorize`),
  );
  const anonymous = await page.goto(DEEP_LINK);
  expect(anonymous?.status()).toBe(401);
  // The Try it panel's module of the operation (plugins/try-it) is behind the gate, under the base.
  expect((await page.request.get(`${origin}${TRY_IT_MODULE}`)).status()).toBe(401);
  const params = new URL((await authorize).url()).searchParams;
  expect(params.get('redirect_uri')).toBe(`${origin}${BASE}login/callback`);

  await page.waitForURL((url) => url.origin === BASE_URL_IDP_ISSUER);
  await fillSignInForm(page, DEMO_USER);
  await submitSignInForm(page);
  await page.waitForURL(`${origin}${DEEP_LINK}`);
  await expect(page.locator('[data-access="open"]')).toBeAttached();
  await expect(page.locator('article h1')).toBeVisible();
  await expect(page.locator('nav.navbar').getByText(DEMO_USER.name)).toBeVisible();

  // The gate's cookie is scoped to the base, and it is what admits the reader on the server.
  const cookie = (await context.cookies(`${origin}${BASE}`)).find((candidate) => candidate.name === 'docs_id_token');
  expect(cookie?.path).toBe(BASE);
  const reload = await page.reload();
  expect(reload?.status()).toBe(200);
  await expect(page.locator('article h1')).toBeVisible();
  expect(errors).toEqual([]);

  // The panel imports its module from under the base, outside webpack (its probe of the local sandbox, not
  // running here, logs a refused connection).
  const module = page.waitForResponse(`${origin}${TRY_IT_MODULE}`);
  await page.getByRole('button', { name: 'Try it' }).click();
  expect((await module).status()).toBe(200);
  await expect(page.getByRole('form', { name: 'Request' })).toBeVisible();
});

test('a stored choice of a docs version this build does not have is cleared, and the reader reads v1', async ({
  page,
  baseURL,
}) => {
  const origin = siteOrigin(baseURL);
  const key = 'docs-preferred-version-default';
  await page.goto(BASE);
  await waitForHydration(page);
  // As a reader who chose the v2 preview on a build that had it.
  await page.evaluate((name) => localStorage.setItem(name, 'v2'), key);
  const page2 = `${BASE}docs/getting-started/introduction`;
  await page.goto(page2);
  await page.waitForURL((url) => url.origin === BASE_URL_IDP_ISSUER);
  await fillSignInForm(page, DEMO_USER);
  await submitSignInForm(page);
  await page.waitForURL(`${origin}${page2}`);
  await expect(page.locator('[data-access="open"]')).toBeAttached();
  await waitForHydration(page);
  await expect.poll(() => page.evaluate((name) => localStorage.getItem(name), key)).toBeNull();
  // This build has v1 only: no version menu, no banner, and the navbar's docs link stays in v1.
  await expect(page.locator('.navbar .dropdown').filter({ hasText: /^v\d/ })).toHaveCount(0);
  await expect(page.locator('.theme-doc-version-banner')).toHaveCount(0);
  await page.goto(BASE);
  await waitForHydration(page);
  await page.locator('.navbar').getByRole('link', { name: 'Documentation', exact: true }).click();
  await page.waitForURL((url) => url.pathname.startsWith(`${BASE}docs/`) && !url.pathname.startsWith(`${BASE}docs/v2`));
});
