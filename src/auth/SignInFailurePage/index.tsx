import React, { useState, type ReactNode } from 'react';
import Link from '@docusaurus/Link';
import { useLocation } from '@docusaurus/router';
import useIsBrowser from '@docusaurus/useIsBrowser';
import useSiteSettings from '@site/src/hooks/useSiteSettings';
import { useAuth } from '../AuthProvider';
import { currentSite } from '../loadAuthEngine';
import { safeReturnPath } from '../redirectTarget';
import { failureDetailOf, isSignInFailureCode, SIGN_IN_FAILURES, type SignInFailureCode } from '../signInFailure';
import styles from './styles.module.css';

const NOT_ALLOWED = {
  title: 'You need to sign in to read this page',
  explanation:
    'The documentation and API reference are available to signed-in developers. Sign in with your developer account to continue.',
};

/** What a signed-in reader is told: there is nothing to fix, whatever an earlier attempt left in the address. */
function alreadySignedIn(name: string | undefined, earlier: SignInFailureCode | null) {
  const who = name ? `You are signed in as ${name}` : 'You are signed in';
  return {
    title: 'You are signed in',
    explanation: earlier
      ? `${who}. An earlier sign-in attempt did not complete (${SIGN_IN_FAILURES[earlier].title.toLowerCase()}), but that no longer matters: the documentation and the API reference are open to you.`
      : `${who}. Nothing is blocking you: the documentation and the API reference are open to you.`,
  };
}

/** `/401/error`: says why sign-in failed or was refused and offers a way forward. */
export default function SignInFailurePage(): ReactNode {
  const { search, state } = useLocation();
  const { baseUrl } = useSiteSettings();
  const { signIn, status, user, problem } = useAuth();
  const [starting, setStarting] = useState(false);

  // The query is read after hydration: the prerendered page has none, and both renders must agree.
  const isBrowser = useIsBrowser();
  const params = new URLSearchParams(isBrowser ? search : '');
  const reason = params.get('reason');
  const requestedReturn = params.get('returnTo');
  const knownReason = isSignInFailureCode(reason) ? reason : null;
  // A signed-in reader is not told that sign-in failed (the navbar says otherwise), except by the gate,
  // whose refusal is a signed-in reader's own failure.
  const signedIn = status === 'authenticated' && knownReason !== 'gate-refused';
  // Only the site writes history state: a link can pick a reason from the catalogue, never words.
  const detail = isBrowser && !signedIn ? failureDetailOf(state) : undefined;
  const text = signedIn
    ? alreadySignedIn(user?.name, knownReason)
    : knownReason
      ? SIGN_IN_FAILURES[knownReason]
      : NOT_ALLOWED;
  // After a failure the reader tries again; a reader who was only signed out logs in, in the navbar's words.
  const signInLabel = knownReason ? 'Try again' : 'Log In';

  const tryAgain = () => {
    setStarting(true);
    // The requested return address is checked before it is stored and again before it is followed.
    signIn(safeReturnPath(requestedReturn, currentSite(baseUrl))).catch(() => setStarting(false));
  };

  return (
    <main className={styles.page}>
      <div className={styles.card}>
        {signedIn ? null : <p className={styles.code}>401 · Unauthorized</p>}
        <h1>{text.title}</h1>
        <p>{text.explanation}</p>
        {detail ? (
          <p className={styles.detail}>
            <span className={styles.detailLabel}>Reason reported: </span>
            {detail}
          </p>
        ) : null}
        {status === 'unavailable' && problem ? (
          <p role="alert" className={styles.problem}>
            {SIGN_IN_FAILURES[problem.code].title}. {SIGN_IN_FAILURES[problem.code].explanation}
          </p>
        ) : null}
        <div className={styles.actions}>
          {signedIn ? (
            <Link
              className="button button--primary button--lg"
              to={requestedReturn ? safeReturnPath(requestedReturn, currentSite(baseUrl)) : '/docs'}>
              {requestedReturn ? 'Go back to the page you were reading' : 'Go to the documentation'}
            </Link>
          ) : (
            <button type="button" className="button button--primary button--lg" onClick={tryAgain} disabled={starting}>
              {starting ? 'Redirecting…' : signInLabel}
            </button>
          )}
          <Link className="button button--secondary button--lg" to="/">
            Go to the home page
          </Link>
        </div>
      </div>
    </main>
  );
}
