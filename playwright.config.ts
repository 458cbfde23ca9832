import { defineConfig } from '@playwright/test';
import {
  BUILD_DIR,
  CHROMIUM_ARGS,
  CHROMIUM_EXECUTABLE,
  IDP_ENV,
  IDP_ISSUER,
  SITE_ORIGIN,
  SITE_SERVER_ENV,
} from './tests/e2e/environment.mjs';
import { assertPinnedNode } from './config/nodeRuntime.mjs';

assertPinnedNode();

const isCI = Boolean(process.env.CI);
// The web servers run on this process's Node, the pinned one, whatever `node` the shell would find.
const NODE = JSON.stringify(process.execPath);

/**
 * Browser tests against the real production build, served by the production server (server/cli.mjs) as
 * readers get it, and the real development identity provider, in Debian's Chromium. `npm test` builds the
 * site first.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  forbidOnly: isCI,
  retries: isCI ? 1 : 0,
  workers: 2,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: isCI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    baseURL: SITE_ORIGIN,
    // Recording a trace snapshots the page on every step, which slows a page as large as the reference
    // several times over: record one only when a test is retried.
    trace: 'on-first-retry',
    launchOptions: { executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS },
  },
  projects: [
    { name: 'setup', testMatch: [/auth\.setup\.ts/] },
    {
      name: 'desktop',
      dependencies: ['setup'],
      testIgnore: [/provider-faults\.spec\.ts/, /responsive\.spec\.ts/],
      use: { viewport: { width: 1280, height: 800 } },
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
      use: { viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: [
    {
      command: `${NODE} dev/idp/cli.mjs`,
      url: `${IDP_ISSUER}/.well-known/openid-configuration`,
      env: IDP_ENV,
      reuseExistingServer: !isCI,
      stdout: 'ignore',
    },
    {
      command: `${NODE} server/cli.mjs --dir ${BUILD_DIR} --port ${new URL(SITE_ORIGIN).port} --host localhost`,
      url: `${SITE_ORIGIN}/health.json`,
      env: SITE_SERVER_ENV,
      reuseExistingServer: !isCI,
      stdout: 'ignore',
    },
  ],
});
