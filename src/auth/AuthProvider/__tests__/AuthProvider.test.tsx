/** @jest-environment jsdom */
import React, { type ReactNode } from 'react';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { SIGN_OUT_SIGNAL_KEY, TOKEN_STORAGE_KEY } from '../../browserStorage';
import { readSandboxToken, saveSandboxToken } from '../../sandboxToken';
import { loadAuthEngine, preloadAuthEngine } from '../../loadAuthEngine';
import { protectedRequests, skipProtectedRoutesWithoutCookie, type RouteLoader } from '../../protectedPrefetch';
import { failureDetailOf } from '../../signInFailure';
import {
  answered,
  AUTH_SETTINGS,
  DANA,
  deferred,
  FakeEngine,
  renderAt,
  seedStoredSession,
} from '../../__tests__/fakes';
import { idTokenClaims, tokenStorage } from '../../__tests__/storedTokens';

interface StoredIdToken {
  readonly idToken: { readonly idToken: string };
}
import AuthProvider, { useAuth } from '..';
import useSandboxClientId from '../../useSandboxClientId';

jest.mock('@site/src/hooks/useSiteSettings', () =>
  jest.requireActual('../../__tests__/fakes').fakeSiteSettingsModule(),
);
jest.mock('../../loadAuthEngine', () => jest.requireActual('../../__tests__/fakes').fakeLoadAuthEngineModule());
const load = jest.mocked(loadAuthEngine);
const preload = jest.mocked(preloadAuthEngine);

function Status(): ReactNode {
  const { status, user, problem, signOut, retry } = useAuth();
  return (
    <>
      <p data-testid="status">{status}</p>
      <p data-testid="user">{user?.name ?? ''}</p>
      <p data-testid="sandbox">{user?.sandboxClientId ?? ''}</p>
      <p data-testid="problem">{problem?.code ?? ''}</p>
      <button type="button" onClick={() => void signOut().catch(() => undefined)}>
        Sign out
      </button>
      <button type="button" onClick={retry}>
        Retry
      </button>
    </>
  );
}

const status = () => screen.getByTestId('status').textContent;

function renderProvider(path: string, engine = new FakeEngine()) {
  load.mockResolvedValue(engine);
  const rendered = renderAt(
    path,
    <AuthProvider>
      <Status />
    </AuthProvider>,
  );
  return { engine, ...rendered };
}

/** Another tab of this browser writes `key` (the `storage` event a tab receives). */
function otherTabWrites(key: string, newValue: string | null) {
  act(() => {
    window.dispatchEvent(new StorageEvent('storage', { key, newValue, storageArea: window.localStorage }));
  });
}

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  // Most cases are a visitor whose browser holds tokens; those without say so.
  seedStoredSession();
  load.mockReset();
  preload.mockReset();
  // A page's sign-out ends its protected requests; each case is a new page.
  protectedRequests.reopen();
});

describe('AuthProvider', () => {
  it('starts unknown, and a public page without a stored session never loads the SDK', async () => {
    window.localStorage.clear();
    renderProvider('/health');
    // Decided in the first effect, which is where the SDK would have been loaded.
    await waitFor(() => expect(status()).toBe('anonymous'));
    expect(load).not.toHaveBeenCalled();
    expect(preload).not.toHaveBeenCalled();
  });

  it('a protected page without a stored session is anonymous at once: the SDK loads for the sign-in, its services do not start', async () => {
    window.localStorage.clear();
    const { engine } = renderProvider('/docs/trading-api');
    await waitFor(() => expect(status()).toBe('anonymous'));
    await answered(load);
    // The download started with the first render, before the effects ran.
    expect(preload).toHaveBeenCalled();
    expect(load).toHaveBeenCalledTimes(1);
    expect(engine.start).not.toHaveBeenCalled();
  });

  it('reads the engine on a protected page: tokens count once userinfo confirms them', async () => {
    const { engine } = renderProvider('/docs/trading-api');
    await engine.started();
    expect(engine.start).toHaveBeenCalledTimes(1);
    expect(status()).toBe('unknown');
    const userinfo = deferred<typeof DANA>();
    engine.readUser.mockReturnValueOnce(userinfo.promise);
    engine.tokens('id-1');
    expect(status()).toBe('unknown');
    userinfo.resolve(DANA);
    await waitFor(() => expect(status()).toBe('authenticated'));
    expect(screen.getByTestId('user')).toHaveTextContent('Dana Developer');
  });

  it('goes anonymous when the engine reports no tokens', async () => {
    const { engine } = renderProvider('/docs');
    await engine.started();
    engine.noTokens();
    expect(status()).toBe('anonymous');
  });

  it('ignores userinfo for a token that was replaced while it was in flight', async () => {
    const { engine } = renderProvider('/docs');
    await engine.started();
    const first = deferred<typeof DANA>();
    engine.readUser.mockReturnValueOnce(first.promise);
    engine.tokens('id-1');
    engine.emit({ type: 'token-renewed', idToken: 'id-2' });
    await waitFor(() => expect(status()).toBe('authenticated'));
    expect(engine.readUser).toHaveBeenCalledTimes(2);
    first.resolve({ subject: 'stale', name: 'Stale Answer' });
    await answered(engine.readUser, 0);
    expect(screen.getByTestId('user')).toHaveTextContent('Dana Developer');
  });

  it('on a userinfo mismatch forgets the session and shows the failure page, detail in history state', async () => {
    const engine = new FakeEngine();
    engine.readUser.mockRejectedValue(
      Object.assign(new Error('getUserInfo request was rejected due to token mismatch'), { name: 'AuthSdkError' }),
    );
    const { location } = renderProvider('/docs/document-api', engine);
    await engine.started();
    engine.tokens('id-1');
    await waitFor(() => expect(location().pathname).toBe('/401/error'));
    expect(engine.clearLocalSession).toHaveBeenCalled();
    const params = new URLSearchParams(location().search);
    expect(params.get('reason')).toBe('userinfo-mismatch');
    expect(params.get('returnTo')).toBe('/docs/document-api');
    expect(params.get('detail')).toBeNull();
    expect(failureDetailOf(location().state)).toMatch(/token mismatch/);
    expect(status()).toBe('anonymous');
  });

  describe('userinfo refuses the stored tokens (the provider restarted, or the session was ended)', () => {
    const invalidToken = () =>
      Object.assign(new Error('invalid token provided'), {
        name: 'OAuthError',
        errorCode: 'invalid_token',
        errorSummary: 'invalid token provided',
      });

    it('forgets them and becomes anonymous, so a protected page signs in afresh', async () => {
      const engine = new FakeEngine();
      engine.readUser.mockRejectedValue(invalidToken());
      renderProvider('/docs/trading-api', engine);
      await engine.started();
      engine.tokens('id-1');
      await waitFor(() => expect(status()).toBe('anonymous'));
      expect(engine.clearLocalSession).toHaveBeenCalled();
    });

    it('refused again within a minute, says so instead of signing in again, and Retry starts from no tokens', async () => {
      const engine = new FakeEngine();
      engine.readUser.mockRejectedValue(invalidToken());
      window.sessionStorage.setItem('docs-session-restarted-at', String(Date.now() - 5_000));
      renderProvider('/docs/trading-api', engine);
      await engine.started();
      engine.tokens('id-1');
      await waitFor(() => expect(status()).toBe('unavailable'));
      expect(screen.getByTestId('problem')).toHaveTextContent('session-ended');
      expect(engine.clearLocalSession).toHaveBeenCalled();
      window.localStorage.removeItem(TOKEN_STORAGE_KEY);
      fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
      await waitFor(() => expect(status()).toBe('anonymous'));
    });

    it('keeps the tokens when the provider cannot be reached', async () => {
      const engine = new FakeEngine();
      engine.readUser.mockRejectedValue(new TypeError('Failed to fetch'));
      renderProvider('/docs/trading-api', engine);
      await engine.started();
      engine.tokens('id-1');
      await waitFor(() => expect(status()).toBe('unavailable'));
      expect(engine.clearLocalSession).not.toHaveBeenCalled();
    });
  });

  it('turns a renewal failure into anonymous', async () => {
    const { engine } = renderProvider('/docs');
    await engine.started();
    engine.tokens('id-1');
    await waitFor(() => expect(status()).toBe('authenticated'));
    engine.emit({ type: 'renewal-failed' });
    expect(status()).toBe('anonymous');
  });

  it('says unavailable when the engine cannot be loaded, and Retry starts over', async () => {
    load.mockRejectedValueOnce(
      Object.assign(new Error('Browser storage is unavailable'), { name: 'StorageUnavailableError' }),
    );
    const engine = new FakeEngine();
    load.mockResolvedValue(engine);
    renderAt(
      '/docs',
      <AuthProvider>
        <Status />
      </AuthProvider>,
    );
    await waitFor(() => expect(status()).toBe('unavailable'));
    expect(screen.getByTestId('problem')).toHaveTextContent('storage-unavailable');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(status()).toBe('unknown');
    await engine.started();
    expect(engine.start).toHaveBeenCalledTimes(1);
  });

  /** A Try it panel's sandbox token (src/auth/sandboxToken.ts): sign-out removes it. */
  const SANDBOX_TOKEN = {
    accessToken: 'sandbox-access',
    expiresAt: Date.now() + 3_600_000,
    clientId: 'sandbox-demo',
    scope: '',
  };

  describe('signing out', () => {
    it('tells the other tabs, then signs out; its own token removals change nothing', async () => {
      const { engine } = renderProvider('/docs');
      await engine.started();
      engine.tokens('id-1');
      await waitFor(() => expect(status()).toBe('authenticated'));
      saveSandboxToken('proxy', SANDBOX_TOKEN);
      expect(readSandboxToken('proxy')).toEqual(SANDBOX_TOKEN);
      const leaving = deferred<undefined>();
      engine.signOut.mockReturnValueOnce(leaving.promise);
      fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
      expect(status()).toBe('signing-out');
      expect(readSandboxToken('proxy')).toBeNull();
      await waitFor(() => expect(engine.signOut).toHaveBeenCalledTimes(1));
      expect(window.localStorage.getItem(SIGN_OUT_SIGNAL_KEY)).toBeTruthy();
      engine.noTokens();
      engine.emit({ type: 'renewal-failed' });
      expect(status()).toBe('signing-out');
    });

    it('asks for no more protected files, and lets those already asked for arrive before the gate session ends', async () => {
      const { engine } = renderProvider('/docs');
      await engine.started();
      engine.tokens('id-1');
      await waitFor(() => expect(status()).toBe('authenticated'));
      const file = deferred<void[]>();
      const docusaurus: RouteLoader = { prefetch: () => file.promise, preload: () => false };
      const loader = skipProtectedRoutesWithoutCookie(docusaurus, {
        baseUrl: '/',
        protectedPaths: AUTH_SETTINGS.protectedPaths,
        hasGateCookie: () => true,
      });
      loader.prefetch('/docs/trading-api');
      fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
      expect(loader.prefetch('/docs/document-api')).toBe(false);
      await answered(load);
      expect(engine.signOut).not.toHaveBeenCalled();
      // The other tabs clear the shared gate cookie when they hear of the sign-out: not before the file arrives.
      expect(window.localStorage.getItem(SIGN_OUT_SIGNAL_KEY)).toBeNull();
      await act(async () => {
        file.resolve([]);
        await file.promise;
      });
      await waitFor(() => expect(engine.signOut).toHaveBeenCalledTimes(1));
    });

    it('reports a failed sign-out as unavailable', async () => {
      const { engine } = renderProvider('/docs');
      await engine.started();
      engine.signOut.mockRejectedValueOnce(new TypeError('Failed to fetch'));
      fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
      await waitFor(() => expect(status()).toBe('unavailable'));
      expect(screen.getByTestId('problem')).toHaveTextContent('provider-unreachable');
      // Still signed in: the page may prefetch protected routes again.
      expect(protectedRequests.ended()).toBe(false);
    });
  });

  describe('another tab signs out', () => {
    it('becomes signed-out-elsewhere, and the token removal that follows starts nothing', async () => {
      const { engine } = renderProvider('/docs/trading-api');
      await engine.started();
      engine.tokens('id-1');
      await waitFor(() => expect(status()).toBe('authenticated'));
      saveSandboxToken('local', SANDBOX_TOKEN);
      otherTabWrites(SIGN_OUT_SIGNAL_KEY, 'now');
      await waitFor(() => expect(status()).toBe('signed-out-elsewhere'));
      expect(readSandboxToken('local')).toBeNull();
      expect(window.sessionStorage.length).toBe(0);
      engine.noTokens();
      expect(status()).toBe('signed-out-elsewhere');
      expect(engine.signIn).not.toHaveBeenCalled();
    });

    it('ignores other keys and the signal being removed', async () => {
      const { engine } = renderProvider('/docs');
      await engine.started();
      engine.tokens('id-1');
      await waitFor(() => expect(status()).toBe('authenticated'));
      otherTabWrites('something-else', 'x');
      otherTabWrites(SIGN_OUT_SIGNAL_KEY, null);
      expect(status()).toBe('authenticated');
    });
  });

  describe('a stored session, confirmed without the sign-in SDK', () => {
    const fetchMock = jest.fn<Promise<Response>, [RequestInfo | URL, RequestInit?]>();
    const userinfo = (status: number, body: unknown = {}) =>
      fetchMock.mockResolvedValueOnce({ ok: status === 200, status, json: async () => body } as Response);
    const now = () => Math.floor(Date.now() / 1000);

    beforeEach(() => {
      fetchMock.mockReset();
      globalThis.fetch = fetchMock;
      window.localStorage.setItem(TOKEN_STORAGE_KEY, tokenStorage());
      document.cookie = 'docs_id_token=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT';
    });

    it('is authenticated from the stored tokens and userinfo, without loading the SDK', async () => {
      userinfo(200, { sub: DANA.subject, name: DANA.name, sandbox_client_id: 'sbx-dana-1' });
      const { engine } = renderProvider('/docs/trading-api');
      await waitFor(() => expect(status()).toBe('authenticated'));
      expect(screen.getByTestId('user').textContent).toBe(DANA.name);
      expect(screen.getByTestId('sandbox').textContent).toBe('sbx-dana-1');
      const [url, init] = fetchMock.mock.calls[0] ?? [];
      expect(url).toBe(`${AUTH_SETTINGS.issuer}/connect/userinfo`);
      expect(init?.headers).toMatchObject({ Authorization: 'Bearer opaque-access-token' });
      // The gate's cookie follows the stored ID token, as the SDK would keep it.
      expect(document.cookie).toContain('docs_id_token=');
      expect(load).not.toHaveBeenCalled();
      expect(preload).not.toHaveBeenCalled();
      expect(engine.start).not.toHaveBeenCalled();
    });

    it.each([
      ['without a sandbox client id, a sample never re-renders', {}, ['']],
      ['with one, a sample re-renders once, to show it', { sandbox_client_id: 'sbx-dana-1' }, ['', 'sbx-dana-1']],
    ])('%s when the session is confirmed', async (_label, claims, renders) => {
      userinfo(200, { sub: DANA.subject, name: DANA.name, ...claims });
      const seen: string[] = [];
      function Sample(): ReactNode {
        seen.push(useSandboxClientId() ?? '');
        return null;
      }
      load.mockResolvedValue(new FakeEngine());
      renderAt(
        '/docs/trading-api',
        <AuthProvider>
          <Status />
          <Sample />
        </AuthProvider>,
      );
      await waitFor(() => expect(status()).toBe('authenticated'));
      expect(seen).toEqual(renders);
    });

    it.each([
      ['userinfo refuses the access token (401)', () => userinfo(401, { error: 'invalid_token' })],
      ['userinfo names another subject', () => userinfo(200, { sub: 'someone-else' })],
      ['userinfo cannot be reached', () => fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'))],
    ])('when %s, the SDK decides as before', async (_label, answer) => {
      answer();
      const { engine } = renderProvider('/docs/trading-api');
      await engine.started();
      expect(status()).toBe('unknown');
      engine.tokens('id-1');
      await waitFor(() => expect(status()).toBe('authenticated'));
      expect(engine.readUser).toHaveBeenCalledTimes(1);
    });

    it('expired tokens go to the SDK (to renew) without asking userinfo', async () => {
      window.localStorage.setItem(TOKEN_STORAGE_KEY, tokenStorage({ accessExpiresAt: now() - 10 }));
      const { engine } = renderProvider('/docs/trading-api');
      await engine.started();
      expect(fetchMock).not.toHaveBeenCalled();
    });

    it('loads the SDK shortly before the tokens are due for renewal', async () => {
      // Due for renewal (30 s before expiry) in 65 s: the SDK loads a minute before, in 5 s. Long enough that a
      // busy machine confirms the session first; short enough to wait for.
      window.localStorage.setItem(TOKEN_STORAGE_KEY, tokenStorage({ accessExpiresAt: now() + 95 }));
      userinfo(200, { sub: DANA.subject });
      const { engine } = renderProvider('/docs/trading-api');
      await waitFor(() => expect(status()).toBe('authenticated'));
      expect(load).not.toHaveBeenCalled();
      await waitFor(() => expect(load).toHaveBeenCalled(), { timeout: 10_000 });
      await engine.started();
      // The engine reports the confirmed token again: nothing to confirm, no second userinfo.
      const stored = JSON.parse(window.localStorage.getItem(TOKEN_STORAGE_KEY) ?? '{}') as StoredIdToken;
      engine.tokens(stored.idToken.idToken);
      expect(status()).toBe('authenticated');
      expect(engine.readUser).not.toHaveBeenCalled();
    }, 20_000);

    describe('a check still in flight when the stored tokens change', () => {
      const GATE_COOKIE = 'docs_id_token=';
      const storedIdToken = () =>
        (JSON.parse(window.localStorage.getItem(TOKEN_STORAGE_KEY) ?? '{}') as StoredIdToken).idToken.idToken;
      /** Userinfo's answer, held until the test releases it. */
      function heldUserinfo() {
        const answer = deferred<Response>();
        fetchMock.mockReturnValueOnce(answer.promise);
        const release = async () => {
          await act(async () => {
            answer.resolve({ ok: true, status: 200, json: async () => ({ sub: DANA.subject }) } as Response);
            await answer.promise;
          });
        };
        return release;
      }
      /** The page as the gate sent it: its cookie holds the stored ID token. */
      beforeEach(() => {
        document.cookie = `${GATE_COOKIE}${storedIdToken()}; Path=/`;
      });

      it('writes no gate cookie back after another tab signed out, and the visitor stays signed out', async () => {
        const release = heldUserinfo();
        renderProvider('/docs/trading-api');
        await waitFor(() => expect(fetchMock).toHaveBeenCalled());
        // Another tab signs out: its signal, then the removal of the tokens.
        otherTabWrites(SIGN_OUT_SIGNAL_KEY, 'now');
        window.localStorage.removeItem(TOKEN_STORAGE_KEY);
        otherTabWrites(TOKEN_STORAGE_KEY, null);
        expect(document.cookie).not.toContain(GATE_COOKIE);
        await release();
        expect(document.cookie).not.toContain(GATE_COOKIE);
        expect(status()).toBe('signed-out-elsewhere');
      });

      it('does not count tokens removed while it ran (no sign-out signal): the SDK decides from what is stored', async () => {
        const release = heldUserinfo();
        const { engine } = renderProvider('/docs/trading-api');
        await waitFor(() => expect(fetchMock).toHaveBeenCalled());
        window.localStorage.removeItem(TOKEN_STORAGE_KEY);
        document.cookie = `${GATE_COOKIE}; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT`;
        otherTabWrites(TOKEN_STORAGE_KEY, null);
        await release();
        expect(document.cookie).not.toContain(GATE_COOKIE);
        expect(status()).not.toBe('authenticated');
        await engine.started();
        engine.noTokens();
        expect(status()).toBe('anonymous');
        expect(document.cookie).not.toContain(GATE_COOKIE);
      });

      it('leaves the cookie of tokens another tab renewed meanwhile', async () => {
        const release = heldUserinfo();
        renderProvider('/docs/trading-api');
        await waitFor(() => expect(fetchMock).toHaveBeenCalled());
        const confirmed = storedIdToken();
        const later = now() + 7200;
        window.localStorage.setItem(
          TOKEN_STORAGE_KEY,
          tokenStorage({ idClaims: { ...idTokenClaims(), exp: later }, idExpiresAt: later, accessExpiresAt: later }),
        );
        const renewed = storedIdToken();
        expect(renewed).not.toBe(confirmed);
        document.cookie = `${GATE_COOKIE}${renewed}; Path=/`;
        await release();
        expect(document.cookie).toBe(`${GATE_COOKIE}${renewed}`);
      });
    });

    it('loads the SDK when another tab changes the tokens, and follows what it reports', async () => {
      userinfo(200, { sub: DANA.subject });
      const { engine } = renderProvider('/docs/trading-api');
      await waitFor(() => expect(status()).toBe('authenticated'));
      otherTabWrites('unrelated', 'x');
      expect(load).not.toHaveBeenCalled();
      otherTabWrites(TOKEN_STORAGE_KEY, '{}');
      await engine.started();
      engine.noTokens();
      expect(status()).toBe('anonymous');
    });
  });
});
