/**
 * The sign-in engine: one OktaAuth instance and what the site does with it. Browser only, and
 * loaded on demand through `loadAuthEngine`, so public pages do not download the SDK.
 */
import { OktaAuth, type AuthState } from '@okta/okta-auth-js';
import type { AuthSettings } from '@site/config/settings';
import { createAuthLog } from './authLog';
import { isStorageAvailable } from './browserStorage';
import { buildOktaAuthOptions, providerEndpoints } from './oktaAuthOptions';
import type { SiteLocation } from './redirectTarget';

export interface SignedInUser {
  readonly subject: string;
  readonly name: string;
  readonly email?: string;
}

export interface AuthEngine {
  readonly oktaAuth: OktaAuth;
  /** Starts token renewal and storage sync, then reports the current state. */
  start(): Promise<void>;
  /** Calls `listener` with every change of the signed-in state. Returns an unsubscribe function. */
  subscribe(listener: (state: AuthState) => void): () => void;
  /** Fails fast when the identity provider does not answer (discovery document). */
  checkProvider(): Promise<void>;
  /** Stores `returnTo` (an already checked site path) and leaves for the provider's sign-in page. */
  signIn(returnTo: string): Promise<void>;
  /** Revokes tokens (unless configured off), clears them, and leaves for the end-session address. */
  signOut(): Promise<void>;
  /** Reads userinfo; rejects with "token mismatch" when its subject differs from the ID token's. */
  readUser(): Promise<SignedInUser>;
  /** Whether unexpired ID and access tokens are stored, whatever the last reported state. */
  holdsValidTokens(): boolean;
  /** Forgets tokens and any half-finished sign-in in this browser. */
  clearLocalSession(): void;
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

  return {
    oktaAuth,
    async start() {
      await oktaAuth.start();
    },
    subscribe(listener) {
      oktaAuth.authStateManager.subscribe(listener);
      const current = oktaAuth.authStateManager.getAuthState();
      if (current) listener(current);
      return () => oktaAuth.authStateManager.unsubscribe(listener);
    },
    async checkProvider() {
      const response = await fetch(endpoints.discoveryUrl, { signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
      if (!response.ok) throw new Error(`The identity provider is unavailable (HTTP ${response.status}).`);
    },
    async signIn(returnTo) {
      await this.checkProvider();
      log('signing in; will return to', returnTo);
      // okta-auth-js ignores `extraParams` given to its constructor; they go with the request.
      await oktaAuth.signInWithRedirect({ originalUri: returnTo, extraParams: { realm: settings.realm } });
    },
    async signOut() {
      const { accessToken, refreshToken, idToken } = oktaAuth.tokenManager.getTokensSync();
      if (settings.revokeOnSignOut) {
        await revoke(refreshToken?.refreshToken, 'refresh_token');
        await revoke(accessToken?.accessToken, 'access_token');
      }
      if (!idToken) {
        oktaAuth.tokenManager.clear();
        window.location.assign(`${site.origin}${site.baseUrl}`);
        return;
      }
      await oktaAuth.signOut({
        idToken,
        revokeAccessToken: false,
        revokeRefreshToken: false,
        clearTokensBeforeRedirect: true,
      });
    },
    async readUser() {
      const claims = await oktaAuth.getUser();
      const name = [claims.name, claims.preferred_username, claims.email].find(
        (value): value is string => typeof value === 'string' && value !== '',
      );
      return { subject: claims.sub, name: name ?? claims.sub, email: claims.email };
    },
    holdsValidTokens() {
      const { accessToken, idToken } = oktaAuth.tokenManager.getTokensSync();
      return Boolean(
        accessToken &&
        idToken &&
        !oktaAuth.tokenManager.hasExpired(accessToken) &&
        !oktaAuth.tokenManager.hasExpired(idToken),
      );
    },
    clearLocalSession() {
      oktaAuth.tokenManager.clear();
      oktaAuth.transactionManager.clear();
      oktaAuth.removeOriginalUri();
    },
  };
}
