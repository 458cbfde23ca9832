import type { Page } from '@playwright/test';
import { fillSignInForm, submitSignInForm } from '../../dev/idp/testing.mjs';
import { IDP_ISSUER, LEAK_CANARY, SIGNED_IN_STATE, SITE_ORIGIN, WORKER_ORIGIN } from './environment.mjs';
import { expect, expectNoAxeViolations, signIn, signInAtProvider, test, waitForHydration } from './fixtures';

/**
 * The site behind its gate (server/gate), in the browser: every spec runs behind it, these check what
 * only the gate does — the shell and its way to sign-in, chunks refused to an anonymous visitor, the
 * cookie following the session, and the Content-Security-Policy.
 */

const CANARY_PAGE = '/docs/trading-api/equity/single-equity-order';

/** An anonymous deep link: the shell (401), sign-in at the provider, then the same address with its content. */
async function signInFromDeepLink(page: Page): Promise<void> {
  const response = await page.goto(`${CANARY_PAGE}?tab=curl#request`);
  expect(response?.status()).toBe(401);
  await signInAtProvider(page);
  await page.waitForURL((url) => url.pathname === CANARY_PAGE && url.search === '?tab=curl');
  expect(new URL(page.url()).hash).toBe('#request');
  await expect(page.getByText(LEAK_CANARY)).toBeVisible();
}

test.describe('anonymous', () => {
  // A refused chunk logs its 401, and Chromium refuses to run its plain-text answer: expected here.
  test.use({
    storageState: { cookies: [], origins: [] },
    expectedConsoleErrors: [/status of 401|Refused to execute script from .* MIME type \('text\/plain'\)/],
  });

  test('a deep link gets the shell, then sign-in, then the same address with its content', async ({ page }) => {
    await signInFromDeepLink(page);
  });

  test('Documentation in the navbar, from the home page, ends at sign-in, then at the docs', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Documentation' }).click();
    // Two ways lead to the provider, whichever is first: the protected route's chunks are refused and Docusaurus
    // reloads the page (the gate sends the shell, the shell the sign-in), or the page, seeing no stored session
    // for a protected address, starts the sign-in itself. Either way the reader comes back to the docs. When both
    // start, the later navigation aborts the earlier one: a wait on a navigation then fails (net::ERR_ABORTED),
    // and the page's address as Playwright knows it may stay at /docs/ while the provider's form is shown. So the
    // test waits for the form itself, and signs in there.
    await expect(page.getByRole('heading', { name: 'Development sign-in' })).toBeVisible();
    await fillSignInForm(page);
    await submitSignInForm(page);
    await page.waitForURL((url) => url.origin !== IDP_ISSUER && url.pathname.startsWith('/docs'));
    await expect(page.locator('[data-access="open"] article h1')).toBeVisible();
  });

  test('the search index, a docs chunk, a Try it module and the MCP catalog are refused with 401; the manifest is not served', async ({
    page,
  }) => {
    expect((await page.request.get('/search-index.json')).status()).toBe(401);
    // The Try it panel's module of an operation (plugins/try-it): standalone, outside webpack's chunks.
    expect((await page.request.get('/docs/try-it/getAccount.js')).status()).toBe(401);
    // The MCP server's catalogs of the descriptions (plugins/mcp-catalog), v1's and v2's.
    expect((await page.request.get('/docs/mcp-catalog.json')).status()).toBe(401);
    expect((await page.request.get('/docs/v2/mcp-catalog.json')).status()).toBe(401);
    expect((await page.request.get('/gate-manifest.json')).status()).toBe(404);
    expect((await page.request.get('/robots.txt')).status()).toBe(200);
  });
});

/** v2's pages (at /docs/v2), their Markdown, v2's llms files and the search index: what a v2 reader gets. */
const V2_PAGE = '/docs/v2/trading-api/equity/cancel-equity-order';
const V2_FILES = [
  `${V2_PAGE}.md`,
  '/docs/v2/trading-api/index.md',
  '/llms-v2.txt',
  '/llms-v2-full.txt',
  '/llms-v2-trading-api.txt',
  '/search-index.json',
];

for (const [target, origin] of [
  ['Node', SITE_ORIGIN],
  ['workerd', WORKER_ORIGIN],
] as const) {
  test(`anonymously on ${target}: a v2 page gets the sign-in shell, its Markdown, v2's llms files and the search index 401`, async () => {
    const shell = await fetch(new URL('/docs/v2/trading-api/', origin));
    expect(shell.status).toBe(401);
    const shellText = await shell.text();
    for (const pagePath of [V2_PAGE, `${V2_PAGE}/`, '/docs/v2', '/docs/v2/', '/DOCS/V2/trading-api/']) {
      const response = await fetch(new URL(pagePath, origin), { redirect: 'manual' });
      const text = await response.text();
      expect([pagePath, response.status, text === shellText]).toEqual([pagePath, 401, true]);
      expect(text).not.toContain(LEAK_CANARY);
    }
    for (const file of V2_FILES) {
      const response = await fetch(new URL(file, origin), { redirect: 'manual' });
      const text = await response.text();
      expect([file, response.status, text]).toEqual([file, 401, 'Sign-in required']);
    }
  });
}

test.describe('the shell', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('holds no documentation, stays out of search engines, links to sign-in and passes axe', async ({ page }) => {
    // Keep the shell on screen: the page is served as the gate sends it, without the script that
    // leaves for the sign-in page at once.
    await page.route('**/api/orders-api', async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(/<script>[^<]*<\/script>/, '');
      await route.fulfill({ response, body });
    });
    const response = await page.goto('/api/orders-api');
    expect(response?.status()).toBe(401);
    expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow');
    expect(response?.headers()['cache-control']).toBe('no-store');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/sign in/i);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expect(page.getByRole('link', { name: /sign in/i })).toHaveAttribute('href', '/login/');
    expect(await page.content()).not.toMatch(/Trading API reference|Place an order|Idempotency-Key/);
    await expectNoAxeViolations(page);
  });
});

test.describe("the shell's own sign-in", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('goes from the shell to the provider without loading the site, and back to the address', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    const response = await page.goto(`${CANARY_PAGE}?tab=curl#request`);
    expect(response?.status()).toBe(401);
    await page.waitForURL((url) => url.origin === IDP_ISSUER);
    // The shell imported its starter (plugins/sign-in-sdk/starter.ts) and left for the provider from there:
    // neither the sign-in page nor the site's application code was loaded on the way.
    expect(requested.filter((path) => /^\/assets\/sign-in\/start\.[0-9a-f]{8}\.js$/.test(path))).toHaveLength(1);
    expect(requested.filter((path) => path === '/login/' || path.startsWith('/assets/js/'))).toEqual([]);
    await signInAtProvider(page);
    await page.waitForURL(
      (url) => url.pathname === CANARY_PAGE && url.search === '?tab=curl' && url.hash === '#request',
    );
    await expect(page.getByText(LEAK_CANARY)).toBeVisible();
    // The return page exchanged the code with the same starter and left without loading the application:
    // between its request and the signed-in page's, the browser asked for the starter and no application script.
    const onReturnPage = requested.slice(requested.indexOf('/login/callback'), requested.lastIndexOf(CANARY_PAGE));
    expect(onReturnPage.filter((path) => path.startsWith('/assets/sign-in/'))).toHaveLength(1);
    expect(onReturnPage.filter((path) => path.startsWith('/assets/js/'))).toEqual([]);
  });
});

test.describe("the return page's early code exchange", () => {
  // The site's application is refused on purpose below.
  test.use({ storageState: { cookies: [], origins: [] }, expectedConsoleErrors: [/net::ERR_FAILED/] });

  test("signs in without the site's application: the gate then sends the page, shown at first paint", async ({
    page,
  }) => {
    // No script of the application may load on the whole round trip: the shell starts the sign-in,
    // the return page's inline script exchanges the code, and the gate admits the page the reader asked for.
    await page.route(
      (url) => url.origin === SITE_ORIGIN && url.pathname.startsWith('/assets/js/'),
      (route) => route.abort(),
    );
    const tokenRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(`${IDP_ISSUER}/connect/token`)) tokenRequests.push(request.method());
    });
    await signInFromDeepLink(page);
    // Shown by the gate's admission alone: the page never hydrated.
    await expect(page.locator('html')).toHaveAttribute('data-gate-admitted', '');
    await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'false');
    expect(tokenRequests).toEqual(['POST']);
  });
});

test.describe("the shell's own sign-in, with tokens stored but the gate's cookie gone", () => {
  test.use({ storageState: SIGNED_IN_STATE });

  test('hands over to the sign-in page, which returns the reader with a fresh cookie and no new sign-in', async ({
    page,
    context,
  }) => {
    const cookies = await context.cookies();
    await context.clearCookies();
    // The provider's own session stays: only the gate's cookie is gone.
    await context.addCookies(cookies.filter(({ name }) => !name.endsWith('docs_id_token')));
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(request.url());
    });
    const response = await page.goto(CANARY_PAGE);
    expect(response?.status()).toBe(401);
    await page.waitForURL((url) => url.pathname === CANARY_PAGE);
    await expect(page.getByText(LEAK_CANARY)).toBeVisible();
    expect((await context.cookies()).some(({ name }) => name.endsWith('docs_id_token'))).toBe(true);
    expect(documents.some((url) => new URL(url).pathname === '/login/')).toBe(true);
    expect(documents.filter((url) => url.startsWith(IDP_ISSUER))).toEqual([]);
  });
});

test.describe('signing out', () => {
  // Its own sign-in: signing out revokes the tokens, which the shared signed-in state must keep. No 401 is
  // expected on the page: it asks for no protected file once the sign-out starts, and those it asked for before
  // arrive before the cookie goes, by its hand or by the other tab's, which clears it when told of the sign-out
  // (src/auth/protectedPrefetch.ts).
  test.use({ storageState: { cookies: [], origins: [] } });

  test('in one tab ends the gate session for the other', async ({ page, context }) => {
    await signIn(page, '/docs/trading-api');
    const other = await context.newPage();
    await other.goto('/docs/document-api');
    await expect(other.locator('[data-access="open"]')).toBeAttached();

    await page.goto('/');
    await waitForHydration(page);
    // The page is at / already: wait for the sign-out to reach the provider, and for the signed-out page
    // it returns to, rather than for an address the page has before it leaves.
    const endSession = page.waitForRequest((request) => request.url().startsWith(`${IDP_ISSUER}/connect/endsession`));
    await page.getByRole('button', { name: 'Log Out' }).click();
    await endSession;
    await page.waitForURL((url) => url.origin !== IDP_ISSUER && url.pathname === '/');
    await waitForHydration(page);
    await expect(page.locator('nav.navbar').getByRole('button', { name: 'Log In' })).toBeVisible();
    // The cookie goes as the signing-out page leaves for the provider.
    await expect.poll(async () => (await context.cookies()).some(({ name }) => name === 'docs_id_token')).toBe(false);
    expect((await context.request.get('/search-index.json')).status()).toBe(401);
    const reload = await other.reload({ waitUntil: 'commit' });
    expect(reload?.status()).toBe(401);
    // The shell sends the reader on to sign in again.
    await other.waitForURL((url) => url.origin === IDP_ISSUER);
    await other.close();
  });
});

test.describe('signed in', () => {
  test.use({ storageState: SIGNED_IN_STATE });

  test('the ID-token cookie is set for the base URL, Lax, expiring with the token', async ({ page, context }) => {
    await page.goto('/');
    await waitForHydration(page);
    const cookie = (await context.cookies()).find(({ name }) => name === 'docs_id_token');
    expect(cookie).toMatchObject({ path: '/', sameSite: 'Lax', secure: false, httpOnly: false });
    const claims = JSON.parse(Buffer.from(cookie!.value.split('.')[1], 'base64url').toString()) as { exp: number };
    expect(Math.abs(cookie!.expires - claims.exp)).toBeLessThanOrEqual(1);
    expect((await page.request.get('/search-index.json')).status()).toBe(200);
  });

  test('every kind of page runs under the Content-Security-Policy without a violation', async ({ page }) => {
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    // Each page, and what shows that its scripts ran: the diagrams, Redoc, the search worker.
    const pages: [string, string][] = [
      ['/', 'html[data-has-hydrated="true"]'],
      [CANARY_PAGE, '[data-access="open"] article'],
      ['/docs/trading-api', '.docusaurus-mermaid-container svg'],
      ['/api/orders-api', '.redoc-wrap [id^="operation/"]'],
      ['/search?q=order', 'article h2 a'],
      ['/health', 'html[data-has-hydrated="true"]'],
    ];
    for (const [path, ready] of pages) {
      const response = await page.goto(path);
      const policy = response?.headers()['content-security-policy'] ?? '';
      expect(policy).toContain("object-src 'none'");
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).not.toContain('unsafe-eval');
      expect(policy).toContain(IDP_ISSUER);
      await expect(page.locator(ready).first()).toBeAttached({ timeout: 20_000 });
      const violations = await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
      expect(violations, path).toEqual([]);
    }
  });
});
