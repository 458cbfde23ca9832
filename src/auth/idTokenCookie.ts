/**
 * The cookie that proves sign-in to the server's gate (server/gate): it holds the ID token, whose
 * audience is this site's client id, and expires with it. The gate verifies it against the
 * provider's keys; the browser code never trusts it. Browser only.
 */
import { ID_TOKEN_COOKIE } from '@site/config/protectedContent';

/** The ID token as okta-auth-js stores it: the JWT and its expiry in seconds since the epoch. */
export interface StoredIdToken {
  readonly idToken: string;
  readonly expiresAt: number;
}

function attributes(baseUrl: string, expires: Date): string {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  return `; Path=${baseUrl}; Expires=${expires.toUTCString()}; SameSite=Lax${secure}`;
}

/** Sets (or replaces) the cookie; an expired token removes it instead. */
export function writeIdTokenCookie(token: StoredIdToken, baseUrl: string): void {
  const expires = new Date(token.expiresAt * 1000);
  if (!/^[\w-]+\.[\w-]+\.[\w-]*$/.test(token.idToken) || expires.getTime() <= Date.now()) {
    clearIdTokenCookie(baseUrl);
    return;
  }
  document.cookie = `${ID_TOKEN_COOKIE}=${token.idToken}${attributes(baseUrl, expires)}`;
}

export function clearIdTokenCookie(baseUrl: string): void {
  document.cookie = `${ID_TOKEN_COOKIE}=${attributes(baseUrl, new Date(0))}`;
}

/** Whether this page can see the cookie (false when the browser refuses cookies for the site). */
export function hasIdTokenCookie(): boolean {
  const prefix = `${ID_TOKEN_COOKIE}=`;
  return document.cookie.split(/;\s*/).some((pair) => pair.startsWith(prefix) && pair.length > prefix.length);
}
