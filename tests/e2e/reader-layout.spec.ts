import type { Page } from '@playwright/test';
import { SIGNED_IN_STATE } from './environment.mjs';
import { expect, expectNoAxeViolations, test, waitForHydration } from './fixtures';

/**
 * What readers still saw in the screenshots of issue 39, each measured where they saw it: the reference
 * page (/api/orders-api) on a phone and a desktop, the site title in a phone's navbar and drawer, and
 * search (the results page and the navbar's suggestions).
 */
const DESKTOP = { viewport: { width: 1280, height: 800 } } as const;
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;
const SITE_TITLE = 'Clearing API Developer Docs';

async function openReference(page: Page) {
  await page.goto('/api/orders-api');
  await waitForHydration(page);
  await expect(page.locator('.redoc-wrap [id*="/operation/"]').first()).toBeVisible({ timeout: 20_000 });
}

test.use({ storageState: SIGNED_IN_STATE });

test.describe('the reference on a phone', () => {
  test.use(PHONE);

  test('its text is centred, 16 px from each edge, and the page does not scroll sideways', async ({ page }) => {
    await openReference(page);
    const edges = await page
      .locator('.api-content .api-info p')
      .first()
      .evaluate((paragraph) => {
        const box = paragraph.getBoundingClientRect();
        return {
          left: Math.round(box.left),
          right: Math.round(document.documentElement.clientWidth - box.right),
          sideways: document.documentElement.scrollWidth > document.documentElement.clientWidth,
        };
      });
    expect(edges).toEqual({ left: 16, right: 16, sideways: false });
  });

  test('the operations menu is a labelled bar along the bottom edge, and the footer scrolls clear of it', async ({
    page,
  }) => {
    await openReference(page);
    const button = page.getByRole('button', { name: 'Operations menu' });
    await expect(button).toBeVisible();
    // Its label is drawn by CSS beside Redoc's icon (the button's name is its aria-label).
    expect(await button.evaluate((element) => getComputedStyle(element, '::before').content)).toBe('"Operations"');
    const box = (await button.boundingBox())!;
    expect({ left: box.x, right: box.x + box.width, bottom: box.y + box.height }).toEqual({
      left: 0,
      right: 390,
      bottom: 844,
    });
    expect(box.height).toBeGreaterThanOrEqual(44); // a touch target
    // At the very end of the page, the footer's last line sits above the bar, not under it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const lastFooterLine = await page.locator('footer').evaluate((footer) => {
      const range = document.createRange();
      range.selectNodeContents(footer);
      return Math.max(...Array.from(range.getClientRects()).map((rect) => rect.bottom));
    });
    expect(lastFooterLine).toBeLessThanOrEqual(box.y);
    await expectNoAxeViolations(page, { include: ['.redoc-wrap > .menu-content + div'] });
  });

  test("a field's 'required' is in the docs' small text, not 11.7 px", async ({ page }) => {
    await openReference(page);
    const requiredSizes = () =>
      page
        .locator('.redoc-wrap td div')
        .evaluateAll((elements) =>
          elements
            .filter((element) => element.children.length === 0 && element.textContent?.trim() === 'required')
            .map((element) => parseFloat(getComputedStyle(element).fontSize)),
        );
    // Redoc draws the later operations' field tables after the first: wait until several are drawn.
    await expect.poll(async () => (await requiredSizes()).length, { timeout: 20_000 }).toBeGreaterThan(5);
    const sizes = await requiredSizes();
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(14);
  });
});

test.describe('the reference on a desktop', () => {
  test.use(DESKTOP);

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`in ${colorScheme} mode, beside the introduction is the page, not an empty dark panel`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await openReference(page);
      const seen = await page.evaluate(() => {
        const info = document.querySelector('.api-content .api-info')!;
        const introduction = info.getBoundingClientRect();
        // A point to the right of the introduction, half way down it, in the code panel's column.
        const x = Math.min(document.documentElement.clientWidth - 20, introduction.right + 150);
        window.scrollTo(0, introduction.top + window.scrollY + introduction.height / 2 - window.innerHeight / 2);
        const background = (element: Element | null): string => {
          for (let current = element; current; current = current.parentElement) {
            const colour = getComputedStyle(current).backgroundColor;
            if (colour !== 'rgba(0, 0, 0, 0)') return colour;
          }
          return getComputedStyle(document.body).backgroundColor;
        };
        const beside = background(document.elementFromPoint(x, window.innerHeight / 2));
        const operation = document.querySelector('.api-content [id*="/operation/"]')!;
        operation.scrollIntoView();
        const besideOperation = background(document.elementFromPoint(x, 200));
        return { beside, besideOperation, page: background(document.querySelector('.api-content .api-info')) };
      });
      expect(seen.beside).toBe(seen.page);
      // The code panel is still there beside each operation.
      expect(seen.besideOperation).not.toBe(seen.page);
    });
  }
});

test.describe('the site title on a phone', () => {
  test.use(PHONE);

  test('reads whole in the navbar and in the drawer, and the drawer covers the announcement bar', async ({ page }) => {
    await page.goto('/docs');
    await waitForHydration(page);
    const whole = (selector: string) =>
      page.locator(selector).evaluate((title) => ({
        text: title.textContent,
        cut: title.scrollWidth > title.clientWidth + 1 || title.scrollHeight > title.clientHeight + 1,
      }));
    await expect(page.locator('.navbar__inner .navbar__title')).toBeVisible();
    expect(await whole('.navbar__inner .navbar__title')).toEqual({ text: SITE_TITLE, cut: false });
    await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
    const drawer = page.locator('.navbar-sidebar');
    await expect(drawer).toBeVisible();
    expect(await whole('.navbar-sidebar .navbar__title')).toEqual({ text: SITE_TITLE, cut: false });
    // One close button in sight: the drawer's, not the announcement bar's beside it (dimmed by the backdrop).
    const closeButtons = await page.evaluate(() =>
      Array.from(document.querySelectorAll('button'))
        .filter((button) => /close/i.test(button.getAttribute('aria-label') ?? ''))
        .filter((button) => button.getBoundingClientRect().width > 0)
        .filter((button) => button.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }))
        .map((button) => button.getAttribute('aria-label')),
    );
    expect(closeButtons).toEqual(['Close navigation bar']);
  });
});

test.describe('search', () => {
  test.use(DESKTOP);

  test('each result on the results page says its title, place and snippet once', async ({ page }) => {
    await page.goto('/search?q=limitPrice');
    await waitForHydration(page);
    await expect(page.getByText(/documents? found/)).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('article:visible h2').first()).toBeVisible();
    const results = await page.locator('article:visible').evaluateAll((articles) =>
      articles.map((article) => {
        const text = (selector: string) => {
          const element = article.querySelector<HTMLElement>(selector);
          return element && element.offsetParent !== null
            ? (element.textContent ?? '').replace(/\s+/g, ' ').trim()
            : '';
        };
        const title = text('h2');
        const crumbs = text('[class*="searchResultItemPath"]');
        return { title, page: crumbs.split('›').pop()!.trim(), snippet: text('[class*="searchResultItemSummary"]') };
      }),
    );
    expect(results.length).toBeGreaterThan(5);
    // No title repeats the page its breadcrumb ends with, no snippet repeats the title.
    expect(results.filter(({ title, page: pageName }) => title !== pageName && title.endsWith(pageName))).toEqual([]);
    expect(results.filter(({ title, snippet }) => snippet === title)).toEqual([]);
  });

  test("the results page's search box looks like the navbar's", async ({ page }) => {
    await page.goto('/search?q=limitPrice');
    await waitForHydration(page);
    const pageBox = page.locator('input[class*="searchQueryInput"]');
    await expect(pageBox).toBeVisible({ timeout: 20_000 });
    const look = (element: HTMLElement | SVGElement) => {
      const style = getComputedStyle(element);
      return {
        background: style.backgroundColor,
        color: style.color,
        rounded: parseFloat(style.borderTopLeftRadius) >= element.getBoundingClientRect().height / 2 - 1,
      };
    };
    const navbarLook = await page.locator('input.navbar__search-input').evaluate(look);
    expect(await pageBox.evaluate(look)).toEqual(navbarLook);
  });

  test('the navbar suggestions for limitPrice start with the field of "Place a single equity order"', async ({
    page,
  }) => {
    await page.goto('/docs');
    await waitForHydration(page);
    const box = page.locator('input.navbar__search-input');
    await expect(box).toBeVisible();
    await box.fill('limitPrice');
    const options = page.getByRole('listbox').getByRole('option');
    await expect(options.first()).toBeVisible({ timeout: 20_000 });
    await expect(options.first()).toContainText('request.limitPrice');
    await expect(options.first()).toContainText('Place a single equity order');
  });
});
