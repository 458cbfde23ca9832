import type { Page } from '@playwright/test';
import { DRAWING, expect, expectNoAxeViolations, test, waitForHydration } from './fixtures';
import { IDP_ISSUER, SIGNED_IN_STATE, SITE_ORIGIN } from './environment.mjs';
import { API_PAGES } from './siteContent';

test.use({ storageState: SIGNED_IN_STATE });

/** Redoc gives each operation the anchor `operation/<operationId>` that the docs pages link to. */
const RENDERED_OPERATIONS = '.redoc-wrap [id^="operation/"]';

/** Contrast over the parts every operation repeats: the menu, the introduction and the first operation. */
async function expectReadableColours(page: Page): Promise<void> {
  const firstOperation = await page.locator(RENDERED_OPERATIONS).first().getAttribute('id');
  await expectNoAxeViolations(page, {
    onlyRules: ['color-contrast'],
    include: ['.redoc-wrap .menu-content', '.redoc-wrap .api-info', `.redoc-wrap [id="${firstOperation}"]`],
  });
}

/*
 * Axe on a whole reference page. Redoc draws every operation with the same components and colours, and the
 * contrast rule, which measures every text node (some 14,000 elements on the orders page), takes nearly all of a
 * full scan's time. So every rule but contrast scans the whole page, and contrast scans the header, the menu and
 * the first operation, which hold each kind of text the others do, in the current colour mode. The page and all
 * three scans in one test still ran past a minute on a busy machine (the Accounts API's 15 operations, load
 * average 11), so they are two tests, each of them a page load and part of the scans.
 */
for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} mode`, () => {
    test.use({ colorScheme: scheme });
    for (const apiPage of API_PAGES) {
      /** The page, hydrated, with every operation drawn. */
      async function openReference(page: Page): Promise<void> {
        await page.goto(apiPage.path);
        await waitForHydration(page);
        await expect(page.locator(RENDERED_OPERATIONS)).toHaveCount(apiPage.operations, DRAWING);
        await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
      }

      test(`${apiPage.path} renders every operation, from this site only, accessibly`, async ({ page }) => {
        // The site and the identity provider: nothing else (Redoc's search, and its worker, are off).
        const allowed = [SITE_ORIGIN, IDP_ISSUER, 'data:'];
        const thirdParty: string[] = [];
        page.on('request', (request) => {
          if (!allowed.some((prefix) => request.url().startsWith(prefix))) thirdParty.push(request.url());
        });
        await openReference(page);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${apiPage.heading} (${apiPage.version})`);
        // One search on the site: the navbar's, not a second one in Redoc's menu.
        await expect(page.locator('.redoc-wrap input')).toHaveCount(0);
        await expectNoAxeViolations(page, { disableRules: ['color-contrast'] });
        expect(thirdParty, 'requests to other origins').toEqual([]);
      });

      test(`${apiPage.path} keeps its contrast and heading order`, async ({ page }) => {
        await openReference(page);
        // Not a WCAG rule, but Lighthouse's: the outline under each operation does not skip levels.
        await expectNoAxeViolations(page, { onlyRules: ['heading-order'] });
        await expectReadableColours(page);
      });
    }
  });
}

test('Redoc makes no download of the description in the browser (the page links to the built files)', async ({
  page,
}) => {
  // Redoc's own download link turned the whole description into JSON for a blob URL while it built its store.
  await page.addInitScript(() => {
    const made: string[] = [];
    (window as unknown as { objectUrls: string[] }).objectUrls = made;
    const create = URL.createObjectURL.bind(URL);
    URL.createObjectURL = (object: Blob | MediaSource) => {
      made.push(object instanceof Blob ? object.type : 'media source');
      return create(object);
    };
  });
  await page.goto('/api/orders-api');
  await expect(page.locator(RENDERED_OPERATIONS).first()).toBeAttached(DRAWING);
  expect(await page.evaluate(() => (window as unknown as { objectUrls: string[] }).objectUrls)).toEqual([]);
});

test('a link to an operation opens the reference at that operation', async ({ page }) => {
  await page.goto('/api/orders-api#operation/placeEquityOrder');
  const operation = page.locator('.redoc-wrap [id="operation/placeEquityOrder"]');
  await expect(operation).toBeInViewport(DRAWING);
  await expect(operation.getByRole('heading', { level: 2 })).toHaveText('Place a single equity order');
});

test.describe('operations drawn after the first', () => {
  // The last operation of the orders page: drawn last when nothing asks for it sooner.
  const LAST = { anchor: 'operation/allocateBlockOptionOrder', heading: 'Allocate a block option order' };

  /** Every change of the inline display of the last operation's responses and samples panel, in order. */
  async function recordPartChanges(page: Page): Promise<() => Promise<string[]>> {
    await page.addInitScript((section) => {
      const changes: string[] = [];
      (window as unknown as { partChanges: string[] }).partChanges = changes;
      new MutationObserver((records) => {
        for (const { target } of records) {
          const element = target as HTMLElement;
          const row = element.closest(`[id="${section}"]`)?.querySelector(':scope > [data-section-id]');
          if (!row) continue;
          if (element === row.lastElementChild) changes.push(`samples:${element.style.display}`);
          else if (element === row.firstElementChild?.lastElementChild)
            changes.push(`responses:${element.style.display}`);
        }
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['style'] });
    }, `tag/Option-orders/${LAST.anchor}`);
    return () => page.evaluate(() => (window as unknown as { partChanges: string[] }).partChanges);
  }

  /** The last operation, once it is whole: its samples and every response shown. */
  async function expectLastOperationWhole(page: Page): Promise<void> {
    await expect(page.locator(RENDERED_OPERATIONS)).toHaveCount(14, DRAWING);
    const operation = page.locator(`.redoc-wrap [id="${LAST.anchor}"]`);
    await operation.scrollIntoViewIfNeeded();
    await expect(operation.locator(':scope > div:last-child')).toBeVisible(DRAWING);
    await expect(operation.getByRole('heading', { name: 'Responses' })).toBeVisible();
    await expect(
      operation.locator(':scope > div:first-child > div:last-child > :nth-child(n + 3)').first(),
    ).toBeVisible();
  }

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('an operation drawn in the background appears over a few frames, samples last, and ends whole', async ({
      page,
    }) => {
      const partChanges = await recordPartChanges(page);
      await page.goto('/api/orders-api');
      await expectLastOperationWhole(page);
      expect(await partChanges()).toEqual(['responses:none', 'samples:none', 'responses:', 'samples:']);
    });
  });

  test.describe('beside the samples', () => {
    test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

    test('an operation drawn in the background is drawn whole at once', async ({ page }) => {
      const partChanges = await recordPartChanges(page);
      await page.goto('/api/orders-api');
      await expectLastOperationWhole(page);
      expect(await partChanges()).toEqual([]);
    });
  });

  test('a link to the last operation opens the reference there', async ({ page }) => {
    await page.goto(`/api/orders-api#${LAST.anchor}`);
    const operation = page.locator(`.redoc-wrap [id="${LAST.anchor}"]`);
    await expect(operation).toBeInViewport(DRAWING);
    await expect(operation.getByRole('heading', { level: 2 })).toHaveText(LAST.heading);
  });

  test('a link followed on the page brings the operation into view', async ({ page }) => {
    await page.goto('/api/orders-api');
    await expect(page.locator(RENDERED_OPERATIONS).first()).toBeAttached(DRAWING);
    await page.evaluate((anchor) => {
      window.location.hash = anchor;
    }, LAST.anchor);
    await expect(page.locator(`.redoc-wrap [id="${LAST.anchor}"]`)).toBeInViewport(DRAWING);
  });

  test.describe("Redoc's menu", () => {
    // The menu stands beside the reference at desktop width (behind a floating button on a phone).
    test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

    test('takes the reader to the last operation', async ({ page }) => {
      await page.goto('/api/orders-api');
      await expect(page.locator(RENDERED_OPERATIONS).first()).toBeAttached(DRAWING);
      const menu = page.locator('.redoc-wrap .menu-content');
      await menu.getByRole('menuitem', { name: 'Option orders' }).click();
      await menu.getByText(LAST.heading, { exact: true }).click();
      await expect(page.locator(`.redoc-wrap [id="${LAST.anchor}"]`)).toBeInViewport(DRAWING);
    });
  });
});

test('the prerendered page lists every operation before the reference loads', async ({ request }) => {
  for (const apiPage of API_PAGES) {
    const html = await (await request.get(apiPage.path)).text();
    expect(html.match(/id="?operation\/[A-Za-z]+/g) ?? [], apiPage.path).toHaveLength(apiPage.operations);
  }
});

test("the prerendered introduction is the page's largest content, so its main text does not wait for Redoc", async ({
  page,
}) => {
  // Every largest-contentful-paint candidate, as the browser reports it (Lighthouse's LCP is the last one).
  await page.addInitScript(() => {
    const candidates: { text: string; inRedoc: boolean }[] = [];
    (window as unknown as { lcpCandidates: typeof candidates }).lcpCandidates = candidates;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { element: Element | null })[]) {
        candidates.push({
          text: entry.element?.textContent?.slice(0, 60) ?? '',
          inRedoc: Boolean(entry.element?.closest('.redoc-wrap')),
        });
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  const orders = API_PAGES.find((apiPage) => apiPage.path === '/api/orders-api');
  await page.goto('/api/orders-api');
  await expect(page.locator(RENDERED_OPERATIONS)).toHaveCount(orders?.operations ?? 0, DRAWING);
  // Redoc shows the introduction in full, in its own column.
  await expect(page.locator('.redoc-wrap .api-info p').first()).toContainText('The Trading API places');
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const candidates = await page.evaluate(
    () => (window as unknown as { lcpCandidates: { text: string; inRedoc: boolean }[] }).lcpCandidates,
  );
  expect(candidates.at(-1)).toEqual({ text: expect.stringMatching(/^The Trading API places/), inRedoc: false });
});

test.describe('the Trading API v2 preview', () => {
  test('renders the v2 operations (cancel is POST …/cancel, no DELETE), with its note, links and downloads', async ({
    page,
  }) => {
    const v2 = API_PAGES.find((apiPage) => apiPage.path === '/api/v2/orders-api');
    await page.goto('/api/v2/orders-api');
    await waitForHydration(page);
    await expect(page.locator(RENDERED_OPERATIONS)).toHaveCount(v2?.operations ?? 0, DRAWING);
    for (const kind of ['equity', 'options']) {
      const cancel = page.locator(`.redoc-wrap [id="operation/cancel${kind === 'equity' ? 'Equity' : 'Option'}Order"]`);
      await expect(cancel).toContainText(`/orders/${kind}/{orderId}/cancel`);
      await expect(cancel.locator('.http-verb.post').first()).toBeAttached();
    }
    // Redoc marks each operation's method (`http-verb <method>`): v2 has no DELETE (its texts name v1's).
    await expect(page.locator('.redoc-wrap .http-verb.post').first()).toBeAttached();
    await expect(page.locator('.redoc-wrap .http-verb.delete')).toHaveCount(0);
    const note = page.locator('main p.alert');
    await expect(note).toContainText('This is the v2 preview of the Trading API');
    await expect(note.getByRole('link', { name: 'Migrating to v2' })).toHaveAttribute(
      'href',
      '/docs/v2/trading-api/migrating-to-v2',
    );
    await expect(note.getByRole('link', { name: 'Trading API v1 reference' })).toHaveAttribute(
      'href',
      '/api/orders-api',
    );
    // The downloads are v2's, named apart from v1's.
    await expect(page.getByRole('link', { name: /OpenAPI description \(YAML\)/ })).toHaveAttribute(
      'href',
      '/api/v2/orders-api/orders-api-v2.openapi.yaml',
    );
    // Each operation's Try it link goes to its page in the v2 docs.
    const tryIt = page.locator('.redoc-wrap a', { hasText: 'Try it' });
    await expect(tryIt.first()).toHaveAttribute('href', /^\/docs\/v2\/trading-api\//);
    expect(
      await tryIt.evaluateAll(
        (links) => links.filter((link) => !link.getAttribute('href')?.startsWith('/docs/v2/')).length,
      ),
    ).toBe(0);
    // Its accessibility is scanned with every reference page's, in both colour modes (above).
  });

  test('v1 links to it', async ({ page }) => {
    await page.goto('/api/orders-api');
    await waitForHydration(page);
    // v1's cancels are DELETE (the mark the v2 test finds none of).
    await expect(page.locator('.redoc-wrap .http-verb.delete').first()).toBeAttached(DRAWING);
    await expect(
      page.locator('main p.alert').getByRole('link', { name: 'Trading API v2 (preview) reference' }),
    ).toHaveAttribute('href', '/api/v2/orders-api');
  });

  test('the navbar lists it after the Trading API', async ({ page, isMobile }) => {
    test.skip(isMobile, "on a phone the navbar's menus are in its drawer, which the phone layout tests open");
    await page.goto('/api/orders-api');
    await waitForHydration(page);
    const dropdown = page.locator('.navbar__item.dropdown', { hasText: 'API reference' });
    await dropdown.hover();
    const labels = await dropdown.locator('.dropdown__menu a').allTextContents();
    expect(labels.indexOf('Trading API v2 (preview)')).toBe(labels.indexOf('Trading API') + 1);
  });
});

test('docs pages do not load the reference code', async ({ page }) => {
  const bodies: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = response.text();
    // A script that arrives as the test ends (a later prefetch) has no body left to read: not one of those checked.
    body.catch(() => undefined);
    bodies.push(body);
  });
  await page.goto('/docs/accounts-api/endpoints/balance-summary');
  await waitForHydration(page);
  await expect(page.locator('[data-access="open"]')).toBeAttached();
  // Every body that arrived by now is read before the check, not only those that happened to be read in time.
  const scripts = await Promise.all([...bodies]);
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((source) => source.includes('redoc-wrap'))).toEqual([]);
});

test.describe('switching the colour mode on a reference page', () => {
  // The toggle sits in the navbar at desktop width (in the menu on a phone).
  test.use({ colorScheme: 'light', viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

  test('re-themes the reference at once', async ({ page }) => {
    // What a switch can break is colour: the structure rules do not depend on the theme, and the dark-mode test
    // above runs them over the whole page. So only the contrast pass, over the parts every operation repeats.
    await page.goto('/api/orders-api');
    await waitForHydration(page);
    await expect(page.locator(RENDERED_OPERATIONS).first()).toBeAttached(DRAWING);
    const menu = page.locator('.redoc-wrap .menu-content');
    const background = () => menu.evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(await background()).toBe('rgb(245, 246, 247)');
    const toggle = page.locator('.navbar').getByRole('button', { name: /dark and light mode/i });
    // The toggle cycles system → light → dark.
    for (let click = 0; click < 3 && (await page.locator('html').getAttribute('data-theme')) !== 'dark'; click += 1) {
      await toggle.click();
    }
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect.poll(background).toBe('rgb(27, 27, 29)');
    await expectReadableColours(page);
  });
});

test('the reference reads like the docs: 16 px text, neutral inline code, no Redocly badge, unboxed field tables', async ({
  page,
}) => {
  await page.goto('/api/orders-api');
  await waitForHydration(page);
  await expect(page.locator(RENDERED_OPERATIONS).first()).toBeVisible(DRAWING);
  const look = await page.evaluate(() => {
    const content = document.querySelector('.redoc-wrap .api-content')!;
    const paragraph = content.querySelector('.api-info p')!;
    const code = content.querySelector('.api-info p code')!;
    const fieldCell = content.querySelector('table td')!;
    const badge = document.querySelector('.redoc-wrap a[href^="https://redocly.com"]');
    return {
      textSize: getComputedStyle(paragraph).fontSize,
      codeColor: getComputedStyle(code).color,
      textColor: getComputedStyle(document.body).color,
      fieldCellBorder: getComputedStyle(fieldCell).borderTopWidth,
      badgeShown: Boolean(badge && badge.getClientRects().length > 0),
    };
  });
  expect(look.textSize).toBe('16px');
  expect(look.codeColor).toBe(look.textColor);
  expect(look.fieldCellBorder).toBe('0px');
  expect(look.badgeShown).toBe(false);
});
