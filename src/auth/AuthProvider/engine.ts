/**
 * What the sign-in provider (`./index.tsx`) and the return page need from a sign-in engine. The one
 * implementation, on okta-auth-js, is `../authEngine.ts`, loaded on demand (`../loadAuthEngine.ts`);
 * unit tests use `../__tests__/fakes.tsx`. Nothing here imports the SDK.
 */
import type { AuthEvent, SignedInUser } from './authMachine';

export type { SignedInUser } from './authMachine';

/** What the engine reports to the sign-in machine. */
export type EngineEvent = Extract<AuthEvent, { type: 'storage-sync' | 'token-renewed' | 'renewal-failed' }>;

/** A completed code exchange whose tokens are not stored yet. */
export interface ReceivedSignIn {
  /** The return address stored when the sign-in started (unchecked). */
  readonly returnTo: string | undefined;
  /** Stores the tokens (from here on the visitor is signed in, in every tab) and settles the reported state. */
  store(): Promise<void>;
}

export interface AuthEngine {
  /** Starts token renewal and storage sync, then reports the current state. */
  start(): Promise<void>;
  /** Calls `listener` with every change of the tokens (this tab's or another's). Returns an unsubscribe function. */
  subscribe(listener: (event: EngineEvent) => void): () => void;
  /** Fails fast when the identity provider does not answer (discovery document). */
  checkProvider(): Promise<void>;
  /** Stores `returnTo` (an already checked site path) and leaves for the provider's sign-in page. */
  signIn(returnTo: string): Promise<void>;
  /**
   * Revokes tokens (unless configured off), clears them, and posts the end-session form, with the ID
   * token as hint or, without one, the client id: the provider session always ends, and the token
   * appears in no URL.
   */
  signOut(): Promise<void>;
  /** Whether this page's address carries a sign-in response (a code or an error). */
  isSignInResponse(): boolean;
  /** The return address stored when this tab's sign-in started (unchecked), if any. */
  pendingReturnPath(): string | undefined;
  /** Exchanges the code in this page's address and verifies the tokens, without storing them. */
  receiveSignIn(): Promise<ReceivedSignIn>;
  /** Reads userinfo; rejects with "token mismatch" when its subject differs from the ID token's. */
  readUser(): Promise<SignedInUser>;
  /** Forgets tokens and any half-finished sign-in (state, nonce, PKCE verifier) in this browser. */
  clearLocalSession(): void;
}
