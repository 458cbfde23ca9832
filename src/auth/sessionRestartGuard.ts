/**
 * When the identity provider refuses the tokens this browser kept (it restarted and forgot them, or the
 * session was ended), the site drops them and signs the reader in again, as after a refused renewal. If
 * the provider refused the fresh tokens too, another automatic sign-in would go round for ever: the guard
 * allows one such restart a minute per tab, and the page reports the problem instead (its Retry starts
 * the next sign-in, one click per attempt).
 */

const STORAGE_KEY = 'docs-session-restarted-at';
const WINDOW_MS = 60_000;

function lastRestart(): number | null {
  try {
    const value = Number(window.sessionStorage.getItem(STORAGE_KEY));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

/** Records a restart at `now`; false when one already happened within the last minute. */
export function allowSessionRestart(now = Date.now()): boolean {
  const last = lastRestart();
  if (last !== null && now >= last && now - last < WINDOW_MS) return false;
  try {
    window.sessionStorage.setItem(STORAGE_KEY, String(now));
  } catch {
    // Without storage there is no sign-in either: the page reports that.
  }
  return true;
}
