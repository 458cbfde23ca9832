import { API_FAMILIES } from '../../src/components/Home/apiFamilies';
import { SIGNED_IN_STATE } from './environment.mjs';
import { expect, test, waitForHydration } from './fixtures';
import {
  ADDED_DOCS_ROUTES,
  API_PAGES,
  DOCS_ROUTES,
  docsRoutesOnDisk,
  docsTitleFor,
  PUBLIC_PAGES,
  SITE_DOCS_ROUTES,
  SITE_TITLE,
} from './siteContent';

test.describe('public routes', () => {
  for (const page of PUBLIC_PAGES) {
    test(`${page.path} answers with its page`, async ({ page: browser }) => {
      const response = await browser.goto(page.path);
      expect(response?.status()).toBe(200);
      await waitForHydration(browser);
      await expect(browser).toHaveTitle(page.title);
      await expect(browser.getByRole('heading', { level: 1 })).toHaveText(page.heading);
    });
  }

  test.describe('not found', () => {
    test.use({ expectedConsoleErrors: [/status of 404/] });
    test('an unknown path gets the not-found page with links back', async ({ page }) => {
      await page.goto('/no/such/page');
      await waitForHydration(page);
      await expect(page).toHaveTitle(`Page Not Found | ${SITE_TITLE}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('We could not find that page');
      await expect(page.getByRole('main').getByRole('link', { name: 'Home page' })).toHaveAttribute('href', '/');
    });
  });

  test('/health.json reports the same facts as /health', async ({ page, request }) => {
    const health = (await (await request.get('/health.json')).json()) as Record<string, string>;
    expect(health.status).toBe('ok');
    expect(health.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(health.commit).toMatch(/^([0-9a-f]{40}|unknown)$/);
    expect(Number.isNaN(Date.parse(health.builtAt))).toBe(false);
    // A build of a checkout takes its commit's time (config/buildInfo.ts), so two builds of one commit agree.
    expect(health.builtAtFrom).toBe(process.env.SOURCE_DATE_EPOCH ? 'SOURCE_DATE_EPOCH' : 'commit');
    await page.goto('/health');
    const facts = page.getByTestId('health-facts');
    for (const value of [health.status, health.version, health.commit, health.builtAt]) {
      await expect(facts).toContainText(value);
    }
    await expect(facts).toContainText(/Build time from\s*(SOURCE_DATE_EPOCH|the commit's time)/);
  });

  test('the home page offers a start and every API family', async ({ page }) => {
    await page.goto('/');
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Get started' })).toHaveAttribute(
      'href',
      '/docs/getting-started/introduction',
    );
    for (const family of API_FAMILIES) {
      const card = main
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: family.title, level: 3 }) });
      await expect(card).toBeVisible();
      // Every card links its guide and each of its reference pages, named as everywhere else.
      await expect(card.getByRole('link', { name: `${family.title} guide` })).toHaveAttribute('href', family.docsPath);
      expect(family.references.length).toBeGreaterThan(0);
      for (const { label, route } of family.references) {
        await expect(card.getByRole('link', { name: `${label} reference` })).toHaveAttribute('href', route);
      }
    }
    await expect(page.locator('body')).not.toContainText(/docusaurus tutorial|dinosaur|lorem ipsum/i);
  });
});

test.describe('protected routes, signed in', () => {
  test.use({ storageState: SIGNED_IN_STATE });

  for (const api of API_PAGES) {
    test(`${api.path} answers with its page`, async ({ page }) => {
      await page.goto(api.path);
      await expect(page.locator('[data-access="open"]')).toBeAttached();
      await expect(page).toHaveTitle(api.title);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        // The prerendered heading until Redoc's own (with the version) replaces it.
        new RegExp(`^${api.heading} (reference|\\(${api.version.replaceAll('.', '\\.')}\\))$`),
      );
    });
  }

  test('a missing page under /docs gets the not-found page, hydrated without errors', async ({ page }) => {
    await page.goto('/docs/no-such-page');
    await waitForHydration(page);
    await expect(page.locator('[data-access="open"]')).toBeAttached();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('We could not find that page');
  });

  test("the docs pages are the specification's routes plus the listed additions", () => {
    const onDisk = docsRoutesOnDisk();
    expect(
      DOCS_ROUTES.filter((route) => !onDisk.includes(route)),
      "the specification's routes without a page",
    ).toEqual([]);
    expect(
      ADDED_DOCS_ROUTES.filter((route) => DOCS_ROUTES.includes(route)),
      'additions already in the spec',
    ).toEqual([]);
    expect([...SITE_DOCS_ROUTES].sort(), 'pages on disk that neither list names, or listed pages missing').toEqual(
      onDisk,
    );
  });

  // The specification's docs routes and the added ones, one test per folder (`/docs/accounts-api/endpoints`).
  const folderOf = (route: string) => {
    const parts = route.split('/').filter(Boolean);
    return `/${parts.slice(0, Math.max(2, parts.length - 1)).join('/')}`;
  };
  for (const folder of [...new Set(SITE_DOCS_ROUTES.map(folderOf))]) {
    const routes = SITE_DOCS_ROUTES.filter((route) => folderOf(route) === folder);
    test(`every docs route in ${folder} resolves with and without a trailing slash`, async ({ page }) => {
      test.setTimeout(180_000);
      for (const route of routes) {
        const title = docsTitleFor(route);
        for (const variant of [route, `${route}/`]) {
          const response = await page.goto(variant);
          expect(response?.status(), variant).toBe(200);
          await expect(page.locator('[data-access="open"]'), variant).toBeAttached();
          await expect(page, variant).toHaveTitle(`${title} | ${SITE_TITLE}`);
          await expect(page.locator('article h1').first(), variant).toHaveText(title);
        }
      }
    });
  }
});
