import type { Page } from '@playwright/test';
import { SIGNED_IN_STATE } from './environment.mjs';
import { expect, test, waitForHydration } from './fixtures';
import { API_PAGES, DOCS_ROUTES, PUBLIC_PAGES, diagramSourcesFor } from './siteContent';

/** Phone widths: the smallest in common use, and a common one. */
const PHONE_WIDTHS = [320, 375] as const;
/** Pages per test: enough to keep the number of tests small, few enough to keep each one short. */
const PAGES_PER_TEST = 5;

/**
 * What sticks out past the right edge of the window, outside any scrolling container: a few of the
 * widest offenders, named so that a failure says where to look. Empty when the page does not scroll sideways.
 */
function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.documentElement;
    if (root.scrollWidth <= root.clientWidth) return [];
    // Inside a scrolling or clipping box, or fixed to the window: neither widens the page.
    const contained = (element: Element) => {
      if (getComputedStyle(element).position === 'fixed') return true;
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.position === 'fixed' || /(auto|scroll|hidden|clip)/.test(style.overflowX)) return true;
      }
      return false;
    };
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${Array.from(element.classList)
        .slice(0, 2)
        .map((cls) => `.${cls}`)
        .join('')} "${(element.textContent ?? '').trim().slice(0, 40)}"`;
    // Only what reaches past the edge is looked at more closely (a docs page has thousands of elements).
    const offenders = Array.from(document.body.querySelectorAll('*'))
      .map((element) => ({ element, right: element.getBoundingClientRect().right }))
      .filter(({ right }) => right > root.clientWidth + 0.5)
      .sort((a, b) => b.right - a.right)
      .filter(({ element }) => !contained(element))
      .slice(0, 3)
      .map(({ element, right }) => `${name(element)} ends at ${Math.round(right)} px`);
    return [`page is ${root.scrollWidth} px wide in a ${root.clientWidth} px window`, ...offenders];
  });
}

interface PhonePage {
  readonly path: string;
  /** What shows that the page has finished drawing. */
  readonly ready: (page: Page) => Promise<void>;
}

const hydrated = (page: Page) => waitForHydration(page);
const docsPage = (path: string): PhonePage => {
  const diagrams = diagramSourcesFor(path).length;
  return {
    path,
    ready: async (page) => {
      await expect(page.locator('[data-access="open"]')).toBeAttached();
      await expect(page.locator('.docusaurus-mermaid-container svg')).toHaveCount(diagrams, { timeout: 20_000 });
    },
  };
};
const apiPage = ({ path, operations }: (typeof API_PAGES)[number]): PhonePage => ({
  path,
  ready: (page) => expect(page.locator('.redoc-wrap [id^="operation/"]')).toHaveCount(operations, { timeout: 20_000 }),
});

const PUBLIC: PhonePage[] = [
  ...PUBLIC_PAGES.map(({ path }) => ({ path, ready: hydrated })),
  { path: '/search?q=account', ready: hydrated },
  { path: '/no/such/page', ready: hydrated },
];
const SIGNED_IN: PhonePage[] = [...PUBLIC, ...DOCS_ROUTES.map(docsPage), ...API_PAGES.map(apiPage)];

function inGroups<T>(items: readonly T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, group) =>
    items.slice(group * size, (group + 1) * size),
  );
}

async function expectNoSidewaysScrolling(page: Page, pages: readonly PhonePage[]) {
  for (const { path, ready } of pages) {
    await page.goto(path);
    await ready(page);
    expect(await sidewaysOverflow(page), `${path} scrolls sideways`).toEqual([]);
  }
}

for (const width of PHONE_WIDTHS) {
  test.describe(`at ${width} px, no page scrolls sideways`, () => {
    test.use({ viewport: { width, height: 740 }, isMobile: true, hasTouch: true });

    test('public pages, anonymous', async ({ page }) => {
      await expectNoSidewaysScrolling(page, PUBLIC);
    });

    test.describe('signed in', () => {
      test.use({ storageState: SIGNED_IN_STATE });
      for (const [group, pages] of inGroups(SIGNED_IN, PAGES_PER_TEST).entries()) {
        test(`pages ${group * PAGES_PER_TEST + 1}–${group * PAGES_PER_TEST + pages.length} (${pages[0].path} …)`, async ({
          page,
        }) => {
          await expectNoSidewaysScrolling(page, pages);
        });
      }
    });
  });
}
