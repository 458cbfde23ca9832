/** okta-auth-js's token storage as a signed-in visitor's browser holds it, for unit tests. Not a test file itself. */
import { AUTH_SETTINGS, DANA } from './fakes';

/** A JWT with `claims` and a made-up signature (the browser never verifies one; the gate and provider do). */
export function unsignedJwt(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'RS256' })}.${part(claims)}.c2lnbmF0dXJl`;
}

const SECONDS = () => Math.floor(Date.now() / 1000);

/** The ID token's claims of a session for `AUTH_SETTINGS`, expiring in an hour. */
export function idTokenClaims(now = SECONDS()): Record<string, unknown> {
  return { iss: AUTH_SETTINGS.issuer, aud: AUTH_SETTINGS.clientId, sub: DANA.subject, exp: now + 3600 };
}

/** okta-auth-js's token storage (the text under `TOKEN_STORAGE_KEY`), each part replaceable. */
export function tokenStorage({
  now = SECONDS(),
  idClaims = idTokenClaims(now),
  idExpiresAt = now + 3600,
  accessExpiresAt = now + 3600,
  accessToken = 'opaque-access-token',
}: {
  now?: number;
  idClaims?: Record<string, unknown>;
  idExpiresAt?: number;
  accessExpiresAt?: number;
  accessToken?: unknown;
} = {}): string {
  return JSON.stringify({
    idToken: { idToken: unsignedJwt(idClaims), claims: idClaims, expiresAt: idExpiresAt },
    accessToken: { accessToken, expiresAt: accessExpiresAt, tokenType: 'Bearer' },
    refreshToken: { refreshToken: 'opaque-refresh-token', expiresAt: now + 86_400 },
  });
}
