import { BUILD_DIR, IDP_ISSUER, MCP_INTROSPECTION_ENV, SITE_ORIGIN } from './environment.mjs';
import { idTokenCookie } from './fixtures';
import { describeMcpSession } from './mcpSession';

/**
 * The docs' MCP server with the MCP SDK's own client, at the site's root: on Node (the server the other specs use)
 * and on workerd (the Cloudflare Worker, started here with the same build and the introspection client).
 */
describeMcpSession({
  buildDir: BUILD_DIR,
  resource: `${SITE_ORIGIN}/mcp`,
  baseUrl: '/',
  issuer: IDP_ISSUER,
  idToken: idTokenCookie,
  targets: [
    {
      name: 'Node',
      runsRequestChecks: true,
      start: async () => ({ origin: SITE_ORIGIN, close: async () => undefined }),
    },
    {
      name: 'workerd',
      runsRequestChecks: false,
      start: async () => {
        // Imported when used: Playwright's transform of a static import breaks this ES module (it uses import.meta).
        const { startWorkerSite } = await import('../../server/__tests__/workerSite.mjs');
        const site = await startWorkerSite({ dir: BUILD_DIR, vars: MCP_INTROSPECTION_ENV });
        return { origin: new URL(site.url).origin, close: site.close };
      },
    },
  ],
});
