/**
 * The cookie that proves sign-in to the server's gate (server/gate): it holds the ID token, whose
 * audience is this site's client id, and expires with it. The gate verifies it against the
 * provider's keys; the browser code never trusts it. Its name comes from the definition the gate
 * reads too (config/idTokenCookie.mjs): `__Host-` over https at base URL `/`. Browser only.
 */
import { idTokenCookieName, idTokenCookieNamesToRead } from '../../config/idTokenCookie.mjs';
import { storedIdToken } from './browserStorage';

/** The ID token as okta-auth-js stores it: the JWT and its expiry in seconds since the epoch. */
export interface StoredIdToken {
  readonly idToken: string;
  readonly expiresAt: number;
}

const isHttps = () => window.location.protocol === 'https:';

function nameFor(baseUrl: string): string {
  return idTokenCookieName({ baseUrl, https: isHttps() });
}

function attributes(baseUrl: string, expires: Date): string {
  const secure = isHttps() ? '; Secure' : '';
  return `; Path=${baseUrl}; Expires=${expires.toUTCString()}; SameSite=Lax${secure}`;
}

/**
 * Sets (or replaces) the cookie for `token`, but only while `token` is the ID token stored in this browser
 * now: every writer confirmed its token a moment earlier (a session check waiting for userinfo, a renewal,
 * another tab's tokens arriving), and another tab may have signed out or renewed since. Tokens no longer
 * stored write nothing, so a sign-out elsewhere stays a sign-out at the gate, and a newer token's cookie is
 * not replaced by an older one. An expired or malformed token removes the cookie instead. Returns whether
 * the cookie now holds `token`.
 */
export function writeIdTokenCookie(token: StoredIdToken, baseUrl: string): boolean {
  const expires = new Date(token.expiresAt * 1000);
  if (!/^[\w-]+\.[\w-]+\.[\w-]*$/.test(token.idToken) || expires.getTime() <= Date.now()) {
    clearIdTokenCookie(baseUrl);
    return false;
  }
  if (storedIdToken() !== token.idToken) return false;
  document.cookie = `${nameFor(baseUrl)}=${token.idToken}${attributes(baseUrl, expires)}`;
  return true;
}

export function clearIdTokenCookie(baseUrl: string): void {
  document.cookie = `${nameFor(baseUrl)}=${attributes(baseUrl, new Date(0))}`;
}

/** Whether this page can see the cookie (false when the browser refuses cookies for the site). */
export function hasIdTokenCookie(): boolean {
  const prefixes = idTokenCookieNamesToRead({ baseUrl: '/', https: false }).map((name) => `${name}=`);
  return document.cookie
    .split(/;\s*/)
    .some((pair) => prefixes.some((prefix) => pair.startsWith(prefix) && pair.length > prefix.length));
}
