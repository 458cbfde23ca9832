import React, { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from '@docusaurus/router';
import useIsBrowser from '@docusaurus/useIsBrowser';
import useSiteSettings from '@site/src/hooks/useSiteSettings';
import { useAuth, type AuthStatus } from '../AuthProvider';
import { pageAdmittedByGate, removeGateAdmissionMark } from '../gateAdmission';
import { isProtectedPath } from '../protectedPaths';
import SignInStatus from '../SignInStatus';
import styles from './styles.module.css';

/** How long a protected page may wait for the visitor to be known before it offers Retry. */
const SLOW_SIGN_IN_MS = 15_000;

function useTakingTooLong(waiting: boolean, afterMs: number): boolean {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!waiting) return undefined;
    const timer = window.setTimeout(() => setSlow(true), afterMs);
    return () => {
      window.clearTimeout(timer);
      setSlow(false);
    };
  }, [waiting, afterMs]);
  return waiting && slow;
}

const WAITING_MESSAGES: Partial<Record<AuthStatus, string>> = {
  anonymous: 'Redirecting you to sign in…',
  'signing-in': 'Redirecting you to sign in…',
  'signing-out': 'Signing you out…',
};

const WAITING: readonly AuthStatus[] = ['unknown', 'anonymous', 'signing-in', 'signing-out'];

/**
 * An anonymous visitor of a protected page is sent to sign in. Starting moves the state to
 * `signing-in`, so one visit starts one sign-in; a visitor who signed out in another tab is
 * `signed-out-elsewhere`, not `anonymous`, and nothing starts.
 */
function useSignInWhenAnonymous(status: AuthStatus, isProtected: boolean, signIn: () => Promise<void>): void {
  useEffect(() => {
    if (status !== 'anonymous' || !isProtected) return;
    // A failure is reported through the auth status (`unavailable`).
    signIn().catch(() => undefined);
  }, [status, isProtected, signIn]);
}

/**
 * What the prerendered HTML decided (`open` or `concealed`), read once while hydrating. The server
 * renders the not-found page at `/404.html`, so a missing page under a protected path arrives open;
 * the first client render must match it, and the gate closes right after.
 */
function readPrerenderedAccess(): string | null {
  if (typeof document === 'undefined') return null;
  return document.querySelector('[data-access]')?.getAttribute('data-access') ?? null;
}

/** While the sign-in is being confirmed, a page the gate admitted stays shown; nothing else does. */
const CONFIRMING: readonly AuthStatus[] = ['unknown', 'authenticated'];

/**
 * Whether the server's gate admitted this page load (see `../gateAdmission`), until the background
 * check says otherwise: any other status withdraws it for the rest of the page's life (a Retry does not
 * bring it back). False on the server and while hydrating, so that both render the same markup; the
 * stylesheet shows the content until then.
 */
function useGateAdmission(status: AuthStatus, isBrowser: boolean): boolean {
  const [admitted, setAdmitted] = useState(pageAdmittedByGate);
  const withdrawn = !CONFIRMING.includes(status);
  // Withdrawn during render (React's pattern for state that follows a prop): no frame shows it.
  if (admitted && withdrawn) setAdmitted(false);
  useEffect(() => {
    if (isBrowser) removeGateAdmissionMark();
  }, [isBrowser]);
  return isBrowser && admitted && !withdrawn;
}

/**
 * Keeps a protected page's content hidden (but in the prerendered HTML, for the search index)
 * until the visitor is confirmed, and sends an anonymous visitor to sign in. A page the server's gate
 * admitted is shown at once while the session is confirmed in the background.
 */
export default function ProtectedPageContent({ children }: { readonly children: ReactNode }): ReactNode {
  const { auth, baseUrl } = useSiteSettings();
  const { pathname } = useLocation();
  const { status, problem, signIn, retry } = useAuth();
  const isBrowser = useIsBrowser();
  const [prerenderedAccess] = useState(readPrerenderedAccess);
  const isProtected = isProtectedPath(pathname, baseUrl, auth.protectedPaths);
  const admittedByGate = useGateAdmission(status, isBrowser);
  const hydrating = !isBrowser && prerenderedAccess === 'open';
  const concealed = isProtected && status !== 'authenticated' && !admittedByGate && !hydrating;
  const waiting = concealed && WAITING.includes(status);

  useSignInWhenAnonymous(status, isProtected, signIn);
  const slow = useTakingTooLong(waiting, SLOW_SIGN_IN_MS);

  let panel: ReactNode = null;
  if (status === 'unavailable' && concealed) {
    panel = <SignInStatus state="failed" message="" problem={problem} onRetry={retry} />;
  } else if (status === 'signed-out-elsewhere' && concealed) {
    panel = <SignInStatus state="signed-out" message="" onRetry={() => void signIn().catch(() => undefined)} />;
  } else if (waiting) {
    panel = slow ? (
      <SignInStatus
        state="slow"
        message="We could not confirm your sign-in yet. Check your connection, then retry."
        onRetry={retry}
      />
    ) : (
      <SignInStatus state="working" message={WAITING_MESSAGES[status] ?? 'Checking your sign-in…'} onRetry={retry} />
    );
  }

  return (
    <>
      {panel && <div className={styles.status}>{panel}</div>}
      <div
        className={styles.gate}
        hidden={concealed}
        data-access={concealed ? 'concealed' : 'open'}
        data-auth-status={isBrowser ? status : undefined}>
        {children}
      </div>
    </>
  );
}
