import { defineConfig } from '@playwright/test';
import {
  BASE_URL_BUILD_DIR,
  BASE_URL_BUILD_ENV,
  BASE_URL_IDP_ENV,
  BASE_URL_IDP_ISSUER,
  BASE_URL_SITE_ORIGIN,
  BASE_URL_UNDER_TEST,
  BASE_URL_WORKER_ORIGIN,
  MCP_INTROSPECTION_ENV,
} from './tests/e2e/environment.mjs';
import {
  DESKTOP_VIEWPORT,
  identityProvider,
  nodeServer,
  productionServer,
  SHARED_CONFIG,
  SHARED_USE,
} from './tests/e2e/playwrightShared';

/**
 * The site built at a base URL other than `/` (`node scripts/build-for-tests.mjs --base-url` writes
 * build-e2e-base-url/), served by the production server (project `node`) and by the Worker on workerd
 * (project `workerd`), each on its own origin, with one development identity provider that accepts both, in
 * Debian's Chromium: sign-in, the callback and the cookie all live under the base. What this shares with
 * playwright.config.ts is in tests/e2e/playwrightShared.ts.
 */
export default defineConfig({
  ...SHARED_CONFIG,
  testDir: 'tests/e2e-base-url',
  workers: 1,
  reporter: [['list']],
  use: { ...SHARED_USE, viewport: DESKTOP_VIEWPORT },
  // Each project runs the MCP session against its own server only (tests/e2e-base-url/mcp.spec.ts names both).
  projects: [
    { name: 'node', use: { baseURL: BASE_URL_SITE_ORIGIN }, grepInvert: /the MCP server on workerd/ },
    { name: 'workerd', use: { baseURL: BASE_URL_WORKER_ORIGIN }, grepInvert: /the MCP server on Node/ },
  ],
  webServer: [
    identityProvider(BASE_URL_IDP_ISSUER, BASE_URL_IDP_ENV),
    productionServer(
      { dir: BASE_URL_BUILD_DIR, origin: BASE_URL_SITE_ORIGIN, baseUrl: BASE_URL_UNDER_TEST },
      { ...BASE_URL_BUILD_ENV, ...MCP_INTROSPECTION_ENV },
    ),
    nodeServer(
      `scripts/worker-site.mjs --dir ${BASE_URL_BUILD_DIR} --port ${new URL(BASE_URL_WORKER_ORIGIN).port}`,
      `${BASE_URL_WORKER_ORIGIN}${BASE_URL_UNDER_TEST}health.json`,
      MCP_INTROSPECTION_ENV,
    ),
  ],
});
