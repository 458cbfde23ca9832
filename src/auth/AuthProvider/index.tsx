import React, {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useHistory, useLocation } from '@docusaurus/router';
import type { AuthState } from '@okta/okta-auth-js';
import useSiteSettings from '@site/src/hooks/useSiteSettings';
import type { AuthEngine, SignedInUser } from '../authEngine';
import { hasStoredSession } from '../browserStorage';
import { currentSite, loadAuthEngine } from '../loadAuthEngine';
import { isCallbackPath, isProtectedPath } from '../protectedPaths';
import { safeReturnPath } from '../redirectTarget';
import { classifySignInError, failurePageUrl, type SignInFailure } from '../signInFailure';

/**
 * - `unknown`: not decided yet (always the first render, on the server and in the browser).
 * - `anonymous`: nobody is signed in.
 * - `authenticated`: tokens are valid and userinfo confirmed the same subject.
 * - `unavailable`: the identity provider or this browser's storage could not be used.
 * - `signing-out`: tokens are being revoked and the browser is leaving for the end-session address.
 */
export type AuthStatus = 'unknown' | 'anonymous' | 'authenticated' | 'unavailable' | 'signing-out';

export interface AuthContextValue {
  readonly status: AuthStatus;
  /** The spec's signed-in flag: false until a signed-in visitor is confirmed. */
  readonly signedIn: boolean;
  readonly user: SignedInUser | null;
  /** Why the status is `unavailable`. */
  readonly problem: SignInFailure | null;
  /** Starts a redirect sign-in that returns to `returnTo` (default: the current page). */
  signIn(returnTo?: string): Promise<void>;
  signOut(): Promise<void>;
  /** Tries again after `unavailable`. */
  retry(): void;
}

interface AuthSnapshot {
  readonly status: AuthStatus;
  readonly user: SignedInUser | null;
  readonly problem: SignInFailure | null;
}

const UNKNOWN: AuthSnapshot = { status: 'unknown', user: null, problem: null };
const ANONYMOUS: AuthSnapshot = { status: 'anonymous', user: null, problem: null };

const AuthContext = createContext<AuthContextValue | null>(null);

function currentPath(): string {
  return `${window.location.pathname}${window.location.search}${window.location.hash}`;
}

function useAuthContextValue(): AuthContextValue {
  const { auth, baseUrl } = useSiteSettings();
  const { pathname } = useLocation();
  const history = useHistory();
  const [snapshot, setSnapshot] = useState<AuthSnapshot>(UNKNOWN);
  const [attempt, setAttempt] = useState(0);
  const verifiedIdToken = useRef<string | null>(null);
  // While signing out, the token changes it causes are not a reason to sign in again.
  const signingOut = useRef(false);

  // `callback`: the return page completes sign-in itself; the state is read once it has finished.
  const mode: 'public' | 'protected' | 'callback' = isCallbackPath(pathname, baseUrl)
    ? 'callback'
    : isProtectedPath(pathname, baseUrl, auth.protectedPaths)
      ? 'protected'
      : 'public';

  const fail = useCallback(
    (error: unknown) => setSnapshot({ status: 'unavailable', user: null, problem: classifySignInError(error) }),
    [],
  );

  // Decide who the visitor is. Public pages without a stored session never load the sign-in SDK.
  useEffect(() => {
    if (mode === 'public' && !hasStoredSession()) {
      // Storage can only be read after hydration, so that the server and the first client render
      // agree ('unknown'); this is the moment the browser's answer arrives.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setSnapshot(ANONYMOUS);
      return undefined;
    }
    let cancelled = false;
    let unsubscribe: (() => void) | undefined;

    const onAuthState = async (engine: AuthEngine, state: AuthState) => {
      if (signingOut.current) return;
      const idToken = state.idToken?.idToken ?? null;
      if (!state.isAuthenticated || !idToken) {
        // okta-auth-js reports a passing "not authenticated" while it stores new tokens one by one.
        if (engine.holdsValidTokens()) return;
        verifiedIdToken.current = null;
        setSnapshot(ANONYMOUS);
        return;
      }
      if (verifiedIdToken.current === idToken) return;
      try {
        const user = await engine.readUser();
        // A run replaced while userinfo was in flight leaves the answer to its successor, which
        // must not take the token for verified without having set the state.
        if (cancelled) return;
        verifiedIdToken.current = idToken;
        setSnapshot({ status: 'authenticated', user, problem: null });
      } catch (error) {
        const failure = classifySignInError(error);
        if (failure.code === 'userinfo-mismatch') {
          engine.clearLocalSession();
          setSnapshot(ANONYMOUS);
          history.replace(failurePageUrl(baseUrl, failure));
        } else {
          setSnapshot({ status: 'unavailable', user: null, problem: failure });
        }
      }
    };

    loadAuthEngine(auth, currentSite(baseUrl))
      .then(async (engine) => {
        if (cancelled || mode === 'callback') return;
        unsubscribe = engine.subscribe((state) => void onAuthState(engine, state));
        await engine.start();
      })
      .catch((error: unknown) => {
        if (!cancelled) fail(error);
      });
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
    // `attempt` re-runs this after Retry.
  }, [mode, attempt, auth, baseUrl, history, fail]);

  const signIn = useCallback(
    async (returnTo?: string) => {
      const site = currentSite(baseUrl);
      const target = safeReturnPath(returnTo ?? currentPath(), site);
      try {
        const engine = await loadAuthEngine(auth, site);
        await engine.signIn(target);
      } catch (error) {
        fail(error);
        throw error;
      }
    },
    [auth, baseUrl, fail],
  );

  const signOut = useCallback(async () => {
    signingOut.current = true;
    setSnapshot({ status: 'signing-out', user: null, problem: null });
    try {
      const engine = await loadAuthEngine(auth, currentSite(baseUrl));
      await engine.signOut();
    } catch (error) {
      signingOut.current = false;
      fail(error);
      throw error;
    }
  }, [auth, baseUrl, fail]);

  const retry = useCallback(() => {
    verifiedIdToken.current = null;
    setSnapshot(UNKNOWN);
    setAttempt((n) => n + 1);
  }, []);

  return useMemo(
    () => ({ ...snapshot, signedIn: snapshot.status === 'authenticated', signIn, signOut, retry }),
    [snapshot, signIn, signOut, retry],
  );
}

/** Holds the visitor's sign-in state for the whole site (mounted once, in `Root`). */
export default function AuthProvider({ children }: { readonly children: ReactNode }): ReactNode {
  const value = useAuthContextValue();
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (value === null) {
    throw new Error('useAuth() was called outside <AuthProvider>; it is mounted by src/theme/Root.tsx.');
  }
  return value;
}
