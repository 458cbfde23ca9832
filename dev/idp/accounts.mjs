// Demo users of the development identity provider. Passwords are public on purpose:
// they are printed at start-up and shown on the sign-in page.

/** The sandbox's demo client (sandbox/), given to the demo users as their personal sandbox client id. */
const SANDBOX_DEMO_CLIENT_ID = 'sandbox-demo';
/** The claim that carries it: the site's default OIDC_SANDBOX_CLIENT_ID_CLAIM. */
export const SANDBOX_CLIENT_ID_CLAIM = 'sandbox_client_id';

const DEMO_USERS = [
  {
    username: 'developer',
    password: 'developer-password',
    sub: 'developer',
    givenName: 'Dana',
    familyName: 'Developer',
    email: 'developer@example.com',
    sandboxClientId: SANDBOX_DEMO_CLIENT_ID,
  },
  {
    username: 'analyst',
    password: 'analyst-password',
    sub: 'analyst',
    givenName: 'Alex',
    familyName: 'Analyst',
    email: 'analyst@example.com',
    sandboxClientId: SANDBOX_DEMO_CLIENT_ID,
  },
];

// Only with test controls: its /connect/userinfo answer carries a different `sub`
// than its ID token (see MISMATCHED_USERINFO_SUB).
const MISMATCH_USER = {
  username: 'mismatch',
  password: 'mismatch-password',
  sub: 'mismatch',
  givenName: 'Morgan',
  familyName: 'Mismatch',
  email: 'mismatch@example.com',
};

export const MISMATCH_SUB = MISMATCH_USER.sub;
export const MISMATCHED_USERINFO_SUB = 'someone-else';

/** The users that can sign in, in display order. */
export function demoUsers({ testControls = false } = {}) {
  return testControls ? [...DEMO_USERS, MISMATCH_USER] : [...DEMO_USERS];
}

/** Returns the user whose username and password both match, or undefined. */
export function authenticate(users, username, password) {
  return users.find((user) => user.username === username && user.password === password);
}

/** The OIDC claims of a user; oidc-provider filters them by the granted scopes. */
function claimsOf(user) {
  return {
    sub: user.sub,
    name: `${user.givenName} ${user.familyName}`,
    given_name: user.givenName,
    family_name: user.familyName,
    preferred_username: user.username,
    email: user.email,
    email_verified: true,
    ...(user.sandboxClientId ? { [SANDBOX_CLIENT_ID_CLAIM]: user.sandboxClientId } : {}),
  };
}

/** Builds oidc-provider's `findAccount` over the given users. */
export function accountFinder(users) {
  return async function findAccount(_ctx, sub) {
    const user = users.find((candidate) => candidate.sub === sub);
    if (!user) return undefined;
    return {
      accountId: user.sub,
      async claims() {
        return claimsOf(user);
      },
    };
  };
}
