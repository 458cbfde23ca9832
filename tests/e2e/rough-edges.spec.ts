import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { BUILD_DIR, IDP_ISSUER, SIGNED_IN_STATE } from './environment.mjs';
import { expect, expectNoAxeViolations, test, waitForHydration } from './fixtures';
import { DOCS_ROUTES } from './siteContent';

/**
 * The rough edges of issue 19, each where a reader met it: a phone (390 px, touch) or a desktop (1280 px),
 * in the colour mode named. Each check measures what the reader sees in the real build.
 */
const DESKTOP = { width: 1280, height: 800 } as const;
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;

async function open(page: Page, route: string) {
  await page.goto(route);
  await waitForHydration(page);
  await expect(page.locator('[data-access="open"]')).toBeAttached();
}

test.describe('signed in', () => {
  test.use({ storageState: SIGNED_IN_STATE });

  test.describe('on a phone', () => {
    test.use(PHONE);

    test('a code block shows its copy button without hover, beside the code and not over it', async ({ page }) => {
      await open(page, '/docs/getting-started/authentication');
      const block = page.locator('article .theme-code-block').first();
      const copy = block.getByRole('button', { name: /copy/i });
      await expect(copy).toBeVisible();
      const seen = await block.evaluate((element) => {
        const button = element.querySelector('button[aria-label*="opy" i]')!;
        const code = element.querySelector('pre')!;
        return {
          opacity: getComputedStyle(button).opacity,
          buttonLeft: button.getBoundingClientRect().left,
          codeRight: code.getBoundingClientRect().right,
        };
      });
      expect(seen.opacity).toBe('1');
      expect(seen.buttonLeft).toBeGreaterThanOrEqual(seen.codeRight);
    });

    test('each language tab keeps its label on one line', async ({ page }) => {
      await open(page, '/docs/trading-api/equity/single-equity-order');
      const tabs = page.locator('article [role="tab"]');
      expect(await tabs.count()).toBeGreaterThan(2);
      const lines = await tabs.evaluateAll((elements) =>
        elements.map((tab) => {
          const range = document.createRange();
          range.selectNodeContents(tab);
          const tops = new Set(Array.from(range.getClientRects()).map((rect) => Math.round(rect.top)));
          return `${tab.textContent}: ${tops.size}`;
        }),
      );
      expect(lines.filter((line) => !line.endsWith(': 1'))).toEqual([]);
    });

    test('the language tabs of the request samples show every label whole: the row wraps, nothing is cut', async ({
      page,
    }) => {
      await open(page, '/docs/trading-api/equity/single-equity-order');
      const lists = page.locator('article [role="tablist"]');
      expect(await lists.count()).toBeGreaterThan(0);
      const cut = await lists.evaluateAll((elements) =>
        elements.flatMap((list) => {
          const box = list.getBoundingClientRect();
          const found: string[] = [];
          if (list.scrollWidth > list.clientWidth + 1)
            found.push(`a tab row scrolls: ${list.scrollWidth} px of tabs in ${list.clientWidth} px`);
          for (const tab of Array.from(list.querySelectorAll('[role="tab"]'))) {
            const rect = tab.getBoundingClientRect();
            if (rect.right > box.right + 0.5 || rect.left < box.left - 0.5)
              found.push(
                `"${tab.textContent}" ends at ${Math.round(rect.right)} px, the row at ${Math.round(box.right)} px`,
              );
          }
          return found;
        }),
      );
      expect(cut).toEqual([]);
    });

    test('a code block has no empty band above its first line, and its copy button is not over the code', async ({
      page,
    }) => {
      await open(page, '/docs/getting-started/authentication');
      const blocks = page.locator('article .theme-code-block');
      expect(await blocks.count()).toBeGreaterThan(1);
      const seen = await blocks.evaluateAll((elements) =>
        elements.map((block) => {
          // Below the block's title bar, if it has one: the code and its buttons.
          const box = block.querySelector('pre')!.parentElement!.getBoundingClientRect();
          const range = document.createRange();
          range.selectNodeContents(block.querySelector('pre code')!);
          const lines = Array.from(range.getClientRects()).filter((rect) => rect.width > 0);
          const first = lines[0];
          const button = block.querySelector('button[aria-label*="opy" i]')!.getBoundingClientRect();
          // What shows of a line: a long one scrolls inside the pre, which cuts it at its edge.
          const pre = block.querySelector('pre')!.getBoundingClientRect();
          const overlaps = lines.some(
            (line) =>
              Math.max(line.left, pre.left) < button.right &&
              button.left < Math.min(line.right, pre.right) &&
              line.top < button.bottom &&
              button.top < line.bottom,
          );
          return {
            // Above the first line and left of it: the code's own padding; anything more above is a band.
            top: Math.round(first.top - box.top),
            left: Math.round(first.left - box.left),
            overlaps,
            buttonInside: button.top >= box.top && button.bottom <= box.bottom && button.right <= box.right,
          };
        }),
      );
      for (const block of seen) {
        expect(block.top, `space above the first line, beside ${block.left} px at its left`).toBeLessThanOrEqual(
          block.left + 6,
        );
        expect(block.overlaps).toBe(false);
        expect(block.buttonInside).toBe(true);
      }
    });

    test('the menu: Log Out is styled as a menu item, and a long name ends in an ellipsis', async ({ page }) => {
      await open(page, '/docs');
      await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
      const menu = page.locator('.navbar-sidebar');
      const logOut = menu.getByRole('button', { name: 'Log Out' });
      await expect(logOut).toBeVisible();
      // Both are measured in one frame, once the menu has stopped sliding in: during the slide they move.
      await expect.poll(() => menu.evaluate((element) => element.getAnimations({ subtree: true }).length)).toBe(0);
      const { button, link } = await menu.evaluate((element) => {
        const logOutButton = Array.from(element.querySelectorAll('button')).find(
          (candidate) => candidate.textContent?.trim() === 'Log Out',
        );
        const home = Array.from(element.querySelectorAll('.menu__link')).find(
          (candidate) => candidate.textContent?.trim() === 'Home',
        );
        if (!logOutButton || !home) throw new Error('The menu has no Log Out button or no Home link');
        const buttonStyle = getComputedStyle(logOutButton);
        const linkStyle = getComputedStyle(home);
        return {
          button: {
            left: logOutButton.getBoundingClientRect().left,
            font: buttonStyle.fontFamily,
            size: buttonStyle.fontSize,
            border: buttonStyle.borderTopWidth,
            background: buttonStyle.backgroundColor,
          },
          link: { left: home.getBoundingClientRect().left, font: linkStyle.fontFamily, size: linkStyle.fontSize },
        };
      });
      expect(button).toEqual({ ...link, border: '0px', background: 'rgba(0, 0, 0, 0)' });
      const name = menu.getByText(/^Signed in as /);
      await expect(name).toHaveCSS('text-overflow', 'ellipsis');
      // A name too long for the menu is cut with an ellipsis, which only a block (not Infima's flex link) draws.
      await name.evaluate((element) => (element.textContent = `Signed in as ${'Dana Developer '.repeat(4)}`));
      const cut = await name.evaluate((element) => ({
        display: getComputedStyle(element).display,
        overflows: element.scrollWidth > element.clientWidth,
      }));
      expect(cut).toEqual({ display: 'block', overflows: true });
    });

    test('/api on a phone: the menu button is a named button that Enter and Space operate', async ({ page }) => {
      await page.goto('/api/orders-api');
      await waitForHydration(page);
      const button = page.getByRole('button', { name: 'Operations menu' });
      const menu = page.locator('.redoc-wrap > .menu-content');
      await expect(button).toBeVisible({ timeout: 20_000 });
      await expect(button).toHaveAttribute('aria-expanded', 'false');
      await expect(menu).toBeHidden();
      await button.focus();
      await expect(button).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(menu).toBeVisible();
      await expect(button).toHaveAttribute('aria-expanded', 'true');
      await expect(menu.getByRole('menuitem').first()).toBeVisible();
      await expectNoAxeViolations(page, { include: ['.redoc-wrap > .menu-content + div'] });
      await page.keyboard.press(' ');
      await expect(menu).toBeHidden();
      await expect(button).toHaveAttribute('aria-expanded', 'false');
      // The page did not scroll for the Space key: it went to the button.
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
    });
  });

  test.describe('on a desktop', () => {
    test.use({ viewport: DESKTOP });

    test("Log Out is in the navbar links' font and size", async ({ page }) => {
      await open(page, '/docs');
      const navbar = page.locator('nav.navbar');
      const font = (selector: ReturnType<Page['locator']>) =>
        selector.evaluate((element) => `${getComputedStyle(element).fontFamily} ${getComputedStyle(element).fontSize}`);
      expect(await font(navbar.getByRole('button', { name: 'Log Out' }))).toBe(
        await font(navbar.getByRole('link', { name: 'Home', exact: true })),
      );
    });

    test('inline code in a table is the same size, for its text, as inline code in prose', async ({ page }) => {
      await open(page, '/docs/accounts-api/endpoints/new-account');
      const ratio = (selector: string) =>
        page
          .locator(selector)
          .first()
          .evaluate(
            (code) =>
              parseFloat(getComputedStyle(code).fontSize) / parseFloat(getComputedStyle(code.parentElement!).fontSize),
          );
      const inProse = await ratio('article p > code');
      const inTable = await ratio('article td > code');
      expect(inProse).toBeGreaterThan(0.8);
      expect(
        Math.abs(inTable - inProse),
        `code at ${inTable.toFixed(3)} of a cell's text, ${inProse.toFixed(3)} of a paragraph's`,
      ).toBeLessThan(0.01);
    });

    test('dark mode: the selected search suggestion meets AA contrast', async ({ page }) => {
      await page.emulateMedia({ colorScheme: 'dark' });
      await open(page, '/docs');
      const box = page.locator('input.navbar__search-input');
      await box.fill('orders');
      await expect(page.getByRole('listbox')).toBeVisible();
      await box.press('ArrowDown');
      await expect(page.getByRole('option', { selected: true })).toHaveCount(1);
      await expectNoAxeViolations(page, { include: ['[role="listbox"]'], onlyRules: ['color-contrast'] });
    });

    for (const colorScheme of ['light', 'dark'] as const) {
      test(`the search page in ${colorScheme} mode: whole words marked in the site's colours, upright snippets, AA`, async ({
        page,
      }) => {
        await page.emulateMedia({ colorScheme });
        await open(page, '/search?q=orders');
        await expect(page.getByText(/documents? found/)).toBeVisible({ timeout: 20_000 });
        const marks = page.locator('article mark');
        await expect(marks.first()).toBeVisible();
        // Poll: the marks are widened as the results are drawn.
        await expect
          .poll(() =>
            marks.evaluateAll((elements) =>
              elements
                .filter((mark) => /^[\p{L}\p{N}_]/u.test(mark.nextSibling?.textContent ?? ''))
                .map((mark) => `${mark.textContent}|${mark.nextSibling?.textContent?.slice(0, 5)}`),
            ),
          )
          .toEqual([]);
        const looks = await marks.first().evaluate((mark) => ({
          background: getComputedStyle(mark).backgroundColor,
          snippetStyles: Array.from(document.querySelectorAll('article p')).map((p) => getComputedStyle(p).fontStyle),
        }));
        // Each place once, and a result for a section of a page names the page (its breadcrumb ends with it).
        const results = await page.locator('article:visible').evaluateAll((articles) =>
          articles.map((article) => {
            const heading = article.querySelector('h2')!;
            return {
              place: `${heading.querySelector('a')!.getAttribute('href')} ${heading.textContent}`,
              section: heading.querySelector('a')!.getAttribute('href')!.includes('#'),
              page: article.querySelector('[class*="searchResultItemPath"]')?.textContent?.split('›').pop()?.trim(),
            };
          }),
        );
        expect(results.length).toBeGreaterThan(5);
        const places = results.map((result) => result.place);
        expect(places.filter((place, index) => places.indexOf(place) !== index)).toEqual([]);
        const sections = results.filter((result) => result.section);
        expect(sections.length).toBeGreaterThan(0);
        expect(sections.filter((result) => !result.page)).toEqual([]);
        expect(looks.background).not.toBe('rgb(255, 255, 0)');
        expect(looks.snippetStyles).not.toContain('italic');
        await expectNoAxeViolations(page, { include: ['#__docusaurus_skipToContent_fallback'] });
      });
    }
  });
});

test.describe("the development provider's sign-in page", () => {
  test.use(PHONE);
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`at 390 px in ${colorScheme} mode: no sideways scrolling, the colour mode followed, AA`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await page.goto('/docs');
      await page.waitForURL((url) => url.origin === IDP_ISSUER);
      await expect(page.getByRole('heading', { name: 'Development sign-in' })).toBeVisible();
      const seen = await page.evaluate(() => ({
        sideways: document.documentElement.scrollWidth > document.documentElement.clientWidth,
        background: getComputedStyle(document.body).backgroundColor,
      }));
      expect(seen.sideways).toBe(false);
      expect(seen.background).toBe(colorScheme === 'light' ? 'rgb(243, 244, 246)' : 'rgb(17, 24, 39)');
      await expect(page.getByRole('table')).toContainText('developer-password');
      await expectNoAxeViolations(page);
    });
  }
});

test('no table in the docs uses a raw path as a link text', () => {
  const raw = DOCS_ROUTES.flatMap((route) => {
    const html = readFileSync(path.join(BUILD_DIR, route, 'index.html'), 'utf8');
    return [...html.matchAll(/<td[^>]*>(?:(?!<\/td>|<\/table>).)*?<a [^>]*>(\/[^<\s]*)<\/a>/g)].map(
      (match) => `${route}: ${match[1]}`,
    );
  });
  expect(raw).toEqual([]);
});
