/**
 * The return page's early code exchange, and how it hands over to `/login/callback`'s component.
 *
 * Behind the production gate, the build adds a small inline script to the return page's <head>
 * (plugins/protected-content/callbackScript.ts). It imports the sign-in starter (`./signInStart`,
 * bundled on its own) and exchanges the code while the site's application is still downloading and
 * compiling. When the tokens are stored it sends the browser to the page the reader asked for, which
 * the gate then admits and shows at first paint. Whatever else happens is decided by LoginCallback,
 * which takes the outcome from here instead of exchanging the code a second time.
 *
 * Without the gate (`npm start`, a static copy) the script is not there and LoginCallback does all of
 * it, as before.
 */

import { EARLY_FINISH_GLOBAL } from '../../contracts/auth/returnPage';

/** What the early exchange came to. */
export type EarlyFinishOutcome =
  /** Nothing was sent to the provider (no sign-in response, the starter did not load, no storage). */
  | { readonly outcome: 'not-started' }
  /** The tokens are stored and the browser is on its way to `returnTo`. */
  | { readonly outcome: 'leaving'; readonly returnTo: string }
  /** The exchange or the token check failed; the code is spent. */
  | { readonly outcome: 'failed'; readonly error: unknown }
  /** LoginCallback had decided already (it timed out or the reader left): nothing was stored. */
  | { readonly outcome: 'abandoned' };

export interface EarlyFinish {
  readonly result: Promise<EarlyFinishOutcome>;
  /** Called by LoginCallback once it decides itself: a late exchange then stores nothing and goes nowhere. */
  abandon(): void;
}

/**
 * The hand-off the return page's inline script left, if any. It stays in place: a re-mounted
 * LoginCallback must wait for the same exchange, never start a second one with the spent code.
 */
export function readEarlyFinish(): EarlyFinish | undefined {
  const holder = window as unknown as Record<string, EarlyFinish | undefined>;
  const handOff = holder[EARLY_FINISH_GLOBAL];
  if (handOff && typeof handOff.abandon === 'function' && typeof handOff.result?.then === 'function') return handOff;
  return undefined;
}
