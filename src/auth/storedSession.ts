/**
 * The session a page confirms without the sign-in SDK: the tokens okta-auth-js stored
 * (`TOKEN_STORAGE_KEY`), read and checked here, then userinfo asked with the access token
 * (`./sessionCheck`). Pure functions: storage text, claims and clock in, a decision out. Anything
 * short of a clear "valid" hands the page to the SDK, which renews, removes or signs in as before.
 */
import { EXPIRE_EARLY_SECONDS } from './providerEndpoints';
import { sandboxClientIdOf } from './sandboxClientIdClaim';
import type { SignedInUser } from './AuthProvider/authMachine';

export type Claims = Readonly<Record<string, unknown>>;

/** Tokens that passed every check, as the page uses them. */
export interface StoredSession {
  readonly idToken: string;
  readonly idTokenClaims: Claims;
  /** The ID token's expiry (seconds since the epoch), for the gate's cookie. */
  readonly idTokenExpiresAt: number;
  readonly accessToken: string;
  /** When the first of the two tokens expires (seconds since the epoch). */
  readonly expiresAt: number;
}

/** Why stored tokens cannot be used without the SDK. */
type StoredSessionProblem = 'missing' | 'malformed' | 'expired' | 'wrong-issuer' | 'wrong-audience';

export type StoredSessionReading =
  { readonly kind: 'valid'; readonly session: StoredSession } | { readonly kind: StoredSessionProblem };

export interface ExpectedClaims {
  readonly issuer: string;
  readonly clientId: string;
}

const JWT = /^[\w-]+\.([\w-]+)\.[\w-]*$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The payload of a JWT (unverified: the server's gate and the provider verify signatures), or null. */
export function jwtClaims(token: string): Claims | null {
  const payload = JWT.exec(token)?.[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    // UTF-8 bytes to text: each byte percent-encoded, then decoded as a URI component.
    const escaped = Array.from(atob(base64), (char) => `%${char.charCodeAt(0).toString(16).padStart(2, '0')}`);
    const claims: unknown = JSON.parse(decodeURIComponent(escaped.join('')));
    return isRecord(claims) ? claims : null;
  } catch {
    return null;
  }
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

const isExpiry = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** Whether a token expiring at `expiresAt` counts as expired at `now` (both in seconds), as the SDK counts it. */
export function hasExpired(expiresAt: number, now: number): boolean {
  return expiresAt - EXPIRE_EARLY_SECONDS <= now;
}

/**
 * Reads okta-auth-js's token storage (`raw`, the text under `TOKEN_STORAGE_KEY`) at `now` (seconds):
 * an ID token and an access token, both unexpired, the ID token issued by `expected.issuer` for
 * `expected.clientId`, with a subject.
 */
export function readStoredSession(raw: string | null, expected: ExpectedClaims, now: number): StoredSessionReading {
  if (raw === null || raw === '') return { kind: 'missing' };
  const stored = parseJson(raw);
  if (!isRecord(stored)) return { kind: 'malformed' };
  const { idToken, accessToken } = stored;
  if (idToken === undefined && accessToken === undefined) return { kind: 'missing' };
  if (!isRecord(idToken) || !isRecord(accessToken)) return { kind: 'malformed' };
  const idJwt = idToken.idToken;
  const access = accessToken.accessToken;
  if (typeof idJwt !== 'string' || typeof access !== 'string' || access === '') return { kind: 'malformed' };
  if (!isExpiry(idToken.expiresAt) || !isExpiry(accessToken.expiresAt)) return { kind: 'malformed' };
  const claims = jwtClaims(idJwt);
  if (!claims || typeof claims.sub !== 'string' || claims.sub === '' || !isExpiry(claims.exp)) {
    return { kind: 'malformed' };
  }
  if (claims.iss !== expected.issuer) return { kind: 'wrong-issuer' };
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!audiences.includes(expected.clientId)) return { kind: 'wrong-audience' };
  const expiresAt = Math.min(idToken.expiresAt, accessToken.expiresAt, claims.exp);
  if (hasExpired(expiresAt, now)) return { kind: 'expired' };
  return {
    kind: 'valid',
    session: {
      idToken: idJwt,
      idTokenClaims: claims,
      idTokenExpiresAt: idToken.expiresAt,
      accessToken: access,
      expiresAt,
    },
  };
}

/**
 * Who is signed in, from userinfo's claims and the ID token's: a name (name, preferred username or
 * email, else the subject) and the sandbox client id (userinfo first, then the ID token).
 */
export function signedInUserOf(
  userinfo: Claims,
  idTokenClaims: Claims | undefined,
  sandboxClaim: string,
): SignedInUser {
  const subject = String(userinfo.sub);
  const name = [userinfo.name, userinfo.preferred_username, userinfo.email].find(
    (value): value is string => typeof value === 'string' && value !== '',
  );
  const email = typeof userinfo.email === 'string' ? userinfo.email : undefined;
  const sandboxClientId = sandboxClientIdOf(sandboxClaim, userinfo, idTokenClaims);
  return { subject, name: name ?? subject, email, sandboxClientId };
}

export type UserinfoOutcome =
  | { readonly kind: 'confirmed'; readonly user: SignedInUser }
  /** Refused (401, 403…), unreadable, or naming another subject: the SDK takes over and decides as before. */
  | { readonly kind: 'refused' | 'malformed' | 'mismatch' };

/** What userinfo's answer (`status`, parsed `body`) says about the session whose ID token has `idTokenClaims`. */
export function userinfoOutcome(
  status: number,
  body: unknown,
  idTokenClaims: Claims,
  sandboxClaim: string,
): UserinfoOutcome {
  if (status !== 200) return { kind: 'refused' };
  if (!isRecord(body) || typeof body.sub !== 'string' || body.sub === '') return { kind: 'malformed' };
  if (body.sub !== idTokenClaims.sub) return { kind: 'mismatch' };
  return { kind: 'confirmed', user: signedInUserOf(body, idTokenClaims, sandboxClaim) };
}

/**
 * Seconds to wait before loading the SDK to renew the tokens: it renews `EXPIRE_EARLY_SECONDS` before
 * expiry, and is loaded `lead` seconds before that. Zero when that time has come.
 */
export function secondsUntilRenewal(session: Pick<StoredSession, 'expiresAt'>, now: number, lead = 60): number {
  return Math.max(0, session.expiresAt - EXPIRE_EARLY_SECONDS - lead - now);
}
