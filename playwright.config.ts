import { defineConfig } from '@playwright/test';
import {
  BUILD_DIR,
  IDP_ENV,
  IDP_ISSUER,
  MCP_INTROSPECTION_ENV,
  SITE_ORIGIN,
  SITE_SERVER_ENV,
  WORKER_ORIGIN,
} from './tests/e2e/environment.mjs';
import {
  DESKTOP_VIEWPORT,
  identityProvider,
  isCI,
  nodeServer,
  productionServer,
  SHARED_CONFIG,
  SHARED_USE,
} from './tests/e2e/playwrightShared';

/**
 * Browser tests against the real production build, served by the production server (server/cli.mjs) as
 * readers get it (and by the Worker on workerd, for the specs that compare the two), and the real development identity provider, in Debian's Chromium. `npm test` builds the
 * site first. What this shares with playwright.base-url.config.ts is in tests/e2e/playwrightShared.ts.
 */
export default defineConfig({
  ...SHARED_CONFIG,
  testDir: 'tests/e2e',
  workers: 2,
  reporter: isCI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: { ...SHARED_USE, baseURL: SITE_ORIGIN },
  projects: [
    { name: 'setup', testMatch: [/auth\.setup\.ts/] },
    {
      name: 'desktop',
      dependencies: ['setup'],
      testIgnore: [/provider-faults\.spec\.ts/, /responsive\.spec\.ts/],
      use: { viewport: DESKTOP_VIEWPORT },
    },
    {
      name: 'mobile',
      dependencies: ['setup'],
      testMatch: [/responsive\.spec\.ts/, /accessibility\.spec\.ts/, /api-reference\.spec\.ts/],
      use: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true },
    },
    {
      // These switch the shared provider into failure modes, so they run alone, after the rest.
      name: 'provider-faults',
      testMatch: [/provider-faults\.spec\.ts/],
      dependencies: ['desktop', 'mobile'],
      fullyParallel: false,
      workers: 1,
      use: { viewport: DESKTOP_VIEWPORT },
    },
  ],
  webServer: [
    identityProvider(IDP_ISSUER, IDP_ENV),
    productionServer({ dir: BUILD_DIR, origin: SITE_ORIGIN, baseUrl: '/' }, SITE_SERVER_ENV),
    // The Worker on workerd, for the specs that check both runtimes (leak-crawl, mcp).
    nodeServer(
      `scripts/worker-site.mjs --dir ${BUILD_DIR} --port ${new URL(WORKER_ORIGIN).port}`,
      `${WORKER_ORIGIN}/health.json`,
      MCP_INTROSPECTION_ENV,
    ),
  ],
});
