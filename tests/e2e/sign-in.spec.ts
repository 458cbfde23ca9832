import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page, Request } from '@playwright/test';
import { fingerprint } from '../../dev/idp/test-controls.mjs';
import { BUILD_DIR, DEMO_USER, IDP_ISSUER, MISMATCH_USER, SITE_ORIGIN } from './environment.mjs';
import {
  expect,
  expectNoAxeViolations,
  providerRequests,
  signIn,
  signInAtProvider,
  storedTokens,
  test,
  transactionStorage,
  waitForHydration,
} from './fixtures';

const DEEP_LINK = '/docs/accounts-api/endpoints/get-account?view=full#errors';

async function expectFailurePage(page: Page, reason: string, heading: RegExp) {
  await page.waitForURL((url) => url.pathname === '/401/error', { timeout: 15_000 });
  expect(new URL(page.url()).searchParams.get('reason')).toBe(reason);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  expect(await storedTokens(page)).toEqual({});
  // No state, nonce or PKCE verifier outlives a failed sign-in, in either storage.
  expect(await transactionStorage(page)).toEqual({});
}

/**
 * Lets sign-in run up to the provider's redirect back to the site, and returns that callback URL
 * without completing it: the return page loads with its scripts blocked, so the code is never
 * exchanged and the transaction stays in storage.
 *
 * The return page asks for the application's scripts only after its load event (once its inline
 * script finds the sign-in starter blocked, or after its fall-back delay), so the page is left for
 * about:blank before the scripts are let through: on a busy machine a late request would otherwise
 * load the application, which completes the real sign-in and spends the transaction.
 */
async function captureCallbackUrl(page: Page, path = '/docs'): Promise<string> {
  await page.goto(path);
  await page.waitForURL((url) => url.origin === IDP_ISSUER);
  // The site's application and the sign-in starter, which the gated return page imports first.
  const siteScripts = (url: URL) => url.origin === SITE_ORIGIN && /^\/assets\/(js|sign-in)\//.test(url.pathname);
  await page.route(siteScripts, (route) => route.abort());
  await signInAtProvider(page);
  await page.waitForURL((url) => url.pathname.startsWith('/login/callback'));
  const callbackUrl = page.url();
  await page.goto('about:blank');
  await page.unroute(siteScripts);
  return callbackUrl;
}

test.describe('signing in', () => {
  test('a deep link sends an anonymous visitor to the provider and back to the same address', async ({ page }) => {
    const authorize = page.waitForRequest((request) => request.url().startsWith(`${IDP_ISSUER}/connect/authorize`));
    await page.goto(DEEP_LINK);
    const params = new URL((await authorize).url()).searchParams;
    expect(params.get('response_type')).toBe('code');
    expect(params.get('client_id')).toBe('developer-docs');
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(params.get('scope')?.split(' ').sort()).toEqual(['offline_access', 'openid', 'profile']);
    expect(params.get('realm')).toBe('developers');
    expect(params.get('redirect_uri')).toBe(`${SITE_ORIGIN}/login/callback`);

    await signInAtProvider(page);
    await page.waitForURL(`${SITE_ORIGIN}${DEEP_LINK}`);
    await expect(page.locator('[data-access="open"]')).toBeAttached();
    await expect(page.locator('article h1')).toBeVisible();
    const navbar = page.locator('nav.navbar');
    await expect(navbar.getByText(DEMO_USER.name)).toBeVisible();
    await expect(navbar.getByRole('button', { name: 'Log Out' })).toBeVisible();
    const tokens = await storedTokens(page);
    expect(Object.keys(tokens).sort()).toEqual(['accessToken', 'idToken', 'refreshToken']);
  });

  test('protected content is prerendered hidden until the visitor is known, and served only to a signed-in reader', async ({
    request,
  }) => {
    const anonymous = await request.get('/docs/getting-started/authentication');
    expect(anonymous.status()).toBe(401);
    expect(await anonymous.text()).not.toContain('/connect/token');
    const html = readFileSync(path.join(BUILD_DIR, 'docs/getting-started/authentication/index.html'), 'utf8');
    // The minified HTML writes `<div class=… hidden data-access=concealed>`.
    const gate = /<div\b[^>]*\bdata-access="?concealed"?[^>]*>/.exec(html)?.[0] ?? '';
    expect(gate).toMatch(/\shidden[\s>=]/);
    expect(html).toContain('/connect/token');
  });

  test('Log In on a public page returns to that page', async ({ page }) => {
    await page.goto('/health');
    await waitForHydration(page);
    await page.locator('nav.navbar').getByRole('button', { name: 'Log In' }).click();
    await signInAtProvider(page);
    await page.waitForURL(`${SITE_ORIGIN}/health`);
    await expect(page.locator('nav.navbar').getByRole('button', { name: 'Log Out' })).toBeVisible();
  });

  test('public pages stay open to anonymous visitors and never contact the provider', async ({ page }) => {
    const providerCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(IDP_ISSUER)) providerCalls.push(request.url());
    });
    for (const path of ['/', '/health', '/search', '/401/error']) {
      await page.goto(path);
      await waitForHydration(page);
      await expect(page).toHaveURL(`${SITE_ORIGIN}${path}`);
      await expect(page.locator('[data-access="open"]')).toBeAttached();
      await expect(page.locator('nav.navbar').getByRole('button', { name: 'Log In' })).toBeVisible();
    }
    expect(providerCalls).toEqual([]);
  });
});

/** The end-session request's parameters: a POSTed form, with nothing in the URL's query. */
function endSessionForm(request: Request): Record<string, string> {
  expect(request.method()).toBe('POST');
  expect(new URL(request.url()).search).toBe('');
  return Object.fromEntries(new URLSearchParams(request.postData() ?? ''));
}

test.describe('signing out', () => {
  test('Log Out revokes both tokens, ends the provider session and returns home', async ({ page }) => {
    await signIn(page, '/docs/trading-api');
    const tokens = await storedTokens(page);
    const refreshToken = tokens.refreshToken?.refreshToken ?? '';
    const accessToken = tokens.accessToken?.accessToken ?? '';
    expect(refreshToken).not.toBe('');

    const revocations: Request[] = [];
    page.on('request', (request) => {
      if (request.url() === `${IDP_ISSUER}/connect/revocation`) revocations.push(request);
    });
    const endSession = page.waitForRequest((request) => request.url().startsWith(`${IDP_ISSUER}/connect/endsession`));
    await page.locator('nav.navbar').getByRole('button', { name: 'Log Out' }).click();

    expect(endSessionForm(await endSession)).toEqual({
      id_token_hint: tokens.idToken?.idToken,
      post_logout_redirect_uri: `${SITE_ORIGIN}/`,
    });
    await page.waitForURL(`${SITE_ORIGIN}/`);
    await waitForHydration(page);
    await expect(page.locator('nav.navbar').getByRole('button', { name: 'Log In' })).toBeVisible();
    expect(await storedTokens(page)).toEqual({});

    expect(revocations).toHaveLength(2);
    const forms = revocations.map((request) => Object.fromEntries(new URLSearchParams(request.postData() ?? '')));
    expect(forms).toEqual([
      { token: refreshToken, token_type_hint: 'refresh_token', client_id: 'developer-docs' },
      { token: accessToken, token_type_hint: 'access_token', client_id: 'developer-docs' },
    ]);
    for (const request of revocations) expect(request.headers().authorization).toBeUndefined();

    // The provider no longer honours either token.
    for (const token of [refreshToken, accessToken]) {
      const introspection = await fetch(`${IDP_ISSUER}/connect/introspect`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token, client_id: 'developer-docs' }),
      });
      expect(((await introspection.json()) as { active: boolean }).active).toBe(false);
    }
  });
});

test.describe('signing out leaves the ID token in no URL', () => {
  test('no browser history entry, no request the browser sent and no request line the provider logged holds it', async ({
    page,
  }) => {
    await signIn(page, '/docs/trading-api');
    const idToken = (await storedTokens(page)).idToken?.idToken ?? '';
    expect(idToken).not.toBe('');
    const requestUrls: string[] = [];
    page.on('request', (request) => requestUrls.push(request.url()));

    await page.locator('nav.navbar').getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL((url) => url.origin === SITE_ORIGIN && url.pathname === '/');
    await waitForHydration(page);
    await expect(page.locator('nav.navbar').getByRole('button', { name: 'Log In' })).toBeVisible();

    const history = await page.context().newCDPSession(page);
    const { entries } = await history.send('Page.getNavigationHistory');
    const visited = entries.map((entry) => entry.url);
    // Chromium replaces the provider's self-submitting sign-out page in history; the pages read stay.
    expect(visited).toContain(`${SITE_ORIGIN}/docs/trading-api`);
    expect(visited.filter((url) => url.includes(idToken))).toEqual([]);
    expect(requestUrls.some((url) => url.startsWith(`${IDP_ISSUER}/connect/endsession`))).toBe(true);
    expect(requestUrls.filter((url) => url.includes(idToken))).toEqual([]);

    // The provider's request log shows each request's method, path and query (secrets as fingerprints).
    const hint = fingerprint(idToken);
    const logged = await providerRequests();
    expect(logged).toContainEqual(
      expect.objectContaining({
        method: 'POST',
        path: '/connect/endsession',
        query: {},
        form: expect.objectContaining({ id_token_hint: hint }),
      }),
    );
    const inQuery = logged.filter(({ query }) => Object.values(query).includes(hint) || 'id_token_hint' in query);
    expect(inQuery).toEqual([]);
  });
});

test.describe('signing out in another tab', () => {
  test('the other tab says so and starts nothing, and the next Log In asks for the password', async ({
    page,
    context,
  }) => {
    await signIn(page, '/docs/trading-api');
    const other = await context.newPage();
    const otherAuthorizations: string[] = [];
    other.on('request', (request) => {
      if (request.url().startsWith(`${IDP_ISSUER}/connect/authorize`)) otherAuthorizations.push(request.url());
    });
    await other.goto('/docs/document-api');
    // A second page loads the SDK and confirms the stored tokens on its own: slow on a loaded machine.
    await expect(other.locator('[data-auth-status="authenticated"]')).toBeAttached({ timeout: 30_000 });

    await page.locator('nav.navbar').getByRole('button', { name: 'Log Out' }).click();
    await expect(other.getByRole('heading', { name: 'You signed out in another tab' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(other.locator('[data-access]')).toHaveAttribute('data-access', 'concealed');
    await page.waitForURL(`${SITE_ORIGIN}/`);
    await waitForHydration(page);
    // The sign-out has completed at the provider: the other tab is still where it was, unsigned.
    expect(await storedTokens(other)).toEqual({});
    await expect(other).toHaveURL(`${SITE_ORIGIN}/docs/document-api`);
    await expect(other.locator('[data-auth-status="signed-out-elsewhere"]')).toBeAttached();
    expect(otherAuthorizations).toEqual([]);
    await expectNoAxeViolations(other);

    await other.getByRole('button', { name: 'Log In' }).click();
    await expect(other.getByRole('heading', { name: 'Development sign-in' })).toBeVisible();
    await other.close();
  });
});

test.describe('signing out without an ID token', () => {
  test('still ends the provider session, so the next Log In asks for the password', async ({ page }) => {
    await signIn(page, '/docs');
    // The page has confirmed the session first: an ID token missing while the page still checks it would
    // send the reader through a (silent) sign-in again, which stores a new one.
    await waitForHydration(page);
    await expect(page.locator('nav.navbar').getByRole('button', { name: 'Log Out' })).toBeVisible();
    // The ID token is gone (e.g. removed by expiry) while the visitor still holds other tokens.
    await page.evaluate(() => {
      const tokens = JSON.parse(window.localStorage.getItem('okta-token-storage') ?? '{}') as Record<string, unknown>;
      delete tokens.idToken;
      window.localStorage.setItem('okta-token-storage', JSON.stringify(tokens));
    });
    const endSession = page.waitForRequest((request) => request.url().startsWith(`${IDP_ISSUER}/connect/endsession`));
    await page.locator('nav.navbar').getByRole('button', { name: 'Log Out' }).click();
    expect(endSessionForm(await endSession)).toEqual({
      client_id: 'developer-docs',
      post_logout_redirect_uri: `${SITE_ORIGIN}/`,
    });
    await page.waitForURL(`${SITE_ORIGIN}/`);
    await waitForHydration(page);
    expect(await storedTokens(page)).toEqual({});

    await page.goto('/docs');
    await expect(page.getByRole('heading', { name: 'Development sign-in' })).toBeVisible();
  });
});

test.describe('an ID token missing when a page loads', () => {
  test('the page signs the reader in again, without the password while the provider session lasts', async ({
    page,
  }) => {
    await signIn(page, '/docs');
    await page.evaluate(() => {
      const tokens = JSON.parse(window.localStorage.getItem('okta-token-storage') ?? '{}') as Record<string, unknown>;
      delete tokens.idToken;
      window.localStorage.setItem('okta-token-storage', JSON.stringify(tokens));
    });
    await page.reload();
    await waitForHydration(page);
    await expect(page.locator('nav.navbar').getByRole('button', { name: 'Log Out' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/docs');
    expect(Object.keys(await storedTokens(page)).sort()).toEqual(['accessToken', 'idToken', 'refreshToken']);
  });
});

test.describe('signing out when revocation fails', () => {
  test.use({ expectedConsoleErrors: [/net::ERR_FAILED/] });

  test('sign-out still completes locally and continues to the end-session address', async ({ page }) => {
    await signIn(page, '/docs');
    // Only the revocation endpoint is cut off; the rest of the provider keeps working.
    await page.route(`${IDP_ISSUER}/connect/revocation`, (route) => route.abort('failed'));
    const endSession = page.waitForRequest((request) => request.url().startsWith(`${IDP_ISSUER}/connect/endsession`));
    await page.locator('nav.navbar').getByRole('button', { name: 'Log Out' }).click();
    await endSession;
    await page.waitForURL(`${SITE_ORIGIN}/`);
    await waitForHydration(page);
    expect(await storedTokens(page)).toEqual({});
    await expect(page.locator('nav.navbar').getByRole('button', { name: 'Log In' })).toBeVisible();
  });
});

test.describe('the error page', () => {
  test('a crafted link picks a reason from the catalogue but cannot put words on the page', async ({ page }) => {
    const words = 'Your account is locked. Call +1 555 0100 and give them your password';
    await page.goto(`/401/error?reason=provider-error&detail=${encodeURIComponent(words)}`);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/rejected the sign-in request/);
    await expect(page.getByText(/Reason reported/)).toHaveCount(0);
    await expect(page.getByText(/Your account is locked/)).toHaveCount(0);
  });
});

test.describe('the error page, opened by a signed-in reader', () => {
  test('says they are signed in, as the navbar does, and leads back to the page they were reading', async ({
    page,
  }) => {
    await signIn(page, '/docs/trading-api');
    // An old tab or a bookmark of a failed attempt: the reader has signed in since.
    await page.goto(`/401/error?reason=access-denied&returnTo=${encodeURIComponent('/docs/trading-api#errors')}`);
    await waitForHydration(page);
    const navbar = page.locator('nav.navbar');
    await expect(navbar.getByText(DEMO_USER.name)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are signed in');
    await expect(page.getByText(`You are signed in as ${DEMO_USER.name}.`, { exact: false })).toBeVisible();
    await expect(page.getByText(/canceled or refused/)).toHaveCount(1);
    await expect(page.getByText('401 · Unauthorized')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Go back to the page you were reading' }).click();
    await page.waitForURL(`${SITE_ORIGIN}/docs/trading-api#errors`);
    await expect(page.locator('[data-access="open"]')).toBeAttached();
  });
});

test.describe('return addresses', () => {
  for (const [label, returnTo] of [
    ['another origin', 'https://evil.example/phish'],
    ['a scheme-relative URL', '//evil.example/phish'],
    ['javascript:', 'javascript:alert(document.domain)'],
    ['an unparsable value', '%E0%A4%A'],
    ['the Try it proxy', '/api-proxy/v1/document-types'],
    ['a script of the site', '/assets/js/main.js'],
  ] as const) {
    test(`Try again with ${label} as the return address lands on /docs`, async ({ page }) => {
      await page.goto(`/401/error?reason=timeout&returnTo=${encodeURIComponent(returnTo)}`);
      await waitForHydration(page);
      await page.getByRole('button', { name: 'Try again' }).click();
      await signInAtProvider(page);
      await page.waitForURL(`${SITE_ORIGIN}/docs`);
      await expect(page.locator('[data-access="open"]')).toBeAttached();
    });
  }

  test('/login/ with the Try it proxy as the return address ends on a docs page, and never loads the proxy', async ({
    page,
  }) => {
    // The attack: another site links here; after sign-in the browser would load the sandbox's answer as a page of
    // this origin, with the reader's tokens in reach.
    const proxyLoads: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api-proxy/')) proxyLoads.push(request.url());
    });
    await page.goto(`/login/?returnTo=${encodeURIComponent('/api-proxy/v1/document-types?limit=1')}`);
    await signInAtProvider(page);
    await page.waitForURL(`${SITE_ORIGIN}/docs`);
    await expect(page.locator('[data-access="open"]')).toBeAttached();
    await expect(page.locator('article h1')).toBeVisible();
    expect(proxyLoads).toEqual([]);
  });

  test('Try again with a path on the site returns there', async ({ page }) => {
    await page.goto(`/401/error?reason=timeout&returnTo=${encodeURIComponent('/docs/trading-api?x=1#top')}`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Try again' }).click();
    await signInAtProvider(page);
    await page.waitForURL(`${SITE_ORIGIN}/docs/trading-api?x=1#top`);
  });
});

test.describe('the Try it proxy opened as a page', () => {
  // Chromium logs the refusal's status.
  test.use({ expectedConsoleErrors: [/status of 403/] });

  test('a page load of the Try it proxy, signed in, gets a refusal, never the sandbox’s answer', async ({ page }) => {
    await signIn(page);
    const response = await page.goto('/api-proxy/v1/document-types');
    expect(response?.status()).toBe(403);
    expect(response?.headers()['content-security-policy']).toMatch(/^sandbox; default-src 'none'/);
    expect(await response?.json()).toEqual({ message: expect.stringMatching(/not page loads/) });
  });
});

test.describe('failed sign-ins end on /401/error with a reason and no tokens', () => {
  // Capturing a callback URL blocks the return page's scripts on purpose.
  test.use({ expectedConsoleErrors: [/net::ERR_FAILED/] });

  test('the provider refuses (Cancel on its form: access_denied)', async ({ page }) => {
    await page.goto('/docs');
    await page.waitForURL((url) => url.origin === IDP_ISSUER);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expectFailurePage(page, 'access-denied', /canceled or refused/);
  });

  test('no code in the return address', async ({ page }) => {
    await page.goto('/login/callback');
    await expectFailurePage(page, 'missing-code', /incomplete/);
  });

  test('a state that does not match the one sent', async ({ page }) => {
    const callback = new URL(await captureCallbackUrl(page));
    callback.searchParams.set('state', 'forged-state-value');
    await page.goto(callback.href);
    await expectFailurePage(page, 'state-mismatch', /did not match this browser/);
  });

  test('Try again after a real failure returns to the page the visitor was trying to read', async ({ page }) => {
    const callback = new URL(await captureCallbackUrl(page, '/docs/trading-api?tab=orders'));
    callback.searchParams.set('state', 'forged-state-value');
    await page.goto(callback.href);
    await expectFailurePage(page, 'state-mismatch', /did not match this browser/);
    expect(new URL(page.url()).searchParams.get('returnTo')).toBe('/docs/trading-api?tab=orders');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Try again' }).click();
    // The provider session from the first attempt is still open, so no form is shown.
    await page.waitForURL(`${SITE_ORIGIN}/docs/trading-api?tab=orders`);
    await expect(page.locator('[data-access="open"]')).toBeAttached();
  });

  test('no saved transaction (the response opened in a fresh browser)', async ({ page, browser }) => {
    const callback = await captureCallbackUrl(page);
    const fresh = await browser.newContext();
    const freshPage = await fresh.newPage();
    await freshPage.goto(callback);
    await expectFailurePage(freshPage, 'no-transaction', /not started in this browser/);
    await fresh.close();
  });

  test.describe('a replayed code', () => {
    test.use({ expectedConsoleErrors: [new RegExp(`status of 400 \\(Bad Request\\) ${IDP_ISSUER}/connect/token`)] });
    test('a replayed authorization code', async ({ page }) => {
      // Redeem the code first, straight from the test, so the browser's exchange is a replay.
      await page.route(`${IDP_ISSUER}/connect/token`, async (route) => {
        const body = route.request().postData() ?? '';
        if (new URLSearchParams(body).get('grant_type') === 'authorization_code') {
          const first = await fetch(`${IDP_ISSUER}/connect/token`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
            body,
          });
          expect(first.status).toBe(200);
        }
        await route.continue();
      });
      await page.goto('/docs');
      await signInAtProvider(page);
      await expectFailurePage(page, 'code-rejected', /code was rejected/);
    });
  });

  test.describe('when userinfo disagrees', () => {
    // The session ends while the page's code is still arriving: the gate refuses what comes after.
    test.use({
      expectedConsoleErrors: [/status of 401|Refused to execute script from .* MIME type \('text\/plain'\)/],
    });

    test('userinfo names a different subject than the ID token', async ({ page }) => {
      await page.goto('/docs/document-api');
      await signInAtProvider(page, MISMATCH_USER);
      await expectFailurePage(page, 'userinfo-mismatch', /could not be confirmed/);
      await expect(page.locator('nav.navbar').getByRole('button', { name: 'Log In' })).toBeVisible();
      expect((await page.context().cookies()).some(({ name }) => name === 'docs_id_token')).toBe(false);
    });
  });
});

test.describe('without browser storage', () => {
  test.use({ expectedConsoleErrors: [] });

  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      for (const name of ['localStorage', 'sessionStorage'] as const) {
        Object.defineProperty(window, name, {
          configurable: true,
          get() {
            throw new DOMException('Storage is disabled', 'SecurityError');
          },
        });
      }
    });
  });

  test('the public site works and a warning is logged', async ({ page }) => {
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.goto('/');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('nav.navbar').getByRole('button', { name: 'Log In' })).toBeVisible();
    expect(warnings.some((text) => /storage is unavailable/i.test(text))).toBe(true);
  });

  test('a protected page says sign-in needs storage and offers Retry', async ({ page }) => {
    await page.goto('/docs');
    await expect(page.getByRole('heading', { name: 'This browser cannot keep you signed in' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  });
});
