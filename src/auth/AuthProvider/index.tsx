import React, { createContext, useCallback, useContext, useEffect, useMemo, useReducer, type ReactNode } from 'react';
import { useHistory, useLocation } from '@docusaurus/router';
import useSiteSettings from '@site/src/hooks/useSiteSettings';
import { announceSignOut, hasStoredSession, onSignOutElsewhere } from '../browserStorage';
import { clearIdTokenCookie, writeIdTokenCookie } from '../idTokenCookie';
import { createAuthLog } from '../authLog';
import { authEngineRequested, currentSite, loadAuthEngine, preloadAuthEngine } from '../loadAuthEngine';
import { checkSessionWithoutSdk, whenEngineNeeded } from '../sessionCheck';
import { isCallbackPath, isProtectedPath } from '../protectedPaths';
import { endProtectedRequests, protectedRequests } from '../protectedPrefetch';
import { clearSandboxTokens } from '../sandboxToken';
import { safeReturnPath } from '../redirectTarget';
import { allowSessionRestart } from '../sessionRestartGuard';
import { classifySignInError, showSignInFailure, type SignInFailure } from '../signInFailure';
import { authReducer, INITIAL_AUTH_STATE, type AuthStatus, type SignedInUser } from './authMachine';

export type { AuthStatus } from './authMachine';

export interface AuthContextValue {
  /** The one sign-in state every consumer reads (see `authMachine.ts`). */
  readonly status: AuthStatus;
  readonly user: SignedInUser | null;
  /** Why the status is `unavailable`. */
  readonly problem: SignInFailure | null;
  /** Starts a redirect sign-in that returns to `returnTo` (default: the current page). */
  signIn(returnTo?: string): Promise<void>;
  signOut(): Promise<void>;
  /** Tries again after `unavailable`. */
  retry(): void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * The confirmed developer's sandbox client id on its own: a string changes only when the id does, so the
 * code samples that read it (every CodeBlock) do not re-render when the sign-in status changes. `null`
 * outside the provider.
 */
const SandboxClientIdContext = createContext<string | undefined | null>(null);

function currentPath(): string {
  return `${window.location.pathname}${window.location.search}${window.location.hash}`;
}

function useAuthContextValue(): AuthContextValue {
  const { auth, baseUrl } = useSiteSettings();
  const { pathname } = useLocation();
  const history = useHistory();
  const [state, dispatch] = useReducer(authReducer, INITIAL_AUTH_STATE);
  const { attempt, pendingIdToken } = state;

  // `callback`: the return page completes sign-in itself; the state is read once it has finished.
  const mode: 'public' | 'protected' | 'callback' = isCallbackPath(pathname, baseUrl)
    ? 'callback'
    : isProtectedPath(pathname, baseUrl, auth.protectedPaths)
      ? 'protected'
      : 'public';

  // The return page needs the SDK whoever the visitor is, and a protected page for a visitor without a
  // session (to sign in): its download starts with the first render, and overlaps hydration. A signed-in
  // reader's page confirms the session without it (`../sessionCheck.ts`).
  const willSignIn = mode === 'protected' && typeof window !== 'undefined' && !hasStoredSession();
  if (mode === 'callback' || willSignIn) preloadAuthEngine();

  // Who the visitor is. Without a stored session the visitor is anonymous at once: public pages never
  // load the sign-in SDK, and a protected page loads it only to start the sign-in. With one, the stored
  // tokens and userinfo confirm it without the SDK; the SDK loads only when that check fails, shortly
  // before the tokens need renewing, or when another tab changes them. Once loaded, the engine reports
  // every token change (this tab's and, through storage sync, every other tab's).
  useEffect(() => {
    if (mode !== 'callback' && !hasStoredSession()) {
      // Storage is read only after hydration, so that the server and the first client render agree.
      dispatch({ type: 'storage-sync', idToken: null, holdsValidTokens: false });
      // Without tokens the gate's cookie is stale (storage cleared by hand, say): the server must agree.
      clearIdTokenCookie(baseUrl);
      // A failure to load is reported by the sign-in that follows.
      if (mode === 'protected') loadAuthEngine(auth, currentSite(baseUrl)).catch(() => undefined);
      return undefined;
    }
    let cancelled = false;
    let unsubscribe: (() => void) | undefined;
    let stopWaiting: (() => void) | undefined;
    const startEngine = () => {
      stopWaiting?.();
      loadAuthEngine(auth, currentSite(baseUrl))
        .then(async (engine) => {
          if (cancelled || mode === 'callback' || unsubscribe) return;
          unsubscribe = engine.subscribe(dispatch);
          await engine.start();
        })
        .catch((error: unknown) => {
          if (!cancelled) dispatch({ type: 'provider-unreachable', problem: classifySignInError(error) });
        });
    };
    if (mode === 'callback' || authEngineRequested()) {
      startEngine();
    } else {
      checkSessionWithoutSdk(auth)
        .then((check) => {
          if (cancelled) return;
          if (check.kind !== 'confirmed') {
            createAuthLog(auth.debug).debug('session check without the SDK:', check.reason);
            startEngine();
            return;
          }
          const { session, user } = check;
          // Userinfo answered for the tokens read when the check began. If they are no longer the stored ones
          // (another tab signed out, or renewed them), the answer is stale: no cookie, and the SDK decides from
          // what is stored now, as it would have had the change come after the check.
          if (!writeIdTokenCookie({ idToken: session.idToken, expiresAt: session.idTokenExpiresAt }, baseUrl)) {
            createAuthLog(auth.debug).debug('session check without the SDK: the stored tokens changed meanwhile');
            startEngine();
            return;
          }
          dispatch({ type: 'session-confirmed', idToken: session.idToken, user });
          stopWaiting = whenEngineNeeded(session, startEngine);
        })
        .catch(startEngine);
    }
    return () => {
      cancelled = true;
      stopWaiting?.();
      unsubscribe?.();
    };
    // `attempt` starts over after Retry.
  }, [mode, attempt, auth, baseUrl]);

  // Another tab announces its sign-out before it removes the tokens.
  useEffect(
    () =>
      onSignOutElsewhere(() => {
        clearIdTokenCookie(baseUrl);
        clearSandboxTokens();
        dispatch({ type: 'signed-out-elsewhere' });
      }),
    [baseUrl],
  );

  // Newly reported tokens count only once userinfo names the same subject as the ID token.
  useEffect(() => {
    if (!pendingIdToken) return undefined;
    let current = true;
    loadAuthEngine(auth, currentSite(baseUrl))
      .then(async (engine) => {
        try {
          const user = await engine.readUser();
          if (current) dispatch({ type: 'userinfo-confirmed', idToken: pendingIdToken, user });
        } catch (error) {
          if (!current) return;
          const failure = classifySignInError(error);
          // The provider answered, and refused these tokens: they go, so that Retry (or Log In) starts afresh
          // instead of offering them again. An unreachable provider keeps them for when it is back.
          if (failure.code !== 'provider-unreachable') engine.clearLocalSession();
          if (failure.code === 'userinfo-mismatch') {
            dispatch({ type: 'userinfo-mismatched', idToken: pendingIdToken });
            showSignInFailure(history, baseUrl, failure, safeReturnPath(currentPath(), currentSite(baseUrl)));
            return;
          }
          // Tokens the provider no longer knows are an ended session, as after a refused renewal: the reader
          // is signed out (a protected page signs them in again), unless that already happened a moment ago.
          if (failure.code === 'session-ended' && allowSessionRestart()) {
            dispatch({ type: 'session-ended', idToken: pendingIdToken });
            return;
          }
          dispatch({ type: 'provider-unreachable', problem: failure });
        }
      })
      .catch((error: unknown) => {
        if (current) dispatch({ type: 'provider-unreachable', problem: classifySignInError(error) });
      });
    return () => {
      current = false;
    };
  }, [pendingIdToken, auth, baseUrl, history]);

  const signIn = useCallback(
    async (returnTo?: string) => {
      const site = currentSite(baseUrl);
      const target = safeReturnPath(returnTo ?? currentPath(), site);
      dispatch({ type: 'sign-in-started' });
      try {
        const engine = await loadAuthEngine(auth, site);
        await engine.signIn(target);
      } catch (error) {
        dispatch({ type: 'provider-unreachable', problem: classifySignInError(error) });
        throw error;
      }
    },
    [auth, baseUrl],
  );

  const signOut = useCallback(async () => {
    dispatch({ type: 'sign-out-started' });
    clearSandboxTokens();
    // The page asks for no more protected files, and those it already asked for arrive before the gate
    // session ends (`../protectedPrefetch.ts`); the wait overlaps the SDK's download. The other tabs hear
    // of the sign-out only then: each clears the shared gate cookie when it does.
    const requestsArrived = endProtectedRequests();
    try {
      const engine = await loadAuthEngine(auth, currentSite(baseUrl));
      await requestsArrived;
      announceSignOut();
      await engine.signOut();
    } catch (error) {
      protectedRequests.reopen();
      dispatch({ type: 'provider-unreachable', problem: classifySignInError(error) });
      throw error;
    }
  }, [auth, baseUrl]);

  // Whoever is not signed in holds no sandbox token: a session that ended or was cleared by hand too.
  useEffect(() => {
    if (state.status === 'anonymous') clearSandboxTokens();
  }, [state.status]);

  const retry = useCallback(() => dispatch({ type: 'retry' }), []);

  return useMemo(
    () => ({ status: state.status, user: state.user, problem: state.problem, signIn, signOut, retry }),
    [state.status, state.user, state.problem, signIn, signOut, retry],
  );
}

/** Holds the visitor's sign-in state for the whole site (mounted once, in `Root`). */
export default function AuthProvider({ children }: { readonly children: ReactNode }): ReactNode {
  const value = useAuthContextValue();
  const sandboxClientId = value.status === 'authenticated' ? value.user?.sandboxClientId : undefined;
  return (
    <AuthContext.Provider value={value}>
      <SandboxClientIdContext.Provider value={sandboxClientId}>{children}</SandboxClientIdContext.Provider>
    </AuthContext.Provider>
  );
}

function outsideProvider(hook: string): Error {
  return new Error(`${hook}() was called outside <AuthProvider>; it is mounted by src/theme/Root.tsx.`);
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (value === null) throw outsideProvider('useAuth');
  return value;
}

/** The signed-in developer's sandbox client id, or undefined (see `../useSandboxClientId.ts`). */
export function useConfirmedSandboxClientId(): string | undefined {
  const value = useContext(SandboxClientIdContext);
  if (value === null) throw outsideProvider('useConfirmedSandboxClientId');
  return value;
}
