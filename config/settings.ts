/**
 * Site settings: read from the environment (and `.env`) once, when the Docusaurus config loads,
 * validated, and handed to browser code through `customFields` (see `src/hooks/useSiteSettings.ts`).
 *
 * Nothing here runs in the browser. Every key is documented in `.env.example`.
 */
import { isLoopbackHost } from '../contracts/net/loopback';

export type FooterStyle = 'columns' | 'simple';

export interface AuthSettings {
  /** OpenID provider issuer, without a trailing slash. Endpoints are derived from it. */
  readonly issuer: string;
  readonly clientId: string;
  readonly scopes: readonly string[];
  /** Sent as the `realm` authorization parameter. */
  readonly realm: string;
  readonly debug: boolean;
  readonly revokeOnSignOut: boolean;
  /** Path prefixes (relative to the site root, without base URL) that require sign-in. */
  readonly protectedPaths: readonly string[];
  /** The ID token or userinfo claim that carries the signed-in developer's sandbox client id (a name, not a value). */
  readonly sandboxClientIdClaim: string;
}

/** The docs' MCP server: what its access tokens must carry. Read by the build, written into the gate manifest. */
export interface McpSettings {
  /** The scope an access token for the MCP server must carry; the provider grants it for that resource. */
  readonly scope: string;
  /**
   * A public client registered at the provider for readers' assistants, for a provider that cannot register
   * them by itself: the "Use the docs from your assistant" page gives it to readers. `null`: assistants register.
   */
  readonly clientId: string | null;
}

export interface SiteSettings {
  readonly siteUrl: string;
  readonly baseUrl: string;
  readonly title: string;
  readonly tagline: string;
  readonly contactUrl: string;
  readonly privacyUrl: string;
  readonly footerStyle: FooterStyle;
  readonly auth: AuthSettings;
  readonly mcp: McpSettings;
}

export interface SettingsResult {
  readonly settings: SiteSettings;
  /** Problems that do not stop the build but that a person should see. */
  readonly warnings: readonly string[];
}

export type Environment = Readonly<Record<string, string | undefined>>;

export const DEFAULTS = {
  SITE_URL: 'http://localhost:3000',
  BASE_URL: '/',
  SITE_TITLE: 'Clearing API Developer Docs',
  SITE_TAGLINE: 'Integrate with our global financial services APIs',
  CONTACT_URL: 'mailto:api-support@clearing.example',
  PRIVACY_URL: 'https://www.clearing.example/privacy',
  FOOTER_STYLE: 'columns',
  OIDC_CLIENT_ID: 'developer-docs',
  OIDC_SCOPES: 'openid profile offline_access',
  OIDC_REALM: 'developers',
  OIDC_REVOKE_ON_SIGNOUT: 'true',
  OIDC_PROTECTED_PATHS: '/docs,/api',
  OIDC_SANDBOX_CLIENT_ID_CLAIM: 'sandbox_client_id',
  OIDC_MCP_SCOPE: 'docs.read',
} as const;

export class SettingsError extends Error {
  constructor(
    readonly key: string,
    problem: string,
  ) {
    super(`Setting ${key} ${problem}. Set it in the environment or in .env (every key is described in .env.example).`);
    this.name = 'SettingsError';
  }
}

function valueOf(env: Environment, key: string): string | undefined {
  const raw = env[key];
  if (raw === undefined) return undefined;
  const trimmed = raw.trim();
  return trimmed === '' ? undefined : trimmed;
}

/**
 * Sign-in diagnostics in the browser console: on under `npm start` (NODE_ENV=development), off in
 * production builds unless OIDC_DEBUG says otherwise. Even when on, no token, code or verifier is logged.
 */
function debugDefault(env: Environment): string {
  return valueOf(env, 'NODE_ENV') === 'production' ? 'false' : 'true';
}

/** Whether a URL points at this machine (contracts/net/loopback.ts). */
const isLoopback = (url: URL): boolean => isLoopbackHost(url.hostname);

/**
 * A site served to others whose sign-in points at a provider on the building machine cannot work
 * for anyone, and sends tokens over plain http: refused in CI, a loud warning elsewhere.
 */
function checkIssuerFitsSite(env: Environment, siteUrl: string, issuer: string, warnings: string[]): void {
  const site = new URL(siteUrl);
  const provider = new URL(issuer);
  if (isLoopback(site) || !isLoopback(provider)) return;
  const problem = `is "${issuer}", a provider on this machine${provider.protocol === 'http:' ? ' over plain http' : ''}, but SITE_URL "${siteUrl}" is public: visitors could not sign in`;
  if (valueOf(env, 'CI') !== undefined && valueOf(env, 'CI') !== 'false') {
    throw new SettingsError('OIDC_ISSUER', `${problem} (refused in CI)`);
  }
  warnings.push(
    `!!! OIDC_ISSUER ${problem}. Set OIDC_ISSUER to the real identity provider (https) for a public build. !!!`,
  );
}

/**
 * A production build for a real provider is a site for readers: left at its default, SITE_URL would make the
 * canonical links, the sitemap and robots.txt name http://localhost:3000.
 */
function checkSiteUrlSet(env: Environment, issuer: string): void {
  if (valueOf(env, 'NODE_ENV') !== 'production' || isLoopback(new URL(issuer))) return;
  if (valueOf(env, 'SITE_URL') !== undefined) return;
  throw new SettingsError(
    'SITE_URL',
    `is missing: this production build signs in with ${issuer}, so it is for readers, and SITE_URL must be the origin they open (like https://developers.clearing.example), or canonical links, the sitemap and robots.txt would name ${DEFAULTS.SITE_URL}`,
  );
}

function withDefault(env: Environment, key: keyof typeof DEFAULTS): string {
  return valueOf(env, key) ?? DEFAULTS[key];
}

function parseHttpUrl(key: string, value: string, { requireHttps }: { requireHttps: boolean }): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new SettingsError(key, `is not a valid absolute URL ("${value}")`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SettingsError(key, `must be an http(s) URL ("${value}")`);
  }
  if (requireHttps && url.protocol !== 'https:' && !isLoopback(url)) {
    throw new SettingsError(key, `must use https unless it points at this machine ("${value}")`);
  }
  return url;
}

function parseLinkTarget(key: string, value: string): string {
  if (value.startsWith('mailto:')) {
    if (!/^mailto:[^@\s]+@[^@\s]+$/.test(value)) {
      throw new SettingsError(key, `is not a valid mailto: address ("${value}")`);
    }
    return value;
  }
  return parseHttpUrl(key, value, { requireHttps: false }).href;
}

function parseBoolean(key: string, value: string): boolean {
  const normalized = value.toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(normalized)) return true;
  if (['false', '0', 'no', 'off'].includes(normalized)) return false;
  throw new SettingsError(key, `must be true or false ("${value}")`);
}

function parseBaseUrl(value: string): string {
  if (!value.startsWith('/') || !value.endsWith('/') || value.includes('//')) {
    throw new SettingsError('BASE_URL', `must start and end with "/" ("${value}")`);
  }
  return value;
}

function parseSiteUrl(value: string): string {
  const url = parseHttpUrl('SITE_URL', value, { requireHttps: false });
  if (url.pathname !== '/' || url.search || url.hash) {
    throw new SettingsError(
      'SITE_URL',
      `must be an origin only, like https://docs.example.com; put a path in BASE_URL ("${value}")`,
    );
  }
  return url.origin;
}

function parseFooterStyle(value: string): FooterStyle {
  if (value === 'columns' || value === 'simple') return value;
  throw new SettingsError('FOOTER_STYLE', `must be "columns" or "simple" ("${value}")`);
}

function parseScopes(value: string): string[] {
  const scopes = value.split(/[\s,]+/).filter(Boolean);
  if (!scopes.includes('openid')) {
    throw new SettingsError('OIDC_SCOPES', `must include "openid" ("${value}")`);
  }
  return [...new Set(scopes)];
}

/** One scope token (RFC 6749 section 3.3): printable ASCII but space, `"` and `\`. */
function parseScopeToken(key: string, value: string): string {
  if (!/^[\x21\x23-\x5b\x5d-\x7e]+$/.test(value)) {
    throw new SettingsError(key, `must be one scope, without spaces or quotes ("${value}")`);
  }
  return value;
}

function mcpClientIdOf(env: Environment): string | null {
  const value = valueOf(env, 'OIDC_MCP_CLIENT_ID');
  return value === undefined ? null : parseClientId(value, 'OIDC_MCP_CLIENT_ID');
}

function parseProtectedPaths(value: string): string[] {
  const paths = value
    .split(',')
    .map((path) => path.trim())
    .filter(Boolean);
  for (const path of paths) {
    if (!path.startsWith('/') || path.includes('//')) {
      throw new SettingsError('OIDC_PROTECTED_PATHS', `has "${path}", which is not a path starting with "/"`);
    }
  }
  return paths.map((path) => (path.length > 1 ? path.replace(/\/+$/, '') : path));
}

function parseClientId(value: string, key = 'OIDC_CLIENT_ID'): string {
  if (!/^[\w.:-]+$/.test(value)) {
    throw new SettingsError(key, `may hold only letters, digits and . _ : - ("${value}")`);
  }
  return value;
}

/** A claim name: a plain word or a namespaced URL-like name (`https://clearing.example/sandbox_client_id`). */
function parseClaimName(value: string): string {
  if (!/^[\w.:/-]+$/.test(value)) {
    throw new SettingsError('OIDC_SANDBOX_CLIENT_ID_CLAIM', `may hold only letters, digits and . _ : / - ("${value}")`);
  }
  return value;
}

function parseIssuer(env: Environment): string {
  const value = valueOf(env, 'OIDC_ISSUER');
  if (value === undefined) {
    throw new SettingsError(
      'OIDC_ISSUER',
      'is missing: a build must name its identity provider (npm start, npm run serve and npm test use the development provider at http://localhost:4000 by themselves)',
    );
  }
  const url = parseHttpUrl('OIDC_ISSUER', value, { requireHttps: true });
  if (url.search || url.hash) {
    throw new SettingsError('OIDC_ISSUER', `must not carry a query or fragment ("${value}")`);
  }
  return url.href.replace(/\/+$/, '');
}

/** Reads and validates every setting. Throws a {@link SettingsError} naming the first bad key. */
export function readSettings(env: Environment): SettingsResult {
  const warnings: string[] = [];
  if (valueOf(env, 'OIDC_CLIENT_SECRET') !== undefined) {
    warnings.push(
      'OIDC_CLIENT_SECRET is set, but the site is a public client using PKCE and needs no secret: it is ignored and never reaches the browser.',
    );
  }

  const auth: AuthSettings = {
    issuer: parseIssuer(env),
    clientId: parseClientId(withDefault(env, 'OIDC_CLIENT_ID')),
    scopes: parseScopes(withDefault(env, 'OIDC_SCOPES')),
    realm: withDefault(env, 'OIDC_REALM'),
    debug: parseBoolean('OIDC_DEBUG', valueOf(env, 'OIDC_DEBUG') ?? debugDefault(env)),
    revokeOnSignOut: parseBoolean('OIDC_REVOKE_ON_SIGNOUT', withDefault(env, 'OIDC_REVOKE_ON_SIGNOUT')),
    protectedPaths: parseProtectedPaths(withDefault(env, 'OIDC_PROTECTED_PATHS')),
    sandboxClientIdClaim: parseClaimName(withDefault(env, 'OIDC_SANDBOX_CLIENT_ID_CLAIM')),
  };

  checkSiteUrlSet(env, auth.issuer);
  const settings: SiteSettings = {
    siteUrl: parseSiteUrl(withDefault(env, 'SITE_URL')),
    baseUrl: parseBaseUrl(withDefault(env, 'BASE_URL')),
    title: withDefault(env, 'SITE_TITLE'),
    tagline: withDefault(env, 'SITE_TAGLINE'),
    contactUrl: parseLinkTarget('CONTACT_URL', withDefault(env, 'CONTACT_URL')),
    privacyUrl: parseLinkTarget('PRIVACY_URL', withDefault(env, 'PRIVACY_URL')),
    footerStyle: parseFooterStyle(withDefault(env, 'FOOTER_STYLE')),
    auth,
    mcp: {
      scope: parseScopeToken('OIDC_MCP_SCOPE', withDefault(env, 'OIDC_MCP_SCOPE')),
      clientId: mcpClientIdOf(env),
    },
  };
  checkIssuerFitsSite(env, settings.siteUrl, auth.issuer, warnings);
  return { settings, warnings };
}
