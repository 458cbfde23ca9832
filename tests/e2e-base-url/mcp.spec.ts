import {
  BASE_URL_BUILD_DIR,
  BASE_URL_IDP_ISSUER,
  BASE_URL_SITE_ORIGIN,
  BASE_URL_UNDER_TEST,
  BASE_URL_WORKER_ORIGIN,
} from '../e2e/environment.mjs';
import { describeMcpSession } from '../e2e/mcpSession';

/**
 * The docs' MCP server under the base URL, with the MCP SDK's own client: in project `node` on the production
 * server, in project `workerd` on the Worker (both started by playwright.base-url.config.ts). This config signs no
 * reader in to the site, so the site's ID token is refused only at `/` (tests/e2e/mcp.spec.ts).
 */
describeMcpSession({
  buildDir: BASE_URL_BUILD_DIR,
  resource: `${BASE_URL_SITE_ORIGIN}${BASE_URL_UNDER_TEST}mcp`,
  baseUrl: BASE_URL_UNDER_TEST,
  issuer: BASE_URL_IDP_ISSUER,
  targets: [
    {
      name: 'Node',
      start: async () => ({ origin: BASE_URL_SITE_ORIGIN, close: async () => undefined }),
    },
    {
      name: 'workerd',
      start: async () => ({ origin: BASE_URL_WORKER_ORIGIN, close: async () => undefined }),
    },
  ],
});
