/**
 * The sign-in tests' fakes, in one place. A stand-in for the sign-in engine (the `AuthEngine` interface), driven by
 * the test: it reports what a test tells it to and records what the site asks of it; the modules the tests replace
 * (`jest.mock(path, () => jest.requireActual('…/fakes').fake…Module())`); a sign-in state for components that only
 * read `useAuth()`. Not a test file itself.
 */
import React, { type ReactNode } from 'react';
import { act, render, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import type { AuthSettings } from '@site/config/settings';
import type { AuthContextValue } from '../AuthProvider';
import type { AuthEngine, EngineEvent, ReceivedSignIn, SignedInUser } from '../AuthProvider/engine';
import { TOKEN_STORAGE_KEY } from '../browserStorage';

export const AUTH_SETTINGS: AuthSettings = {
  issuer: 'https://id.clearing.example',
  clientId: 'developer-docs',
  scopes: ['openid', 'profile'],
  realm: 'developers',
  debug: false,
  revokeOnSignOut: true,
  protectedPaths: ['/docs', '/api'],
  sandboxClientIdClaim: 'sandbox_client_id',
};

export const SITE_SETTINGS = { auth: AUTH_SETTINGS, baseUrl: '/' };

export const DANA: SignedInUser = { subject: 'developer', name: 'Dana Developer' };

/** `src/hooks/useSiteSettings` for the sign-in tests: the settings above. */
export function fakeSiteSettingsModule() {
  return { __esModule: true, default: () => SITE_SETTINGS };
}

/**
 * `src/auth/loadAuthEngine` without the SDK: the test hands each render its `FakeEngine` through
 * `jest.mocked(loadAuthEngine).mockResolvedValue(engine)`; nothing was preloaded.
 */
export function fakeLoadAuthEngineModule() {
  return {
    loadAuthEngine: jest.fn(),
    preloadAuthEngine: jest.fn(),
    authEngineRequested: () => false,
    currentSite: (baseUrl: string) => ({ origin: globalThis.location.origin, baseUrl }),
  };
}

/** What `useAuth()` gives a component, anonymous unless told otherwise; its actions are mocks that resolve. */
export function fakeAuth(overrides: Partial<AuthContextValue> = {}): AuthContextValue {
  return {
    status: 'anonymous',
    user: null,
    problem: null,
    signIn: jest.fn(() => Promise.resolve()),
    signOut: jest.fn(() => Promise.resolve()),
    retry: jest.fn(),
    ...overrides,
  };
}

/** A promise the test settles by hand. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export class FakeEngine implements AuthEngine {
  readonly listeners = new Set<(event: EngineEvent) => void>();
  readonly start = jest.fn(async () => undefined);
  readonly checkProvider = jest.fn(async () => undefined);
  readonly signIn = jest.fn(async (_returnTo: string) => undefined);
  readonly signOut = jest.fn(async () => undefined);
  readonly readUser = jest.fn<Promise<SignedInUser>, []>(async () => DANA);
  readonly isSignInResponse = jest.fn(() => true);
  readonly pendingReturnPath = jest.fn<string | undefined, []>(() => '/docs/trading-api');
  readonly receiveSignIn = jest.fn<Promise<ReceivedSignIn>, []>();
  readonly clearLocalSession = jest.fn();

  /** Waits until the site has subscribed to the engine and started it: from then on `emit` reaches the site. */
  async started(): Promise<void> {
    await waitFor(() => expect(this.start).toHaveBeenCalled());
  }

  subscribe(listener: (event: EngineEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Reports an event to every subscriber, as the SDK would. */
  emit(event: EngineEvent): void {
    act(() => this.listeners.forEach((listener) => listener(event)));
  }

  /** Valid tokens arrive (sign-in, renewal or another tab). */
  tokens(idToken: string): void {
    this.emit({ type: 'storage-sync', idToken, holdsValidTokens: true });
  }

  /** The tokens are gone. */
  noTokens(): void {
    this.emit({ type: 'storage-sync', idToken: null, holdsValidTokens: false });
  }
}

export interface Rendered {
  /** The router location after the last render. */
  readonly location: () => { pathname: string; search: string; state: unknown };
}

/** Renders `ui` at `path` inside a router, with `window.location` at the same address. */
export function renderAt(path: string, ui: ReactNode): Rendered {
  window.history.replaceState(null, '', path);
  let latest = { pathname: '', search: '', state: undefined as unknown };
  function LocationProbe(): ReactNode {
    const location = useLocation();
    latest = { pathname: location.pathname, search: location.search, state: location.state };
    return null;
  }
  render(
    <MemoryRouter initialEntries={[path]}>
      {ui}
      <LocationProbe />
    </MemoryRouter>,
  );
  return { location: () => latest };
}

/**
 * Waits until the promise that a call of `fake` returned (by default its latest call) has settled: a
 * load of the engine, a sign-in, a userinfo request. Code that awaited that promise subscribed to it
 * before the test did, so its next step has run by then, and a test can assert what it did not do.
 */
export async function answered(fake: jest.Mock, call = fake.mock.results.length - 1): Promise<void> {
  const result = fake.mock.results[call];
  if (!result) throw new Error(`${fake.getMockName()} has no call ${call}: there is no answer to wait for.`);
  await act(async () => {
    await Promise.resolve(result.value).catch(() => undefined);
  });
}

/** What a signed-in visitor's browser holds: the SDK's token storage (the engine reports the tokens themselves). */
export function seedStoredSession(): void {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, JSON.stringify({ idToken: {}, accessToken: {} }));
}
