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
 */
import type { AuthSettings } from '@site/config/settings';
import { createAuthEngine } from './authEngine';
import { hasStoredSession } from './browserStorage';
import { clearIdTokenCookie } from './idTokenCookie';
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
