/**
 * Confirms a stored session without the sign-in SDK, so an ordinary page load of a signed-in
 * reader downloads no SDK: the stored tokens are read and checked (`./storedSession`), then userinfo is
 * asked with the access token, as the SDK's own check does. Browser only; never throws.
 */
import type { AuthSettings } from '@site/config/settings';
import type { SignedInUser } from './AuthProvider/authMachine';
import { TOKEN_STORAGE_KEY } from './browserStorage';
import { providerEndpoints } from './providerEndpoints';
import { readStoredSession, secondsUntilRenewal, userinfoOutcome, type StoredSession } from './storedSession';

const USERINFO_TIMEOUT_MS = 10_000;

export type SessionCheck =
  | { readonly kind: 'confirmed'; readonly session: StoredSession; readonly user: SignedInUser }
  /** Anything else (no, expired or odd tokens, userinfo refused or unreachable): the SDK decides, as before. */
  | { readonly kind: 'needs-sdk'; readonly reason: string };

function readStorage(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

export async function checkSessionWithoutSdk(
  settings: Pick<AuthSettings, 'issuer' | 'clientId' | 'sandboxClientIdClaim'>,
  now = Date.now() / 1000,
): Promise<SessionCheck> {
  const reading = readStoredSession(readStorage(), settings, now);
  if (reading.kind !== 'valid') return { kind: 'needs-sdk', reason: `stored tokens: ${reading.kind}` };
  const { session } = reading;
  try {
    const response = await fetch(providerEndpoints(settings.issuer).userinfoUrl, {
      headers: { Accept: 'application/json', Authorization: `Bearer ${session.accessToken}` },
      signal: AbortSignal.timeout(USERINFO_TIMEOUT_MS),
    });
    const body: unknown = response.ok ? await response.json() : undefined;
    const outcome = userinfoOutcome(response.status, body, session.idTokenClaims, settings.sandboxClientIdClaim);
    if (outcome.kind === 'confirmed') return { kind: 'confirmed', session, user: outcome.user };
    return { kind: 'needs-sdk', reason: `userinfo: ${outcome.kind}` };
  } catch (error) {
    return { kind: 'needs-sdk', reason: `userinfo: ${error instanceof Error ? error.name : 'failed'}` };
  }
}

/** setTimeout's longest delay (about 24.8 days); a longer wait would fire at once. */
const LONGEST_TIMEOUT_MS = 2 ** 31 - 1;

/**
 * Calls `start` (loading the SDK) once, when a session confirmed without it needs the SDK: shortly
 * before its tokens are due for renewal, or as soon as another tab of this browser changes them (a
 * renewal, a new sign-in, their removal), which the SDK's storage sync then reports. Returns a function
 * that stops waiting.
 */
export function whenEngineNeeded(session: Pick<StoredSession, 'expiresAt'>, start: () => void): () => void {
  const delay = Math.min(secondsUntilRenewal(session, Date.now() / 1000) * 1000, LONGEST_TIMEOUT_MS);
  const onStorage = (event: StorageEvent) => {
    if (event.key === TOKEN_STORAGE_KEY) fire();
  };
  const stop = () => {
    window.clearTimeout(timer);
    window.removeEventListener('storage', onStorage);
  };
  function fire() {
    stop();
    start();
  }
  const timer = window.setTimeout(fire, delay);
  window.addEventListener('storage', onStorage);
  return stop;
}
