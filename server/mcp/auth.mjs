// @ts-check
/**
 * The MCP server as an OAuth protected resource, as the MCP authorization specification asks: its metadata
 * (RFC 9728) naming the site's OpenID provider as the authorization server and the scope it needs, and the
 * bearer-token check in front of it. An anonymous request, or one whose token is refused, gets a 401 or 403
 * with a `WWW-Authenticate` challenge pointing at the metadata, and never any documentation text.
 *
 * Plain Hono handlers, independent of the build: the app mounts them (server/app.mjs), the settings come
 * from the gate manifest and the environment.
 */
import { createAccessTokenVerifier } from '../gate/accessToken.mjs';

export { mcpResourceUrl } from '../../contracts/mcp/resource.ts';

const WELL_KNOWN = '/.well-known/oauth-protected-resource';
/** After the provider could not be asked, a client should try again no sooner than this. */
const RETRY_AFTER_SECONDS = 10;

/**
 * The paths the metadata is served at: RFC 9728 section 3.1's, the well-known segment inserted before the
 * resource's path (what the challenge names and MCP clients try first); the origin's own, which clients try
 * next; and, for a site under a base URL whose origin's root belongs to another application, under the base.
 * @param {string} resource
 * @param {string} baseUrl
 */
function protectedResourceMetadataPaths(resource, baseUrl) {
  const { pathname } = new URL(resource);
  return [...new Set([`${WELL_KNOWN}${pathname}`, WELL_KNOWN, `${baseUrl}${WELL_KNOWN.slice(1)}`])];
}

/**
 * @typedef {object} McpAuthOptions
 * @property {string} resource the MCP server's URL (contracts/mcp/resource.ts, the gate manifest's `mcp.resource`)
 * @property {string} baseUrl the site's base URL, starts and ends with `/`
 * @property {string} scope the scope a token must carry (OIDC_MCP_SCOPE)
 * @property {import('../gate/issuerKeys.mjs').IssuerKeys} issuerKeys the provider's keys, the gate's
 *   (`policy.issuerKeys`): one key set for both checks
 * @property {string} resourceName what the reader's assistant shows when it asks them to sign in
 * @property {string} [documentationUrl] the page saying how to connect an assistant
 * @property {import('../gate/accessToken.mjs').IntrospectionCredentials} [introspection] see {@link mcpAuthSettingsFromEnv}
 * @property {number} [introspectionCacheSeconds]
 * @property {{ verify: (token: string) => Promise<import('../gate/accessToken.mjs').AccessVerification> }} [verifier]
 *   replaces the access-token check, for tests
 */

/**
 * What a request that passed the check carries on to the MCP server (`c.get('mcpReader')`): who the reader
 * is, for the rate limit and the access log, and which client they use.
 * @typedef {{ subject: string, clientId: string | undefined, claims: import('jose').JWTPayload }} McpReader
 */

/**
 * @param {McpAuthOptions} options
 */
export function createMcpAuth(options) {
  const { resource, baseUrl, scope, issuerKeys, resourceName, documentationUrl } = options;
  const verifier =
    options.verifier ??
    createAccessTokenVerifier({
      issuerKeys,
      resource,
      scope,
      introspection: options.introspection,
      introspectionCacheSeconds: options.introspectionCacheSeconds,
    });
  const metadataPaths = protectedResourceMetadataPaths(resource, baseUrl);
  const metadataUrl = `${new URL(resource).origin}${metadataPaths[0]}`;
  const metadata = {
    resource,
    authorization_servers: [issuerKeys.issuer],
    scopes_supported: [scope],
    bearer_methods_supported: ['header'],
    resource_name: resourceName,
    ...(documentationUrl && { resource_documentation: documentationUrl }),
  };

  /**
   * The challenge (RFC 6750 section 3, RFC 9728 section 5.1): no error when the request carried no token.
   * @param {{ error: string, description: string } | undefined} refusal
   */
  function challenge(refusal) {
    const parts = [`resource_metadata="${metadataUrl}"`, `scope="${scope}"`];
    if (refusal) {
      // A quoted-string may not hold a bare quote or backslash; the reasons name claims in quotes.
      const description = refusal.description.replace(/["\\]/g, "'");
      parts.push(`error="${refusal.error}"`, `error_description="${description}"`);
    }
    return `Bearer ${parts.join(', ')}`;
  }

  /**
   * @param {401 | 403} status
   * @param {{ error: string, description: string } | undefined} refusal
   */
  function refuse(status, refusal) {
    const body = refusal ? { error: refusal.error, error_description: refusal.description } : { error: 'unauthorized' };
    return Response.json(body, {
      status,
      headers: { 'WWW-Authenticate': challenge(refusal), 'Cache-Control': 'no-store' },
    });
  }

  /**
   * The metadata document, for GET and HEAD at each of {@link metadataPaths}: public, the same for everyone,
   * readable from any origin (a browser-based MCP client fetches it before it signs in).
   * @type {import('hono').Handler}
   */
  const metadataHandler = (c) =>
    c.json(metadata, 200, { 'Cache-Control': 'public, max-age=3600', 'Access-Control-Allow-Origin': '*' });

  /**
   * The bearer-token check, for any runtime or router: the reader a request with a valid access token for this
   * resource and scope comes from, or the refusal to send. The token is read from the `Authorization` header
   * only (never the query, where logs keep it).
   * @param {Request} request
   * @returns {Promise<{ ok: true, reader: McpReader } | { ok: false, response: Response }>}
   */
  async function authenticate(request) {
    const match = /^Bearer +([^\s]+) *$/i.exec(request.headers.get('Authorization') ?? '');
    if (!match) return { ok: false, response: refuse(401, undefined) };
    const result = await verifier.verify(match[1]);
    if (result.ok) {
      const { sub, client_id: clientId } = result.claims;
      const reader = {
        subject: `${issuerKeys.issuer} ${String(sub)}`,
        clientId: typeof clientId === 'string' ? clientId : undefined,
        claims: result.claims,
      };
      return { ok: true, reader };
    }
    if (result.error === 'unavailable') {
      const response = Response.json(
        { error: 'temporarily_unavailable', error_description: 'the identity provider could not be asked' },
        { status: 503, headers: { 'Retry-After': String(RETRY_AFTER_SECONDS), 'Cache-Control': 'no-store' } },
      );
      return { ok: false, response };
    }
    const status = result.error === 'insufficient_scope' ? 403 : 401;
    return { ok: false, response: refuse(status, { error: result.error, description: result.reason }) };
  }

  /**
   * {@link authenticate} as Hono middleware: the request goes on with `mcpReader` set, or gets the refusal.
   * @type {import('hono').MiddlewareHandler<{ Variables: { mcpReader: McpReader } }>}
   */
  const requireAccessToken = async (c, next) => {
    const result = await authenticate(c.req.raw);
    if (!result.ok) return result.response;
    c.set('mcpReader', result.reader);
    return next();
  };

  return { metadata, metadataPaths, metadataUrl, metadataHandler, authenticate, requireAccessToken };
}

/**
 * The MCP server's runtime settings from the environment (Node's process.env, or the Worker's variables
 * and secrets): the client it introspects tokens as at the provider, and how long an answer is trusted.
 * Without MCP_INTROSPECTION_CLIENT_ID no token is introspected, and a revoked one works until it expires.
 * @param {Record<string, unknown>} env
 * @returns {{ introspection?: import('../gate/accessToken.mjs').IntrospectionCredentials, introspectionCacheSeconds?: number }}
 */
export function mcpAuthSettingsFromEnv(env) {
  const read = (/** @type {string} */ name) => {
    const value = env[name];
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
  };
  const clientId = read('MCP_INTROSPECTION_CLIENT_ID');
  const clientSecret = read('MCP_INTROSPECTION_CLIENT_SECRET');
  const cacheSeconds = read('MCP_INTROSPECTION_CACHE_SECONDS');
  if (clientSecret !== undefined && clientId === undefined) {
    throw new TypeError('MCP_INTROSPECTION_CLIENT_SECRET is set without MCP_INTROSPECTION_CLIENT_ID');
  }
  if (cacheSeconds !== undefined && !/^\d+$/.test(cacheSeconds)) {
    throw new TypeError(`MCP_INTROSPECTION_CACHE_SECONDS must be a whole number of seconds ("${cacheSeconds}")`);
  }
  return {
    ...(clientId !== undefined && { introspection: { clientId, ...(clientSecret !== undefined && { clientSecret }) } }),
    ...(cacheSeconds !== undefined && { introspectionCacheSeconds: Number(cacheSeconds) }),
  };
}
