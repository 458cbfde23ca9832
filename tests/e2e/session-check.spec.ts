import type { Page } from '@playwright/test';
import { IDP_ISSUER, SIGNED_IN_STATE, SITE_ORIGIN } from './environment.mjs';
import { ID_TOKEN_COOKIE } from '../../config/idTokenCookie.mjs';
import { expect, refreshRequest, signIn, storedTokens, test, waitForHydration, watchSignInSdk } from './fixtures';

/**
 * An ordinary page load of a signed-in reader confirms the session without the sign-in SDK: the stored
 * tokens and userinfo decide (src/auth/sessionCheck.ts). The SDK is downloaded only when it is needed:
 * to sign in or out, to renew, or when that check fails.
 */

const PAGE = '/docs/accounts-api/endpoints/balance-summary';
const gate = (page: Page) => page.locator('[data-access]');

/**
 * Records what the page's code writes to the gate's cookie (`document.cookie = …`), from the next page
 * load on, in order; the returned function reads the record.
 */
async function recordGateCookieWrites(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript((name) => {
    const writes: string[] = [];
    Object.assign(window, { gateCookieWrites: writes });
    const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
    Object.defineProperty(Document.prototype, 'cookie', {
      ...cookie,
      set(this: Document, value: string) {
        if (value.startsWith(`${name}=`)) writes.push(value);
        cookie?.set?.call(this, value);
      },
    });
  }, ID_TOKEN_COOKIE);
  return () => page.evaluate(() => (window as unknown as { gateCookieWrites: string[] }).gateCookieWrites);
}

test.describe('a signed-in reader', () => {
  test.use({ storageState: SIGNED_IN_STATE });

  test('a docs page confirms the session with userinfo and never downloads the sign-in SDK', async ({ page }) => {
    const sdk = await watchSignInSdk(page);
    const userinfo = page.waitForResponse(`${IDP_ISSUER}/connect/userinfo`);
    await page.goto(PAGE);
    expect((await userinfo).status()).toBe(200);
    await expect(gate(page)).toHaveAttribute('data-auth-status', 'authenticated');
    await expect(gate(page)).toHaveAttribute('data-access', 'open');
    await expect(page.locator('article h1')).toBeVisible();
    // The reader's name, from userinfo, is in the navigation bar.
    await expect(page.locator('nav.navbar').getByRole('button', { name: 'Log Out' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(sdk()).toEqual([]);
  });
});

test.describe('the SDK when it is needed', () => {
  test('an expired access token is renewed by the SDK, and the page stays signed in', async ({ page }) => {
    await signIn(page, PAGE);
    const before = (await storedTokens(page)).accessToken?.accessToken;
    // The stored access token has run out (the page was opened after its expiry).
    await page.evaluate(() => {
      const tokens = JSON.parse(window.localStorage.getItem('okta-token-storage') ?? '{}');
      tokens.accessToken.expiresAt = Math.floor(Date.now() / 1000) - 10;
      window.localStorage.setItem('okta-token-storage', JSON.stringify(tokens));
    });
    const sdk = await watchSignInSdk(page);
    const cookieWrites = await recordGateCookieWrites(page);
    const refresh = refreshRequest(page);
    await page.reload();
    expect((await (await refresh).response())?.status()).toBe(200);
    await expect(gate(page)).toHaveAttribute('data-auth-status', 'authenticated');
    await expect.poll(async () => (await storedTokens(page)).accessToken?.accessToken).not.toBe(before);
    expect(sdk()).not.toEqual([]);
    await expect(page).toHaveURL(`${SITE_ORIGIN}${PAGE}`);
    // The renewal replaced the gate's cookie with the new ID token and never removed it first: a protected
    // file the page asked for in between would have been refused.
    const renewedIdToken = (await storedTokens(page)).idToken?.idToken;
    const writes = await cookieWrites();
    expect(writes.filter((write) => write.startsWith(`${ID_TOKEN_COOKIE}=;`))).toEqual([]);
    expect(writes.at(-1)).toMatch(new RegExp(`^${ID_TOKEN_COOKIE}=${renewedIdToken};`));
  });

  test('Log Out on a page without the SDK signs out, and the tab that had it says so', async ({ page, context }) => {
    await signIn(page, '/docs/trading-api');
    const reader = await context.newPage();
    const sdk = await watchSignInSdk(reader);
    await reader.goto(PAGE);
    await expect(gate(reader)).toHaveAttribute('data-auth-status', 'authenticated');
    await reader.waitForLoadState('networkidle');
    expect(sdk()).toEqual([]);

    const endSession = reader.waitForRequest((request) => request.url().startsWith(`${IDP_ISSUER}/connect/endsession`));
    await reader.locator('nav.navbar').getByRole('button', { name: 'Log Out' }).click();
    await endSession;
    await reader.waitForURL(`${SITE_ORIGIN}/`);
    await waitForHydration(reader);
    await expect(reader.locator('nav.navbar').getByRole('button', { name: 'Log In' })).toBeVisible();
    expect(await storedTokens(reader)).toEqual({});
    expect(sdk()).not.toEqual([]);
    await expect(page.getByRole('heading', { name: 'You signed out in another tab' })).toBeVisible();
    await expect(gate(page)).toHaveAttribute('data-auth-status', 'signed-out-elsewhere');
    await reader.close();
  });
});
