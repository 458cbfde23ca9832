/**
 * The sign-in that the server's sign-in shell starts by itself (plugins/protected-content/shell.ts):
 * an anonymous reader of a protected page goes straight on to the identity provider, without first
 * loading the site's application on `/login/`. Bundled on its own at build time
 * (plugins/sign-in-sdk/starter.ts) with the same engine the site uses, so the sign-in it starts is
 * the one `/login/callback` completes.
 *
 * It decides nothing that `/login/` would decide differently: whenever there is something to decide
 * (tokens are stored, so the gate's cookie had only expired) or anything fails, it rejects, and the
 * shell hands the reader to `/login/`, which shows what happened and offers a way forward.
 *
 * The same module finishes the sign-in early on the return page (`finishSignIn`, see `./earlyFinish`).
 */
import type { AuthSettings } from '@site/config/settings';
import type { AuthEngine } from './AuthProvider/engine';
import { createAuthEngine } from './authEngine';
import { hasStoredSession } from './browserStorage';
import { clearIdTokenCookie } from './idTokenCookie';
import type { EarlyFinishOutcome } from './earlyFinish';
import { safeReturnPath } from './redirectTarget';

export class SignInPageNeededError extends Error {
  constructor(reason: string) {
    super(`The sign-in page decides: ${reason}`);
    this.name = 'SignInPageNeededError';
  }
}

/**
 * Starts the redirect sign-in that returns to `requested` (checked first, as `/login/` checks its
 * `returnTo`). Resolves as the browser leaves for the provider; rejects when `/login/` must take over.
 */
export async function startSignIn(settings: AuthSettings, baseUrl: string, requested: string): Promise<void> {
  if (hasStoredSession()) throw new SignInPageNeededError('tokens are stored');
  // Without tokens the gate's cookie is stale, as on `/login/`: the server must agree.
  clearIdTokenCookie(baseUrl);
  const site = { origin: window.location.origin, baseUrl };
  await createAuthEngine(settings, site).signIn(safeReturnPath(requested, site));
}

/**
 * The return page's early code exchange (see `./earlyFinish`): stores the tokens and sends the browser
 * to the checked address the sign-in was started for. Never rejects: LoginCallback acts on the outcome.
 * Nothing is stored, and the browser goes nowhere, once LoginCallback has decided (`isAbandoned`) or
 * the reader has left the return page.
 */
export async function finishSignIn(
  settings: AuthSettings,
  baseUrl: string,
  isAbandoned: () => boolean,
  leave: (url: string) => void = (url) => window.location.replace(url),
): Promise<EarlyFinishOutcome> {
  const site = { origin: window.location.origin, baseUrl };
  const returnPage = window.location.pathname;
  const stillDeciding = () => !isAbandoned() && window.location.pathname === returnPage;
  let engine: AuthEngine;
  try {
    engine = createAuthEngine(settings, site);
    if (!engine.isSignInResponse()) return { outcome: 'not-started' };
  } catch {
    // No storage: LoginCallback meets the same error and explains it.
    return { outcome: 'not-started' };
  }
  try {
    const received = await engine.receiveSignIn();
    if (!stillDeciding()) return { outcome: 'abandoned' };
    await received.store();
    const returnTo = safeReturnPath(received.returnTo, site);
    if (!stillDeciding()) {
      // Decided while the tokens were being stored: they go again.
      engine.clearLocalSession();
      return { outcome: 'abandoned' };
    }
    leave(`${site.origin}${returnTo}`);
    return { outcome: 'leaving', returnTo };
  } catch (error) {
    return { outcome: 'failed', error };
  }
}
