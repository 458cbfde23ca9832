/** @jest-environment jsdom */
import { act, renderHook, waitFor } from '@testing-library/react';
import { clearSandboxTokens, readSandboxToken, SANDBOX_TOKEN_KEY_PREFIX } from '@site/src/auth/sandboxToken';
import { TOKEN } from '@site/contracts/facts';
import type { Target } from '../tryItRequest';
import useTryItToken, { requestToken, type TryItTokenOptions } from '../useTryItToken';
import { fakeFetch, fakeResponse, LOCAL, PROXY } from './fakes';

const DEMO = { clientId: 'sandbox-demo', clientSecret: 'sandbox-demo-secret' };
const granted = (accessToken = 'eyJ.token.abcd', expiresIn = 3600) =>
  fakeResponse(200, {
    access_token: accessToken,
    expires_in: expiresIn,
    scope: 'accounts.write',
    token_type: 'Bearer',
  });

function renderToken(options: Partial<TryItTokenOptions> & Pick<TryItTokenOptions, 'fetch'>) {
  return renderHook((props: Partial<TryItTokenOptions>) =>
    useTryItToken({ target: PROXY, isBrowser: true, ...options, ...props }),
  );
}

/** Types the credentials and asks for a token. */
async function getToken(result: { current: ReturnType<typeof useTryItToken> }, credentials = DEMO) {
  act(() => {
    result.current.setClientId(credentials.clientId);
    result.current.setClientSecret(credentials.clientSecret);
  });
  await act(() => result.current.getToken());
}

beforeEach(() => {
  // The secrets kept for renewal live in the page's memory: a sign-out forgets them, as between readers.
  const { unmount } = renderToken({ fetch: fakeFetch(() => new Error('unused')) });
  act(() => clearSandboxTokens());
  unmount();
});
afterEach(() => jest.useRealTimers());

describe('requestToken', () => {
  it('asks with the client’s Basic credentials, through the site for the Sandbox only', async () => {
    const fetch = fakeFetch(() => granted());
    const token = await requestToken(fetch, PROXY, DEMO);
    expect(fetch).toHaveBeenCalledWith('/api-proxy/connect/token', {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        Authorization: `Basic ${btoa('sandbox-demo:sandbox-demo-secret')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    expect(token).toEqual({
      accessToken: 'eyJ.token.abcd',
      expiresAt: expect.any(Number),
      clientId: 'sandbox-demo',
      scope: 'accounts.write',
    });
    await requestToken(fetch, LOCAL, DEMO);
    expect(fetch).toHaveBeenLastCalledWith(
      'http://localhost:4020/connect/token',
      expect.objectContaining({ credentials: 'omit' }),
    );
  });

  it('takes an hour when the endpoint names no lifetime', async () => {
    const before = Date.now();
    const token = await requestToken(
      fakeFetch(() => fakeResponse(200, { access_token: 'x' })),
      PROXY,
      DEMO,
    );
    expect(token.expiresAt - before).toBeGreaterThanOrEqual(3600 * 1000);
    expect(token.scope).toBe('');
  });

  it.each([
    [
      fakeResponse(401, { error: 'invalid_client', error_description: 'Unknown client' }),
      'The token endpoint answered 401: Unknown client.',
    ],
    [
      fakeResponse(403, { message: 'Sign in to use the sandbox proxy' }),
      'The token endpoint answered 403: Sign in to use the sandbox proxy.',
    ],
    [fakeResponse(500, 'Internal error'), 'The token endpoint answered 500.'],
    [fakeResponse(200, { token_type: 'Bearer' }), 'The token endpoint answered 200.'],
  ])('says why there is no token (%#)', async (response, message) => {
    await expect(
      requestToken(
        fakeFetch(() => response),
        PROXY,
        DEMO,
      ),
    ).rejects.toThrow(message);
  });
});

describe('useTryItToken', () => {
  it('starts with the signed-in developer’s client id until the reader types one, and no token', () => {
    const { result, rerender } = renderToken({ fetch: fakeFetch(() => granted()) });
    expect(result.current).toMatchObject({ token: null, clientId: '', clientSecret: '', message: '' });
    rerender({ personalClientId: 'sandbox-demo' });
    expect(result.current.clientId).toBe('sandbox-demo');
    act(() => result.current.setClientId('someone-else'));
    rerender({ personalClientId: 'sandbox-demo' });
    expect(result.current.clientId).toBe('someone-else');
  });

  it('reads no storage before hydration', () => {
    window.sessionStorage.setItem(
      `${SANDBOX_TOKEN_KEY_PREFIX}proxy`,
      JSON.stringify({ accessToken: 'a', expiresAt: Date.now() + 60_000, clientId: 'c', scope: '' }),
    );
    const { result } = renderToken({ isBrowser: false, fetch: fakeFetch(() => granted()) });
    expect(result.current.token).toBeNull();
  });

  it('asks for both credentials before asking the endpoint', async () => {
    const fetch = fakeFetch(() => granted());
    const { result } = renderToken({ fetch });
    await getToken(result, { clientId: '  ', clientSecret: 'secret' });
    expect(result.current.message).toBe('Enter the client ID and the client secret of your sandbox client.');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('gets a token, keeps it in this tab for the target, and empties the secret field', async () => {
    const { result } = renderToken({ fetch: fakeFetch(() => granted()) });
    await getToken(result, { clientId: ' sandbox-demo ', clientSecret: DEMO.clientSecret });
    expect(result.current.token).toMatchObject({ accessToken: 'eyJ.token.abcd', clientId: 'sandbox-demo' });
    expect(result.current.clientSecret).toBe('');
    expect(result.current.message).toBe('Token received from the Sandbox, for sandbox-demo.');
    expect(readSandboxToken('proxy')).toEqual(result.current.token);
    expect(readSandboxToken('local')).toBeNull();
    expect(window.localStorage.length).toBe(0);
  });

  it('says the endpoint’s refusal', async () => {
    const { result } = renderToken({
      fetch: fakeFetch(() => fakeResponse(401, { error: 'invalid_client', error_description: 'Unknown client' })),
    });
    await getToken(result);
    expect(result.current.message).toBe('The token endpoint answered 401: Unknown client.');
    expect(result.current.token).toBeNull();
  });

  it('shows the token of the target chosen', async () => {
    const { result, rerender } = renderToken({ fetch: fakeFetch(() => granted()) });
    await getToken(result);
    rerender({ target: LOCAL });
    expect(result.current.token).toBeNull();
    rerender({ target: PROXY });
    expect(result.current.token).not.toBeNull();
  });

  it('forgets every token on request, and when the reader signs out anywhere', async () => {
    const { result } = renderToken({ fetch: fakeFetch(() => granted()) });
    await getToken(result);
    act(() => result.current.forgetToken());
    expect(result.current.token).toBeNull();
    expect(result.current.message).toBe('Token removed.');
    await getToken(result);
    act(() => clearSandboxTokens());
    expect(result.current.token).toBeNull();
    await expect(result.current.currentToken()).resolves.toBeNull();
  });

  it('renews the token before it expires, while the secret is in the page', async () => {
    jest.useFakeTimers();
    const lifetime = TOKEN.renewBeforeExpirySeconds + 60;
    let issued = 0;
    const fetch = fakeFetch(() => granted(`token-${(issued += 1)}`, lifetime));
    const { result } = renderToken({ fetch });
    await getToken(result);
    expect(result.current.token?.accessToken).toBe('token-1');
    await act(async () => {
      jest.advanceTimersByTime(59_000);
    });
    expect(fetch).toHaveBeenCalledTimes(1);
    await act(async () => {
      jest.advanceTimersByTime(1_000);
    });
    expect(fetch).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(result.current.token?.accessToken).toBe('token-2'));
  });

  it('hands over the stored token to send with, renewing one about to expire', async () => {
    jest.useFakeTimers();
    let issued = 0;
    const fetch = fakeFetch(() => granted(`token-${(issued += 1)}`, TOKEN.renewBeforeExpirySeconds + 60));
    const { result } = renderToken({ fetch });
    await expect(result.current.currentToken()).resolves.toBeNull();
    await getToken(result);
    await expect(result.current.currentToken()).resolves.toMatchObject({ accessToken: 'token-1' });
    // A minute on, before the renewal timer has run (a tab in the background): renewed on the way out.
    jest.setSystemTime(Date.now() + 61_000);
    let current: Awaited<ReturnType<typeof result.current.currentToken>> = null;
    await act(async () => {
      current = await result.current.currentToken();
    });
    expect(current).toMatchObject({ accessToken: 'token-2' });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('hands over a stored token it cannot renew as it is', async () => {
    window.sessionStorage.setItem(
      `${SANDBOX_TOKEN_KEY_PREFIX}local`,
      JSON.stringify({ accessToken: 'from-another-page', expiresAt: Date.now() + 60_000, clientId: 'c', scope: '' }),
    );
    const fetch = fakeFetch(() => granted());
    const { result } = renderToken({ target: LOCAL as Target, fetch });
    await expect(result.current.currentToken()).resolves.toMatchObject({ accessToken: 'from-another-page' });
    expect(fetch).not.toHaveBeenCalled();
  });
});
