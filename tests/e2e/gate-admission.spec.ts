import type { Page, Route } from '@playwright/test';
import { IDP_ISSUER, SIGNED_IN_STATE } from './environment.mjs';
import { expect, test, waitForHydration, watchSignInSdk } from './fixtures';

/**
 * A protected page the gate admitted is shown at first paint; the browser confirms the session in the
 * background and conceals the page only when that fails (src/auth/gateAdmission.ts). Without the gate's
 * word (a static host, `npm start`) the client-side check stays the gate.
 */

const PAGE = '/docs/getting-started/authentication';
const HEADING = 'Authentication';
/** Text of the page that the sign-in shell does not hold. */
const PAGE_TEXT = '/connect/token';
test.use({ storageState: SIGNED_IN_STATE });

const heading = (page: Page) => page.locator('article h1');
const gate = (page: Page) => page.locator('[data-access]');

/** Holds back the page's userinfo request (the session check) until `release` is called. */
async function holdUserinfo(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  await page.route(`${IDP_ISSUER}/connect/userinfo`, async (route: Route) => {
    asked = true;
    await released;
    await route.continue();
  });
  return { release, asked: () => asked };
}

test.describe('behind the gate, before any script has run', () => {
  // Every script of the site is refused, and Chromium logs each refusal.
  test.use({ expectedConsoleErrors: [/net::ERR_FAILED/] });

  test('a signed-in reader sees the page', async ({ page }) => {
    // Every script of the site is refused: what shows is the HTML, its inline script and its stylesheet.
    await page.route('**/*.js', (route) => route.abort());
    const response = await page.goto(PAGE);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['server-timing']).toBe('gate;desc="admitted"');
    await expect(heading(page)).toHaveText(HEADING);
    await expect(heading(page)).toBeVisible();
    await expect(page.getByText('Checking your sign-in…')).toBeHidden();
    await expect(page.locator('html[data-gate-admitted]')).toBeAttached();
  });
});

test.describe('behind the gate', () => {
  test('the page stays shown while the session is confirmed in the background, without the SDK', async ({ page }) => {
    const sdk = await watchSignInSdk(page);
    const userinfo = await holdUserinfo(page);
    await page.goto(PAGE, { waitUntil: 'commit' });
    await waitForHydration(page);
    await expect(heading(page)).toBeVisible();
    await expect(gate(page)).toHaveAttribute('data-access', 'open');
    await expect(gate(page)).toHaveAttribute('data-auth-status', 'unknown');
    // The stylesheet's mark is handed over to the hydrated page.
    await expect(page.locator('html[data-gate-admitted]')).not.toBeAttached();
    await expect.poll(userinfo.asked).toBe(true);
    userinfo.release();
    await expect(gate(page)).toHaveAttribute('data-auth-status', 'authenticated');
    await expect(heading(page)).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(sdk()).toEqual([]);
  });

  test('confirming the session re-mounts nothing: the article and its code samples are the same elements', async ({
    page,
  }) => {
    const userinfo = await holdUserinfo(page);
    await page.goto(PAGE, { waitUntil: 'commit' });
    await waitForHydration(page);
    // The status attribute appears with the render that follows hydration (the theme's own re-render of the
    // code blocks is part of it): from here on, only the session check can change the page.
    await expect(gate(page)).toHaveAttribute('data-auth-status', 'unknown');
    const marked = await page.evaluate(() => {
      const elements = Array.from(document.querySelectorAll('article, article pre'));
      for (const element of elements) Object.assign(element, { keptAcrossCheck: true });
      return elements.length;
    });
    expect(marked).toBeGreaterThan(1);
    await expect.poll(userinfo.asked).toBe(true);
    userinfo.release();
    await expect(gate(page)).toHaveAttribute('data-auth-status', 'authenticated');
    const kept = await page.evaluate(
      () =>
        Array.from(document.querySelectorAll('article, article pre')).filter(
          (element) => element.isConnected && 'keptAcrossCheck' in element,
        ).length,
    );
    expect(kept).toBe(marked);
  });

  test('when the background check finds no session, the page is concealed and a sign-in starts', async ({ page }) => {
    // The gate's cookie is still valid, but the browser no longer holds the tokens it came from (on the
    // first load only: the sign-in then returns to the page with new ones).
    await page.addInitScript(() => {
      if (window.sessionStorage.getItem('test-tokens-removed')) return;
      window.sessionStorage.setItem('test-tokens-removed', '1');
      window.localStorage.removeItem('okta-token-storage');
    });
    const authorize = page.waitForRequest((request) => request.url().startsWith(`${IDP_ISSUER}/connect/authorize`));
    const response = await page.goto(PAGE, { waitUntil: 'commit' });
    expect(response?.headers()['server-timing']).toBe('gate;desc="admitted"');
    await authorize;
    // The provider still knows the reader: the sign-in returns to the page at once.
    await page.waitForURL((url) => url.pathname === PAGE);
    await expect(gate(page)).toHaveAttribute('data-auth-status', 'authenticated', { timeout: 30_000 });
  });
});

test.describe('after the session ended, a page read before', () => {
  /** Reads the page signed in (the browser keeps its copy), then leaves it, and the tokens go. */
  async function readPageThenLeave(page: Page): Promise<void> {
    await page.goto(PAGE);
    await expect(heading(page)).toBeVisible();
    await page.goto('/');
    await waitForHydration(page);
    await page.evaluate(() => window.localStorage.removeItem('okta-token-storage'));
    // No page of the site is open while the session ends (an open page would still prefetch routes).
    await page.goto('about:blank');
  }

  test('is not shown once the cookie is gone (signed out, or expired with its token)', async ({ page, context }) => {
    await readPageThenLeave(page);
    await context.clearCookies();
    // The gate's answer holds none of the page: nothing stale can be shown.
    const shell = await context.request.get(PAGE);
    expect(shell.status()).toBe(401);
    expect(shell.headers()['server-timing']).toBeUndefined();
    expect(await shell.text()).not.toContain(PAGE_TEXT);
    const response = await page.goto(PAGE);
    expect(response?.status()).toBe(401);
    await page.waitForURL((url) => url.origin === IDP_ISSUER);
    await expect(page.getByRole('heading', { name: 'Development sign-in' })).toBeVisible();
  });

  test('is not shown when the gate refuses the cookie (a token past its expiry)', async ({ page, context }) => {
    await readPageThenLeave(page);
    const signedIn = (await context.cookies()).find(({ name }) => name.endsWith('docs_id_token'));
    if (!signedIn) throw new Error(`${SIGNED_IN_STATE} holds no ID-token cookie`);
    const claims = { iss: IDP_ISSUER, aud: 'developer-docs', sub: 'developer', exp: 1_000_000_000 };
    const expired = `${signedIn.value.split('.')[0]}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.c2ln`;
    // Only that cookie: without the provider's session the sign-in stops at its form.
    await context.clearCookies();
    await context.addCookies([{ ...signedIn, value: expired }]);
    const response = await page.goto(PAGE);
    expect(response?.status()).toBe(401);
    await page.waitForURL((url) => url.origin === IDP_ISSUER);
    await expect(page.getByRole('heading', { name: 'Development sign-in' })).toBeVisible();
  });
});

test.describe('without the gate (a static host, npm start)', () => {
  test('the page stays concealed until the browser has confirmed the session', async ({ page }) => {
    // The same page from the same origin as a server without the gate sends it: without its word.
    await page.route(PAGE, async (route) => {
      const response = await route.fetch();
      const headers = { ...response.headers() };
      delete headers['server-timing'];
      await route.fulfill({ response, headers });
    });
    const userinfo = await holdUserinfo(page);
    await page.goto(PAGE, { waitUntil: 'commit' });
    await waitForHydration(page);
    await expect(page.getByText('Checking your sign-in…')).toBeVisible();
    await expect(heading(page)).toBeHidden();
    await expect(gate(page)).toHaveAttribute('data-access', 'concealed');
    await expect(gate(page)).toHaveAttribute('data-auth-status', 'unknown');
    await expect(page.locator('html[data-gate-admitted]')).not.toBeAttached();
    // The check is under way, and held: what matters here is the state before it has confirmed.
    await expect.poll(userinfo.asked).toBe(true);
  });
});
