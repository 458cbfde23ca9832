import { DEFAULTS, readSettings, SettingsError } from '../settings';

const ISSUER = 'https://id.clearing.example';

function read(env: Record<string, string | undefined>) {
  return readSettings({ OIDC_ISSUER: ISSUER, ...env });
}

function errorOf(env: Record<string, string | undefined>): SettingsError {
  try {
    readSettings(env);
  } catch (error) {
    if (error instanceof SettingsError) return error;
    throw error;
  }
  throw new Error('expected a SettingsError');
}

describe('readSettings', () => {
  it('applies the documented defaults', () => {
    const { settings, warnings } = read({});
    expect(settings.siteUrl).toBe('http://localhost:3000');
    expect(settings.baseUrl).toBe('/');
    expect(settings.title).toBe(DEFAULTS.SITE_TITLE);
    expect(settings.tagline).toMatch(/global financial services APIs/);
    expect(settings.footerStyle).toBe('columns');
    expect(settings.auth).toEqual({
      issuer: ISSUER,
      clientId: 'developer-docs',
      scopes: ['openid', 'profile', 'offline_access'],
      realm: 'developers',
      debug: true,
      revokeOnSignOut: true,
      protectedPaths: ['/docs', '/api'],
      sandboxClientIdClaim: 'sandbox_client_id',
    });
    expect(settings.mcp).toEqual({ scope: 'docs.read', clientId: null });
    expect(warnings).toEqual([]);
  });

  it("reads the MCP server's scope, one scope token", () => {
    expect(read({ OIDC_MCP_SCOPE: 'api://docs/read' }).settings.mcp.scope).toBe('api://docs/read');
    for (const value of ['docs.read openid', 'docs"read', 'docs\\read']) {
      const error = errorOf({ OIDC_ISSUER: ISSUER, OIDC_MCP_SCOPE: value });
      expect(error.key).toBe('OIDC_MCP_SCOPE');
      expect(error.message).toMatch(/one scope/);
    }
  });

  it("reads the assistants' pre-registered client id, when there is one", () => {
    expect(read({ OIDC_MCP_CLIENT_ID: 'docs-assistants' }).settings.mcp.clientId).toBe('docs-assistants');
    expect(read({ OIDC_MCP_CLIENT_ID: '  ' }).settings.mcp.clientId).toBeNull();
    const error = errorOf({ OIDC_ISSUER: ISSUER, OIDC_MCP_CLIENT_ID: 'docs assistants' });
    expect(error.key).toBe('OIDC_MCP_CLIENT_ID');
  });

  it('fails without OIDC_ISSUER, naming the key and .env.example', () => {
    const error = errorOf({});
    expect(error.key).toBe('OIDC_ISSUER');
    expect(error.message).toContain('OIDC_ISSUER');
    expect(error.message).toContain('.env.example');
  });

  it('treats an empty value as missing', () => {
    expect(errorOf({ OIDC_ISSUER: '   ' }).key).toBe('OIDC_ISSUER');
  });

  it('requires https for a remote issuer but allows loopback http', () => {
    expect(errorOf({ OIDC_ISSUER: 'http://id.clearing.example' }).message).toMatch(/https/);
    expect(read({ OIDC_ISSUER: 'http://localhost:4000/' }).settings.auth.issuer).toBe('http://localhost:4000');
    expect(read({ OIDC_ISSUER: 'http://127.0.0.1:4000' }).settings.auth.issuer).toBe('http://127.0.0.1:4000');
    // What the site counts as loopback elsewhere (contracts/net/loopback.ts) is loopback here too.
    expect(read({ OIDC_ISSUER: 'http://idp.localhost:4000' }).settings.auth.issuer).toBe('http://idp.localhost:4000');
    expect(read({ OIDC_ISSUER: 'http://[::1]:4000' }).settings.auth.issuer).toBe('http://[::1]:4000');
  });

  it.each([
    ['SITE_URL', 'not a url'],
    ['SITE_URL', 'ftp://docs.example'],
    ['SITE_URL', 'https://docs.example/sub/path'],
    ['BASE_URL', 'docs/'],
    ['BASE_URL', '/docs'],
    ['CONTACT_URL', 'mailto:nobody'],
    ['PRIVACY_URL', 'javascript:alert(1)'],
    ['FOOTER_STYLE', 'fancy'],
    ['OIDC_SCOPES', 'profile email'],
    ['OIDC_DEBUG', 'maybe'],
    ['OIDC_REVOKE_ON_SIGNOUT', 'sometimes'],
    ['OIDC_PROTECTED_PATHS', 'docs,/api'],
    ['OIDC_CLIENT_ID', 'bad id'],
    ['OIDC_SANDBOX_CLIENT_ID_CLAIM', 'sandbox client id'],
  ])('rejects %s=%j with a message naming it', (key, value) => {
    const error = errorOf({ OIDC_ISSUER: ISSUER, [key]: value });
    expect(error.key).toBe(key);
    expect(error.message).toContain(key);
    expect(error.message).toContain('.env.example');
  });

  it('parses booleans, scopes and protected paths', () => {
    const { settings } = read({
      OIDC_DEBUG: 'false',
      OIDC_REVOKE_ON_SIGNOUT: '0',
      OIDC_SCOPES: 'openid, email openid',
      OIDC_PROTECTED_PATHS: '/docs/, /api ,/private',
    });
    expect(settings.auth.debug).toBe(false);
    expect(settings.auth.revokeOnSignOut).toBe(false);
    expect(settings.auth.scopes).toEqual(['openid', 'email']);
    expect(settings.auth.protectedPaths).toEqual(['/docs', '/api', '/private']);
  });

  it('logs sign-in diagnostics by default only outside production builds', () => {
    expect(read({ NODE_ENV: 'development' }).settings.auth.debug).toBe(true);
    expect(read({}).settings.auth.debug).toBe(true);
    const site = { SITE_URL: 'https://developers.clearing.example' };
    expect(read({ NODE_ENV: 'production', ...site }).settings.auth.debug).toBe(false);
    expect(read({ NODE_ENV: 'production', OIDC_DEBUG: 'true', ...site }).settings.auth.debug).toBe(true);
    expect(read({ NODE_ENV: 'development', OIDC_DEBUG: 'off' }).settings.auth.debug).toBe(false);
  });

  describe('a public site with a provider on this machine', () => {
    const env = { SITE_URL: 'https://developers.clearing.example', OIDC_ISSUER: 'http://localhost:4000' };

    it('warns loudly, naming OIDC_ISSUER and SITE_URL', () => {
      const { warnings } = readSettings(env);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/OIDC_ISSUER .*http:\/\/localhost:4000.*plain http/);
      expect(warnings[0]).toContain('SITE_URL "https://developers.clearing.example"');
    });

    it.each(['true', '1'])('is refused in CI (CI=%s)', (ci) => {
      const error = errorOf({ ...env, CI: ci });
      expect(error.key).toBe('OIDC_ISSUER');
      expect(error.message).toMatch(/refused in CI/);
    });

    it.each([
      [
        'a local site and a local provider',
        { SITE_URL: 'http://localhost:3000', OIDC_ISSUER: 'http://localhost:4000' },
      ],
      ['a public site and a public provider', { SITE_URL: 'https://developers.clearing.example', OIDC_ISSUER: ISSUER }],
      ['a local site and a public provider', { SITE_URL: 'http://127.0.0.1:3000', OIDC_ISSUER: ISSUER }],
    ])('says nothing for %s', (_label, pair) => {
      expect(readSettings({ ...pair, CI: 'true' }).warnings).toEqual([]);
    });
  });

  describe('a production build for a real provider without SITE_URL', () => {
    it('fails, saying what to set and why', () => {
      const error = errorOf({ NODE_ENV: 'production', OIDC_ISSUER: ISSUER });
      expect(error.key).toBe('SITE_URL');
      expect(error.message).toMatch(/SITE_URL is missing/);
      expect(error.message).toContain(ISSUER);
      expect(error.message).toMatch(/sitemap and robots\.txt would name http:\/\/localhost:3000/);
    });

    it.each([
      ['a development server', { NODE_ENV: 'development', OIDC_ISSUER: ISSUER }],
      ['a build for the provider on this machine', { NODE_ENV: 'production', OIDC_ISSUER: 'http://localhost:4000' }],
      [
        'a build that names its site',
        { NODE_ENV: 'production', OIDC_ISSUER: ISSUER, SITE_URL: 'https://developers.clearing.example' },
      ],
    ])('passes for %s', (_label, env) => {
      expect(() => readSettings(env)).not.toThrow();
    });
  });

  it('warns about a client secret and never returns it', () => {
    const { settings, warnings } = read({ OIDC_CLIENT_SECRET: 'super-secret-value' });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('OIDC_CLIENT_SECRET');
    expect(JSON.stringify(settings)).not.toContain('super-secret-value');
  });
});
