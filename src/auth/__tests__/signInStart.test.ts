/** @jest-environment jsdom */
import type { AuthSettings } from '@site/config/settings';
import { createAuthEngine } from '../authEngine';
import { TOKEN_STORAGE_KEY } from '../browserStorage';
import { finishSignIn, startSignIn } from '../signInStart';
import { deferred } from './fakes';

jest.mock('../authEngine', () => ({ createAuthEngine: jest.fn() }));

const create = jest.mocked(createAuthEngine);
const SETTINGS = { issuer: 'http://localhost:4100', clientId: 'developer-docs' } as AuthSettings;

describe('startSignIn (the sign-in shell’s starter)', () => {
  const signIn = jest.fn(async () => undefined);

  beforeEach(() => {
    window.localStorage.clear();
    create.mockReset().mockReturnValue({ signIn } as unknown as ReturnType<typeof createAuthEngine>);
    signIn.mockClear();
    document.cookie = 'docs_id_token=stale.token.value; Path=/';
  });

  it('signs in to come back to the address asked for, and drops the stale gate cookie', async () => {
    await startSignIn(SETTINGS, '/', '/docs/orders?tab=curl#request');
    expect(create).toHaveBeenCalledWith(SETTINGS, { origin: window.location.origin, baseUrl: '/' });
    expect(signIn).toHaveBeenCalledWith('/docs/orders?tab=curl#request');
    expect(document.cookie).not.toContain('docs_id_token');
  });

  it('checks the address first, as the sign-in page does', async () => {
    await startSignIn(SETTINGS, '/', 'https://evil.example/phish');
    expect(signIn).toHaveBeenCalledWith('/docs');
  });

  it('leaves the decision to the sign-in page when tokens are stored, starting nothing', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, JSON.stringify({ idToken: {} }));
    await expect(startSignIn(SETTINGS, '/', '/docs')).rejects.toThrow('The sign-in page decides: tokens are stored');
    expect(create).not.toHaveBeenCalled();
    expect(document.cookie).toContain('docs_id_token');
  });

  it('rejects when the engine fails, so the shell hands over to the sign-in page', async () => {
    signIn.mockRejectedValueOnce(new Error('The identity provider is unavailable (HTTP 503).'));
    await expect(startSignIn(SETTINGS, '/', '/docs')).rejects.toThrow('HTTP 503');
  });
});

describe('finishSignIn (the return page’s early exchange)', () => {
  const store = jest.fn(async () => undefined);
  const receiveSignIn = jest.fn();
  const isSignInResponse = jest.fn(() => true);
  const clearLocalSession = jest.fn();
  const replace = jest.fn();

  beforeEach(() => {
    store.mockClear();
    receiveSignIn.mockReset().mockResolvedValue({ returnTo: '/docs/orders?tab=curl#request', store });
    isSignInResponse.mockReset().mockReturnValue(true);
    clearLocalSession.mockClear();
    replace.mockClear();
    create
      .mockReset()
      .mockReturnValue({ receiveSignIn, isSignInResponse, clearLocalSession } as unknown as ReturnType<
        typeof createAuthEngine
      >);
    window.history.replaceState(null, '', '/login/callback?code=abc&state=xyz');
  });

  it('stores the tokens, then sends the browser to the address the sign-in was for', async () => {
    await expect(finishSignIn(SETTINGS, '/', () => false, replace)).resolves.toEqual({
      outcome: 'leaving',
      returnTo: '/docs/orders?tab=curl#request',
    });
    expect(store).toHaveBeenCalledTimes(1);
    expect(replace).toHaveBeenCalledWith(`${window.location.origin}/docs/orders?tab=curl#request`);
  });

  it('checks the address first, as the return page does', async () => {
    receiveSignIn.mockResolvedValue({ returnTo: '//evil.example/phish', store });
    await expect(finishSignIn(SETTINGS, '/', () => false, replace)).resolves.toMatchObject({ returnTo: '/docs' });
    expect(replace).toHaveBeenCalledWith(`${window.location.origin}/docs`);
  });

  it('sends nothing when the address is no sign-in response, or storage is off', async () => {
    isSignInResponse.mockReturnValue(false);
    await expect(finishSignIn(SETTINGS, '/', () => false, replace)).resolves.toEqual({ outcome: 'not-started' });
    create.mockImplementation(() => {
      throw new Error('Browser storage is unavailable');
    });
    await expect(finishSignIn(SETTINGS, '/', () => false, replace)).resolves.toEqual({ outcome: 'not-started' });
    expect(receiveSignIn).not.toHaveBeenCalled();
    expect(replace).not.toHaveBeenCalled();
  });

  it('hands a failed exchange to the return page, unthrown', async () => {
    const error = new Error('The JWT signature is invalid');
    receiveSignIn.mockRejectedValue(error);
    await expect(finishSignIn(SETTINGS, '/', () => false, replace)).resolves.toEqual({ outcome: 'failed', error });
    expect(store).not.toHaveBeenCalled();
    expect(replace).not.toHaveBeenCalled();
  });

  it('stores nothing and goes nowhere once the return page has decided', async () => {
    await expect(finishSignIn(SETTINGS, '/', () => true, replace)).resolves.toEqual({ outcome: 'abandoned' });
    expect(store).not.toHaveBeenCalled();
    expect(replace).not.toHaveBeenCalled();
  });

  it('takes the tokens back when the page decided while they were being stored', async () => {
    let decided = false;
    store.mockImplementationOnce(async () => {
      decided = true;
    });
    await expect(finishSignIn(SETTINGS, '/', () => decided, replace)).resolves.toEqual({ outcome: 'abandoned' });
    expect(clearLocalSession).toHaveBeenCalledTimes(1);
    expect(replace).not.toHaveBeenCalled();
  });

  it('goes nowhere when the reader has left the return page meanwhile', async () => {
    const exchange = deferred();
    receiveSignIn.mockReturnValue(exchange.promise);
    const outcome = finishSignIn(SETTINGS, '/', () => false, replace);
    window.history.pushState(null, '', '/docs');
    exchange.resolve({ returnTo: '/docs/orders', store });
    await expect(outcome).resolves.toEqual({ outcome: 'abandoned' });
    expect(store).not.toHaveBeenCalled();
    expect(replace).not.toHaveBeenCalled();
  });
});
