// @ts-check
/**
 * Who may read which file of the build. The build writes `gate-manifest.json`
 * (plugins/protected-content): every file classified public or protected, the sign-in settings, the
 * shell page and the Content-Security-Policy. A protected file is served only to a request whose
 * cookie holds an ID token the provider signed for this site; the gate keeps no session of its own,
 * so any number of instances can serve the same build.
 */
import { idTokenCookieNamesToRead } from '../../config/idTokenCookie.mjs';
import { isProtectedPath } from '../../config/protectedPaths.mjs';
import { MCP_PATH } from '../../contracts/mcp/resource.ts';
import { VARIANTS } from '../../contracts/precompress/variants.ts';
import { readCookies } from './cookies.mjs';
import { createIdTokenVerifier } from './idToken.mjs';
import { createIssuerKeys } from './issuerKeys.mjs';
import { parseApiProxyManifest } from '../apiProxy.mjs';

export const GATE_MANIFEST_FILE = 'gate-manifest.json';

/**
 * @typedef {object} GateManifest
 * @property {1} version
 * @property {string} baseUrl starts and ends with `/`
 * @property {string[]} protectedPaths prefixes relative to the base URL, e.g. `/docs`
 * @property {{ issuer: string, clientId: string }} oidc
 * @property {string} cookieName
 * @property {string} shell build-relative path of the page an anonymous visitor of a protected page gets
 * @property {string} contentSecurityPolicy
 * @property {Record<string, 'public' | 'protected'>} files every file of the build but the manifest
 * @property {import('../apiProxy.mjs').ApiProxyManifest} [apiProxy] the Try it proxy's default upstreams and routes
 * @property {McpManifest} [mcp] the docs' MCP server as an OAuth protected resource (a build before it has none)
 */

/**
 * @typedef {object} McpManifest
 * @property {string} resource its resource identifier, `<site origin><base URL>mcp` (contracts/mcp/resource.ts)
 * @property {string} scope the scope its access tokens must carry
 * @property {string} resourceName what an assistant shows the reader when it asks them to sign in
 */

/**
 * What the app asks of the policy.
 * @typedef {object} AccessPolicy
 * @property {(file: string) => 'public' | 'protected' | 'hidden'} classify a build-relative file
 * @property {string} baseUrl the site's base URL, which the build's files lie under (server/basePath.mjs)
 * @property {(pathname: string) => boolean} isProtectedPath a request's URL path (percent-encoded)
 * @property {(request: SignInProof) => Promise<boolean>} admits whether the request proves sign-in
 * @property {() => Promise<GateHealth>} health whether the gate can admit signed-in readers (server/health.mjs)
 * @property {(request: SignInProof) => Promise<string | undefined>} reader who the request proves to be signed
 *   in as (issuer and subject of the ID token), or undefined
 * @property {import('../apiProxy.mjs').ApiProxyManifest | undefined} apiProxy
 * @property {McpManifest | undefined} mcp the MCP server's resource, scope and name, if the build names them
 * @property {import('./issuerKeys.mjs').IssuerKeys | undefined} issuerKeys the provider's keys the gate checks
 *   ID tokens with, for the server's other token checks (the MCP server's access tokens) to share
 * @property {string | undefined} shell
 * @property {string | undefined} contentSecurityPolicy
 */

/**
 * What of a request can prove sign-in: its `Cookie` header, and whether it came over https (which
 * decides the cookie's name, config/idTokenCookie.mjs).
 * @typedef {{ cookieHeader: string | undefined, https: boolean }} SignInProof
 */

/**
 * `open`: the gate serves everyone. `ready`: it holds the provider's keys, fetched `keysAgeSeconds` ago.
 * `no-keys`: it cannot check a token, so it admits nobody; `problem` says why, `keysAgeSeconds` how old the
 * last keys it had are (null: never had any).
 * @typedef {{ state: 'open' } | { state: 'ready' | 'no-keys', keysAgeSeconds: number | null, problem?: string }} GateHealth
 */

export class GateManifestError extends Error {
  /** @param {string} problem */
  constructor(problem) {
    super(
      `${GATE_MANIFEST_FILE}: ${problem}. Build the site with \`npm run build\` (the protected-content plugin writes it).`,
    );
    this.name = 'GateManifestError';
  }
}

/** Serves every file to everyone: for a build without protected content (the benchmark's stock sites). */
export const OPEN_ACCESS = /** @type {AccessPolicy} */ ({
  classify: () => 'public',
  baseUrl: '/',
  isProtectedPath: () => false,
  admits: async () => true,
  health: async () => ({ state: 'open' }),
  reader: async () => undefined,
  apiProxy: undefined,
  mcp: undefined,
  issuerKeys: undefined,
  shell: undefined,
  contentSecurityPolicy: undefined,
});

/**
 * @param {unknown} value
 * @returns {GateManifest}
 */
export function parseGateManifest(value) {
  const manifest = /** @type {Partial<GateManifest> | null} */ (value);
  if (!manifest || typeof manifest !== 'object') throw new GateManifestError('not a JSON object');
  if (manifest.version !== 1) throw new GateManifestError(`unknown version ${String(manifest.version)}`);
  const { baseUrl, protectedPaths, oidc, cookieName, shell, contentSecurityPolicy, files } = manifest;
  if (typeof baseUrl !== 'string' || !baseUrl.startsWith('/') || !baseUrl.endsWith('/')) {
    throw new GateManifestError('baseUrl must start and end with "/"');
  }
  if (!Array.isArray(protectedPaths) || !protectedPaths.every((prefix) => typeof prefix === 'string')) {
    throw new GateManifestError('protectedPaths must be a list of paths');
  }
  if (typeof oidc?.issuer !== 'string' || typeof oidc.clientId !== 'string' || !oidc.clientId) {
    throw new GateManifestError('oidc must name the issuer and the client id');
  }
  try {
    new URL(oidc.issuer);
  } catch {
    throw new GateManifestError(`oidc.issuer ${JSON.stringify(oidc.issuer)} is not a URL`);
  }
  if (typeof cookieName !== 'string' || !/^[\w-]+$/.test(cookieName)) throw new GateManifestError('bad cookieName');
  if (typeof contentSecurityPolicy !== 'string' || !contentSecurityPolicy.includes("object-src 'none'")) {
    throw new GateManifestError('contentSecurityPolicy is missing or incomplete');
  }
  if (!files || typeof files !== 'object') throw new GateManifestError('files must map each file to its class');
  if (typeof shell !== 'string' || files[shell] !== 'public') {
    throw new GateManifestError('shell must name a public file of the build');
  }
  const { mcp } = manifest;
  if (mcp !== undefined) {
    const resource =
      typeof mcp?.resource === 'string' && URL.canParse(mcp.resource) ? new URL(mcp.resource) : undefined;
    if (!resource || resource.pathname !== `${baseUrl}${MCP_PATH}`) {
      throw new GateManifestError(`mcp.resource must be the URL of ${baseUrl}${MCP_PATH}`);
    }
    if (typeof mcp.scope !== 'string' || !/^[\x21\x23-\x5b\x5d-\x7e]+$/.test(mcp.scope)) {
      throw new GateManifestError('mcp.scope must be one scope');
    }
    if (typeof mcp.resourceName !== 'string') throw new GateManifestError('mcp.resourceName must be a string');
  }
  try {
    parseApiProxyManifest(manifest.apiProxy);
  } catch (error) {
    throw new GateManifestError(/** @type {Error} */ (error).message);
  }
  return /** @type {GateManifest} */ (manifest);
}

/**
 * A refused cookie is logged, but an expired one arrives with every request of that reader: the same
 * message at most once a minute.
 * @param {(message: string) => void} log
 */
function onceAMinutePerMessage(log) {
  /** @type {Map<string, number>} */
  const lastLogged = new Map();
  return (/** @type {string} */ message) => {
    const now = Date.now();
    if (now - (lastLogged.get(message) ?? -Infinity) < 60_000) return;
    if (lastLogged.size > 100) lastLogged.clear();
    lastLogged.set(message, now);
    log(message);
  };
}

/**
 * @param {GateManifest} manifest
 * @param {{ verifier?: Pick<import('./idToken.mjs').IdTokenVerifier, 'verify'> & Partial<Pick<import('./idToken.mjs').IdTokenVerifier, 'keyStatus'>>, log?: (message: string) => void }} [options]
 *   a `verifier` without `keyStatus` (a test's) reports the gate ready
 * @returns {AccessPolicy}
 */
export function createAccessPolicy(manifest, options = {}) {
  // Made here, fetched on first use: one key set for the gate and every other token check of this build.
  const issuerKeys = createIssuerKeys({ issuer: manifest.oidc.issuer });
  const verifier = options.verifier ?? createIdTokenVerifier({ ...manifest.oidc, issuerKeys });
  const log = onceAMinutePerMessage(options.log ?? ((message) => console.warn(`[gate] ${message}`)));
  const files = new Map(Object.entries(manifest.files));
  const variantSuffixes = VARIANTS.map(({ suffix }) => suffix);

  /** The cookie names to read, over http and over https: the same for every request. */
  const cookieNames = {
    http: idTokenCookieNamesToRead({ baseUrl: manifest.baseUrl, https: false, name: manifest.cookieName }),
    https: idTokenCookieNamesToRead({ baseUrl: manifest.baseUrl, https: true, name: manifest.cookieName }),
  };

  /** @type {AccessPolicy['reader']} */
  async function reader({ cookieHeader, https }) {
    // Any cookie of the name that verifies admits: one planted beside the reader's must not lock them out.
    const names = https ? cookieNames.https : cookieNames.http;
    const tokens = names.flatMap((name) => readCookies(cookieHeader, name)).filter(Boolean);
    for (const token of new Set(tokens)) {
      const result = await verifier.verify(token);
      if (result.ok) return `${manifest.oidc.issuer} ${String(result.claims?.sub)}`;
      log(`refused an ID-token cookie: ${result.reason}`);
    }
    return undefined;
  }

  return {
    classify(file) {
      // A precompressed variant is what its original is; a file the build did not list is protected.
      const suffix = variantSuffixes.find((candidate) => file.endsWith(candidate));
      const original = suffix ? file.slice(0, -suffix.length) : file;
      if (original === GATE_MANIFEST_FILE) return 'hidden';
      return files.get(file) ?? files.get(original) ?? 'protected';
    },
    baseUrl: manifest.baseUrl,
    isProtectedPath: (pathname) => isProtectedPath(pathname, manifest.baseUrl, manifest.protectedPaths),
    reader,
    admits: async (proof) => (await reader(proof)) !== undefined,
    async health() {
      if (!verifier.keyStatus) return { state: 'ready', keysAgeSeconds: null };
      const { keys, keysAgeSeconds, problem } = await verifier.keyStatus();
      return keys ? { state: 'ready', keysAgeSeconds } : { state: 'no-keys', keysAgeSeconds, problem };
    },
    apiProxy: manifest.apiProxy,
    mcp: manifest.mcp,
    issuerKeys,
    shell: manifest.shell,
    contentSecurityPolicy: manifest.contentSecurityPolicy,
  };
}
