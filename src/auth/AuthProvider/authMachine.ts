/**
 * The visitor's sign-in state as one explicit machine: a pure reducer from named events to one
 * `status`. Every consumer reads `status`; the provider (`./index.tsx`) turns what the engine and
 * the browser report into these events and performs the side effects the states ask for.
 */
import type { SignInFailure } from '../signInFailure';

/**
 * - `unknown`: not decided yet (always the first render, on the server and in the browser); also
 *   while userinfo confirms newly reported tokens.
 * - `anonymous`: nobody is signed in; a protected page starts a sign-in.
 * - `signing-in`: a redirect sign-in was started; nothing else starts another.
 * - `authenticated`: tokens are valid and userinfo confirmed the same subject.
 * - `signing-out`: this tab is revoking tokens and leaving for the end-session address.
 * - `signed-out-elsewhere`: another tab signed out; this one starts nothing until Log In.
 * - `unavailable`: the identity provider or this browser's storage could not be used (`problem`).
 */
/** Who userinfo says is signed in. */
export interface SignedInUser {
  readonly subject: string;
  readonly name: string;
  readonly email?: string;
  /** The developer's sandbox client id, from the claim OIDC_SANDBOX_CLIENT_ID_CLAIM names (see `../personalValues`). */
  readonly sandboxClientId?: string;
}

export type AuthStatus =
  'unknown' | 'anonymous' | 'signing-in' | 'authenticated' | 'signing-out' | 'signed-out-elsewhere' | 'unavailable';

export interface AuthMachineState {
  readonly status: AuthStatus;
  readonly user: SignedInUser | null;
  readonly problem: SignInFailure | null;
  /** The ID token userinfo confirmed for `user`. */
  readonly confirmedIdToken: string | null;
  /** An ID token waiting for userinfo; the provider reads userinfo while this is set. */
  readonly pendingIdToken: string | null;
  /** Counts Retry presses; the provider starts over whenever it changes. */
  readonly attempt: number;
}

export type AuthEvent =
  /** What the engine (or storage, for a page without the SDK) reports: an ID token, or none. */
  | { readonly type: 'storage-sync'; readonly idToken: string | null; readonly holdsValidTokens: boolean }
  /** The token manager replaced the ID token (refresh). */
  | { readonly type: 'token-renewed'; readonly idToken: string }
  /** The token manager could not renew: the session is over. */
  | { readonly type: 'renewal-failed' }
  | { readonly type: 'userinfo-confirmed'; readonly idToken: string; readonly user: SignedInUser }
  | { readonly type: 'userinfo-mismatched'; readonly idToken: string }
  /** Userinfo refused the access token (the provider restarted, or the session was ended): its tokens were cleared. */
  | { readonly type: 'session-ended'; readonly idToken: string }
  /** The stored tokens and userinfo confirmed the session without the SDK (`../sessionCheck.ts`). */
  | { readonly type: 'session-confirmed'; readonly idToken: string; readonly user: SignedInUser }
  | { readonly type: 'sign-in-started' }
  | { readonly type: 'sign-out-started' }
  | { readonly type: 'signed-out-elsewhere' }
  | { readonly type: 'provider-unreachable'; readonly problem: SignInFailure }
  | { readonly type: 'retry' };

export const INITIAL_AUTH_STATE: AuthMachineState = {
  status: 'unknown',
  user: null,
  problem: null,
  confirmedIdToken: null,
  pendingIdToken: null,
  attempt: 0,
};

function anonymous(state: AuthMachineState): AuthMachineState {
  return { ...INITIAL_AUTH_STATE, attempt: state.attempt, status: 'anonymous' };
}

function verify(state: AuthMachineState, idToken: string): AuthMachineState {
  if (idToken === state.confirmedIdToken || idToken === state.pendingIdToken) return state;
  // A signed-in visitor stays signed in while a renewed token is confirmed.
  const status = state.status === 'authenticated' ? 'authenticated' : 'unknown';
  return { ...state, status, problem: null, pendingIdToken: idToken };
}

/**
 * After another tab signed out the tokens disappearing is expected, a started sign-in is on its
 * way, and a problem stays on screen until Retry: none of them becomes `anonymous`, which would
 * start a new sign-in.
 */
function tokensGone(state: AuthMachineState): AuthMachineState {
  if (STAYS_WITHOUT_TOKENS.includes(state.status)) return state;
  return anonymous(state);
}

const STAYS_WITHOUT_TOKENS: readonly AuthStatus[] = ['signed-out-elsewhere', 'signing-in', 'unavailable'];

export function authReducer(state: AuthMachineState, event: AuthEvent): AuthMachineState {
  // While this tab signs out, the token changes it causes are not news; only Retry (after a failed
  // sign-out, reported as unavailable) leaves this state.
  if (state.status === 'signing-out' && event.type !== 'provider-unreachable' && event.type !== 'retry') {
    return state;
  }
  switch (event.type) {
    case 'storage-sync':
      if (event.idToken) return verify(state, event.idToken);
      // okta-auth-js reports a passing "no tokens" while it stores new tokens one by one.
      if (event.holdsValidTokens) return state;
      return tokensGone(state);
    case 'token-renewed':
      return verify(state, event.idToken);
    case 'renewal-failed':
      return tokensGone(state);
    case 'userinfo-confirmed':
      // An answer for a token that was replaced (or dropped) while userinfo was in flight is stale.
      if (event.idToken !== state.pendingIdToken) return state;
      return {
        ...state,
        status: 'authenticated',
        user: event.user,
        problem: null,
        confirmedIdToken: event.idToken,
        pendingIdToken: null,
      };
    case 'session-confirmed':
      // Only a page still waiting for its first answer: a sign-out elsewhere or a sign-in started meanwhile wins.
      if (state.status !== 'unknown' || state.pendingIdToken) return state;
      return { ...state, status: 'authenticated', user: event.user, confirmedIdToken: event.idToken };
    case 'userinfo-mismatched':
    case 'session-ended':
      if (event.idToken !== state.pendingIdToken) return state;
      return anonymous(state);
    case 'sign-in-started':
      if (state.status === 'authenticated') return state;
      return { ...anonymous(state), status: 'signing-in' };
    case 'sign-out-started':
      return { ...anonymous(state), status: 'signing-out' };
    case 'signed-out-elsewhere':
      return { ...anonymous(state), status: 'signed-out-elsewhere' };
    case 'provider-unreachable':
      return { ...anonymous(state), status: 'unavailable', problem: event.problem };
    case 'retry':
      return { ...INITIAL_AUTH_STATE, attempt: state.attempt + 1 };
  }
}
