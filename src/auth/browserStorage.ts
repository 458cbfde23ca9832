/**
 * Safe access to browser storage. Storage can be switched off or throw (privacy modes, quotas);
 * the public site keeps working and a warning is logged once.
 */

let warned = false;

function warnOnce(error: unknown): void {
  if (warned) return;
  warned = true;
  console.warn('[auth] Browser storage is unavailable; sign-in cannot keep a session in this browser.', error);
}

export function isStorageAvailable(): boolean {
  try {
    const probe = '__docs_storage_probe__';
    window.localStorage.setItem(probe, probe);
    window.localStorage.removeItem(probe);
    window.sessionStorage.setItem(probe, probe);
    window.sessionStorage.removeItem(probe);
    return true;
  } catch (error) {
    warnOnce(error);
    return false;
  }
}

/** Key under which okta-auth-js keeps tokens in localStorage. */
export const TOKEN_STORAGE_KEY = 'okta-token-storage';

/** Whether this browser holds tokens from an earlier sign-in, read without loading the sign-in SDK. */
export function hasStoredSession(): boolean {
  try {
    const raw = window.localStorage.getItem(TOKEN_STORAGE_KEY);
    if (!raw) return false;
    const tokens = JSON.parse(raw) as Record<string, unknown>;
    return Object.keys(tokens).length > 0;
  } catch (error) {
    warnOnce(error);
    return false;
  }
}

/** The ID token (the JWT) okta-auth-js holds in this browser now, read without the SDK; null without one. */
export function storedIdToken(): string | null {
  try {
    const tokens: unknown = JSON.parse(window.localStorage.getItem(TOKEN_STORAGE_KEY) ?? 'null');
    if (typeof tokens !== 'object' || tokens === null) return null;
    const { idToken } = tokens as { idToken?: { idToken?: unknown } };
    return typeof idToken?.idToken === 'string' ? idToken.idToken : null;
  } catch {
    return null;
  }
}

/**
 * Key a tab writes when it starts signing out. Other tabs receive it as a `storage` event before
 * the token removal it precedes, so they know the visitor signed out on purpose and start nothing.
 */
export const SIGN_OUT_SIGNAL_KEY = 'docs-auth-signed-out';

/** Tells the other tabs of this browser that the visitor is signing out. */
export function announceSignOut(): void {
  try {
    window.localStorage.setItem(SIGN_OUT_SIGNAL_KEY, `${Date.now()}-${Math.random().toString(36).slice(2)}`);
  } catch (error) {
    warnOnce(error);
  }
}

/** Calls `listener` when another tab of this browser starts signing out. Returns an unsubscribe function. */
export function onSignOutElsewhere(listener: () => void): () => void {
  const handle = (event: StorageEvent) => {
    if (event.key === SIGN_OUT_SIGNAL_KEY && event.newValue) listener();
  };
  window.addEventListener('storage', handle);
  return () => window.removeEventListener('storage', handle);
}

/** Where okta-auth-js keeps a half-finished sign-in (state, nonce, PKCE verifier) and its return address. */
const TRANSACTION_STORAGE_KEYS = {
  session: ['okta-transaction-storage', 'okta-pkce-storage', 'referrerPath'],
  local: ['okta-shared-transaction-storage', 'okta-original-uri-storage'],
} as const;

/** Removes every trace of a half-finished sign-in from both storages. */
export function clearTransactionStorage(): void {
  try {
    for (const key of TRANSACTION_STORAGE_KEYS.session) window.sessionStorage.removeItem(key);
    for (const key of TRANSACTION_STORAGE_KEYS.local) window.localStorage.removeItem(key);
  } catch (error) {
    warnOnce(error);
  }
}
