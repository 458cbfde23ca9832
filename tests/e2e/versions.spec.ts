import type { Page } from '@playwright/test';
import { SIGNED_IN_STATE } from './environment.mjs';
import { expect, expectNoAxeViolations, test, waitForHydration } from './fixtures';

/**
 * The two docs versions as a reader meets them: v1 at /docs (what a reader who has chosen nothing reads) and the v2
 * preview at /docs/v2, the version dropdown that moves between them on the same page, the preference it keeps
 * (`docs-preferred-version-default` in local storage, as the product specification says), the preview's banner, and
 * the not-found page's way to the same page in the other version. A build without v2 clearing a stored preference is
 * checked in tests/e2e-base-url (that build has v1 only).
 */
test.use({ storageState: SIGNED_IN_STATE });

const PREFERENCE_KEY = 'docs-preferred-version-default';

async function open(page: Page, route: string) {
  await page.goto(route);
  await waitForHydration(page);
  await expect(page.locator('[data-access="open"]')).toBeAttached();
}

const versionDropdown = (page: Page) => page.locator('.navbar__items--right .dropdown').filter({ hasText: /^v\d/ });
const preference = (page: Page) => page.evaluate((key) => localStorage.getItem(key), PREFERENCE_KEY);

test('a reader who has chosen nothing reads v1, and the dropdown moves to the same page in v2 and back', async ({
  page,
}) => {
  await open(page, '/docs/trading-api/equity/cancel-equity-order');
  expect(await preference(page)).toBeNull();
  await expect(versionDropdown(page).locator('> a')).toHaveText('v1');
  // v1's page: the deprecated DELETE, with its notice.
  await expect(page.locator('article').getByText('DELETE', { exact: true }).first()).toBeVisible();
  await expect(page.locator('article .theme-admonition-caution')).toContainText('Deprecated since 30 November 2026');

  await versionDropdown(page).hover();
  await versionDropdown(page).getByRole('link', { name: 'v2 (preview)' }).click();
  await page.waitForURL('**/docs/v2/trading-api/equity/cancel-equity-order');
  await expect(page.locator('[data-access="open"]')).toBeAttached();
  await expect(versionDropdown(page).locator('> a')).toHaveText('v2 (preview)');
  expect(await preference(page)).toBe('v2');
  // v2's page: the same operation as POST …/cancel on /v2, no deprecation.
  const endpoint = page.locator('article').first();
  await expect(endpoint).toContainText('/orders/equity/{orderId}/cancel');
  await expect(endpoint).toContainText('https://sandbox.api.clearing.example/v2/orders/equity/{orderId}/cancel');
  await expect(page.locator('article .theme-admonition-caution')).toHaveCount(0);

  await versionDropdown(page).hover();
  await versionDropdown(page).getByRole('link', { name: 'v1' }).click();
  await page.waitForURL('**/docs/trading-api/equity/cancel-equity-order');
  expect(await preference(page)).toBe('current');
});

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`in ${scheme} mode`, () => {
    test.use({ colorScheme: scheme });

    test('the preview says it is unreleased, with a way to v1, and passes axe', async ({ page }) => {
      await open(page, '/docs/v2/trading-api');
      await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
      const banner = page.locator('.theme-doc-version-banner');
      await expect(banner).toContainText('unreleased');
      await expect(banner).toContainText('v2 (preview)');
      await expect(banner.getByRole('link')).toHaveAttribute('href', /^\/docs\/trading-api\/?$/);
      await expect(page.locator('.theme-doc-version-badge')).toHaveText('Version: v2 (preview)');
      await expectNoAxeViolations(page, { include: ['.theme-doc-version-banner', '.navbar', 'article header'] });
      // v1's pages have neither.
      await open(page, '/docs/trading-api');
      await expect(page.locator('.theme-doc-version-banner')).toHaveCount(0);
      await expect(page.locator('.theme-doc-version-badge')).toHaveCount(0);
    });
  });
}

test('the chosen version survives a reload and leads the navbar to it from anywhere', async ({ page }) => {
  await open(page, '/docs/v2/getting-started/introduction');
  await versionDropdown(page).hover();
  await versionDropdown(page).getByRole('link', { name: 'v2 (preview)' }).click();
  expect(await preference(page)).toBe('v2');
  await page.reload();
  await waitForHydration(page);
  expect(await preference(page)).toBe('v2');
  // From a page outside the docs, "Documentation" opens the chosen version.
  await open(page, '/');
  // The link reads the stored version once the page is in the browser: wait for that state, then follow it.
  const documentation = page.locator('.navbar').getByRole('link', { name: 'Documentation', exact: true });
  await expect(documentation).toHaveAttribute('href', /^\/docs\/v2(\/|$)/);
  await documentation.click();
  await page.waitForURL(/\/docs\/v2(\/|$)/);
  await expect(page.locator('.theme-doc-version-banner')).toBeVisible();
});

test.describe('not found', () => {
  // The not-found page is rendered once, as v1's /404.html: under /docs/v2 the version menu's label (v2) differs from
  // it, and React says so (#418) before it draws the page again in the browser. Only there.
  test.use({ expectedConsoleErrors: [/status of 404|Minified React error #418/] });

  test('a page only one version has: the other version offers it, and a page neither has offers the start', async ({
    page,
  }) => {
    // v2's own page, on v2.
    await open(page, '/docs/v2/trading-api/client-order-ids');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Client order IDs');
    await expect(page.locator('article')).toContainText('DUPLICATE_CLIENT_ORDER_ID');

    // The same address in v1: not found, with the way to v2's page.
    await page.goto('/docs/trading-api/client-order-ids');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('We could not find that page');
    const offer = page.getByRole('link', { name: 'open it in v2 (preview)' });
    await expect(offer).toHaveAttribute('href', '/docs/v2/trading-api/client-order-ids');
    await expectNoAxeViolations(page, { include: ['main'] });
    await offer.click();
    await page.waitForURL('**/docs/v2/trading-api/client-order-ids');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Client order IDs');

    // An address neither version has: the start of the version it is in.
    await page.goto('/docs/v2/trading-api/no-such-page');
    await waitForHydration(page);
    await expect(page.getByRole('link', { name: 'go to the start of v2 (preview)' })).toHaveAttribute(
      'href',
      /^\/docs\/v2\/?$/,
    );
  });
});
