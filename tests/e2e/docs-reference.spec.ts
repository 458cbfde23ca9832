import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test, waitForHydration } from './fixtures';
import { SIGNED_IN_STATE } from './environment.mjs';
import { DOCS_ROUTES, diagramSourcesFor } from './siteContent';

test.use({ storageState: SIGNED_IN_STATE });

async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
  await expect(page.locator('[data-access="open"]')).toBeAttached();
}

test('an endpoint page shows its operation from the description', async ({ page }) => {
  await open(page, '/docs/accounts-api/endpoints/balance-summary');
  const endpoint = page.getByRole('region', { name: 'Operation getBalanceSummary' });
  await expect(endpoint).toContainText('GET');
  // The path relative to the base URL, and the whole URL per environment: nothing to join by hand.
  await expect(endpoint.locator('p code').first()).toHaveText('/accounts/{accountNumber}/balances/summary');
  await expect(endpoint).toContainText(
    'https://sandbox.api.clearing.example/v1/accounts/{accountNumber}/balances/summary',
  );
  await expect(endpoint).toContainText('https://api.clearing.example/v1/accounts/{accountNumber}/balances/summary');
  await expect(endpoint).toContainText('accounts.read');
  await expect(page.getByRole('heading', { name: 'Parameters', level: 3 })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Parameters' }).locator('li[id="query.asOfDate"]')).toContainText(
    'string (date)',
  );
  await expect(page.getByRole('heading', { name: 'Response body (200)', level: 3 })).toBeVisible();
  // The generated headings join the table of contents.
  await expect(page.locator('.table-of-contents').getByRole('link', { name: 'Responses' })).toBeAttached();
});

test('alternative security requirements read as alternatives', async ({ page }) => {
  await open(page, '/docs/accounts-api/endpoints/onboarding-result');
  await expect(page.getByRole('region', { name: 'Operation getOnboardingResult' })).toContainText(
    'Either accounts.read or onboarding.write: one is enough.',
  );
});

test('request samples come in curl, JavaScript and Python tabs with copy buttons, and the choice follows the reader', async ({
  page,
}) => {
  await open(page, '/docs/trading-api/equity/single-equity-order');
  const tabs = page.getByRole('tablist').first();
  await expect(tabs.getByRole('tab')).toHaveText(['curl', 'JavaScript (fetch)', 'Python (requests)']);
  await tabs.getByRole('tab', { name: 'Python (requests)' }).click();
  const panel = page.getByRole('tabpanel').filter({ visible: true }).first();
  await expect(panel).toContainText('requests.post(');
  await expect(panel).toContainText('"Idempotency-Key": str(uuid.uuid4())');
  await expect(panel.getByRole('button', { name: /copy/i })).toBeAttached();

  await open(page, '/docs/accounts-api/endpoints/balance-summary');
  await expect(page.getByRole('tab', { name: 'Python (requests)' }).first()).toHaveAttribute('aria-selected', 'true');
});

test('the operation block links to the operation in the API reference', async ({ page }) => {
  await open(page, '/docs/accounts-api/endpoints/balance-summary');
  const link = page.getByRole('link', { name: 'Open getBalanceSummary in the API reference' });
  await expect(link).toHaveAttribute('href', '/api/accounts-api#operation/getBalanceSummary');
  await link.click();
  await expect(page.locator('.redoc-wrap [id="operation/getBalanceSummary"]')).toBeInViewport({ timeout: 20_000 });
  // Redoc names the operation inside its tag once it scrolls there (`#tag/<tag>/operation/<id>`): either name is it.
  await expect(page).toHaveURL(/\/api\/accounts-api#(tag\/[^/]+\/)?operation\/getBalanceSummary$/);
});

test('a data-block page shows its schema fields', async ({ page }) => {
  await open(page, '/docs/accounts-api/data-blocks/trusted-contact');
  await expect(
    page.getByRole('list', { name: 'TrustedContact fields' }).locator('li[id="TrustedContact.relationship"]'),
  ).toContainText('required');
});

/** Every docs page with a Mermaid diagram, and how many it has, read from the MDX sources (partials included). */
const DIAGRAM_PAGES = DOCS_ROUTES.map((route) => ({ route, diagrams: diagramSourcesFor(route).length })).filter(
  (page) => page.diagrams > 0,
);

test('the docs have diagrams', () => {
  expect(DIAGRAM_PAGES.reduce((sum, page) => sum + page.diagrams, 0)).toBeGreaterThanOrEqual(10);
});

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} mode`, () => {
    test.use({ colorScheme: scheme });
    for (const { route, diagrams } of DIAGRAM_PAGES) {
      test(`${route}: ${diagrams} Mermaid diagram(s) render, labelled and readable`, async ({ page }) => {
        await open(page, route);
        const rendered = page.locator('.docusaurus-mermaid-container svg');
        await expect(rendered).toHaveCount(diagrams, { timeout: 20_000 });
        for (let index = 0; index < diagrams; index += 1) {
          await expect(rendered.nth(index).locator('title')).not.toHaveText('');
        }
        await expect(page.getByText(/Syntax error in text/)).toHaveCount(0);
        await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
        await expectNoAxeViolations(page);
      });
    }
  });
}
