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
