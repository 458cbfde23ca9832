import { buildOktaAuthOptions } from '../authEngine';
import { createAuthLog, redact } from '../authLog';
import type { AuthSettings } from '@site/config/settings';

const JWT =
  'eyJhbGciOiJSUzI1NiIsImtpZCI6ImFiYyJ9.eyJzdWIiOiJkZXZlbG9wZXIiLCJub25jZSI6Im4ifQ.c2lnbmF0dXJlLXZhbHVlLWhlcmU';
const CODE = 'Qm9ndXNDb2RlVmFsdWVGb3JUZXN0c19hYmNkZWYxMjM0NTY';
const VERIFIER = 'dGhpcy1pcy1hLXZlcmlmaWVyLXRoYXQtaXMtbG9uZy1lbm91Z2gtdG8tcGFzcw';

function sink() {
  return { debug: jest.fn(), warn: jest.fn() };
}

function printed(console: ReturnType<typeof sink>): string {
  return JSON.stringify([...console.debug.mock.calls, ...console.warn.mock.calls]);
}

describe('the sign-in log', () => {
  it('prints nothing unless OIDC_DEBUG is on, except warnings', () => {
    const console = sink();
    const log = createAuthLog(false, console);
    log.debug('signing in');
    log.warn('could not revoke');
    expect(console.debug).not.toHaveBeenCalled();
    expect(console.warn).toHaveBeenCalledWith('[auth] could not revoke');
  });

  it.each([
    ['a token object', { accessToken: { accessToken: JWT }, idToken: { idToken: JWT } }],
    ['an auth state', { isAuthenticated: true, accessToken: { accessToken: CODE } }],
    ['a JWT in text', `renewed: ${JWT}`],
    ['a callback address', `/login/callback?code=${CODE}&state=s3cr3t-state`],
    ['a token request body', `grant_type=authorization_code&code=${CODE}&code_verifier=${VERIFIER}`],
    ['JSON with a refresh token', `{"refresh_token":"${CODE}"}`],
    ['an error quoting a token', new Error(`The JWT ${JWT} could not be verified (code=${CODE})`)],
  ])('never prints a token, code or verifier from %s', (_label, value) => {
    const console = sink();
    const log = createAuthLog(true, console);
    log.debug('value:', value);
    log.warn('value:', value);
    const output = printed(console);
    for (const secret of [JWT, CODE, VERIFIER, 's3cr3t-state']) expect(output).not.toContain(secret);
    expect(output).toContain('[auth] value:');
  });

  it('keeps ordinary diagnostics readable', () => {
    expect(redact('signing in; will return to /docs/trading-api?tab=orders')).toBe(
      'signing in; will return to /docs/trading-api?tab=orders',
    );
  });
});

describe('okta-auth-js options', () => {
  const settings: AuthSettings = {
    issuer: 'https://id.clearing.example',
    clientId: 'developer-docs',
    scopes: ['openid'],
    realm: 'developers',
    debug: true,
    revokeOnSignOut: true,
    protectedPaths: ['/docs'],
    sandboxClientIdClaim: 'sandbox_client_id',
  };
  const options = buildOktaAuthOptions(settings, { origin: 'https://docs.clearing.example', baseUrl: '/' });

  it('keeps the SDK dev mode (which logs whole token objects) off even with OIDC_DEBUG on', () => {
    expect(options.devMode).toBe(false);
  });

  it('keeps the transaction (state, nonce, PKCE verifier) out of localStorage', () => {
    expect(options.transactionManager?.enableSharedStorage).toBe(false);
  });
});
