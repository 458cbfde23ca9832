import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { BUILD_DIR, SIGNED_IN_STATE } from './environment.mjs';
import { expect, test, waitForHydration } from './fixtures';
import { SCROLL_SHADOWS_CLASS } from '../../src/css/scrollShadows';
import { FIELD_LIST_CLASS } from '../../contracts/content/fieldAnchor';
import { DOCS_ROUTES, diagramSourcesFor } from './siteContent';

/**
 * What axe cannot see: a field reference that does not read as one, tables that lose their columns on a phone, diagrams too small to read or without a
 * way to enlarge them, and a sidebar that hides the page being read. Each check reads the real build.
 * (layout.spec.ts checks every page's tables against the text column at 1280 px.)
 */
test.use({ storageState: SIGNED_IN_STATE });

const DESKTOP = { width: 1280, height: 800 } as const;
const PHONE = { width: 390, height: 844 } as const;

/** The docs pages whose built HTML has a table: the build says which, so a new table is covered at once. */
const TABLE_PAGES = DOCS_ROUTES.filter((route) =>
  readFileSync(path.join(BUILD_DIR, route, 'index.html'), 'utf8').includes('<table'),
);
/** The pages with an operation block (an endpoint page), from the build. */
const ENDPOINT_PAGES = DOCS_ROUTES.filter((route) =>
  readFileSync(path.join(BUILD_DIR, route, 'index.html'), 'utf8').includes('aria-label="Operation '),
);
const DIAGRAM_PAGES = DOCS_ROUTES.map((route) => ({ route, sources: diagramSourcesFor(route) })).filter(
  (page) => page.sources.length > 0,
);

async function open(page: Page, route: string) {
  await page.goto(route);
  await waitForHydration(page);
  await expect(page.locator('[data-access="open"]')).toBeAttached();
}

async function diagramsDrawn(page: Page, count: number) {
  await expect(page.locator('article .docusaurus-mermaid-container svg')).toHaveCount(count, { timeout: 20_000 });
}

test('the build has pages with tables and diagrams to check', () => {
  expect(TABLE_PAGES.length).toBeGreaterThanOrEqual(40);
  expect(DIAGRAM_PAGES.length).toBeGreaterThanOrEqual(8);
  expect(ENDPOINT_PAGES.length).toBeGreaterThanOrEqual(20);
});

test('every endpoint page shows its parameters or body, statuses and success response as field references', () => {
  const missing = ENDPOINT_PAGES.flatMap((route) => {
    const html = readFileSync(path.join(BUILD_DIR, route, 'index.html'), 'utf8');
    return [
      ...(/<h[2-6][^>]*>Responses/.test(html) ? [] : [`${route}: no Responses heading`]),
      ...(/<h[2-6][^>]*>Response body \(2\d\d\)/.test(html) ? [] : [`${route}: no success response`]),
      // (The built HTML is minified: an attribute value without spaces has no quotes.)
      ...(/aria-label="?Responses[">]/.test(html) ? [] : [`${route}: the statuses are not a field list`]),
      ...(/<table[^>]*>(?:(?!<\/table>)[\s\S])*>(Field|Name|Status)<\/th>/.test(html)
        ? [`${route}: a field table is left`]
        : []),
    ];
  });
  expect(missing).toEqual([]);
});

test.describe('the field reference at 1280 px', () => {
  test.use({ viewport: DESKTOP });
  const ORDER_PAGE = '/docs/trading-api/equity/single-equity-order';

  test(`${ORDER_PAGE}: a list of fields, children under their parent, name, type and requirement on one line`, async ({
    page,
  }) => {
    await open(page, ORDER_PAGE);
    const list = page.getByRole('list', { name: 'Request body fields' });
    await expect(list).toHaveClass(new RegExp(FIELD_LIST_CLASS));
    const parent = list.locator('> li[id="request.limitPrice"]');
    const child = parent.locator('li[id="request.limitPrice.amount"]');
    await expect(child).toHaveCount(1);
    const layout = await child.evaluate((item) => {
      const head = item.firstElementChild!;
      const parts = Array.from(head.children).filter((part) => getComputedStyle(part).opacity !== '0');
      const first = parts[0].getBoundingClientRect();
      const parentName = item.parentElement!.closest('li')!.querySelector('code')!.getBoundingClientRect();
      return {
        line: parts.map((part) => part.textContent),
        oneLine: parts.every((part) => {
          const box = part.getBoundingClientRect();
          return box.top < first.bottom && box.bottom > first.top;
        }),
        indented: head.getBoundingClientRect().left - parentName.left,
      };
    });
    expect(layout.line).toEqual(['amount', 'string', 'required']);
    expect(layout.oneLine).toBe(true);
    expect(layout.indented).toBeGreaterThan(10);
  });

  test(`${ORDER_PAGE}: a field's anchor link shows on hover and on focus, and lands on the field`, async ({ page }) => {
    await open(page, ORDER_PAGE);
    const field = page.locator('li[id="request.limitPrice.amount"]');
    const link = field.getByRole('link', { name: 'Link to request.limitPrice.amount' });
    await expect(link).toHaveCSS('opacity', '0');
    await field.locator('code').first().hover();
    await expect(link).toHaveCSS('opacity', '1');
    await page.mouse.move(0, 0);
    await expect(link).toHaveCSS('opacity', '0');
    await link.focus();
    await expect(link).toHaveCSS('opacity', '1');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#request\.limitPrice\.amount$/);
    await expect(field).toBeInViewport();
  });

  test('a folded level opens and closes from the keyboard, and a link into it opens it', async ({ page }) => {
    const route = '/docs/accounts-api/endpoints/get-account';
    await open(page, route);
    const firstFolded = page.locator(`article .${FIELD_LIST_CLASS} details:not([open])`).first();
    await expect(firstFolded).toHaveCount(1);
    const target = await firstFolded.locator('li[id]').first().getAttribute('id');
    const parent = await firstFolded.evaluate((fold) => fold.closest('li')!.id);
    const fold = page.locator(`li[id="${parent}"] > details`);
    const summary = fold.locator('> summary');
    await summary.focus();
    await page.keyboard.press('Enter');
    await expect(fold).toHaveAttribute('open', '');
    await expect(page.locator(`[id="${target}"]`)).toBeVisible();
    await page.keyboard.press('Space');
    await expect(fold).not.toHaveAttribute('open');

    await page.goto(`${route}#${target}`);
    await expect(page.locator(`[id="${target}"]`)).toBeInViewport();
  });
});

test.describe('tables at 390 px', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });
  for (const route of [
    '/docs/accounts-api/appendix/values',
    '/docs/accounts-api/endpoints/new-account',
    '/docs/getting-started/authentication',
  ]) {
    test(`${route}: a table of two or more columns shows one card per row, every value named by its column`, async ({
      page,
    }) => {
      await open(page, route);
      const problems = await page.locator('article table').evaluateAll((tables) =>
        tables.flatMap((table, index) => {
          const headers = Array.from(table.querySelectorAll('thead th')).map((th) => th.textContent?.trim() ?? '');
          if (headers.length < 2) return [];
          const name = `table ${index + 1} (${headers.join(' | ')})`;
          const found: string[] = [];
          const tableWidth = table.getBoundingClientRect().width;
          const scroller = table.parentElement!;
          if (scroller.scrollWidth > scroller.clientWidth + 1) found.push(`${name} scrolls sideways`);
          for (const row of Array.from(table.querySelectorAll('tbody tr'))) {
            Array.from(row.querySelectorAll('td')).forEach((cell, column) => {
              // The label's text, without its alternative text for screen readers (`"Code" / ""`).
              const label = /^"([^"]*)"/.exec(getComputedStyle(cell, '::before').content)?.[1] ?? '';
              if (label !== headers[column])
                found.push(`${name}: a cell is labelled "${label}", not "${headers[column]}"`);
              if (cell.getBoundingClientRect().width < tableWidth * 0.9)
                found.push(`${name}: a cell is not full width`);
            });
          }
          return [...new Set(found)].slice(0, 5);
        }),
      );
      expect(problems).toEqual([]);
    });
  }

  test('/docs/accounts-api/endpoints/new-account: in every card a label stays in its row, apart from its value, and is read once', async ({
    page,
  }) => {
    await open(page, '/docs/accounts-api/endpoints/new-account');
    const problems = await page.locator('article table').evaluateAll((tables) =>
      tables.flatMap((table, index) => {
        const found: string[] = [];
        for (const cell of Array.from(table.querySelectorAll<HTMLElement>('tbody td[data-label]'))) {
          const label = cell.dataset.label!;
          const name = `table ${index + 1}, "${label}" of "${cell.textContent?.trim()}"`;
          const before = getComputedStyle(cell, '::before');
          const style = getComputedStyle(cell);
          const box = cell.getBoundingClientRect();
          // The label is the cell's ::before: where its box is, from its computed position and size.
          const absolute = before.position === 'absolute';
          const top = box.top + parseFloat(absolute ? before.top : style.paddingTop);
          const left = box.left + parseFloat(absolute ? before.left : style.paddingLeft);
          const labelBox = {
            top,
            left,
            bottom: top + parseFloat(before.height),
            right: left + parseFloat(before.width),
          };
          if (Object.values(labelBox).some(Number.isNaN)) {
            found.push(`${name}: the label's box cannot be measured`);
            continue;
          }
          if (labelBox.bottom > box.bottom + 0.5)
            found.push(`${name}: the label runs ${Math.round(labelBox.bottom - box.bottom)} px below its row`);
          // The drawn text, node by node (a kept word's inline block would add its line's leading above it).
          const texts = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
          const lines: DOMRect[] = [];
          for (let text = texts.nextNode(); text; text = texts.nextNode()) {
            const range = document.createRange();
            range.selectNodeContents(text);
            lines.push(...Array.from(range.getClientRects()).filter((rect) => rect.width > 0));
          }
          for (const line of lines) {
            const below = line.top - labelBox.bottom;
            const beside = line.left - labelBox.right;
            if (below < 2 && beside < 8)
              found.push(`${name}: the value is ${Math.round(Math.max(below, beside))} px from its label`);
          }
        }
        return [...new Set(found)];
      }),
    );
    expect(problems).toEqual([]);
    // A screen reader hears the column's name from its header, not a second time from the card's label: each cell
    // that shows APPROVED (the outcomes table and the sandbox test values) is named APPROVED alone.
    const approvedCells = page.locator('article td').filter({ hasText: /^\s*APPROVED\s*$/ });
    const shown = await approvedCells.count();
    expect(shown).toBeGreaterThan(0);
    await expect(page.getByRole('cell', { name: 'APPROVED', exact: true })).toHaveCount(shown);
  });

  test('the values appendix: every card fits the screen, its value first', async ({ page }) => {
    await open(page, '/docs/accounts-api/appendix/values');
    const rows = await page.locator('article table tbody tr').evaluateAll((trs) =>
      trs.map((tr) => ({
        right: tr.getBoundingClientRect().right,
        firstCellTop: tr.querySelector('td')!.getBoundingClientRect().top - tr.getBoundingClientRect().top,
      })),
    );
    expect(rows.length).toBeGreaterThan(20);
    expect(rows.filter((row) => row.right > 390 || row.firstCellTop > 10)).toEqual([]);
  });
});

test.describe('diagrams at 1280 px', () => {
  test.use({ viewport: DESKTOP });
  for (const { route, sources } of DIAGRAM_PAGES) {
    test(`${route}: every diagram fits with labels of 12 px or more and opens full screen, zooms by keyboard, closes with Esc`, async ({
      page,
    }) => {
      await open(page, route);
      await diagramsDrawn(page, sources.length);
      const article = page.locator('article');
      const sizes = await article.locator('.docusaurus-mermaid-container svg').evaluateAll((svgs) =>
        svgs.map((svg) => {
          const scale = svg.getBoundingClientRect().width / (svg as SVGSVGElement).viewBox.baseVal.width;
          const labels = Array.from(
            svg.querySelectorAll('text, tspan, foreignObject span, foreignObject p, foreignObject div'),
          )
            .filter((element) =>
              Array.from(element.childNodes).some((node) => node.nodeType === 3 && node.textContent?.trim()),
            )
            .map((element) => Number.parseFloat(getComputedStyle(element).fontSize) * scale);
          return Math.min(...labels);
        }),
      );
      for (const [index, size] of sizes.entries()) {
        expect(size, `diagram ${index + 1}'s smallest label, in px on screen`).toBeGreaterThanOrEqual(12);
      }

      for (const [index, source] of sources.entries()) {
        const title = /^\s*accTitle\s*:\s*(.+?)\s*$/m.exec(source)![1];
        const button = article.getByRole('button', { name: `Open full screen: ${title}`, exact: true });
        await expect(button, `diagram ${index + 1}`).toHaveCount(1);
        await button.focus();
        await page.keyboard.press('Enter');
        const dialog = page.getByRole('dialog', { name: title });
        await expect(dialog).toBeVisible();
        await expect(dialog.locator('svg[aria-roledescription]')).toBeVisible();
        const stage = dialog.locator('[data-zoom-ready="true"] .docusaurus-mermaid-container');
        await expect(stage).toBeAttached();
        const scale = () => stage.evaluate((element) => new DOMMatrix(getComputedStyle(element).transform).a);
        await page.keyboard.press('+');
        await expect.poll(scale).toBeGreaterThan(1.1);
        await page.keyboard.press('0');
        await expect.poll(scale).toBeCloseTo(1, 2);
        await page.keyboard.press('-');
        await expect.poll(scale).toBeLessThan(0.9);
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
        await expect(button).toBeFocused();
      }
    });
  }
});

/**
 * Where each diagram on the page is drawn against the text column, and whether it says to open it full
 * screen: measured after every diagram is drawn (the viewer measures a drawn diagram; poll until it has).
 */
function diagramFits(page: Page) {
  return page.locator('article figure:has(.docusaurus-mermaid-container)').evaluateAll((figures) =>
    figures.map((figure) => {
      const column = figure.closest('.markdown')!.getBoundingClientRect();
      const svg = figure.querySelector('svg')!;
      const box = svg.getBoundingClientRect();
      const scale = box.width / svg.viewBox.baseVal.width;
      const labels = Array.from(
        svg.querySelectorAll('text, tspan, foreignObject span, foreignObject p, foreignObject div'),
      )
        .filter((element) =>
          Array.from(element.childNodes).some((node) => node.nodeType === 3 && node.textContent?.trim()),
        )
        .map((element) => Number.parseFloat(getComputedStyle(element).fontSize) * scale);
      const scrollers = [figure, ...Array.from(figure.querySelectorAll('*'))].filter(
        (element) =>
          !element.closest('dialog') &&
          /auto|scroll/.test(getComputedStyle(element).overflowX) &&
          element.scrollWidth > element.clientWidth + 1,
      );
      const smallest = Math.min(...labels);
      return {
        cut: box.left < column.left - 1 || box.right > column.right + 1,
        scrolls: scrollers.length > 0,
        // Below 12 px labels, the diagram says to open it full screen; at or above, it says nothing.
        saysWhenSmall: smallest < 12 === /open it full screen to read it/.test(figure.textContent ?? ''),
      };
    }),
  );
}

test.describe('diagrams fit their column', () => {
  for (const { route, sources } of DIAGRAM_PAGES) {
    for (const viewport of [DESKTOP, PHONE]) {
      test(`${route} at ${viewport.width} px, light and dark: no diagram cut or scrolling, a small one says to open it full screen`, async ({
        browser,
      }) => {
        for (const colorScheme of ['light', 'dark'] as const) {
          const phone = viewport === PHONE;
          const context = await browser.newContext({
            viewport,
            colorScheme,
            isMobile: phone,
            hasTouch: phone,
            storageState: SIGNED_IN_STATE,
          });
          const page = await context.newPage();
          await open(page, route);
          await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
          await diagramsDrawn(page, sources.length);
          const fit = { cut: false, scrolls: false, saysWhenSmall: true };
          await expect
            .poll(() => diagramFits(page), { message: `${colorScheme} mode` })
            .toEqual(sources.map(() => fit));
          await context.close();
        }
      });
    }
  }
});

test.describe('the full-screen diagram', () => {
  test.use({ viewport: DESKTOP });
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`in ${colorScheme} mode, is opaque: nothing of the page shows through`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await open(page, '/docs/getting-started/authentication');
      await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
      await diagramsDrawn(page, 1);
      await page.getByRole('button', { name: /^Open full screen: / }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.locator('svg[aria-roledescription]')).toBeVisible();
      // The dialog covers the whole screen: its own colour must be solid (Infima's light page colour is transparent).
      const background = await dialog.evaluate((element) => getComputedStyle(element).backgroundColor);
      expect(background).toMatch(colorScheme === 'light' ? /^rgb\(255, 255, 255\)$/ : /^rgb\(\d+, \d+, \d+\)$/);
    });
  }
});

/** A page deep in the last section of the sidebar: below the fold when every section is open. */
const DEEP_PAGE = '/docs/trading-api/equity/update-equity-order';

async function sidebarState(page: Page, menu: string) {
  return page.locator(menu).evaluate((root) => {
    const active = root.querySelector<HTMLElement>('.menu__link--active[aria-current="page"]');
    const box = active?.getBoundingClientRect();
    const menuBox = active?.closest('.menu')?.getBoundingClientRect();
    const openCategories = Array.from(root.querySelectorAll('.theme-doc-sidebar-item-category'))
      .filter((category) => !category.classList.contains('menu__list-item--collapsed'))
      .filter((category) => !category.contains(active ?? null))
      .map((category) => category.querySelector('.menu__link')?.textContent?.trim());
    return {
      active: active?.textContent?.trim(),
      inView: Boolean(
        box &&
        menuBox &&
        box.top >= Math.max(menuBox.top, 0) &&
        box.bottom <= Math.min(menuBox.bottom, window.innerHeight),
      ),
      openCategories,
    };
  });
}

test.describe('the sidebar', () => {
  test('at 1280 px, shows the current page on load, with only its own sections open', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await open(page, DEEP_PAGE);
    await expect
      .poll(() => sidebarState(page, 'nav[aria-label="Docs sidebar"]'))
      .toEqual({ active: 'Update equity order', inView: true, openCategories: [] });
  });

  test('on a phone, the menu opens at the current page, with only its own sections open', async ({ browser }) => {
    const context = await browser.newContext({
      viewport: PHONE,
      isMobile: true,
      hasTouch: true,
      storageState: SIGNED_IN_STATE,
    });
    const page = await context.newPage();
    await open(page, DEEP_PAGE);
    await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
    await expect(page.locator('.navbar-sidebar')).toBeVisible();
    await expect
      .poll(() => sidebarState(page, '.navbar-sidebar .theme-doc-sidebar-menu'))
      .toEqual({ active: 'Update equity order', inView: true, openCategories: [] });
    await context.close();
  });

  test('Account activity API is one link to its page, not a section holding a page of the same name', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await open(page, '/docs');
    const sidebar = page.locator('nav[aria-label="Docs sidebar"]');
    await expect(sidebar.getByText('Account activity API', { exact: true })).toHaveCount(1);
    await expect(sidebar.getByRole('link', { name: 'Account activity API', exact: true })).toHaveAttribute(
      'href',
      '/docs/account-activity-api/account-activity-api',
    );
  });
});

test.describe('scroll shadows', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });
  for (const scheme of ['light', 'dark'] as const) {
    test(`in ${scheme} mode, a box covers its shadows with the page's colour where nothing more lies to a side`, async ({
      page,
    }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await open(page, '/docs/trading-api');
      await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
      const boxes = page.locator(`article .${SCROLL_SHADOWS_CLASS}`);
      expect(await boxes.count()).toBeGreaterThan(1);
      // The first layer is the left cover; its first colour stop must hide the shadow, so it is opaque.
      const covers = await boxes.evaluateAll((elements) =>
        elements.map(
          (element) => /^linear-gradient\([^,]+, (rgba?\([^)]*\))/.exec(getComputedStyle(element).backgroundImage)?.[1],
        ),
      );
      for (const cover of covers) expect(cover).toMatch(/^rgb\(/);
    });
  }
});
