/**
 * The sign-in engine (`AuthEngine`, declared in `./AuthProvider/engine.ts`) on okta-auth-js: one
 * OktaAuth instance and what the site does with it. The only file that imports the SDK (an ESLint
 * rule keeps `@okta/*` out of every other file). Browser only, and loaded on demand through
 * `loadAuthEngine`, so public pages do not download the SDK.
 */
import {
  getKey,
  getWellKnown,
  OktaAuth,
  type AuthState,
  type OktaAuthOptions,
  type Token,
} from '@okta/okta-auth-js/core';
import type { AuthSettings } from '@site/config/settings';
import type { AuthEngine } from './AuthProvider/engine';
import { createAuthLog } from './authLog';
import { postEndSessionForm } from './endSessionForm';
import { clearTransactionStorage, isStorageAvailable, storedIdToken } from './browserStorage';
import { clearIdTokenCookie, writeIdTokenCookie } from './idTokenCookie';
import { EXPIRE_EARLY_SECONDS, providerEndpoints } from './providerEndpoints';
import { signedInUserOf } from './storedSession';
import { CALLBACK_PATH } from '../../contracts/auth/returnPage';
import type { SiteLocation } from './redirectTarget';

/**
 * Options for okta-auth-js against a standard OpenID provider. The URLs are given explicitly:
 * without them the SDK would build Okta-style paths. Redirect URIs come from the page's origin,
 * so one build serves any host.
 */
export function buildOktaAuthOptions(settings: AuthSettings, site: SiteLocation): OktaAuthOptions {
  const { discoveryUrl: _discovery, ...endpoints } = providerEndpoints(settings.issuer);
  return {
    issuer: settings.issuer,
    clientId: settings.clientId,
    ...endpoints,
    redirectUri: `${site.origin}${site.baseUrl}${CALLBACK_PATH}`,
    postLogoutRedirectUri: `${site.origin}${site.baseUrl}`,
    scopes: [...settings.scopes],
    responseType: 'code',
    pkce: true,
    codeChallengeMethod: 'S256',
    // okta-auth-js's dev mode prints every token object to the console; the site's own
    // diagnostics (`authLog`, OIDC_DEBUG) never print a token, code or verifier.
    devMode: false,
    // The SDK adds its own user-agent header, and a JSON content type even to a GET: neither is one a
    // browser may send across origins unasked, so each call to the provider (discovery, token, keys)
    // would first wait for a CORS preflight. Without them those calls are simple requests; the token
    // request sets its own form content type.
    headers: { 'X-Okta-User-Agent-Extended': undefined, 'Content-Type': undefined },
    maxClockSkew: 300,
    tokenManager: {
      storage: 'localStorage',
      autoRenew: true,
      autoRemove: true,
      expireEarlySeconds: EXPIRE_EARLY_SECONDS,
      syncStorage: true,
    },
    services: { autoRenew: true, autoRemove: true, syncStorage: true },
    // By default okta-auth-js copies every transaction (state, nonce, PKCE verifier) into
    // localStorage for 30 minutes, so that another tab could finish it. Not here: it stays in this
    // tab's sessionStorage and is removed on every failure.
    transactionManager: { enableSharedStorage: false },
  };
}

const PROVIDER_TIMEOUT_MS = 10_000;

export class StorageUnavailableError extends Error {
  constructor() {
    super('Browser storage is unavailable');
    this.name = 'StorageUnavailableError';
  }
}

async function postForm(url: string, fields: Record<string, string>): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
    signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`${url} answered HTTP ${response.status}`);
}

/**
 * The gate's cookie follows the stored ID token: set when tokens are stored (sign-in, or another
 * tab's through storage sync), replaced when they renew, removed with them.
 *
 * A renewal reports the old ID token removed, then the new one added, after it has stored the new one.
 * The cookie is replaced then, never removed first: a file of a protected page the browser asks for in
 * between would be refused (401) by the gate. So a removal clears the cookie only when no ID token is
 * stored any more.
 */
function keepIdTokenCookie(oktaAuth: OktaAuth, baseUrl: string): void {
  const follow = (key: string, token: Token) => {
    if (key === 'idToken' && 'idToken' in token) writeIdTokenCookie(token, baseUrl);
  };
  oktaAuth.tokenManager.on('added', follow);
  oktaAuth.tokenManager.on('renewed', follow);
  oktaAuth.tokenManager.on('removed', (key: string) => {
    if (key === 'idToken' && storedIdToken() === null) clearIdTokenCookie(baseUrl);
  });
  const { idToken } = oktaAuth.tokenManager.getTokensSync();
  if (idToken) writeIdTokenCookie(idToken, baseUrl);
}

export function createAuthEngine(settings: AuthSettings, site: SiteLocation): AuthEngine {
  if (!isStorageAvailable()) throw new StorageUnavailableError();

  const oktaAuth = new OktaAuth(buildOktaAuthOptions(settings, site));
  const endpoints = providerEndpoints(settings.issuer);
  const authLog = createAuthLog(settings.debug);
  const log = authLog.debug;
  if (settings.debug) {
    oktaAuth.tokenManager.on('error', (error: unknown) => log('token error (renewal failed?)', error));
    oktaAuth.authStateManager.subscribe((state) => log('signed in:', state.isAuthenticated));
  }
  keepIdTokenCookie(oktaAuth, site.baseUrl);

  // A standard provider rejects okta-auth-js's `Authorization: Basic base64(clientId)` for a
  // public client, so revocation sends `client_id` in the form body instead.
  async function revoke(token: string | undefined, hint: 'refresh_token' | 'access_token') {
    if (!token) return;
    try {
      await postForm(endpoints.revokeUrl, { token, token_type_hint: hint, client_id: settings.clientId });
      log(`revoked the ${hint}`);
    } catch (error) {
      authLog.warn(`Could not revoke the ${hint}; signing out locally anyway.`, error);
    }
  }

  const holdsValidTokens = () => {
    const { accessToken, idToken } = oktaAuth.tokenManager.getTokensSync();
    return Boolean(
      accessToken &&
      idToken &&
      !oktaAuth.tokenManager.hasExpired(accessToken) &&
      !oktaAuth.tokenManager.hasExpired(idToken),
    );
  };

  return {
    async start() {
      await oktaAuth.start();
    },
    subscribe(listener) {
      const onAuthState = (state: AuthState) => {
        const idToken = state.isAuthenticated ? (state.idToken?.idToken ?? null) : null;
        listener({ type: 'storage-sync', idToken, holdsValidTokens: holdsValidTokens() });
      };
      const onRenewed = (key: string, token: Token) => {
        if (key === 'idToken' && 'idToken' in token) listener({ type: 'token-renewed', idToken: token.idToken });
      };
      const onError = () => listener({ type: 'renewal-failed' });
      oktaAuth.authStateManager.subscribe(onAuthState);
      oktaAuth.tokenManager.on('renewed', onRenewed);
      oktaAuth.tokenManager.on('error', onError);
      const current = oktaAuth.authStateManager.getAuthState();
      if (current) onAuthState(current);
      return () => {
        oktaAuth.authStateManager.unsubscribe(onAuthState);
        oktaAuth.tokenManager.off('renewed', onRenewed);
        oktaAuth.tokenManager.off('error', onError);
      };
    },
    async checkProvider() {
      const response = await fetch(endpoints.discoveryUrl, { signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
      if (!response.ok) throw new Error(`The identity provider is unavailable (HTTP ${response.status}).`);
    },
    async signIn(returnTo) {
      // The SDK reads the discovery document too (PKCE support) and keeps it: both requests go at once.
      const sdkDiscovery = getWellKnown(oktaAuth).catch(() => undefined);
      await this.checkProvider();
      await sdkDiscovery;
      log('signing in; will return to', returnTo);
      // okta-auth-js ignores `extraParams` given to its constructor; they go with the request.
      await oktaAuth.signInWithRedirect({ originalUri: returnTo, extraParams: { realm: settings.realm } });
    },
    async signOut() {
      const { accessToken, refreshToken, idToken } = oktaAuth.tokenManager.getTokensSync();
      // The gate's cookie goes only as the page leaves: until then the page is still a signed-in
      // reader's, and the files it has already asked the browser to prefetch must not be refused.
      if (settings.revokeOnSignOut) {
        await revoke(refreshToken?.refreshToken, 'refresh_token');
        await revoke(accessToken?.accessToken, 'access_token');
      }
      clearIdTokenCookie(site.baseUrl);
      oktaAuth.tokenManager.clear();
      // Without an ID token there is no hint, but the provider session must end all the same:
      // otherwise the next Log In would be silent. The client id tells the provider who asks.
      const who: Record<string, string> = idToken
        ? { id_token_hint: idToken.idToken }
        : { client_id: settings.clientId };
      postEndSessionForm(endpoints.logoutUrl, { ...who, post_logout_redirect_uri: `${site.origin}${site.baseUrl}` });
    },
    async readUser() {
      const claims = await oktaAuth.getUser();
      const idTokenClaims = oktaAuth.tokenManager.getTokensSync().idToken?.claims;
      return signedInUserOf(claims, idTokenClaims, settings.sandboxClientIdClaim);
    },
    isSignInResponse() {
      return oktaAuth.isLoginRedirect();
    },
    pendingReturnPath() {
      return oktaAuth.getOriginalUri();
    },
    async receiveSignIn() {
      const state = new URLSearchParams(window.location.search).get('state') ?? undefined;
      const returnTo = oktaAuth.getOriginalUri(state);
      // The ID token's signature is checked against the provider's keys, which the SDK fetches after
      // the code exchange and keeps for a day: fetched now, they arrive while the code is exchanged.
      // (Asking for no key id stores the key set and finds nothing: the rejection is expected.)
      getKey(oktaAuth, settings.issuer, '').catch(() => undefined);
      const { tokens } = await oktaAuth.token.parseFromUrl();
      return {
        returnTo,
        async store() {
          oktaAuth.tokenManager.setTokens(tokens);
          oktaAuth.removeOriginalUri(state);
          clearTransactionStorage();
          // Settled before the visitor moves on, so the next page reads the new state at once
          // instead of waiting for the SDK's services to start.
          await oktaAuth.authStateManager.updateAuthState();
        },
      };
    },
    clearLocalSession() {
      clearIdTokenCookie(site.baseUrl);
      oktaAuth.tokenManager.clear();
      oktaAuth.transactionManager.clear();
      oktaAuth.removeOriginalUri();
      clearTransactionStorage();
    },
  };
}
