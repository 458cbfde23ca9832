import { defineConfig } from '@playwright/test';
import {
  BASE_URL_BUILD_DIR,
  BASE_URL_BUILD_ENV,
  BASE_URL_IDP_ENV,
  BASE_URL_IDP_ISSUER,
  BASE_URL_SITE_ORIGIN,
  BASE_URL_UNDER_TEST,
  BASE_URL_WORKER_ORIGIN,
  CHROMIUM_ARGS,
  CHROMIUM_EXECUTABLE,
} from './tests/e2e/environment.mjs';
import { assertPinnedNode } from './config/nodeRuntime.mjs';

assertPinnedNode();

const isCI = Boolean(process.env.CI);
const NODE = JSON.stringify(process.execPath);

const port = (origin: string) => new URL(origin).port;

/**
 * The site built at a base URL other than `/` (`node scripts/build-for-tests.mjs --base-url` writes
 * build-e2e-base-url/), served by the production server (project `node`) and by the Worker on workerd
 * (project `workerd`), each on its own origin, with one development identity provider that accepts both, in
 * Debian's Chromium: sign-in, the callback and the cookie all live under the base.
 */
export default defineConfig({
  testDir: 'tests/e2e-base-url',
  forbidOnly: isCI,
  retries: isCI ? 1 : 0,
  workers: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    trace: 'on-first-retry',
    viewport: { width: 1280, height: 800 },
    launchOptions: { executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS },
  },
  projects: [
    { name: 'node', use: { baseURL: BASE_URL_SITE_ORIGIN } },
    { name: 'workerd', use: { baseURL: BASE_URL_WORKER_ORIGIN } },
  ],
  webServer: [
    {
      command: `${NODE} dev/idp/cli.mjs`,
      url: `${BASE_URL_IDP_ISSUER}/.well-known/openid-configuration`,
      env: BASE_URL_IDP_ENV,
      reuseExistingServer: !isCI,
      stdout: 'ignore',
    },
    {
      command: `${NODE} server/cli.mjs --dir ${BASE_URL_BUILD_DIR} --port ${port(BASE_URL_SITE_ORIGIN)} --host localhost`,
      url: `${BASE_URL_SITE_ORIGIN}${BASE_URL_UNDER_TEST}health.json`,
      env: BASE_URL_BUILD_ENV,
      reuseExistingServer: !isCI,
      stdout: 'ignore',
    },
    {
      command: `${NODE} scripts/worker-site.mjs --dir ${BASE_URL_BUILD_DIR} --port ${port(BASE_URL_WORKER_ORIGIN)}`,
      url: `${BASE_URL_WORKER_ORIGIN}${BASE_URL_UNDER_TEST}health.json`,
      reuseExistingServer: !isCI,
      stdout: 'ignore',
    },
  ],
});
