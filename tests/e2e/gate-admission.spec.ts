import type { Page, Route } from '@playwright/test';
import { IDP_ISSUER, SIGNED_IN_STATE } from './environment.mjs';
import { expect, test, waitForHydration } from './fixtures';

/**
 * A protected page the gate admitted is shown at first paint; the browser confirms the session in the
 * background and conceals the page only when that fails (src/auth/gateAdmission.ts). Without the gate's
 * word (a static host, `npm start`) the client-side check stays the gate.
 */

const PAGE = '/docs/getting-started/authentication';
const HEADING = 'Authentication';
/** Text of the page that the sign-in shell does not hold. */
const PAGE_TEXT = '/connect/token';
/** okta-auth-js names itself and its version in every request it sends (as build-output.spec.ts reads it). */
const SIGN_IN_SDK = /okta-auth-js\/\d+\.\d+/;

test.use({ storageState: SIGNED_IN_STATE });

const heading = (page: Page) => page.locator('article h1');
const gate = (page: Page) => page.locator('[data-access]');

/**
 * Holds back the script that holds the sign-in SDK until `release` is called; the page's other scripts
 * pass. `url()` is the SDK's address once the page has asked for it.
 */
async function holdSignInSdk(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let url: string | undefined;
  await page.route('**/assets/js/*.js', async (route: Route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (SIGN_IN_SDK.test(body)) {
      url = route.request().url();
      await released;
    }
    await route.fulfill({ response, body });
  });
  return { release, url: () => url };
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
  test('the page stays shown while the SDK, fetched after the page loaded, confirms the session', async ({ page }) => {
    const sdk = await holdSignInSdk(page);
    // `goto` waits for the load event, which a script requested before it would hold back.
    await page.goto(PAGE);
    await waitForHydration(page);
    await expect(heading(page)).toBeVisible();
    await expect(gate(page)).toHaveAttribute('data-access', 'open');
    await expect(gate(page)).toHaveAttribute('data-auth-status', 'unknown');
    // The stylesheet's mark is handed over to the hydrated page.
    await expect(page.locator('html[data-gate-admitted]')).not.toBeAttached();
    await expect.poll(sdk.url).toBeDefined();
    sdk.release();
    await expect(gate(page)).toHaveAttribute('data-auth-status', 'authenticated');
    await expect(heading(page)).toBeVisible();
    const [loadStart, sdkStart] = await page.evaluate((url) => {
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      return [navigation.loadEventStart, performance.getEntriesByName(url)[0]?.startTime ?? -1];
    }, sdk.url() ?? '');
    expect(sdkStart).toBeGreaterThanOrEqual(loadStart);
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
    const sdk = await holdSignInSdk(page);
    // Here the SDK is asked for while hydrating, so the load event waits for it.
    await page.goto(PAGE, { waitUntil: 'commit' });
    await waitForHydration(page);
    await expect(page.getByText('Checking your sign-in…')).toBeVisible();
    await expect(heading(page)).toBeHidden();
    await expect(gate(page)).toHaveAttribute('data-access', 'concealed');
    await expect(gate(page)).toHaveAttribute('data-auth-status', 'unknown');
    await expect(page.locator('html[data-gate-admitted]')).not.toBeAttached();
    // The SDK stays held: a page fulfilled by the test may not call the provider on loopback (Chromium's
    // local-network rules), and what matters here is the state before the session is confirmed.
    expect(sdk.url()).toBeDefined();
  });
});
