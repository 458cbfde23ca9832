import { expect, type Page } from '@playwright/test';
import { FIELD_LIST_CLASS } from '../../contracts/content/fieldAnchor';

/**
 * What axe cannot see, as one function the browser tests share: the built site's layout tests (layout.spec.ts)
 * lay every page out at each width and colour mode and ask it; the first-hour test asks it of the development
 * server's pages, whose navbar differs (a note in the search box's place). A layout is checked for
 * - sideways scrolling of the page (what sticks out is named);
 * - navbar items that overlap each other, leave the window or are drawn outside the navbar, and a site title
 *   cut short;
 * - text of the reference header cut off by a box that hides its overflow;
 * - at 1280 px, a docs table wider than the text column (unless it scrolls in a focusable, named region
 *   that shows it scrolls);
 * - an announcement bar that does not follow the colour mode;
 * - a word broken across lines in a docs table or field reference: at 1280 px none of 40 characters or fewer,
 *   at 390 px none of 16 or fewer (issue 19; at 320 px nothing is promised).
 */
export type ColourScheme = 'light' | 'dark';

/**
 * Sets the window's width and waits until the page has laid itself out there: the docs sidebar is drawn by
 * script, for the desktop or the phone layout, once the window has resized.
 */
async function resizeAndSettle(page: Page, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 800 });
  await page.waitForFunction(
    (width) =>
      window.innerWidth === width &&
      (!document.querySelector('.theme-doc-markdown') ||
        width <= 996 === !document.querySelector('aside.theme-doc-sidebar-container .theme-doc-sidebar-menu')),
    width,
  );
}

/**
 * Lays the open page out at a width (and in a colour mode, when one is given) and waits until it has settled
 * there: the theme has followed the colour mode, the window has its width, what `ready` waits for is drawn, and
 * two frames have passed.
 */
export async function layOutAt(
  page: Page,
  width: number,
  { scheme, ready }: { readonly scheme?: ColourScheme; readonly ready?: (page: Page) => Promise<void> } = {},
): Promise<void> {
  if (scheme) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
  }
  await resizeAndSettle(page, width);
  await ready?.(page);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** The longest word no table or field reference may break, by window width (issue 19). */
const UNBROKEN_WORD_LENGTH: Readonly<Record<number, number>> = { 1280: 40, 390: 16 };
/** A table of this many columns or more is a matrix, which may scroll in its region instead of fitting the column. */
const MATRIX_COLUMNS = 6;

/** Everything wrong with the layout the page has now, as sentences; empty when nothing is. */
export function layoutProblems(page: Page, scheme: ColourScheme, width: number): Promise<string[]> {
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

    // 2. Navbar items neither overlap nor leave the window or the navbar; the site title is whole.
    const navbar = document.querySelector('.navbar')?.getBoundingClientRect();
    const navbarItems = Array.from(
      document.querySelectorAll('.navbar__inner .navbar__toggle, .navbar__inner .navbar__brand, .navbar__items > *'),
    ).filter((element) => visible(element) && !element.classList.contains('navbar__items'));
    const boxes = navbarItems.map((element) => ({ element, box: element.getBoundingClientRect() }));
    for (const [index, a] of boxes.entries()) {
      if (a.box.left < -0.5 || a.box.right > width + 0.5)
        problems.push(`navbar: ${describe(a.element)} leaves the window`);
      // A squeezed item grows downwards (a title of one letter a line) and the row is centred on it.
      if (navbar && (a.box.top < navbar.top - 0.5 || a.box.bottom > navbar.bottom + 0.5))
        problems.push(
          `navbar: ${describe(a.element)} is drawn outside the navbar, ${Math.round(a.box.height)} px high`,
        );
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
