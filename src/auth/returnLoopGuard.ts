/**
 * The sign-in page sends a signed-in visitor back to the page they asked for. If the server's gate
 * refuses their cookie (blocked cookies, a wrong clock), that page sends them straight back here: the
 * guard notices the second return to the same address within a minute, and the page reports the
 * problem instead of going round in circles.
 */

const STORAGE_KEY = 'docs-sign-in-returns';
const WINDOW_MS = 60_000;
/** Returns to one address allowed within the window; the next one is a loop. */
const MAX_RETURNS = 2;

interface ReturnRecord {
  readonly target: string;
  readonly times: readonly number[];
}

function read(): ReturnRecord | null {
  try {
    const value = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? 'null') as ReturnRecord | null;
    return value && typeof value.target === 'string' && Array.isArray(value.times) ? value : null;
  } catch {
    return null;
  }
}

/** Records a return to `target`; false when it would be one too many (a loop). */
export function allowReturn(target: string, now = Date.now()): boolean {
  const previous = read();
  const recent = previous?.target === target ? previous.times.filter((time) => now - time < WINDOW_MS) : [];
  if (recent.length >= MAX_RETURNS) return false;
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ target, times: [...recent, now] }));
  } catch {
    // Without storage there is no sign-in either: the page reports that before it gets here.
  }
  return true;
}
