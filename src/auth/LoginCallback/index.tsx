import React, { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useHistory } from '@docusaurus/router';
import { LoginCallback as OktaLoginCallback, Security } from '@okta/okta-react';
import type { OktaAuth } from '@okta/okta-auth-js';
import useSiteSettings from '@site/src/hooks/useSiteSettings';
import type { AuthEngine } from '../authEngine';
import { currentSite, loadAuthEngine } from '../loadAuthEngine';
import { safeReturnPath } from '../redirectTarget';
import { classifySignInError, failurePageUrl, type SignInFailure } from '../signInFailure';
import SignInStatus from '../SignInStatus';

/** The longest a visitor waits on the return page before being told what happened. */
export const CALLBACK_TIMEOUT_MS = 20_000;

const noop = () => undefined;

function Progress(): ReactNode {
  return <SignInStatus state="working" message="Completing your sign-in…" onRetry={noop} />;
}

const ReportFailureContext = createContext<(error: Error) => void>(noop);

/** okta-react's `errorComponent`: hands the error to the page, which leaves for `/401/error`. */
function ReportFailure({ error }: { readonly error: Error }): ReactNode {
  const report = useContext(ReportFailureContext);
  useEffect(() => report(error), [error, report]);
  return <Progress />;
}

/**
 * `/login/callback`: completes the code exchange with okta-react's LoginCallback and returns the
 * visitor to the checked original address. Every failure ends on `/401/error` with its reason,
 * with tokens and the half-finished transaction removed.
 */
export default function LoginCallbackHandler(): ReactNode {
  const { auth, baseUrl } = useSiteSettings();
  const history = useHistory();
  const [engine, setEngine] = useState<AuthEngine | null>(null);
  const finished = useRef(false);

  const fail = useCallback(
    (failure: SignInFailure, failedEngine: AuthEngine | null) => {
      if (finished.current) return;
      finished.current = true;
      try {
        failedEngine?.clearLocalSession();
      } catch (error) {
        console.warn('[auth] Could not clear the local session after a failed sign-in.', error);
      }
      history.replace(failurePageUrl(baseUrl, failure));
    },
    [baseUrl, history],
  );

  useEffect(() => {
    let loaded: AuthEngine | null = null;
    const timer = window.setTimeout(() => fail({ code: 'timeout' }, loaded), CALLBACK_TIMEOUT_MS);
    loadAuthEngine(auth, currentSite(baseUrl))
      .then((created) => {
        loaded = created;
        if (!created.oktaAuth.isLoginRedirect()) {
          fail({ code: 'missing-code', detail: 'The address has no code or error parameter.' }, created);
          return;
        }
        setEngine(created);
      })
      .catch((error: unknown) => fail(classifySignInError(error), loaded));
    return () => window.clearTimeout(timer);
  }, [auth, baseUrl, fail]);

  const restoreOriginalUri = useCallback(
    async (_oktaAuth: OktaAuth, originalUri?: string) => {
      finished.current = true;
      history.replace(safeReturnPath(originalUri, currentSite(baseUrl)));
    },
    [baseUrl, history],
  );

  const reportFailure = useCallback((error: Error) => fail(classifySignInError(error), engine), [engine, fail]);

  if (!engine) return <Progress />;
  return (
    <ReportFailureContext.Provider value={reportFailure}>
      <Security oktaAuth={engine.oktaAuth} restoreOriginalUri={restoreOriginalUri}>
        <OktaLoginCallback loadingElement={<Progress />} errorComponent={ReportFailure} />
      </Security>
    </ReportFailureContext.Provider>
  );
}
