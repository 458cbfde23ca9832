import { SIGNED_IN_STATE } from './environment.mjs';
import { expect, expectNoAxeViolations, test, waitForHydration } from './fixtures';

const PUBLIC_ROUTES = [
  '/',
  '/health',
  '/401/error',
  '/401/error?reason=provider-error&detail=invalid_request',
  '/search',
  '/no/such/page',
];
const SIGNED_IN_ROUTES = [
  '/docs',
  '/docs/getting-started/authentication',
  '/docs/trading-api',
  '/docs/getting-started/standard-errors',
  '/docs/accounts-api/endpoints/new-account',
  '/docs/trading-api/options/single-option-order',
  '/docs/getting-started/first-test-order',
  '/docs/accounts-api/endpoints/sandbox-deposit',
  // Field references: nested, folded and anchored fields; a data-block page; tables that become cards.
  '/docs/trading-api/equity/single-equity-order',
  '/docs/accounts-api/endpoints/get-account',
  '/docs/accounts-api/data-blocks/financial-profile',
  '/docs/accounts-api/appendix/values',
];

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`WCAG 2.1 AA in ${scheme} mode`, () => {
    test.use({ colorScheme: scheme });

    for (const route of PUBLIC_ROUTES) {
      test(`public ${route}`, async ({ page }) => {
        await page.goto(route);
        await waitForHydration(page);
        await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
        await expectNoAxeViolations(page);
      });
    }

    test.describe('signed in', () => {
      test.use({ storageState: SIGNED_IN_STATE });
      for (const route of SIGNED_IN_ROUTES) {
        test(`protected ${route}`, async ({ page }) => {
          await page.goto(route);
          await expect(page.locator('[data-access="open"]')).toBeAttached();
          await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
          await expectNoAxeViolations(page);
        });
      }
    });
  });
}

test.describe('the route-change progress bar', () => {
  test.use({ storageState: SIGNED_IN_STATE });

  test('shows while a route is slow to load, with no invalid ARIA role', async ({ page }) => {
    // Every script requested once the page has hydrated waits until the test lets it through.
    let holding = false;
    const held: (() => void)[] = [];
    await page.route('**/assets/js/**', async (route) => {
      if (holding) await new Promise<void>((release) => held.push(release));
      await route.continue().catch(() => undefined);
    });
    await page.goto('/');
    await waitForHydration(page);
    holding = true;
    await page.locator('main a[href="/docs/trading-api"]').first().click();
    // The classic theme starts the bar when a route change has taken 200 ms.
    await expect(page.locator('#nprogress .bar')).toBeAttached();
    await expect(page.locator('#nprogress [role]')).toHaveCount(0);
    await expectNoAxeViolations(page);
    holding = false;
    for (const release of held.splice(0)) release();
    await expect(page).toHaveURL(/\/docs\/trading-api$/);
    await expect(page.locator('[data-access="open"]')).toBeAttached();
    await expect(page.locator('#nprogress')).toHaveCount(0);
  });
});
