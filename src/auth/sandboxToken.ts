/**
 * The Try it panel's sandbox access tokens: in this tab's `sessionStorage` only (never `localStorage`, a
 * URL, a cookie or the page), one per target, removed whenever the reader signs out, in this tab and in
 * every other (AuthProvider calls `clearSandboxTokens` on both paths). Removing it here does not revoke it:
 * the sandbox honours a token it issued until the token expires (an hour), sign-out or not. The sandbox has no
 * revocation endpoint, so a token copied out of the panel (Copy as curl writes `$ACCESS_TOKEN` for that reason)
 * stays usable against the sandbox's test data until then.
 */

/** The key of a target's token in `sessionStorage`: the prefix and the target (`local`, `proxy`). */
export const SANDBOX_TOKEN_KEY_PREFIX = 'docs-try-it-token:';
/** Sent on `window` when the tokens were removed, so an open panel forgets its copy too. */
const SANDBOX_TOKENS_CLEARED_EVENT = 'docs-try-it-tokens-cleared';

export interface SandboxToken {
  readonly accessToken: string;
  /** Milliseconds since the epoch. */
  readonly expiresAt: number;
  readonly clientId: string;
  readonly scope: string;
}

function isSandboxToken(value: unknown): value is SandboxToken {
  if (!value || typeof value !== 'object') return false;
  const token = value as Record<string, unknown>;
  return (
    typeof token.accessToken === 'string' &&
    typeof token.expiresAt === 'number' &&
    typeof token.clientId === 'string' &&
    typeof token.scope === 'string'
  );
}

/** The target's token while it has not expired, else null (an expired or unreadable one is removed). */
export function readSandboxToken(target: string, now = Date.now()): SandboxToken | null {
  try {
    const raw = window.sessionStorage.getItem(SANDBOX_TOKEN_KEY_PREFIX + target);
    if (!raw) return null;
    const token: unknown = JSON.parse(raw);
    if (isSandboxToken(token) && token.expiresAt > now) return token;
    window.sessionStorage.removeItem(SANDBOX_TOKEN_KEY_PREFIX + target);
  } catch {
    // Storage switched off, or a value that is not ours: no token.
  }
  return null;
}

/** Keeps the target's token for this tab. Returns false when storage refuses it (the panel keeps it in memory). */
export function saveSandboxToken(target: string, token: SandboxToken): boolean {
  try {
    window.sessionStorage.setItem(SANDBOX_TOKEN_KEY_PREFIX + target, JSON.stringify(token));
    return true;
  } catch {
    return false;
  }
}

/** Removes every sandbox token of this tab and tells open panels. */
export function clearSandboxTokens(): void {
  try {
    const keys = Array.from({ length: window.sessionStorage.length }, (_, index) => window.sessionStorage.key(index));
    for (const key of keys) if (key?.startsWith(SANDBOX_TOKEN_KEY_PREFIX)) window.sessionStorage.removeItem(key);
  } catch {
    // Nothing can be stored either.
  }
  window.dispatchEvent(new Event(SANDBOX_TOKENS_CLEARED_EVENT));
}

/** Calls `listener` when the tokens are removed. Returns an unsubscribe function. */
export function onSandboxTokensCleared(listener: () => void): () => void {
  window.addEventListener(SANDBOX_TOKENS_CLEARED_EVENT, listener);
  return () => window.removeEventListener(SANDBOX_TOKENS_CLEARED_EVENT, listener);
}
