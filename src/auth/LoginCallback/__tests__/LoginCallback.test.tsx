/** @jest-environment jsdom */
import React from 'react';
import { act, waitFor } from '@testing-library/react';
import { loadAuthEngine } from '../../loadAuthEngine';
import * as signInFailure from '../../signInFailure';
import { answered, deferred, FakeEngine, renderAt } from '../../__tests__/fakes';
import type { ReceivedSignIn } from '../../AuthProvider/engine';
import { EARLY_FINISH_GLOBAL } from '../../../../contracts/auth/returnPage';
import type { EarlyFinish, EarlyFinishOutcome } from '../../earlyFinish';
import LoginCallbackHandler, { CALLBACK_TIMEOUT_MS } from '..';

jest.mock('@site/src/hooks/useSiteSettings', () =>
  jest.requireActual('../../__tests__/fakes').fakeSiteSettingsModule(),
);
jest.mock('../../loadAuthEngine', () => jest.requireActual('../../__tests__/fakes').fakeLoadAuthEngineModule());
const load = jest.mocked(loadAuthEngine);

const CALLBACK = '/login/callback?code=abc&state=xyz';

function received(returnTo: string | undefined): ReceivedSignIn & { store: jest.Mock } {
  return { returnTo, store: jest.fn() };
}

function renderCallback(engine: FakeEngine) {
  load.mockResolvedValue(engine);
  return renderAt(CALLBACK, <LoginCallbackHandler />);
}

/** Half-finished sign-in material, as okta-auth-js leaves it in both storages. */
function leaveTransaction() {
  window.sessionStorage.setItem('okta-transaction-storage', '{"state":"xyz","codeVerifier":"v"}');
  window.localStorage.setItem('okta-shared-transaction-storage', '{"xyz":{"codeVerifier":"v"}}');
  window.localStorage.setItem('okta-original-uri-storage', '{"xyz":"/docs/trading-api"}');
}

function expectNoTransaction() {
  expect(window.sessionStorage.getItem('okta-transaction-storage')).toBeNull();
  expect(window.localStorage.getItem('okta-shared-transaction-storage')).toBeNull();
  expect(window.localStorage.getItem('okta-original-uri-storage')).toBeNull();
}

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  load.mockReset();
});

afterEach(() => {
  jest.useRealTimers();
});

describe('LoginCallback', () => {
  it('stores the tokens and returns to the stored address', async () => {
    const engine = new FakeEngine();
    const answer = received('/docs/trading-api?tab=orders#top');
    engine.receiveSignIn.mockResolvedValue(answer);
    const { location } = renderCallback(engine);
    await waitFor(() => expect(`${location().pathname}${location().search}`).toBe('/docs/trading-api?tab=orders'));
    expect(answer.store).toHaveBeenCalledTimes(1);
    expect(engine.clearLocalSession).not.toHaveBeenCalled();
  });

  it.each([
    ['/docs/trading-api?tab=orders#top', '/docs/trading-api'],
    ['//evil.example/phish', '/docs'],
  ])(
    'while the code is exchanged, a reader who holds the gate cookie loads the checked return page %j ahead (%s)',
    async (stored, preloaded) => {
      document.cookie = 'docs_id_token=header.payload.signature; Path=/';
      const preload = jest.fn(() => Promise.resolve([]));
      window.docusaurus = { preload, prefetch: jest.fn(() => false as const) };
      const engine = new FakeEngine();
      engine.pendingReturnPath.mockReturnValue(stored);
      const exchange = deferred<ReturnType<typeof received>>();
      engine.receiveSignIn.mockReturnValue(exchange.promise);
      const { location } = renderCallback(engine);
      await waitFor(() => expect(preload).toHaveBeenCalledWith(preloaded));
      exchange.resolve(received(stored));
      await waitFor(() => expect(location().pathname).toBe(preloaded));
      document.cookie = 'docs_id_token=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT';
    },
  );

  it('loads nothing ahead without the gate cookie: the server would refuse a protected page its files', async () => {
    const preload = jest.fn(() => Promise.resolve([]));
    window.docusaurus = { preload, prefetch: jest.fn(() => false as const) };
    const engine = new FakeEngine();
    const exchange = deferred<ReturnType<typeof received>>();
    engine.receiveSignIn.mockReturnValue(exchange.promise);
    const { location } = renderCallback(engine);
    // The page is loaded ahead, if at all, before the exchange starts.
    await waitFor(() => expect(engine.receiveSignIn).toHaveBeenCalled());
    expect(preload).not.toHaveBeenCalled();
    exchange.resolve(received('/docs'));
    await waitFor(() => expect(location().pathname).toBe('/docs'));
  });

  it.each(['//evil.example/phish', '/.//evil.example', 'https://evil.example/', 'javascript:alert(1)', undefined])(
    'follows a tampered stored return path %j only as far as /docs',
    async (returnTo) => {
      const engine = new FakeEngine();
      engine.receiveSignIn.mockResolvedValue(received(returnTo));
      const { location } = renderCallback(engine);
      await waitFor(() => expect(location().pathname).toBe('/docs'));
    },
  );

  it('without a code: missing-code, and nothing of the sign-in is left', async () => {
    leaveTransaction();
    const engine = new FakeEngine();
    engine.isSignInResponse.mockReturnValue(false);
    const { location } = renderCallback(engine);
    await waitFor(() => expect(location().pathname).toBe('/401/error'));
    expect(new URLSearchParams(location().search).get('reason')).toBe('missing-code');
    expect(engine.receiveSignIn).not.toHaveBeenCalled();
    expect(engine.clearLocalSession).toHaveBeenCalled();
    expectNoTransaction();
  });

  it('a forged state: the failure page names the reason and the page the visitor was reading', async () => {
    leaveTransaction();
    const engine = new FakeEngine();
    engine.receiveSignIn.mockRejectedValue(
      Object.assign(new Error("OAuth flow response state doesn't match request state"), { name: 'AuthSdkError' }),
    );
    const { location } = renderCallback(engine);
    await waitFor(() => expect(location().pathname).toBe('/401/error'));
    const params = new URLSearchParams(location().search);
    expect(params.get('reason')).toBe('state-mismatch');
    expect(params.get('returnTo')).toBe('/docs/trading-api');
    expect(params.get('detail')).toBeNull();
    expect(signInFailure.failureDetailOf(location().state)).toMatch(/state doesn't match/);
    expect(engine.clearLocalSession).toHaveBeenCalled();
    expectNoTransaction();
  });

  it('a tampered stored return path on the failure path falls back to /docs', async () => {
    const engine = new FakeEngine();
    engine.pendingReturnPath.mockReturnValue('/x/..//evil.example');
    engine.receiveSignIn.mockRejectedValue(new TypeError('Failed to fetch'));
    const { location } = renderCallback(engine);
    await waitFor(() => expect(location().pathname).toBe('/401/error'));
    expect(new URLSearchParams(location().search).get('returnTo')).toBe('/docs');
  });

  it('when the SDK cannot load: a failure, and the transaction is still removed', async () => {
    leaveTransaction();
    load.mockRejectedValue(
      Object.assign(new Error('Browser storage is unavailable'), { name: 'StorageUnavailableError' }),
    );
    const { location } = renderAt(CALLBACK, <LoginCallbackHandler />);
    await waitFor(() => expect(new URLSearchParams(location().search).get('reason')).toBe('storage-unavailable'));
    expectNoTransaction();
  });

  describe('the time-out', () => {
    it('decides the failure; a code exchange that finishes later stores nothing and moves nothing', async () => {
      jest.useFakeTimers();
      leaveTransaction();
      const engine = new FakeEngine();
      const exchange = deferred<ReceivedSignIn>();
      engine.receiveSignIn.mockReturnValue(exchange.promise);
      const { location } = renderCallback(engine);
      await answered(load);
      expect(engine.receiveSignIn).toHaveBeenCalled();
      expect(location().pathname).toBe('/login/callback');

      act(() => jest.advanceTimersByTime(CALLBACK_TIMEOUT_MS - 1));
      expect(location().pathname).toBe('/login/callback');
      act(() => jest.advanceTimersByTime(1));
      expect(location().pathname).toBe('/401/error');
      expect(new URLSearchParams(location().search).get('reason')).toBe('timeout');
      expect(new URLSearchParams(location().search).get('returnTo')).toBe('/docs/trading-api');
      expect(engine.clearLocalSession).toHaveBeenCalledTimes(1);
      expectNoTransaction();

      const late = received('/docs/elsewhere');
      exchange.resolve(late);
      await answered(engine.receiveSignIn);
      expect(late.store).not.toHaveBeenCalled();
      expect(location().pathname).toBe('/401/error');
    });

    it('a late failure after the time-out does not navigate again', async () => {
      jest.useFakeTimers();
      const engine = new FakeEngine();
      const exchange = deferred<ReceivedSignIn>();
      engine.receiveSignIn.mockReturnValue(exchange.promise);
      const classify = jest.spyOn(signInFailure, 'classifySignInError');
      const { location } = renderCallback(engine);
      await answered(load);
      act(() => jest.advanceTimersByTime(CALLBACK_TIMEOUT_MS));
      const firstFailure = location().search;
      expect(firstFailure).toContain('reason=timeout');
      const late = new TypeError('Failed to fetch');
      exchange.reject(late);
      // The late failure is classified, then dropped: the failure page stays the time-out's.
      await waitFor(() => expect(classify).toHaveBeenCalledWith(late));
      expect(location().search).toBe(firstFailure);
      classify.mockRestore();
    });

    it('can be shortened (for tests)', async () => {
      jest.useFakeTimers();
      const engine = new FakeEngine();
      engine.receiveSignIn.mockReturnValue(new Promise(() => undefined));
      load.mockResolvedValue(engine);
      const { location } = renderAt(CALLBACK, <LoginCallbackHandler timeoutMs={50} />);
      await answered(load);
      act(() => jest.advanceTimersByTime(50));
      expect(new URLSearchParams(location().search).get('reason')).toBe('timeout');
    });
  });

  describe("the page's early exchange (behind the gate)", () => {
    function leaveEarlyFinish(result: Promise<EarlyFinishOutcome>) {
      const abandon = jest.fn();
      (window as unknown as Record<string, EarlyFinish>)[EARLY_FINISH_GLOBAL] = { result, abandon };
      return abandon;
    }

    afterEach(() => {
      delete (window as unknown as Record<string, unknown>)[EARLY_FINISH_GLOBAL];
    });

    it('waits for it and exchanges nothing itself while the browser leaves for the page', async () => {
      const outcome = deferred<EarlyFinishOutcome>();
      leaveEarlyFinish(outcome.promise);
      const engine = new FakeEngine();
      const { location } = renderCallback(engine);
      outcome.resolve({ outcome: 'leaving', returnTo: '/docs/trading-api' });
      await act(async () => {
        await outcome.promise;
      });
      expect(load).not.toHaveBeenCalled();
      expect(engine.receiveSignIn).not.toHaveBeenCalled();
      expect(location().pathname).toBe('/login/callback');
    });

    it('exchanges the code itself when the early script sent nothing', async () => {
      leaveEarlyFinish(Promise.resolve({ outcome: 'not-started' }));
      const engine = new FakeEngine();
      engine.receiveSignIn.mockResolvedValue(received('/docs/trading-api'));
      const { location } = renderCallback(engine);
      await waitFor(() => expect(location().pathname).toBe('/docs/trading-api'));
      expect(engine.receiveSignIn).toHaveBeenCalledTimes(1);
    });

    it('explains its failure with the return address, clears what is left, and never spends the code again', async () => {
      leaveTransaction();
      const error = Object.assign(new Error('The authorization code is invalid'), {
        name: 'OAuthError',
        errorCode: 'invalid_grant',
      });
      leaveEarlyFinish(Promise.resolve({ outcome: 'failed', error }));
      const engine = new FakeEngine();
      const { location } = renderCallback(engine);
      await waitFor(() => expect(location().pathname).toBe('/401/error'));
      expect(new URLSearchParams(location().search).get('reason')).toBe('code-rejected');
      expect(new URLSearchParams(location().search).get('returnTo')).toBe('/docs/trading-api');
      expect(engine.receiveSignIn).not.toHaveBeenCalled();
      expect(engine.clearLocalSession).toHaveBeenCalled();
      expectNoTransaction();
    });

    it('a time-out abandons it, so that a late exchange stores nothing and goes nowhere', async () => {
      jest.useFakeTimers();
      const outcome = deferred<EarlyFinishOutcome>();
      const abandon = leaveEarlyFinish(outcome.promise);
      const engine = new FakeEngine();
      load.mockResolvedValue(engine);
      const { location } = renderAt(CALLBACK, <LoginCallbackHandler timeoutMs={50} />);
      act(() => jest.advanceTimersByTime(50));
      expect(new URLSearchParams(location().search).get('reason')).toBe('timeout');
      expect(abandon).toHaveBeenCalledTimes(1);
      outcome.resolve({ outcome: 'abandoned' });
      await act(async () => {
        await outcome.promise;
      });
      expect(location().search).toContain('reason=timeout');
    });
  });
});
