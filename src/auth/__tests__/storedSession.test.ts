import {
  hasExpired,
  jwtClaims,
  readStoredSession,
  secondsUntilRenewal,
  signedInUserOf,
  userinfoOutcome,
} from '../storedSession';
import { AUTH_SETTINGS } from './fakes';
import { idTokenClaims, tokenStorage, unsignedJwt } from './storedTokens';

const EXPECTED = AUTH_SETTINGS;
const NOW = 1_800_000_000;
const CLAIM = 'sandbox_client_id';

const ID_CLAIMS = idTokenClaims(NOW);
const storage = (parts: Parameters<typeof tokenStorage>[0] = {}) => tokenStorage({ now: NOW, ...parts });
const jwt = unsignedJwt;

describe('readStoredSession', () => {
  test('valid tokens: the session, expiring with the first of them', () => {
    const reading = readStoredSession(storage({ accessExpiresAt: NOW + 600 }), EXPECTED, NOW);
    expect(reading).toEqual({
      kind: 'valid',
      session: {
        idToken: jwt(ID_CLAIMS),
        idTokenClaims: ID_CLAIMS,
        idTokenExpiresAt: NOW + 3600,
        accessToken: 'opaque-access-token',
        expiresAt: NOW + 600,
      },
    });
  });

  test('an audience list that names the site is accepted', () => {
    const idClaims = { ...ID_CLAIMS, aud: ['other', 'developer-docs'] };
    expect(readStoredSession(storage({ idClaims }), EXPECTED, NOW).kind).toBe('valid');
  });

  test.each([
    ['nothing stored', null, 'missing'],
    ['an empty value', '', 'missing'],
    ['an empty object (tokens cleared)', '{}', 'missing'],
    ['not JSON', '{"idToken":', 'malformed'],
    ['JSON that is not an object', '[1,2]', 'malformed'],
    ['only an ID token', JSON.stringify({ idToken: JSON.parse(storage()).idToken }), 'malformed'],
    ['tokens without values', JSON.stringify({ idToken: {}, accessToken: {} }), 'malformed'],
    ['an empty access token', storage({ accessToken: '' }), 'malformed'],
    ['an access token that is not text', storage({ accessToken: 42 }), 'malformed'],
    ['an ID token without a subject', storage({ idClaims: { ...ID_CLAIMS, sub: '' } }), 'malformed'],
    ['an ID token without an expiry', storage({ idClaims: { ...ID_CLAIMS, exp: 'soon' } }), 'malformed'],
    ['an expired access token', storage({ accessExpiresAt: NOW - 1 }), 'expired'],
    ['an access token within the renewal margin', storage({ accessExpiresAt: NOW + 30 }), 'expired'],
    ['an expired stored ID token', storage({ idExpiresAt: NOW - 60 }), 'expired'],
    ['an ID token whose own exp has passed', storage({ idClaims: { ...ID_CLAIMS, exp: NOW - 5 } }), 'expired'],
    ['another issuer', storage({ idClaims: { ...ID_CLAIMS, iss: 'https://evil.example' } }), 'wrong-issuer'],
    ['another audience', storage({ idClaims: { ...ID_CLAIMS, aud: 'other-client' } }), 'wrong-audience'],
    ['an audience list without the site', storage({ idClaims: { ...ID_CLAIMS, aud: ['other'] } }), 'wrong-audience'],
  ])('%s: %s', (_label, raw, kind) => {
    expect(readStoredSession(raw, EXPECTED, NOW)).toEqual({ kind });
  });

  test('an ID token that is not a JWT is malformed', () => {
    const stored = JSON.parse(storage()) as { idToken: { idToken: string } };
    stored.idToken.idToken = 'not-a-jwt';
    expect(readStoredSession(JSON.stringify(stored), EXPECTED, NOW)).toEqual({ kind: 'malformed' });
  });
});

describe('jwtClaims', () => {
  test('reads the payload, UTF-8 included', () => {
    expect(jwtClaims(jwt({ sub: 'développeur' }))).toEqual({ sub: 'développeur' });
  });

  test.each(['', 'a.b', 'a.!!!.c', `a.${Buffer.from('[1]').toString('base64url')}.c`, 'a.bm90IGpzb24.c'])(
    '%j is not a JWT with claims',
    (token) => {
      expect(jwtClaims(token)).toBeNull();
    },
  );
});

describe('userinfoOutcome', () => {
  test('the same subject confirms the session, with the user the site shows', () => {
    const body = { sub: 'developer', name: 'Dana Developer', email: 'dana@example.com', [CLAIM]: 'sbx-userinfo-1' };
    expect(userinfoOutcome(200, body, ID_CLAIMS, CLAIM)).toEqual({
      kind: 'confirmed',
      user: {
        subject: 'developer',
        name: 'Dana Developer',
        email: 'dana@example.com',
        sandboxClientId: 'sbx-userinfo-1',
      },
    });
  });

  test.each([
    ['401 (token revoked or expired)', 401, { error: 'invalid_token' }, 'refused'],
    ['403', 403, undefined, 'refused'],
    ['a server error', 500, undefined, 'refused'],
    ['a body without a subject', 200, { name: 'Dana' }, 'malformed'],
    ['a body that is not an object', 200, 'developer', 'malformed'],
    ['another subject', 200, { sub: 'someone-else' }, 'mismatch'],
  ])('%s: %s', (_label, status, body, kind) => {
    expect(userinfoOutcome(status, body, ID_CLAIMS, CLAIM)).toEqual({ kind });
  });
});

describe('signedInUserOf', () => {
  test('the name falls back to the preferred username, the email, then the subject', () => {
    expect(signedInUserOf({ sub: 's', preferred_username: 'dana' }, undefined, CLAIM).name).toBe('dana');
    expect(signedInUserOf({ sub: 's', name: '', email: 'd@example.com' }, undefined, CLAIM).name).toBe('d@example.com');
    expect(signedInUserOf({ sub: 's' }, undefined, CLAIM).name).toBe('s');
  });

  test('the sandbox client id comes from userinfo first, then the ID token, and only when well formed', () => {
    const fromToken = { sub: 's', [CLAIM]: 'sbx-token-2' };
    expect(signedInUserOf({ sub: 's' }, fromToken, CLAIM).sandboxClientId).toBe('sbx-token-2');
    expect(signedInUserOf({ sub: 's', [CLAIM]: '<script>' }, fromToken, CLAIM).sandboxClientId).toBe('sbx-token-2');
    expect(signedInUserOf({ sub: 's' }, { sub: 's' }, CLAIM).sandboxClientId).toBeUndefined();
  });
});

describe('the renewal schedule', () => {
  test('the SDK loads a minute before it would renew, at once when that time has passed', () => {
    expect(secondsUntilRenewal({ expiresAt: NOW + 3600 }, NOW)).toBe(3600 - 30 - 60);
    expect(secondsUntilRenewal({ expiresAt: NOW + 60 }, NOW)).toBe(0);
  });

  test('a token counts as expired within the SDK margin', () => {
    expect(hasExpired(NOW + 31, NOW)).toBe(false);
    expect(hasExpired(NOW + 30, NOW)).toBe(true);
  });
});
