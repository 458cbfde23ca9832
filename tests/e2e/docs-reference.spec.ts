import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test, waitForHydration } from './fixtures';
import { SIGNED_IN_STATE } from './environment.mjs';
import { DOCS_ROUTES, diagramSourcesFor } from './siteContent';
import { darkCodeTheme, lightCodeTheme } from '../../config/codeThemes';

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
  // The keyboard: the arrow keys move between tabs, Enter selects.
  await tabs.getByRole('tab', { name: 'curl' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(tabs.getByRole('tab', { name: 'JavaScript (fetch)' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(tabs.getByRole('tab', { name: 'JavaScript (fetch)' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel').filter({ visible: true }).first()).toContainText('await fetch(');
  await tabs.getByRole('tab', { name: 'Python (requests)' }).click();
  const panel = page.getByRole('tabpanel').filter({ visible: true }).first();
  await expect(panel).toContainText('requests.post(');
  await expect(panel).toContainText('"Idempotency-Key": str(uuid.uuid4())');
  await expect(panel.getByRole('button', { name: /copy/i })).toBeAttached();

  await open(page, '/docs/accounts-api/endpoints/balance-summary');
  await expect(page.getByRole('tab', { name: 'Python (requests)' }).first()).toHaveAttribute('aria-selected', 'true');
});

test.describe('code samples after hydration', () => {
  const PAGE = '/docs/accounts-api/endpoints/balance-summary';
  /**
   * Counts code blocks taken out of the page (a re-mount takes each out and puts a new one in), whether a block is
   * itself what was taken out or inside it (the theme's Tabs re-mount themselves after hydration, with the request
   * samples in them; `src/components/Tabs` does not).
   */
  const countRemovedCodeBlocks = (page: Page) =>
    page.addInitScript(() => {
      const counter = window as unknown as { removedCodeBlocks: number };
      counter.removedCodeBlocks = 0;
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of Array.from(record.removedNodes))
            if (node instanceof Element)
              counter.removedCodeBlocks +=
                (node.matches('.theme-code-block') ? 1 : 0) + node.querySelectorAll('.theme-code-block').length;
      }).observe(document, { childList: true, subtree: true });
    });
  const removedCodeBlocks = (page: Page) =>
    page.evaluate(() => (window as unknown as { removedCodeBlocks: number }).removedCodeBlocks);
  const codeBackground = (page: Page) =>
    page
      .locator('article .theme-code-block')
      .first()
      .evaluate((block) => getComputedStyle(block).getPropertyValue('--prism-background-color').trim().toLowerCase());

  test('in light mode they are kept as prerendered, not re-mounted', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await countRemovedCodeBlocks(page);
    await open(page, PAGE);
    await expect(page.locator('[data-auth-status="authenticated"]')).toBeAttached();
    await page.waitForLoadState('networkidle');
    expect(await removedCodeBlocks(page)).toBe(0);
    expect(await codeBackground(page)).toBe(lightCodeTheme.plain.backgroundColor?.toLowerCase());
  });

  test('in dark mode they get the dark colours the prerendered HTML does not have', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await open(page, PAGE);
    await expect(page.locator('html[data-theme="dark"]')).toBeAttached();
    await expect.poll(() => codeBackground(page)).toBe(darkCodeTheme.plain.backgroundColor?.toLowerCase());
  });
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
