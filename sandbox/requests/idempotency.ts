/**
 * The answers remembered for `Idempotency-Key`s, per client: kept for the replay window, and within it at most
 * `Limits.idempotencyBytes` of them (the oldest answered ones are forgotten first).
 */
import type { ClientState, IdempotencyEntry } from '../state';

export interface IdempotencyStore {
  remember(state: ClientState, key: string, entry: IdempotencyEntry): void;
  forget(state: ClientState, key: string): void;
}

/** What an entry takes, roughly, in bytes (UTF-16 code units of its strings). */
function sizeOf(key: string, entry: IdempotencyEntry): number {
  const answer = entry.state === 'done' ? entry.body.length + JSON.stringify(entry.headers).length : 0;
  return key.length + entry.fingerprint.length + answer;
}

export function idempotencyStore(options: {
  readonly now: () => number;
  readonly windowMs: number;
  readonly maxBytes: number;
}): IdempotencyStore {
  function forget(state: ClientState, key: string): void {
    const entry = state.idempotency.get(key);
    if (!entry) return;
    state.idempotencyBytes -= sizeOf(key, entry);
    state.idempotency.delete(key);
  }

  /**
   * Remembers an entry. Keys whose window is over are forgotten first, by the clock; beyond the client's byte
   * limit within the window, the oldest answered ones go next (a request still running stays).
   */
  function remember(state: ClientState, key: string, entry: IdempotencyEntry): void {
    forget(state, key);
    for (const [other, held] of state.idempotency) {
      if (held.state === 'running') continue;
      if (options.now() - held.at < options.windowMs) break;
      forget(state, other);
    }
    state.idempotency.set(key, entry);
    state.idempotencyBytes += sizeOf(key, entry);
    for (const [other, held] of state.idempotency) {
      if (state.idempotencyBytes <= options.maxBytes) break;
      if (held.state === 'done') forget(state, other);
    }
  }

  return { remember, forget };
}
