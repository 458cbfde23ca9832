// Settings of the development identity provider: defaults, validation, and the refusal to run
// anywhere but on this machine (unless explicitly overridden).
import { isLoopbackHost } from '../../contracts/net/loopback.ts';

const DEFAULTS = Object.freeze({
  port: 4000,
  clientId: 'developer-docs',
  siteOrigins: ['http://localhost:3000'],
  basePath: '/',
  realm: 'developers',
  accessTokenTtl: 3600,
  idTokenTtl: 3600,
  mcpScope: 'docs.read',
  mcpAccessTokenTtl: 600,
  testControls: false,
  testControlsToken: undefined,
  allowNonLoopback: false,
  nodeEnv: undefined,
});

const OVERRIDE = 'IDP_ALLOW_NON_LOOPBACK=1 (option allowNonLoopback)';

export class UnsafeSettingsError extends Error {
  constructor(problem) {
    super(
      `${problem}. The development identity provider has public demo passwords, keys made up at start and ` +
        `test controls: it refuses to run where anyone but you could reach it. If you really mean it, set ${OVERRIDE}.`,
    );
    this.name = 'UnsafeSettingsError';
  }
}

function toList(value) {
  if (Array.isArray(value)) return value;
  return String(value).split(',');
}

function normalizeOrigins(value) {
  const origins = toList(value)
    .map((origin) => origin.trim())
    .filter(Boolean);
  if (origins.length === 0) throw new TypeError('siteOrigins needs at least one origin');
  return origins.map((origin) => {
    const url = new URL(origin);
    if (url.origin !== origin.replace(/\/$/, '')) {
      throw new TypeError(`site origin "${origin}" must be scheme://host[:port] without a path`);
    }
    return url.origin;
  });
}

/** Docusaurus-style base path: starts and ends with "/". */
function normalizeBasePath(value) {
  const trimmed = String(value)
    .trim()
    .replace(/^\/+|\/+$/g, '');
  return trimmed ? `/${trimmed}/` : '/';
}

function positiveSeconds(value, name) {
  const seconds = Number(value);
  if (!Number.isInteger(seconds) || seconds <= 0) {
    throw new TypeError(`${name} must be a positive whole number of seconds, got "${value}"`);
  }
  return seconds;
}

/** One scope token (RFC 6749 section 3.3). */
function scopeToken(value) {
  const scope = String(value);
  if (!/^[\x21\x23-\x5b\x5d-\x7e]+$/.test(scope)) throw new TypeError(`mcpScope must be one scope, got "${value}"`);
  return scope;
}

/** Refuses settings that would expose the provider beyond this machine, unless overridden. */
function checkLoopbackOnly(settings) {
  if (settings.allowNonLoopback) return;
  // Compared as Node's own tools do not: `Production` or ` production ` means production too.
  if (
    String(settings.nodeEnv ?? '')
      .trim()
      .toLowerCase() === 'production'
  ) {
    throw new UnsafeSettingsError('NODE_ENV is "production"');
  }
  if (settings.issuer !== undefined && !isLoopbackHost(new URL(settings.issuer).hostname)) {
    throw new UnsafeSettingsError(`The issuer "${settings.issuer}" (IDP_ISSUER) is not on this machine`);
  }
  for (const origin of settings.siteOrigins) {
    if (!isLoopbackHost(new URL(origin).hostname)) {
      throw new UnsafeSettingsError(`The site origin "${origin}" (IDP_SITE_ORIGINS) is not on this machine`);
    }
  }
}

export function resolveSettings(options) {
  const merged = { ...DEFAULTS, ...Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) };
  const port = Number(merged.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new TypeError(`port must be 0-65535, got "${merged.port}"`);
  }
  if (merged.issuer !== undefined && new URL(merged.issuer).pathname !== '/') {
    throw new TypeError(`issuer must be an origin without a path, got "${merged.issuer}"`);
  }
  if (merged.testControlsToken !== undefined && String(merged.testControlsToken).length < 16) {
    throw new TypeError('testControlsToken (IDP_TEST_CONTROLS_TOKEN) must be at least 16 characters');
  }
  const settings = {
    port,
    issuer: merged.issuer,
    clientId: String(merged.clientId),
    siteOrigins: normalizeOrigins(merged.siteOrigins),
    basePath: normalizeBasePath(merged.basePath),
    realm: String(merged.realm),
    accessTokenTtl: positiveSeconds(merged.accessTokenTtl, 'accessTokenTtl'),
    idTokenTtl: positiveSeconds(merged.idTokenTtl, 'idTokenTtl'),
    mcpScope: scopeToken(merged.mcpScope),
    mcpAccessTokenTtl: positiveSeconds(merged.mcpAccessTokenTtl, 'mcpAccessTokenTtl'),
    testControls: Boolean(merged.testControls),
    testControlsToken: merged.testControlsToken === undefined ? undefined : String(merged.testControlsToken),
    allowNonLoopback: Boolean(merged.allowNonLoopback),
    nodeEnv: merged.nodeEnv,
  };
  checkLoopbackOnly(settings);
  return settings;
}
