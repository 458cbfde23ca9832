import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, signInAtProvider, test, waitForHydration } from './fixtures';
import { SIGNED_IN_STATE } from './environment.mjs';
import { SITE_TITLE } from './siteContent';

const INDEX_REQUEST = /\/search-index[^/]*\.json/;

/** The plugin's input; it becomes a combobox once its autocomplete starts. */
const searchBox = (page: Page) => page.locator('input.navbar__search-input');
const suggestions = (page: Page) => page.getByRole('listbox').getByRole('option');

/** Opens a page as a signed-in visitor and waits until it can take keys. */
async function openReady(page: Page, path = '/docs'): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
  await expect(page.locator('[data-access="open"]')).toBeAttached();
  await expect(searchBox(page)).toBeVisible();
}

async function search(page: Page, query: string): Promise<void> {
  await searchBox(page).fill(query);
  await expect(page.getByRole('listbox')).toBeVisible();
}

/** The result titles the search page lists for a query. */
async function pageResults(page: Page, query: string): Promise<string[]> {
  await page.goto(`/search?q=${encodeURIComponent(query)}`);
  await waitForHydration(page);
  await expect(page.getByText(/documents? found|No documents were found/)).toBeVisible({ timeout: 20_000 });
  return page.locator('article h2 a').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
}

test.describe('signed in', () => {
  test.use({ storageState: SIGNED_IN_STATE });

  test('Ctrl+K focuses the search box', async ({ page }) => {
    await openReady(page);
    await page.keyboard.press('Control+k');
    await expect(searchBox(page)).toBeFocused();
  });

  test('the index is fetched with the build hash as a query, as documents the browser indexes', async ({ page }) => {
    const indexResponse = page.waitForResponse(INDEX_REQUEST);
    await openReady(page);
    await searchBox(page).focus();
    const response = await indexResponse;
    const url = new URL(response.url());
    expect(url.pathname).toBe('/search-index.json');
    expect(url.searchParams.get('_')).toMatch(/^[0-9a-f]{8}$/);
    // The serialized lunr index is not shipped: the search worker builds it from the documents.
    const parts = (await response.json()) as Record<string, unknown>[];
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(Object.keys(part)).toEqual(['documents']);
  });

  test('a page title term lists that page first', async ({ page }) => {
    await openReady(page);
    await search(page, 'balance summary');
    await expect(suggestions(page).first()).toContainText('Balance summary');
    await suggestions(page).first().click();
    await expect(page).toHaveURL(/\/docs\/accounts-api\/endpoints\/balance-summary/);
  });

  test('the pages added to the journey are searchable: the quick start and the sandbox test values', async ({
    page,
  }) => {
    await openReady(page);
    await search(page, 'first test order');
    await expect(suggestions(page).first()).toContainText('Place your first test order');
    await search(page, 'sandbox test values');
    await expect(suggestions(page).first()).toContainText('Sandbox test values');
  });

  test('a common term shows at most 8 results, and See all results lists more', async ({ page }) => {
    await openReady(page);
    await search(page, 'account');
    await expect(suggestions(page).first()).toBeVisible();
    expect(await suggestions(page).count()).toBeLessThanOrEqual(8);
    await page.getByRole('link', { name: 'See all results' }).click();
    await expect(page).toHaveURL(/\/search\/?\?q=account$/);
    await expect(page).toHaveTitle(`Search results for "account" | ${SITE_TITLE}`);
    await expect(page.getByText(/\d+ documents found/)).toBeVisible({ timeout: 20_000 });
    expect(await page.locator('article h2 a').count()).toBeGreaterThan(8);
  });

  test('a nonsense term shows No results', async ({ page }) => {
    await openReady(page);
    await search(page, 'zqxwvjkp');
    await expect(page.getByRole('listbox')).toContainText('No results');
    await expect(suggestions(page)).toHaveCount(0);
  });

  test('following a result highlights the term on the target page', async ({ page }) => {
    await openReady(page);
    await search(page, 'idempotency');
    await suggestions(page).first().click();
    await expect(page).toHaveURL(/_highlight=idempotency/);
    await expect(page.locator('article mark').first()).toHaveText(/idempotency/i);
  });

  test('hyphens and capitals find the same pages as the lowercase words', async ({ page }) => {
    const split = await pageResults(page, 'trusted contact');
    expect(split.length).toBeGreaterThan(0);
    expect(await pageResults(page, 'Trusted-Contact')).toEqual(split);
    expect(await pageResults(page, 'TRUSTED CONTACT')).toEqual(split);
  });

  test('the search page shows markup in the query as text, and odd queries as no results', async ({ page }) => {
    for (const query of ['<img src=x onerror=alert(1)>', '*~^:+', '"']) {
      await page.goto(`/search?q=${encodeURIComponent(query)}`);
      await waitForHydration(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Search results for "${query}"`);
      await expect(page.getByText(/documents? found|No documents were found/)).toBeVisible({ timeout: 20_000 });
      await expect(page.locator('main img[src="x"]')).toHaveCount(0);
    }
  });

  test('the search page without a query keeps the site title format', async ({ page }) => {
    await page.goto('/search');
    await waitForHydration(page);
    await expect(page).toHaveTitle(`Search the documentation | ${SITE_TITLE}`);
    await expect(page.locator('input[name="q"]')).toBeVisible();
  });

  test('the search page and its results pass axe', async ({ page }) => {
    await pageResults(page, 'order');
    await expectNoAxeViolations(page);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

    test('the search box can be used', async ({ page }) => {
      await openReady(page);
      await searchBox(page).tap();
      await search(page, 'cancel');
      await expect(suggestions(page).first()).toBeInViewport();
      await suggestions(page).first().tap();
      await expect(page).toHaveURL(/\/docs\//);
    });
  });
});

test.describe('anonymous', () => {
  test('the navbar keeps the search box place with an empty placeholder of the same size', async ({ browser }) => {
    const anonymous = await browser.newPage();
    await anonymous.goto('/');
    await waitForHydration(anonymous);
    const placeholder = await anonymous.getByTestId('search-placeholder').boundingBox();
    await anonymous.close();

    const signedIn = await browser.newPage({ storageState: SIGNED_IN_STATE });
    await openReady(signedIn, '/');
    const box = await signedIn.locator('.navbar__search').first().boundingBox();
    await signedIn.close();

    expect(placeholder).not.toBeNull();
    expect(box).not.toBeNull();
    expect(Math.abs(placeholder!.width - box!.width)).toBeLessThanOrEqual(1);
    expect(Math.abs(placeholder!.height - box!.height)).toBeLessThanOrEqual(1);
  });

  test('/search without a query asks to sign in, in the site title format', async ({ page }) => {
    await page.goto('/search');
    await waitForHydration(page);
    await expect(page).toHaveTitle(`Search the documentation | ${SITE_TITLE}`);
    await expect(page.getByRole('main')).toContainText('Log in to search it.');
  });

  test('/search asks to sign in, and Log In returns to the same query', async ({ page }) => {
    await page.goto('/search?q=order%20status');
    await waitForHydration(page);
    await expect(page).toHaveTitle(`Search results for "order status" | ${SITE_TITLE}`);
    await expect(page.getByRole('main')).toContainText('Log in to see the results for');
    await expectNoAxeViolations(page);
    await page.getByRole('main').getByRole('button', { name: 'Log In' }).click();
    await signInAtProvider(page);
    await page.waitForURL(/\/search\?q=order%20status$/);
    await expect(page.getByText(/\d+ documents found/)).toBeVisible({ timeout: 20_000 });
  });

  test('no page requests the search index', async ({ page }) => {
    const indexRequests: string[] = [];
    page.on('request', (request) => {
      if (INDEX_REQUEST.test(request.url())) indexRequests.push(request.url());
    });
    for (const path of ['/', '/search', '/search?q=account', '/health', '/401/error?reason=access_denied']) {
      await page.goto(path);
      await waitForHydration(page);
      await page.waitForLoadState('networkidle');
    }
    await expect(page.getByTestId('search-placeholder')).toBeAttached();
    expect(indexRequests).toEqual([]);
    expect(await page.locator('link[href*="search-index"]').count()).toBe(0);
  });
});

test.describe('signed in, reference pages in the results', () => {
  test.use({ storageState: SIGNED_IN_STATE });

  test('a reference page is listed once, and never with its loading notice as the snippet', async ({ page }) => {
    const results = await pageResults(page, 'Trading API reference');
    // A result links the page with the terms to highlight; the same page twice is the same path twice.
    expect(results.filter((href) => href.split(/[?#]/)[0] === '/api/orders-api')).toHaveLength(1);
    await expect(page.locator('article').filter({ hasText: 'Loading the interactive reference' })).toHaveCount(0);
  });
});

test.describe('search lands on the field', () => {
  test.use({ storageState: SIGNED_IN_STATE });

  test('a field name lists the operations that use it, and a result opens the page at that field', async ({ page }) => {
    await openReady(page);
    await search(page, 'limitPrice');
    const fieldResults = suggestions(page).filter({ hasText: 'request.limitPrice' });
    await expect(fieldResults.first()).toBeVisible();
    // Several operations take a limit price: each is a result of its own.
    expect(await fieldResults.count()).toBeGreaterThan(1);
    await fieldResults.first().click();
    await expect(page).toHaveURL(/\/docs\/trading-api\/.+#request\.limitPrice$/);
    await expect(page.locator('[id="request.limitPrice"]')).toBeInViewport();
  });

  test('an operation path finds its endpoint page, opened at the operation', async ({ page }) => {
    await openReady(page);
    await search(page, 'POST /orders/equity');
    const result = suggestions(page).filter({ hasText: 'Place a single equity order' }).first();
    await expect(result).toBeVisible();
    await result.click();
    await expect(page).toHaveURL(/\/docs\/trading-api\/equity\/single-equity-order(\?[^#]*)?#operation$/);
    await expect(page.locator('#operation')).toBeInViewport();
  });
});

test.describe('signed in, each docs version searches its own pages', () => {
  test.use({ storageState: SIGNED_IN_STATE });

  const V2_LABEL = 'v2 (preview)';
  /** The docs version the reader last chose in the version dropdown (Docusaurus's storage key, unnamespaced). */
  const PREFERRED_VERSION_KEY = 'docs-preferred-version-default';

  /** Opens `path` and returns the path of the index file the search box fetches when focused. */
  async function indexPathOf(page: Page, path: string): Promise<string> {
    const indexResponse = page.waitForResponse(INDEX_REQUEST);
    await page.goto(path);
    await waitForHydration(page);
    // A reference page (Redoc) can take a while to hydrate on a busy machine before the box shows.
    await expect(searchBox(page)).toBeVisible({ timeout: 30_000 });
    await searchBox(page).focus();
    return new URL((await indexResponse).url()).pathname;
  }

  /** The search box's "See all results" for the query: the search page of the same version, its result links. */
  async function allResults(page: Page): Promise<string[]> {
    await page.getByRole('link', { name: 'See all results' }).click();
    await expect(page.getByText(/\d+ documents? found/)).toBeVisible({ timeout: 20_000 });
    return page.locator('article h2 a').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  }

  const pathOf = (href: string) => href.split(/[?#]/)[0] ?? '';

  /**
   * The open results pass axe, but for autocomplete.js's listbox holding its "See all results" link (a link is
   * no option: aria-required-children); the input's combobox attributes are autocomplete.js's too, outside it.
   */
  const expectOpenResultsAccessible = (page: Page) =>
    expectNoAxeViolations(page, { include: ['[role="listbox"]'], disableRules: ['aria-required-children'] });

  test('on a v2 page the box searches v2: "cancel" finds /docs/v2 pages labelled v2, no v1 page', async ({ page }) => {
    expect(await indexPathOf(page, '/docs/v2/trading-api')).toBe('/docs/v2/search-index.json');
    await search(page, 'cancel');
    const cancel = suggestions(page).filter({ hasText: 'Cancel an equity order' }).first();
    await expect(cancel).toContainText(V2_LABEL);
    // The open results pass axe, the version label included.
    await expectOpenResultsAccessible(page);

    const results = (await allResults(page)).map(pathOf);
    await expect(page).toHaveURL(/[?&]version=docs%2Fv2%2F/);
    expect(results).toContain('/docs/v2/trading-api/equity/cancel-equity-order');
    expect(results.filter((href) => href.startsWith('/docs/') && !href.startsWith('/docs/v2/'))).toEqual([]);
    expect(results.filter((href) => href === '/api/orders-api')).toEqual([]);
    // The search page says the version of each v2 result, in its path line.
    await expect(
      page
        .locator('article:not([hidden])')
        .filter({ has: page.locator('a[href^="/docs/v2/trading-api/equity/cancel-equity-order"]') })
        .first(),
    ).toContainText(V2_LABEL);
    await expectNoAxeViolations(page);

    await page.goBack();
    await waitForHydration(page);
    await search(page, 'cancel');
    await suggestions(page).filter({ hasText: 'Cancel an equity order' }).first().click();
    await expect(page).toHaveURL(/\/docs\/v2\/trading-api\/equity\/cancel-equity-order/);
  });

  test('on a v1 page the box searches v1: "cancel" finds /docs/trading-api pages, unlabelled, no v2 page', async ({
    page,
  }) => {
    expect(await indexPathOf(page, '/docs/trading-api')).toBe('/search-index.json');
    await search(page, 'cancel');
    await expect(suggestions(page).filter({ hasText: 'Cancel an equity order' }).first()).toBeVisible();
    await expect(suggestions(page).filter({ hasText: V2_LABEL })).toHaveCount(0);
    await expectOpenResultsAccessible(page);

    const results = (await allResults(page)).map(pathOf);
    expect(results).toContain('/docs/trading-api/equity/cancel-equity-order');
    expect(results.filter((href) => href.startsWith('/docs/v2') || href.startsWith('/api/v2'))).toEqual([]);
    await expect(page.locator('article').filter({ hasText: V2_LABEL })).toHaveCount(0);

    await page.goBack();
    await waitForHydration(page);
    await search(page, 'cancel');
    await suggestions(page).filter({ hasText: 'Cancel an equity order' }).first().click();
    await expect(page).toHaveURL(/\/docs\/trading-api\/equity\/cancel-equity-order/);
  });

  test("off the docs pages the box searches the reader's preferred version, v1 when there is none", async ({
    page,
  }) => {
    expect(await indexPathOf(page, '/')).toBe('/search-index.json');
    expect(await indexPathOf(page, '/api/accounts-api')).toBe('/search-index.json');

    await page.evaluate((key) => localStorage.setItem(key, 'v2'), PREFERRED_VERSION_KEY);
    expect(await indexPathOf(page, '/')).toBe('/docs/v2/search-index.json');
    expect(await indexPathOf(page, '/api/accounts-api')).toBe('/docs/v2/search-index.json');
    // A docs page is searched in its own version whatever the preference.
    expect(await indexPathOf(page, '/docs/trading-api')).toBe('/search-index.json');
  });

  test('the version dropdown sets the preference, and /search without a version follows it', async ({ page }) => {
    await openReady(page, '/docs/trading-api');
    // The version menu (the API reference menu lists a v2 page too).
    const dropdown = page.locator('.navbar__items--right .dropdown').filter({ hasText: /^v\d/ });
    await dropdown.hover();
    await dropdown.getByRole('link', { name: V2_LABEL }).click();
    await expect(page).toHaveURL(/\/docs\/v2\/trading-api/);
    await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), PREFERRED_VERSION_KEY)).toBe('v2');

    const results = (await pageResults(page, 'cancel')).map(pathOf);
    expect(results).toContain('/docs/v2/trading-api/equity/cancel-equity-order');
    expect(results.filter((href) => href.startsWith('/docs/') && !href.startsWith('/docs/v2/'))).toEqual([]);
  });
});
