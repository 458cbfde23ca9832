import type { Page } from '@playwright/test';
import { IDP_ISSUER, SITE_ORIGIN } from './environment.mjs';
import {
  expect,
  expectNoAxeViolations,
  providerControl,
  refreshRequest,
  signIn,
  signInAtProvider,
  storedTokens,
  test,
  type StoredTokens,
  watchSignInSdk,
} from './fixtures';

// Each test switches the shared development provider into a failure mode; this project runs alone.
test.describe.configure({ mode: 'serial' });

test.afterEach(async () => {
  await providerControl('reset');
});

test.describe('an unreachable provider', () => {
  test.use({ expectedConsoleErrors: [/status of 503/] });

  test('a protected page says so and Retry continues once it is back', async ({ page }) => {
    await providerControl('outage', { down: true });
    await page.goto('/docs/trading-api');
    // The server's gate answers with the sign-in shell, which hands over to /login/ with the address to
    // return to; that page reports the outage. No documentation reached the browser on the way.
    await expect(page.getByRole('heading', { name: 'The identity provider could not be reached' })).toBeVisible();
    const url = new URL(page.url());
    expect(url.pathname).toBe('/login/');
    expect(url.searchParams.get('returnTo')).toBe('/docs/trading-api');
    const retry = page.getByRole('button', { name: 'Retry' });
    await expect(retry).toBeVisible();
    await expect(page.locator('article')).toHaveCount(0);
    await expect(page.locator('body')).not.toContainText('Place and follow an order');

    await providerControl('outage', { down: false });
    await retry.click();
    await signInAtProvider(page);
    await page.waitForURL(`${SITE_ORIGIN}/docs/trading-api`);
    await expect(page.locator('[data-access="open"]')).toBeAttached();
  });
});

test.describe('tokens the provider cannot stand behind', () => {
  test('an ID token that its published keys do not verify', async ({ page }) => {
    await providerControl('foreign-keys', { on: true });
    await page.goto('/docs');
    await signInAtProvider(page);
    await page.waitForURL((url) => url.pathname === '/401/error', { timeout: 15_000 });
    expect(new URL(page.url()).searchParams.get('reason')).toBe('token-invalid');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/could not be verified/);
    expect(await storedTokens(page)).toEqual({});
  });

  test('a realm the provider does not accept', async ({ page }) => {
    await providerControl('realm', { realm: 'partners' });
    await page.goto('/docs');
    await page.waitForURL((url) => url.pathname === '/401/error', { timeout: 15_000 });
    const url = new URL(page.url());
    expect(url.searchParams.get('reason')).toBe('provider-error');
    // The provider's words reach the page through history state, never through the URL.
    expect(url.searchParams.get('detail')).toBeNull();
    await expect(page.getByText(/Reason reported: invalid_request: .*realm/i)).toBeVisible();
    expect(await storedTokens(page)).toEqual({});
  });
});

test.describe('token renewal', () => {
  test('tokens renew with the refresh token before they expire', async ({ page }) => {
    await providerControl('token-ttl', { accessTokenTtl: 40 });
    await signIn(page, '/docs/trading-api');
    const first = (await storedTokens(page)).accessToken?.accessToken;
    const refresh = await refreshRequest(page);
    expect((await refresh.response())?.status()).toBe(200);
    await expect.poll(async () => (await storedTokens(page)).accessToken?.accessToken).not.toBe(first);
    await expect(page).toHaveURL(`${SITE_ORIGIN}/docs/trading-api`);
    await expect(page.locator('[data-access="open"]')).toBeAttached();
  });

  test('a page opened without the SDK loads it before the tokens expire, and they renew', async ({ page }) => {
    // Renewal is due 30 s before expiry; the page loads the SDK a minute before that, here within seconds.
    test.setTimeout(150_000);
    await providerControl('token-ttl', { accessTokenTtl: 100 });
    await signIn(page, '/docs/trading-api');
    const first = (await storedTokens(page)).accessToken?.accessToken;
    const sdk = await watchSignInSdk(page);
    const userinfo = page.waitForResponse(`${IDP_ISSUER}/connect/userinfo`);
    // A fresh load: the session is confirmed without the SDK.
    await page.reload();
    expect((await userinfo).status()).toBe(200);
    await expect(page.locator('[data-auth-status="authenticated"]')).toBeAttached();
    const refresh = await refreshRequest(page, 100_000);
    expect((await refresh.response())?.status()).toBe(200);
    expect(sdk()).not.toEqual([]);
    await expect.poll(async () => (await storedTokens(page)).accessToken?.accessToken).not.toBe(first);
    await expect(page.locator('[data-auth-status="authenticated"]')).toBeAttached();
  });

  test.describe('a failed renewal', () => {
    test.use({ expectedConsoleErrors: [new RegExp(`status of 400 \\(Bad Request\\) ${IDP_ISSUER}/connect/token`)] });

    test('sends the visitor to sign in again and back to the same page', async ({ page }) => {
      await providerControl('token-ttl', { accessTokenTtl: 40 });
      const address = '/docs/document-api?tab=download#errors';
      await signIn(page, address);
      const before = await storedTokens(page);
      const revoked = await fetch(`${IDP_ISSUER}/connect/revocation`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          token: before.refreshToken?.refreshToken ?? '',
          token_type_hint: 'refresh_token',
          client_id: 'developer-docs',
        }),
      });
      expect(revoked.status).toBe(200);

      // The renewal is refused, so the site starts a new sign-in (the provider's session is still
      // open, so it completes without the form) and comes back to the same address.
      const failedRenewal = refreshRequest(page);
      expect((await (await failedRenewal).response())?.status()).toBe(400);
      const authorize = await page.waitForRequest((request) =>
        request.url().startsWith(`${IDP_ISSUER}/connect/authorize?`),
      );
      expect(new URL(authorize.url()).searchParams.get('realm')).toBe('developers');
      await page.waitForURL((url) => url.pathname === '/login/callback');
      await page.waitForURL(`${SITE_ORIGIN}${address}`);
      await expect(page.locator('[data-access="open"]')).toBeAttached();
      const after = await storedTokens(page);
      expect(after.refreshToken?.refreshToken).not.toBe(before.refreshToken?.refreshToken ?? '');
    });
  });
});

/** Revokes the tokens this page holds, as a restarted provider (in-memory adapter) forgets them. */
async function providerForgets(page: Page): Promise<StoredTokens> {
  const tokens = await storedTokens(page);
  for (const [token, hint] of [
    [tokens.accessToken?.accessToken, 'access_token'],
    [tokens.refreshToken?.refreshToken, 'refresh_token'],
  ] as const) {
    const revoked = await fetch(`${IDP_ISSUER}/connect/revocation`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: token ?? '', token_type_hint: hint, client_id: 'developer-docs' }),
    });
    expect(revoked.status).toBe(200);
  }
  return tokens;
}

test.describe('stored tokens the provider no longer knows (it restarted, or the session was revoked)', () => {
  test.use({
    expectedConsoleErrors: [
      // Userinfo refuses the stored access token. And the page asked for its links' code (prefetch) while the
      // gate's cookie still stood; the browser fetches it at low priority, after the refused session and its
      // cookie have gone.
      new RegExp(`status of 401 \\(Unauthorized\\) (${IDP_ISSUER}/connect/userinfo|${SITE_ORIGIN}/assets/js/)`),
    ],
  });

  test('the reader is signed in again and returns to the page, with no error to get past', async ({ page }) => {
    const address = '/docs/trading-api?tab=orders#errors';
    await signIn(page, address);
    const before = await providerForgets(page);

    const authorize = page.waitForRequest((request) => request.url().startsWith(`${IDP_ISSUER}/connect/authorize?`));
    await page.reload();
    // Userinfo refuses the stored access token: the tokens go, and a fresh sign-in (silent: the provider's own
    // session is still open) brings the reader back to the same address.
    await authorize;
    await page.waitForURL((url) => url.pathname === '/login/callback');
    await page.waitForURL(`${SITE_ORIGIN}${address}`);
    await expect(page.locator('[data-auth-status="authenticated"]')).toBeAttached();
    expect((await storedTokens(page)).accessToken?.accessToken).not.toBe(before.accessToken?.accessToken);
  });

  test('refused again right after a fresh sign-in, it says so, and Retry signs in again', async ({ page }) => {
    const address = '/docs/trading-api';
    await signIn(page, address);
    await providerForgets(page);
    await page.reload();
    await page.waitForURL((url) => url.pathname === '/login/callback');
    await page.waitForURL(`${SITE_ORIGIN}${address}`);
    await expect(page.locator('[data-auth-status="authenticated"]')).toBeAttached();

    // A second refusal within a minute is not answered with another automatic sign-in (that could go round
    // for ever): the page says what happened, the refused tokens are gone, and Retry is a way forward.
    await providerForgets(page);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Your sign-in has ended' })).toBeVisible();
    expect(await storedTokens(page)).toEqual({});
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.waitForURL((url) => url.pathname === '/login/callback');
    await page.waitForURL(`${SITE_ORIGIN}${address}`);
    await expect(page.locator('[data-auth-status="authenticated"]')).toBeAttached();
  });
});
