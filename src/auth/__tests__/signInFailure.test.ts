import {
  classifySignInError,
  failureDetailOf,
  failurePageUrl,
  isSignInFailureCode,
  showSignInFailure,
  SIGN_IN_FAILURES,
} from '../signInFailure';

function oauthError(errorCode: string, summary: string) {
  return Object.assign(new Error(summary), { name: 'OAuthError', errorCode, errorSummary: summary });
}

function sdkError(message: string) {
  return Object.assign(new Error(message), { name: 'AuthSdkError', errorSummary: message });
}

describe('classifySignInError', () => {
  it.each([
    [oauthError('access_denied', 'End-User aborted interaction'), 'access-denied'],
    [oauthError('invalid_grant', 'grant request is invalid'), 'code-rejected'],
    [oauthError('invalid_request', 'realm is not accepted'), 'provider-error'],
    [oauthError('invalid_token', 'invalid token provided'), 'session-ended'],
    [sdkError("OAuth flow response state doesn't match request state"), 'state-mismatch'],
    [sdkError('Could not load PKCE codeVerifier from storage. This may indicate…'), 'no-transaction'],
    [sdkError('Unable to retrieve OAuth redirect params from storage'), 'no-transaction'],
    [sdkError('getUserInfo request was rejected due to token mismatch'), 'userinfo-mismatch'],
    [sdkError('The token signature is not valid'), 'token-invalid'],
    [sdkError("The key id, abc, was not found in the server's keys"), 'token-invalid'],
    [new TypeError('Failed to fetch'), 'provider-unreachable'],
    [
      Object.assign(new Error('Browser storage is unavailable'), { name: 'StorageUnavailableError' }),
      'storage-unavailable',
    ],
    [new Error('something else entirely'), 'unknown'],
  ])('classifies %p as %s', (error, code) => {
    expect(classifySignInError(error).code).toBe(code);
  });

  it('keeps the provider error code and description as detail', () => {
    expect(classifySignInError(oauthError('invalid_request', 'realm is not accepted')).detail).toBe(
      'invalid_request: realm is not accepted',
    );
  });

  it('caps the detail length', () => {
    expect(classifySignInError(new Error('x'.repeat(1000))).detail).toHaveLength(300);
  });
});

describe('failurePageUrl', () => {
  it('carries the reason and return address as query parameters', () => {
    const url = new URL(failurePageUrl('/', 'timeout', '/docs?x=1'), 'https://x.example');
    expect(url.pathname).toBe('/401/error');
    expect(url.searchParams.get('reason')).toBe('timeout');
    expect(url.searchParams.get('returnTo')).toBe('/docs?x=1');
  });
});

describe('showSignInFailure', () => {
  it('puts the detail in history state, never in the URL', () => {
    const history = { replace: jest.fn() };
    showSignInFailure(history, '/', { code: 'provider-error', detail: 'invalid_request: realm' }, '/docs/trading-api');
    const [path, state] = history.replace.mock.calls[0] as [string, unknown];
    const url = new URL(path, 'https://x.example');
    expect([...url.searchParams.keys()].sort()).toEqual(['reason', 'returnTo']);
    expect(url.searchParams.get('returnTo')).toBe('/docs/trading-api');
    expect(failureDetailOf(state)).toBe('invalid_request: realm');
  });

  it('reads only a string detail from history state, capped', () => {
    expect(failureDetailOf(null)).toBeUndefined();
    expect(failureDetailOf({ signInDetail: 42 })).toBeUndefined();
    expect(failureDetailOf({ signInDetail: 'x'.repeat(500) })).toHaveLength(300);
  });
});

describe('isSignInFailureCode', () => {
  it('accepts only catalogued codes', () => {
    for (const code of Object.keys(SIGN_IN_FAILURES)) expect(isSignInFailureCode(code)).toBe(true);
    expect(isSignInFailureCode('constructor')).toBe(false);
    expect(isSignInFailureCode('<script>')).toBe(false);
  });
});
