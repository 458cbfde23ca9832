import { test as base, expect, type Page, type Request } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { fillSignInForm, submitSignInForm } from '../../dev/idp/testing.mjs';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUILD_DIR, DEMO_USER, IDP_ISSUER, SIGNED_IN_STATE, TEST_CONTROLS_TOKEN } from './environment.mjs';
import { diagramSourcesFor } from './siteContent';

export { expect };

export interface Fixtures {
  /** Console messages a test provokes on purpose (matched against the text); every other error fails the test. */
  readonly expectedConsoleErrors: readonly RegExp[];
  readonly consoleErrors: string[];
}

/** An address without its `#fragment`: Chromium logs a page's address with it, its response has none. */
const withoutFragment = (url: string) => url.split('#')[0];

export const test = base.extend<Fixtures>({
  expectedConsoleErrors: [[], { option: true }],
  consoleErrors: [
    async ({ page, expectedConsoleErrors }, use) => {
      const errors: string[] = [];
      // Pages served with 404 (the not-found page) or 401 (the gate's sign-in shell), as they should be.
      // Chromium logs their status; by then the shell may already have moved on, so match the logged
      // address against the documents received, not against the page's current address.
      const pagesWithErrorStatus = new Set<string>();
      page.on('response', (response) => {
        if ([401, 404].includes(response.status()) && response.request().isNavigationRequest()) {
          pagesWithErrorStatus.add(withoutFragment(response.url()));
        }
      });
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        // The identity provider's own pages are not the site's.
        if (page.url().startsWith(IDP_ISSUER)) return;
        if (
          /status of 40[14]/.test(message.text()) &&
          pagesWithErrorStatus.has(withoutFragment(message.location().url))
        )
          return;
        const text = `${message.text()} ${message.location().url ?? ''}`;
        if (!expectedConsoleErrors.some((pattern) => pattern.test(text))) errors.push(text);
      });
      page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
      await use(errors);
      expect(errors, 'console errors on the page').toEqual([]);
    },
    { auto: true },
  ],
});

/** The signed-in demo developer's ID-token cookie (auth.setup.ts), as a `Cookie` header for a plain fetch. */
export function idTokenCookie(): string {
  const state = JSON.parse(readFileSync(SIGNED_IN_STATE, 'utf8')) as { cookies: { name: string; value: string }[] };
  const cookie = state.cookies.find(({ name }) => name === 'docs_id_token');
  if (!cookie) throw new Error(`${SIGNED_IN_STATE} holds no docs_id_token cookie: the site did not set it at sign-in`);
  return `docs_id_token=${cookie.value}`;
}

/**
 * How long to wait for the reference to draw: it draws the first operations, then the rest in the background,
 * one per idle moment. On a busy two-core machine (two browsers, the servers, the provider) the whole orders
 * page took up to 19 s in CI, so a wait of the default 10 s failed on the state it was waiting for.
 */
export const DRAWING = { timeout: 45_000 };

/** Waits until React has hydrated the prerendered page. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
}

/** Which part of a page an axe scan covers, and with which rules (default: the whole page, every WCAG A/AA rule). */
export interface AxeScope {
  readonly include?: readonly string[];
  readonly exclude?: readonly string[];
  /** Only these rules (each must still be a WCAG 2.x A/AA rule to matter here). */
  readonly onlyRules?: readonly string[];
  /** Rules this scan leaves out: another scan of the same page must cover them. */
  readonly disableRules?: readonly string[];
}

/** Runs axe with the WCAG 2.0/2.1 A and AA rules and asserts that nothing is violated. */
export async function expectNoAxeViolations(page: Page, scope: AxeScope = {}): Promise<void> {
  let builder = new AxeBuilder({ page });
  builder = scope.onlyRules
    ? builder.withRules([...scope.onlyRules])
    : builder.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (scope.disableRules) builder = builder.disableRules([...scope.disableRules]);
  for (const selector of scope.include ?? []) builder = builder.include(selector);
  for (const selector of scope.exclude ?? []) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  const summary = violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5),
  }));
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

/** Fills in the development provider's sign-in form (the page must be on it). */
export async function signInAtProvider(page: Page, user: { username: string; password: string } = DEMO_USER) {
  await page.waitForURL((url) => url.origin === IDP_ISSUER);
  await fillSignInForm(page, user);
  await submitSignInForm(page);
}

/** Waits until a docs page shows its content and has drawn every diagram its source holds. */
export async function waitForDocsPage(page: Page, route: string): Promise<void> {
  await expect(page.locator('[data-access="open"]')).toBeAttached();
  await expect(page.locator('article .docusaurus-mermaid-container svg')).toHaveCount(diagramSourcesFor(route).length, {
    timeout: 20_000,
  });
}

/** Signs in from a protected page and waits for its content. */
export async function signIn(page: Page, path = '/docs', user = DEMO_USER): Promise<void> {
  await page.goto(path);
  await signInAtProvider(page, user);
  await page.waitForURL((url) => url.origin !== IDP_ISSUER && !url.pathname.startsWith('/login/callback'));
  await expect(page.locator('[data-access="open"]')).toBeAttached();
}

/** Talks to the development provider's test controls. */
export async function providerControl(path: string, body: unknown = {}): Promise<unknown> {
  const response = await fetch(`${IDP_ISSUER}/__test__/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Test-Controls-Token': TEST_CONTROLS_TOKEN },
    body: JSON.stringify(body),
  });
  if (response.status === 403) {
    throw new Error(
      `test control ${path} refused this run's token: a provider started elsewhere is running on ${IDP_ISSUER} (stop it, or start both with the same IDP_TEST_CONTROLS_TOKEN)`,
    );
  }
  if (!response.ok) throw new Error(`test control ${path} answered ${response.status}`);
  return response.json();
}

export interface ProviderRequest {
  readonly method: string;
  readonly path: string;
  /** Codes, verifiers and tokens appear as `sha256:…` fingerprints. */
  readonly query: Record<string, string>;
  readonly form?: Record<string, string>;
}

export async function providerRequests(): Promise<ProviderRequest[]> {
  const response = await fetch(`${IDP_ISSUER}/__test__/requests`, {
    headers: { 'X-Test-Controls-Token': TEST_CONTROLS_TOKEN },
  });
  return (await response.json()) as ProviderRequest[];
}

export interface StoredTokens {
  readonly accessToken?: { readonly accessToken: string };
  readonly refreshToken?: { readonly refreshToken: string };
  readonly idToken?: { readonly idToken: string };
}

/**
 * What is left of half-finished sign-ins in this page's storage: okta-auth-js's transaction
 * (state, nonce, PKCE verifier), its copy in localStorage, and the stored return address.
 */
export async function transactionStorage(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const left: Record<string, string> = {};
    for (const [name, storage] of [
      ['local', window.localStorage],
      ['session', window.sessionStorage],
    ] as const) {
      for (let index = 0; index < storage.length; index += 1) {
        const key = storage.key(index) ?? '';
        const value = storage.getItem(key) ?? '';
        if (/transaction|pkce|original-uri|referrerPath/i.test(key) && value !== '' && value !== '{}') {
          left[`${name}:${key}`] = value;
        }
      }
    }
    return left;
  });
}

/** The tokens okta-auth-js keeps in this page's localStorage (`{}` when there are none). */
export async function storedTokens(page: Page): Promise<StoredTokens> {
  return page.evaluate(() => JSON.parse(window.localStorage.getItem('okta-token-storage') ?? '{}'));
}

/** okta-auth-js names itself and its version in every request it sends (as build-output.spec.ts reads it). */
const SIGN_IN_SDK = /okta-auth-js\/\d+\.\d+/;

let signInSdkScripts: ReadonlySet<string> | undefined;

/** The paths of the test build's scripts that hold the sign-in SDK, read once from build-e2e/. */
function signInSdkScriptPaths(): ReadonlySet<string> {
  if (!signInSdkScripts) {
    const folder = join(BUILD_DIR, 'assets', 'js');
    const files = readdirSync(folder).filter((file) => file.endsWith('.js'));
    signInSdkScripts = new Set(
      files
        .filter((file) => SIGN_IN_SDK.test(readFileSync(join(folder, file), 'utf8')))
        .map((file) => `/assets/js/${file}`),
    );
    if (signInSdkScripts.size === 0) throw new Error(`no script in ${folder} holds the sign-in SDK`);
  }
  return signInSdkScripts;
}

/**
 * Records the site's scripts that hold the sign-in SDK as `page` asks for them (call before it loads),
 * prefetches included: the returned function lists their paths. The scripts are known from the build, so
 * nothing stands between the page and its requests.
 */
export async function watchSignInSdk(page: Page): Promise<() => string[]> {
  const scripts = signInSdkScriptPaths();
  const requested: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (scripts.has(pathname)) requested.push(pathname);
  });
  return () => [...requested];
}

/**
 * Resolves with the token renewal (`grant_type=refresh_token`) `page` sends to the provider. okta-auth-js
 * repeats the extra authorization parameters (realm) on the refresh URL, so only its start is compared.
 */
export function refreshRequest(page: Page, timeout = 30_000): Promise<Request> {
  return page.waitForRequest(
    (request) =>
      request.url().startsWith(`${IDP_ISSUER}/connect/token`) &&
      new URLSearchParams(request.postData() ?? '').get('grant_type') === 'refresh_token',
    { timeout },
  );
}
