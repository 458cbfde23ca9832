import React, { useEffect, type ReactNode } from 'react';
import { useHistory } from '@docusaurus/router';
import useSiteSettings from '@site/src/hooks/useSiteSettings';
import type { AuthEngine } from '../AuthProvider/engine';
import { clearTransactionStorage } from '../browserStorage';
import { readEarlyFinish, type EarlyFinishOutcome } from '../earlyFinish';
import { hasIdTokenCookie } from '../idTokenCookie';
import { currentSite, loadAuthEngine } from '../loadAuthEngine';
import { safeReturnPath } from '../redirectTarget';
import { classifySignInError, showSignInFailure, type SignInFailure } from '../signInFailure';
import SignInStatus from '../SignInStatus';

/** The longest a visitor waits on the return page before being told what happened. */
export const CALLBACK_TIMEOUT_MS = 20_000;

const noop = () => undefined;

/** Starts loading a page of the site (its route's code and data), as a link does on hover. */
function preloadPage(path: string): void {
  try {
    const { pathname } = new URL(path, window.location.origin);
    void Promise.resolve(window.docusaurus?.preload(pathname)).catch(() => undefined);
  } catch {
    // Only a head start: the navigation loads the page anyway.
  }
}

export interface Props {
  /** How long the code exchange may take; tests shorten it. */
  readonly timeoutMs?: number;
}

/**
 * `/login/callback`: exchanges the code, then stores the tokens and returns the visitor to the
 * checked original address. Every failure ends on `/401/error` with its reason and the address the
 * visitor was trying to read, with tokens and the half-finished transaction removed.
 *
 * The first outcome decides: once a failure (the time-out included) is decided, a late code
 * exchange stores nothing and navigates nowhere.
 *
 * Behind the gate, the page's own inline script has usually started the exchange before this
 * component hydrates (`../earlyFinish`): it then waits for that outcome and never spends the code twice.
 */
export default function LoginCallbackHandler({ timeoutMs = CALLBACK_TIMEOUT_MS }: Props): ReactNode {
  const { auth, baseUrl } = useSiteSettings();
  const history = useHistory();

  useEffect(() => {
    const site = currentSite(baseUrl);
    let decided = false;
    let engine: AuthEngine | null = null;
    // Behind the gate the page's inline script may have started the exchange already (../earlyFinish).
    const early = readEarlyFinish();

    const fail = (failure: SignInFailure) => {
      if (decided) return;
      decided = true;
      early?.abandon();
      window.clearTimeout(timer);
      let returnTo: string | undefined;
      try {
        returnTo = engine ? safeReturnPath(engine.pendingReturnPath(), site) : undefined;
        engine?.clearLocalSession();
      } catch (error) {
        console.warn('[auth] Could not clear the local session after a failed sign-in.', error);
      }
      clearTransactionStorage();
      showSignInFailure(history, baseUrl, failure, returnTo);
    };
    const timer = window.setTimeout(() => fail({ code: 'timeout' }), timeoutMs);

    const finishHere = () =>
      loadAuthEngine(auth, site)
        .then(async (created) => {
          engine = created;
          if (decided) return;
          if (!created.isSignInResponse()) {
            fail({ code: 'missing-code', detail: 'The address has no code or error parameter.' });
            return;
          }
          // While the code is exchanged, the page the visitor returns to loads its code and data; the
          // server gives a protected page's files only to a reader with the gate's cookie, which a first
          // sign-in has not set yet.
          if (hasIdTokenCookie()) preloadPage(safeReturnPath(created.pendingReturnPath(), site));
          const received = await created.receiveSignIn();
          if (decided) return;
          decided = true;
          window.clearTimeout(timer);
          await received.store();
          history.replace(safeReturnPath(received.returnTo, site));
        })
        .catch((error: unknown) => fail(classifySignInError(error)));

    const takeOver = (outcome: EarlyFinishOutcome) => {
      if (decided) return;
      if (outcome.outcome === 'not-started') {
        void finishHere();
      } else if (outcome.outcome === 'leaving') {
        // Signed in: the browser is already on its way to the page asked for.
        decided = true;
        window.clearTimeout(timer);
      } else if (outcome.outcome === 'failed') {
        // The engine knows where the reader was going and clears what the attempt left.
        loadAuthEngine(auth, site)
          .then((created) => {
            engine = created;
          })
          .catch(() => undefined)
          .finally(() => fail(classifySignInError(outcome.error)));
      }
    };

    if (early) void early.result.then(takeOver);
    else void finishHere();

    return () => {
      // Leaving the page decides too: nothing that finishes afterwards may sign in or navigate.
      decided = true;
      window.clearTimeout(timer);
    };
  }, [auth, baseUrl, history, timeoutMs]);

  return <SignInStatus state="working" message="Completing your sign-in…" onRetry={noop} />;
}
