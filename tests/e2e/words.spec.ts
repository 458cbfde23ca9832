import type { Page } from '@playwright/test';
import { SIGNED_IN_STATE } from './environment.mjs';
import { DRAWING, expect, test, waitForDocsPage, waitForHydration } from './fixtures';
import { layOutAt } from './layoutProblems';
import { brokenWords } from './brokenWords';
import { API_PAGES, PUBLIC_PAGES, SITE_DOCS_ROUTES } from './siteContent';

/**
 * Issue 39, item 2: no word is ever broken across lines. Every page a reader can open (signed in: the public
 * pages, every docs page, every reference page, the search page's results and an endpoint page's Try it panel) is loaded
 * once and laid out at 1280, 390 and 320 px; at each width every visible word is measured in the page (`findBrokenWords`): a
 * word, identifier, path segment, enum value or hyphenated name drawn on two lines, or an opening bracket left
 * at the end of a line, is named with its page and width. Only a word wider than its block may break.
 */
const WIDTHS = [1280, 390, 320] as const;
/** Pages per test, each laid out three times: the tests spread over the workers. */
const PAGES_PER_TEST = 8;

interface WordsPage {
  readonly path: string;
  /** What shows that the page has drawn all it draws. */
  readonly ready: (page: Page) => Promise<void>;
}

/** A query whose results hold hyphenated titles, places and paths (`account-numbers`, `Non-profit`, `{accountNumber}/`). */
const SEARCH_PAGE = '/search?q=account';

const PAGES: WordsPage[] = [
  ...PUBLIC_PAGES.map(({ path }) => ({ path, ready: waitForHydration })),
  ...SITE_DOCS_ROUTES.map((path) => ({ path, ready: (page: Page) => waitForDocsPage(page, path) })),
  // The reference, whole: the descriptions' Markdown (kept at build, `plugins/api-reference/keptWords.ts`) and
  // what Redoc draws itself from schema keywords (kept as it is drawn, `ApiReference/keptReferenceWords.ts`).
  ...API_PAGES.map(({ path, operations }) => ({
    path,
    ready: (page: Page) => expect(page.locator('.redoc-wrap [id^="operation/"]')).toHaveCount(operations, DRAWING),
  })),
  // The search page's results, drawn from the index once it has loaded (SignedInSearchPage keeps their words).
  {
    path: SEARCH_PAGE,
    ready: (page: Page) => expect(page.locator('article h2 a').first()).toBeVisible({ timeout: 30_000 }),
  },
];

/** An endpoint page whose Try it panel is opened before it is measured. */
const TRY_IT_PAGE = '/docs/accounts-api/endpoints/balance-summary';

async function expectWholeWords(page: Page, pages: readonly WordsPage[], open?: (page: Page) => Promise<void>) {
  const found: string[] = [];
  for (const target of pages) {
    await page.setViewportSize({ width: WIDTHS[0], height: 800 });
    await page.goto(target.path);
    await waitForHydration(page);
    await open?.(page);
    for (const width of WIDTHS) {
      await layOutAt(page, width, { ready: target.ready });
      for (const { drawn, where } of await brokenWords(page))
        found.push(`${target.path} at ${width} px: ${drawn} (in ${where})`);
    }
  }
  expect(found).toEqual([]);
}

function inGroups<T>(items: readonly T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, group) =>
    items.slice(group * size, (group + 1) * size),
  );
}

test.describe('no word broken across lines at 1280, 390 and 320 px', () => {
  test.use({ storageState: SIGNED_IN_STATE });
  for (const pages of inGroups(PAGES, PAGES_PER_TEST)) {
    test(`pages ${pages[0].path} to ${pages.at(-1)!.path}`, async ({ page }) => {
      await expectWholeWords(page, pages);
    });
  }

  test.describe(() => {
    // The panel asks whether a sandbox answers at http://localhost:4020; none runs there in the tests.
    test.use({ expectedConsoleErrors: [/net::ERR_CONNECTION_REFUSED/] });
    test('the Try it panel of an endpoint page', async ({ page }) => {
      const target = { path: TRY_IT_PAGE, ready: (page: Page) => waitForDocsPage(page, TRY_IT_PAGE) };
      await expectWholeWords(page, [target], async (page) => {
        await page.getByRole('button', { name: 'Try it' }).click();
        await expect(page.getByRole('form', { name: /^Try / })).toBeVisible({ timeout: 30_000 });
      });
    });
  });
});

test.describe('a kept word in a link', () => {
  test.use({ storageState: SIGNED_IN_STATE });
  // Text decorations skip inline blocks: without its own, a kept word would sit unlined in an underlined link.
  for (const { path, ready } of [
    {
      path: '/docs/getting-started/sandbox',
      ready: (page: Page) => waitForDocsPage(page, '/docs/getting-started/sandbox'),
    },
    {
      path: '/api/accounts-api',
      ready: (page: Page) => expect(page.locator('.redoc-wrap a[href^="mailto:"] [data-keep-whole]')).toHaveCount(1),
    },
  ]) {
    test(`is decorated as its link on ${path}`, async ({ page }) => {
      await page.goto(path);
      await waitForHydration(page);
      await ready(page);
      const decorations = await page.evaluate(() =>
        Array.from(document.querySelectorAll('a [data-keep-whole]'), (kept) => ({
          text: kept.textContent,
          link: getComputedStyle(kept.closest('a')!).textDecorationLine,
          kept: getComputedStyle(kept).textDecorationLine,
        })),
      );
      expect(decorations.filter(({ link }) => link === 'underline').length).toBeGreaterThan(0);
      expect(decorations.filter(({ link, kept }) => link !== kept)).toEqual([]);
    });
  }
});
