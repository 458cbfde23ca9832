import { authReducer, INITIAL_AUTH_STATE, type AuthEvent, type AuthMachineState } from '../authMachine';

const USER = { subject: 'developer', name: 'Dana Developer' };
const OTHER_USER = { subject: 'analyst', name: 'Alex Analyst' };
const PROBLEM = { code: 'provider-unreachable' } as const;

const state = (overrides: Partial<AuthMachineState>): AuthMachineState => ({ ...INITIAL_AUTH_STATE, ...overrides });

const unknown = INITIAL_AUTH_STATE;
const anonymous = state({ status: 'anonymous' });
const verifying = state({ status: 'unknown', pendingIdToken: 'id-1' });
const authenticated = state({ status: 'authenticated', user: USER, confirmedIdToken: 'id-1' });
const renewing = { ...authenticated, pendingIdToken: 'id-2' };
const signingIn = state({ status: 'signing-in' });
const signingOut = state({ status: 'signing-out' });
const elsewhere = state({ status: 'signed-out-elsewhere' });
const unavailable = state({ status: 'unavailable', problem: PROBLEM });

const sync = (idToken: string | null, holdsValidTokens = idToken !== null): AuthEvent => ({
  type: 'storage-sync',
  idToken,
  holdsValidTokens,
});

const confirmedWithoutSdk: AuthEvent = { type: 'session-confirmed', idToken: 'id-1', user: USER };

// [from, event, expected]: every transition of the machine, the races included.
const TRANSITIONS: [string, AuthMachineState, AuthEvent, AuthMachineState][] = [
  // Storage sync: the engine (or storage, on a public page without the SDK) reports tokens or none.
  ['unknown, no tokens', unknown, sync(null), anonymous],
  ['unknown, tokens to confirm', unknown, sync('id-1'), verifying],
  ['verifying, the same token again', verifying, sync('id-1'), verifying],
  ['verifying, a passing "no tokens" while tokens are stored', verifying, sync(null, true), verifying],
  ['authenticated, the same token', authenticated, sync('id-1'), authenticated],
  ['authenticated, tokens gone (this tab)', authenticated, sync(null), anonymous],
  ['authenticated, a new token from another tab', authenticated, sync('id-2'), renewing],
  ['anonymous, another tab signed in', anonymous, sync('id-1'), verifying],
  ['signing in, no tokens yet', signingIn, sync(null), signingIn],
  ['unavailable, no tokens: the problem stays until Retry', unavailable, sync(null), unavailable],
  ['unavailable, tokens appear', unavailable, sync('id-1'), verifying],
  // Token renewal.
  ['authenticated, token renewed', authenticated, { type: 'token-renewed', idToken: 'id-2' }, renewing],
  ['renewing, renewed again', renewing, { type: 'token-renewed', idToken: 'id-2' }, renewing],
  ['authenticated, renewal failed', authenticated, { type: 'renewal-failed' }, anonymous],
  ['renewing, renewal failed', renewing, { type: 'renewal-failed' }, anonymous],
  ['signing in, renewal failed', signingIn, { type: 'renewal-failed' }, signingIn],
  ['unavailable, renewal failed', unavailable, { type: 'renewal-failed' }, unavailable],
  // Userinfo.
  [
    'verifying, userinfo confirmed',
    verifying,
    { type: 'userinfo-confirmed', idToken: 'id-1', user: USER },
    authenticated,
  ],
  [
    'renewing, userinfo confirmed the renewed token',
    renewing,
    { type: 'userinfo-confirmed', idToken: 'id-2', user: OTHER_USER },
    { ...authenticated, user: OTHER_USER, confirmedIdToken: 'id-2' },
  ],
  [
    'race: userinfo answers for a token replaced while it was in flight',
    renewing,
    { type: 'userinfo-confirmed', idToken: 'id-1', user: USER },
    renewing,
  ],
  [
    'race: userinfo answers after the tokens were removed',
    anonymous,
    { type: 'userinfo-confirmed', idToken: 'id-1', user: USER },
    anonymous,
  ],
  // Confirmed without the SDK (stored tokens and userinfo): only a page still waiting for its first answer.
  ['unknown, confirmed without the SDK', unknown, confirmedWithoutSdk, authenticated],
  ...(
    [
      ['after a sign-out elsewhere', elsewhere],
      ['after a sign-in started', signingIn],
      ['while the SDK verifies', verifying],
      ['after the tokens went', anonymous],
      ['while signing out', signingOut],
    ] as const
  ).map(([when, from]): [string, AuthMachineState, AuthEvent, AuthMachineState] => [
    `race: confirmed without the SDK ${when}`,
    from,
    confirmedWithoutSdk,
    from,
  ]),
  ['verifying, userinfo mismatched', verifying, { type: 'userinfo-mismatched', idToken: 'id-1' }, anonymous],
  ['race: a stale mismatch', renewing, { type: 'userinfo-mismatched', idToken: 'id-1' }, renewing],
  [
    'verifying, the provider refused the stored tokens',
    verifying,
    { type: 'session-ended', idToken: 'id-1' },
    anonymous,
  ],
  ['race: a refusal of a replaced token', renewing, { type: 'session-ended', idToken: 'id-1' }, renewing],
  // Sign-in.
  ['anonymous, sign-in started', anonymous, { type: 'sign-in-started' }, signingIn],
  ['elsewhere, Log In pressed', elsewhere, { type: 'sign-in-started' }, signingIn],
  ['unavailable, Try again', unavailable, { type: 'sign-in-started' }, signingIn],
  ['authenticated, sign-in started is ignored', authenticated, { type: 'sign-in-started' }, authenticated],
  ['signing in, provider unreachable', signingIn, { type: 'provider-unreachable', problem: PROBLEM }, unavailable],
  // Sign-out in this tab.
  ['authenticated, sign-out started', authenticated, { type: 'sign-out-started' }, signingOut],
  ['signing out, tokens removed', signingOut, sync(null), signingOut],
  ['signing out, renewed token', signingOut, { type: 'token-renewed', idToken: 'id-2' }, signingOut],
  ['signing out, renewal failed', signingOut, { type: 'renewal-failed' }, signingOut],
  ['signing out, another tab signed out too', signingOut, { type: 'signed-out-elsewhere' }, signingOut],
  ['signing out, sign-in started is ignored', signingOut, { type: 'sign-in-started' }, signingOut],
  ['signing out fails', signingOut, { type: 'provider-unreachable', problem: PROBLEM }, unavailable],
  // Sign-out in another tab: announced before its token removal reaches this tab.
  ['authenticated, another tab signed out', authenticated, { type: 'signed-out-elsewhere' }, elsewhere],
  ['renewing, another tab signed out', renewing, { type: 'signed-out-elsewhere' }, elsewhere],
  ['anonymous, another tab signed out', anonymous, { type: 'signed-out-elsewhere' }, elsewhere],
  ['race: elsewhere, then the tokens disappear', elsewhere, sync(null), elsewhere],
  ['race: elsewhere, then a renewal fails', elsewhere, { type: 'renewal-failed' }, elsewhere],
  ['elsewhere, the visitor signs in again in another tab', elsewhere, sync('id-3'), state({ pendingIdToken: 'id-3' })],
  // Provider unreachable and Retry.
  ['unknown, provider unreachable', unknown, { type: 'provider-unreachable', problem: PROBLEM }, unavailable],
  ['verifying, provider unreachable', verifying, { type: 'provider-unreachable', problem: PROBLEM }, unavailable],
  ['unavailable, Retry', unavailable, { type: 'retry' }, state({ attempt: 1 })],
  ['signing out failed, Retry', signingOut, { type: 'retry' }, state({ attempt: 1 })],
];

describe('authReducer', () => {
  it.each(TRANSITIONS)('%s', (_label, from, event, expected) => {
    expect(authReducer(from, event)).toEqual(expected);
  });

  it('keeps the Retry count across every other event', () => {
    const retried = authReducer(unavailable, { type: 'retry' });
    const events: AuthEvent[] = [
      sync(null),
      { type: 'sign-in-started' },
      { type: 'signed-out-elsewhere' },
      { type: 'provider-unreachable', problem: PROBLEM },
    ];
    expect(events.reduce(authReducer, retried).attempt).toBe(1);
  });

  it('is pure: it never changes the state it is given', () => {
    const frozen = Object.freeze({ ...renewing });
    for (const [, , event] of TRANSITIONS) authReducer(frozen, event);
    expect(frozen).toEqual(renewing);
  });
});
