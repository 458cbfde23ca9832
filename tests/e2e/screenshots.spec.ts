import type { Page } from '@playwright/test';
import { SIGNED_IN_STATE } from './environment.mjs';
import { expect, test, waitForDocsPage, waitForHydration } from './fixtures';

/**
 * Screenshots of the pages a reader sees first, at desktop and phone width, in light and dark mode,
 * compared with the baselines in `screenshots.spec.ts-snapshots/`. Debian's Chromium with the fonts
 * that scripts/ensure-chromium.sh installs draws them alike on every machine.
 *
 * After an intended change of the look, regenerate the baselines, look at them, and commit them:
 *   npx playwright test tests/e2e/screenshots.spec.ts --project=desktop --update-snapshots
 */
test.use({ storageState: SIGNED_IN_STATE });

interface Shot {
  readonly name: string;
  readonly path: string;
  /** What shows that the page has finished drawing. */
  readonly ready: (page: Page) => Promise<void>;
}

const docsPageReady = (route: string) => (page: Page) => waitForDocsPage(page, route);

const SHOTS: readonly Shot[] = [
  { name: 'home', path: '/', ready: async () => {} },
  {
    name: 'endpoint-get-account',
    path: '/docs/accounts-api/endpoints/get-account',
    ready: docsPageReady('/docs/accounts-api/endpoints/get-account'),
  },
  {
    name: 'diagram-trading-api',
    path: '/docs/trading-api',
    ready: async (page) => {
      await docsPageReady('/docs/trading-api')(page);
      // The shot is of the window: bring the first lifecycle diagram into it.
      await page
        .locator('article .docusaurus-mermaid-container')
        .first()
        .evaluate((diagram) => diagram.scrollIntoView({ block: 'center' }));
      await expect(page.locator('article .docusaurus-mermaid-container').first()).toBeInViewport();
    },
  },
  {
    name: 'appendix-values',
    path: '/docs/accounts-api/appendix/values',
    ready: docsPageReady('/docs/accounts-api/appendix/values'),
  },
  {
    // Card tables on a phone (Account types, Required attributes) and a long operation block.
    name: 'endpoint-new-account',
    path: '/docs/accounts-api/endpoints/new-account',
    ready: docsPageReady('/docs/accounts-api/endpoints/new-account'),
  },
  {
    // Language tabs, saved variables in the shell samples, code blocks with their buttons.
    name: 'quick-start',
    path: '/docs/getting-started/first-test-order',
    ready: async (page) => {
      await docsPageReady('/docs/getting-started/first-test-order')(page);
      await page
        .locator('article [role="tablist"]')
        .first()
        .evaluate((tabs) => tabs.scrollIntoView({ block: 'center' }));
      await expect(page.locator('article [role="tablist"]').first()).toBeInViewport();
    },
  },
  {
    name: 'search-results',
    path: '/search?q=limitPrice',
    ready: async (page) => {
      await expect(page.locator('article h2 a').first()).toBeVisible({ timeout: 20_000 });
      await page.locator('input[class*="searchQueryInput"]').blur();
    },
  },
  {
    name: 'reference-orders-api',
    path: '/api/orders-api',
    ready: (page) => expect(page.locator('.redoc-wrap [id^="operation/"]').first()).toBeVisible({ timeout: 20_000 }),
  },
];

const WIDTHS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, isMobile: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true },
] as const;

for (const width of WIDTHS) {
  for (const scheme of ['light', 'dark'] as const) {
    test.describe(`${width.name}, ${scheme} mode`, () => {
      test.use({
        viewport: width.viewport,
        isMobile: width.isMobile,
        hasTouch: width.isMobile,
        deviceScaleFactor: 1,
        colorScheme: scheme,
        reducedMotion: 'reduce',
      });
      for (const shot of SHOTS) {
        test(shot.name, async ({ page }) => {
          await page.goto(shot.path);
          await waitForHydration(page);
          await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
          await shot.ready(page);
          await page.evaluate(() => document.fonts.ready);
          await expect(page).toHaveScreenshot(`${shot.name}-${width.name}-${scheme}.png`, {
            animations: 'disabled',
            caret: 'hide',
            // Nothing on these pages changes from build to build except what is masked here (none yet: the
            // footer's year is fixed); the list stays so that a date or a build hash added later is masked.
            mask: [page.locator('time, [data-build-commit], [data-build-time]')],
            maxDiffPixelRatio: 0.01,
          });
        });
      }
    });
  }
}
