import type { Page } from '@playwright/test';
import { FIELD_LIST_CLASS } from '../../contracts/content/fieldAnchor';
import { SIGNED_IN_STATE } from './environment.mjs';
import { DRAWING, expect, resizeAndSettle, test, waitForDocsPage, waitForHydration } from './fixtures';
import { API_PAGES, PUBLIC_PAGES, SITE_DOCS_ROUTES } from './siteContent';

/**
 * What axe cannot see, on every page a reader can open: each page is loaded once and then laid out at
 * 1280, 390 and 320 px, in light and dark mode, and each layout is checked for
 * - sideways scrolling of the page (what sticks out is named);
 * - navbar items that overlap each other or leave the window, and a site title cut short on a wide screen;
 * - text of the reference header cut off by a box that hides its overflow;
 * - at 1280 px, a docs table wider than the text column (unless it scrolls in a focusable, named region
 *   that shows it scrolls);
 * - an announcement bar that does not follow the colour mode;
 * - a word broken across lines in a docs table or field reference: at 1280 px none of 40 characters or fewer,
 *   at 390 px none of 16 or fewer (issue 19; at 320 px nothing is promised).
 */
const WIDTHS = [1280, 390, 320] as const;
const SCHEMES = ['light', 'dark'] as const;
/** The longest word no table or field reference may break, by window width (issue 19). */
const UNBROKEN_WORD_LENGTH: Readonly<Record<number, number>> = { 1280: 40, 390: 16 };
/** A table of this many columns or more is a matrix, which may scroll in its region instead of fitting the column. */
const MATRIX_COLUMNS = 6;
/** Pages per test: six layouts each, so a few pages keep a test short on a busy machine. */
const PAGES_PER_TEST = 4;
/**
 * An API reference page (Redoc, every operation of an API on one page) is a test of its own: four of them, six
 * layouts each, ran past a minute on a busy machine.
 */
const isReferencePage = ({ path }: LayoutPage) => path.startsWith('/api/');

interface LayoutPage {
  readonly path: string;
  /** What shows that the page has finished drawing in the current colour mode. */
  readonly ready: (page: Page) => Promise<void>;
}

const hydrated = (page: Page) => waitForHydration(page);
const docsPage = (path: string): LayoutPage => ({ path, ready: (page) => waitForDocsPage(page, path) });
const apiPage = ({ path, operations }: (typeof API_PAGES)[number]): LayoutPage => ({
  path,
  ready: (page) => expect(page.locator('.redoc-wrap [id^="operation/"]')).toHaveCount(operations, DRAWING),
});

const PUBLIC: LayoutPage[] = [
  ...PUBLIC_PAGES.map(({ path }) => ({ path, ready: hydrated })),
  { path: '/search?q=account', ready: hydrated },
  { path: '/no/such/page', ready: hydrated },
];
const SIGNED_IN: LayoutPage[] = [...PUBLIC, ...SITE_DOCS_ROUTES.map(docsPage), ...API_PAGES.map(apiPage)];

/** Everything wrong with the layout the page has now, as sentences; empty when nothing is. */
function layoutProblems(page: Page, scheme: (typeof SCHEMES)[number], width: number): Promise<string[]> {
  const settings = {
    scheme,
    wordLength: UNBROKEN_WORD_LENGTH[width] ?? 0,
    fieldList: FIELD_LIST_CLASS,
    matrixColumns: MATRIX_COLUMNS,
  };
  return page.evaluate(({ scheme, wordLength, fieldList, matrixColumns }) => {
    const problems: string[] = [];
    const root = document.documentElement;
    const width = root.clientWidth;
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}${Array.from(element.classList)
        .slice(0, 2)
        .map((name) => `.${name}`)
        .join('')} "${(element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)}"`;
    const visible = (element: Element) => {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && style.display !== 'none';
    };

    // 1. The page does not scroll sideways.
    if (root.scrollWidth > width) {
      const contained = (element: Element) => {
        if (getComputedStyle(element).position === 'fixed') return true;
        for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
          const style = getComputedStyle(parent);
          if (style.position === 'fixed' || /(auto|scroll|hidden|clip)/.test(style.overflowX)) return true;
        }
        return false;
      };
      // Only what reaches past the edge is looked at more closely (a docs page has thousands of elements).
      const offenders = Array.from(document.body.querySelectorAll('*'))
        .map((element) => ({ element, right: element.getBoundingClientRect().right }))
        .filter(({ right }) => right > width + 0.5)
        .sort((a, b) => b.right - a.right)
        .filter(({ element }) => !contained(element))
        .slice(0, 3)
        .map(({ element, right }) => `${describe(element)} ends at ${Math.round(right)} px`);
      problems.push(`the page is ${root.scrollWidth} px wide in a ${width} px window: ${offenders.join('; ')}`);
    }

    // 2. Navbar items neither overlap nor leave the window; the site title is whole on a wide screen.
    const navbarItems = Array.from(
      document.querySelectorAll('.navbar__inner .navbar__toggle, .navbar__inner .navbar__brand, .navbar__items > *'),
    ).filter((element) => visible(element) && !element.classList.contains('navbar__items'));
    const boxes = navbarItems.map((element) => ({ element, box: element.getBoundingClientRect() }));
    for (const [index, a] of boxes.entries()) {
      if (a.box.left < -0.5 || a.box.right > width + 0.5)
        problems.push(`navbar: ${describe(a.element)} leaves the window`);
      for (const b of boxes.slice(index + 1)) {
        const overlapX = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
        const overlapY = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
        if (overlapX > 1 && overlapY > 1)
          problems.push(`navbar: ${describe(a.element)} overlaps ${describe(b.element)}`);
      }
    }
    const title = document.querySelector('.navbar__title');
    // At every width: on a phone the title takes two lines rather than ending in an ellipsis.
    if (title && (title.scrollWidth > title.clientWidth + 1 || title.scrollHeight > title.clientHeight + 1)) {
      problems.push(`navbar: the site title is cut to ${Math.round(title.clientWidth)} of ${title.scrollWidth} px`);
    }

    // 3. No text of the reference header is cut off by a box that hides its overflow.
    for (const header of Array.from(document.querySelectorAll('.redoc-wrap .api-info'))) {
      const walker = document.createTreeWalker(header, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim() || !node.parentElement || !visible(node.parentElement)) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const lines = Array.from(range.getClientRects()).filter((line) => line.width > 0);
        for (let box: Element | null = node.parentElement; box && box !== document.body; box = box.parentElement) {
          if (!/(hidden|clip)/.test(getComputedStyle(box).overflowX)) continue;
          const edge = box.getBoundingClientRect();
          if (lines.some((line) => line.left < edge.left - 1 || line.right > edge.right + 1)) {
            problems.push(`reference header: "${node.textContent.trim().slice(0, 40)}" is cut by ${describe(box)}`);
            break;
          }
        }
      }
    }

    // 4. On a wide screen, no docs table is wider than the text column, with one exception: a matrix of
    // MATRIX_COLUMNS or more columns (the data-blocks matrix), which cannot fit without breaking words, may
    // scroll inside its own region, but only when that region fits the column, scrolls sideways, can take
    // focus from the keyboard, has a name, and shows that it scrolls (the scroll shadows of
    // src/css/custom.css). Any narrower wide table, or a scroller missing one of these, is a problem: it
    // must fit, with its prose column wrapping.
    const scrollsVisibly = (table: HTMLTableElement, column: number) => {
      const scroller = table.parentElement as HTMLElement | null;
      if (!scroller || (table.rows[0]?.cells.length ?? 0) < matrixColumns) return false;
      const style = getComputedStyle(scroller);
      return (
        scroller.getBoundingClientRect().width <= column + 0.5 &&
        /(auto|scroll)/.test(style.overflowX) &&
        scroller.scrollWidth > scroller.clientWidth &&
        scroller.tabIndex >= 0 &&
        scroller.getAttribute('role') === 'region' &&
        Boolean(scroller.getAttribute('aria-label')?.trim()) &&
        style.backgroundImage.includes('radial-gradient')
      );
    };
    if (width > 996) {
      for (const table of Array.from(
        document.querySelectorAll<HTMLTableElement>('article .theme-doc-markdown table'),
      )) {
        const column = table.closest('.theme-doc-markdown')!.getBoundingClientRect().width;
        const tableWidth = table.getBoundingClientRect().width;
        if (tableWidth > column + 0.5 && !scrollsVisibly(table, column)) {
          problems.push(
            `table "${table.rows[0]?.innerText.replace(/\s+/g, ' ').slice(0, 50)}" is ${Math.round(tableWidth)} px in a ${Math.round(column)} px column`,
          );
        }
      }
    }

    // 5. The announcement bar is dark in dark mode and light in light mode.
    const bar = document.querySelector('.theme-announcement-bar');
    if (bar && visible(bar)) {
      const [r, g, b] = (getComputedStyle(bar).backgroundColor.match(/\d+(\.\d+)?/g) ?? ['255', '255', '255']).map(
        Number,
      );
      const luminance = (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
      if (scheme === 'dark' ? luminance > 0.35 : luminance < 0.65) {
        problems.push(`the announcement bar's background ${getComputedStyle(bar).backgroundColor} in ${scheme} mode`);
      }
    }

    // 6. No word that fits is broken across lines in a docs table or field reference: each word is measured
    // with a range of its own, and a word drawn at more than one height is broken.
    const broken = new Set<string>();
    const scopes = document.querySelectorAll(`.theme-doc-markdown table, .theme-doc-markdown .${fieldList}`);
    for (const scope of wordLength ? Array.from(scopes) : []) {
      if (scope.parentElement?.closest(`table, .${fieldList}`)) continue; // measured with its outer scope
      const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const word of (node.textContent ?? '').matchAll(/\S+/g)) {
          if (word[0].length > wordLength) continue;
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const tops = Array.from(range.getClientRects())
            .filter((box) => box.width > 0)
            .map((box) => box.top);
          if (tops.some((top) => Math.abs(top - tops[0]) > 2)) broken.add(word[0]);
        }
      }
    }
    if (broken.size) {
      problems.push(
        `${broken.size} words broken across lines in tables and field lists: ${Array.from(broken).join(' ')}`,
      );
    }
    return problems;
  }, settings);
}

/** Lays the open page out at a width and in a colour mode, and waits until it has settled there. */
async function layOut(page: Page, target: LayoutPage, width: number, scheme: (typeof SCHEMES)[number]) {
  await page.emulateMedia({ colorScheme: scheme });
  await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
  await resizeAndSettle(page, width);
  await target.ready(page);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

async function expectCleanLayouts(page: Page, pages: readonly LayoutPage[]) {
  const problems: string[] = [];
  for (const target of pages) {
    await page.setViewportSize({ width: WIDTHS[0], height: 800 });
    await page.emulateMedia({ colorScheme: SCHEMES[0] });
    await page.goto(target.path);
    await waitForHydration(page);
    for (const width of WIDTHS) {
      for (const scheme of SCHEMES) {
        await layOut(page, target, width, scheme);
        problems.push(
          ...(await layoutProblems(page, scheme, width)).map(
            (problem) => `${target.path} at ${width} px, ${scheme}: ${problem}`,
          ),
        );
      }
    }
  }
  expect(problems).toEqual([]);
}

function inGroups<T>(items: readonly T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, group) =>
    items.slice(group * size, (group + 1) * size),
  );
}

test.describe('layout at 1280, 390 and 320 px, light and dark', () => {
  test('public pages, anonymous', async ({ page }) => {
    await expectCleanLayouts(page, PUBLIC);
  });

  test.describe('signed in', () => {
    test.use({ storageState: SIGNED_IN_STATE });
    const groups = [
      ...inGroups(
        SIGNED_IN.filter((target) => !isReferencePage(target)),
        PAGES_PER_TEST,
      ),
      ...SIGNED_IN.filter(isReferencePage).map((target) => [target]),
    ];
    for (const pages of groups) {
      test(`pages ${pages.map(({ path }) => path).join(', ')}`, async ({ page }) => {
        await expectCleanLayouts(page, pages);
      });
    }
  });
});
