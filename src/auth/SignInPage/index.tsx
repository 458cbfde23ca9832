import React, { useEffect, type ReactNode } from 'react';
import { useHistory } from '@docusaurus/router';
import { RETURN_TO_PARAM } from '@site/config/protectedContent';
import useSiteSettings from '@site/src/hooks/useSiteSettings';
import { useAuth } from '../AuthProvider';
import { hasIdTokenCookie } from '../idTokenCookie';
import { currentSite } from '../loadAuthEngine';
import { safeReturnPath } from '../redirectTarget';
import { allowReturn } from '../returnLoopGuard';
import { showSignInFailure } from '../signInFailure';
import SignInStatus from '../SignInStatus';

/** The checked `returnTo` of this page's address; read in the browser only. */
function readReturnTarget(baseUrl: string): string {
  const requested = new URLSearchParams(window.location.search).get(RETURN_TO_PARAM);
  return safeReturnPath(requested ?? undefined, currentSite(baseUrl));
}

/**
 * `/login/`: where the server's gate sends an anonymous visitor of a protected page (through the
 * sign-in shell). An anonymous visitor goes on to the identity provider; a visitor whose stored
 * session is still good (the gate's cookie had only expired) goes straight back, with a fresh cookie.
 */
export default function SignInPage(): ReactNode {
  const { baseUrl } = useSiteSettings();
  const history = useHistory();
  const { status, problem, signIn, retry } = useAuth();

  useEffect(() => {
    const target = readReturnTarget(baseUrl);
    if (status === 'anonymous') {
      // A failure is reported through the auth status (`unavailable`).
      signIn(target).catch(() => undefined);
    } else if (status === 'authenticated') {
      if (hasIdTokenCookie() && allowReturn(target)) history.replace(target);
      else showSignInFailure(history, baseUrl, { code: 'gate-refused' }, target);
    }
  }, [status, signIn, history, baseUrl]);

  if (status === 'unavailable') {
    return <SignInStatus state="failed" message="" problem={problem} onRetry={retry} />;
  }
  if (status === 'signed-out-elsewhere') {
    return (
      <SignInStatus
        state="signed-out"
        message=""
        onRetry={() => void signIn(readReturnTarget(baseUrl)).catch(() => undefined)}
      />
    );
  }
  const message = status === 'authenticated' ? 'Taking you back to the documentation…' : 'Taking you to sign in…';
  return <SignInStatus state="working" message={message} onRetry={retry} />;
}
