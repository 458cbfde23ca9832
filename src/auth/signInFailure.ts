/**
 * Every way sign-in can fail, named by a short code that travels to `/401/error?reason=…`, with
 * the words the error page shows. The code is looked up here, so a crafted URL can only pick one of
 * these texts. The optional detail never travels in the URL: it goes in the history entry's state,
 * which only the site's own code can write, and is shown as plain text.
 */

export const SIGN_IN_FAILURES = {
  'access-denied': {
    title: 'Sign-in was canceled or refused',
    explanation:
      'The identity provider did not grant access. You may have canceled the sign-in, or your account is not allowed to read this documentation.',
  },
  'provider-error': {
    title: 'The identity provider rejected the sign-in request',
    explanation:
      'The identity provider answered with an error. If it keeps happening, contact support and quote the detail below.',
  },
  'state-mismatch': {
    title: 'The sign-in response did not match this browser',
    explanation:
      'The response from the identity provider belongs to a different sign-in attempt. This protects you from forged sign-in links.',
  },
  'missing-code': {
    title: 'The sign-in response was incomplete',
    explanation: 'The return address did not carry an authorization code, so there was nothing to complete.',
  },
  'no-transaction': {
    title: 'This sign-in was not started in this browser',
    explanation:
      'The sign-in response arrived, but this browser holds no record of starting it (it may have been opened in another browser or already completed).',
  },
  'code-rejected': {
    title: 'The sign-in code was rejected',
    explanation:
      'The identity provider refused to exchange the authorization code. Codes work once and expire quickly.',
  },
  'token-invalid': {
    title: 'The sign-in tokens could not be verified',
    explanation:
      "The tokens returned by the identity provider did not pass verification against the provider's published keys and claims.",
  },
  'userinfo-mismatch': {
    title: 'Your identity could not be confirmed',
    explanation:
      'The identity provider reported a different user than the one in your sign-in token, so you have been signed out for safety.',
  },
  'session-ended': {
    title: 'Your sign-in has ended',
    explanation:
      'The identity provider no longer accepts the sign-in this browser kept (it may have restarted, or the session was ended), and refused it again right after a fresh sign-in. The refused tokens have been removed from this browser: sign in again to continue.',
  },
  'provider-unreachable': {
    title: 'The identity provider could not be reached',
    explanation: 'The sign-in service did not answer. Check your connection and try again in a moment.',
  },
  timeout: {
    title: 'Sign-in took too long',
    explanation: 'Completing the sign-in did not finish in time.',
  },
  'storage-unavailable': {
    title: 'This browser cannot keep you signed in',
    explanation:
      'Sign-in needs browser storage (localStorage and sessionStorage), and it is switched off or full in this browser.',
  },
  'gate-refused': {
    title: 'The documentation server did not accept your sign-in',
    explanation:
      'You are signed in, but the server that holds the documentation refused your session. Cookies may be blocked for this site, or the clock of this device may be wrong. Allow cookies for this site and try again; if it keeps happening, log out and log in again.',
  },
  unknown: {
    title: 'Sign-in failed',
    explanation: 'Something went wrong while signing you in.',
  },
} as const satisfies Record<string, { title: string; explanation: string }>;

export type SignInFailureCode = keyof typeof SIGN_IN_FAILURES;

export interface SignInFailure {
  readonly code: SignInFailureCode;
  /** Technical detail, shown as plain text. */
  readonly detail?: string;
}

export function isSignInFailureCode(value: unknown): value is SignInFailureCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(SIGN_IN_FAILURES, value);
}

const MAX_DETAIL_LENGTH = 300;

function errorDetail(error: unknown): string | undefined {
  if (error instanceof Error) {
    const summary = (error as { errorSummary?: unknown }).errorSummary;
    return typeof summary === 'string' && summary ? summary : error.message;
  }
  return typeof error === 'string' ? error : undefined;
}

/** Names the failure behind an error thrown by okta-auth-js or the network. */
export function classifySignInError(error: unknown): SignInFailure {
  const detail = errorDetail(error)?.slice(0, MAX_DETAIL_LENGTH);
  const name = error instanceof Error ? error.name : '';
  const oauthCode = (error as { errorCode?: unknown } | null)?.errorCode;
  const message = (detail ?? '').toLowerCase();

  if (name === 'OAuthError' && typeof oauthCode === 'string') {
    if (oauthCode === 'access_denied') return { code: 'access-denied', detail };
    if (oauthCode === 'invalid_grant') return { code: 'code-rejected', detail };
    // Userinfo's answer (RFC 6750) to an access token the provider no longer knows.
    if (oauthCode === 'invalid_token') return { code: 'session-ended', detail: `${oauthCode}: ${detail ?? ''}` };
    return { code: 'provider-error', detail: detail ? `${oauthCode}: ${detail}` : oauthCode };
  }
  if (name === 'StorageUnavailableError') return { code: 'storage-unavailable', detail };
  if (message.includes("state doesn't match")) return { code: 'state-mismatch', detail };
  if (message.includes('codeverifier from storage') || message.includes('redirect params from storage')) {
    return { code: 'no-transaction', detail };
  }
  if (message.includes('token mismatch')) return { code: 'userinfo-mismatch', detail };
  if (
    message.includes('signature') ||
    message.includes("server's keys") ||
    message.includes('the issuer [') ||
    message.includes('the audience [') ||
    message.includes('nonce') ||
    message.includes('jwt') ||
    message.includes('malformed token')
  ) {
    return { code: 'token-invalid', detail };
  }
  if (
    message.includes('failed to fetch') ||
    message.includes('networkerror') ||
    message.includes('load failed') ||
    message.includes('unavailable') ||
    name === 'AuthApiError'
  ) {
    return { code: 'provider-unreachable', detail };
  }
  return { code: 'unknown', detail };
}

/** The address of the error page for a failure, with where "Try again" should return to. */
export function failurePageUrl(baseUrl: string, code: SignInFailureCode, returnTo?: string): string {
  const params = new URLSearchParams({ reason: code });
  if (returnTo) params.set('returnTo', returnTo);
  return `${baseUrl}401/error?${params.toString()}`;
}

/** The history state the error page reads its detail from. */
export interface FailurePageState {
  readonly signInDetail?: string;
}

/** The detail the site handed to the error page, if the history entry carries one. */
export function failureDetailOf(state: unknown): string | undefined {
  const detail = (state as FailurePageState | null | undefined)?.signInDetail;
  return typeof detail === 'string' && detail !== '' ? detail.slice(0, MAX_DETAIL_LENGTH) : undefined;
}

/** Replaces the current page with the error page: reason and return address in the URL, detail in history state. */
export function showSignInFailure(
  history: { replace(path: string, state?: FailurePageState): void },
  baseUrl: string,
  failure: SignInFailure,
  returnTo?: string,
): void {
  const state: FailurePageState = failure.detail ? { signInDetail: failure.detail.slice(0, MAX_DETAIL_LENGTH) } : {};
  history.replace(failurePageUrl(baseUrl, failure.code, returnTo), state);
}
