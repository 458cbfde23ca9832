import type { Page } from '@playwright/test';
import { SIGNED_IN_STATE } from './environment.mjs';
import { DRAWING, expect, test, waitForDocsPage, waitForHydration } from './fixtures';
import { layOutAt, layoutProblems } from './layoutProblems';
import { API_PAGES, PUBLIC_PAGES, SITE_DOCS_ROUTES } from './siteContent';

/**
 * What axe cannot see, on every page a reader can open: each page is loaded once and then laid out at
 * 1280, 390 and 320 px, in light and dark mode, and each layout is checked by the rules of layoutProblems.ts.
 */
const WIDTHS = [1280, 390, 320] as const;
const SCHEMES = ['light', 'dark'] as const;
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

async function expectCleanLayouts(page: Page, pages: readonly LayoutPage[]) {
  const problems: string[] = [];
  for (const target of pages) {
    await page.setViewportSize({ width: WIDTHS[0], height: 800 });
    await page.emulateMedia({ colorScheme: SCHEMES[0] });
    await page.goto(target.path);
    await waitForHydration(page);
    for (const width of WIDTHS) {
      for (const scheme of SCHEMES) {
        await layOutAt(page, width, { scheme, ready: target.ready });
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
