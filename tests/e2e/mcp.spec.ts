import { BUILD_DIR, IDP_ISSUER, SITE_ORIGIN, WORKER_ORIGIN } from './environment.mjs';
import { idTokenCookie, providerControl } from './fixtures';
import { describeMcpSession } from './mcpSession';

/**
 * The docs' MCP server with the MCP SDK's own client, at the site's root: on Node (the server the other specs use)
 * and on workerd (the Cloudflare Worker, with the same build and the introspection client).
 */
describeMcpSession({
  buildDir: BUILD_DIR,
  resource: `${SITE_ORIGIN}/mcp`,
  baseUrl: '/',
  issuer: IDP_ISSUER,
  idToken: idTokenCookie,
  shortenTokens: async (clientId, seconds) => {
    await providerControl('mcp-token-ttl', { clientId, accessTokenTtl: seconds });
  },
  targets: [
    {
      name: 'Node',
      start: async () => ({ origin: SITE_ORIGIN, close: async () => undefined }),
    },
    {
      name: 'workerd',
      // Started by playwright.config.ts (scripts/worker-site.mjs, with the introspection client), with the same build.
      start: async () => ({ origin: WORKER_ORIGIN, close: async () => undefined }),
    },
  ],
});
