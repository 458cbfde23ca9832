/**
 * What the two Playwright configs share (playwright.config.ts for the site at `/`, playwright.base-url.config.ts
 * for the site under a base URL): the pinned Node, CI behaviour, time limits, Debian's Chromium, and how the
 * identity provider and the production server are started.
 */
import type { PlaywrightTestConfig } from '@playwright/test';
import { assertPinnedNode } from '../../config/nodeRuntime.mjs';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from './environment.mjs';

assertPinnedNode();

/**
 * Whether the run is on CI: no `.only`, servers always started fresh, and one retry that only tells a flaky
 * test from a broken one (and records its trace): a test that passed only on its retry still fails the run.
 */
export const isCI = Boolean(process.env.CI);
// The web servers run on this process's Node, the pinned one, whatever `node` the shell would find.
const NODE = JSON.stringify(process.execPath);

type WebServer = Exclude<NonNullable<PlaywrightTestConfig['webServer']>, unknown[]>;
type ServerEnv = WebServer['env'];

/** The viewport of the desktop projects (the mobile menu opens at 996 px and below). */
export const DESKTOP_VIEWPORT = { width: 1280, height: 800 };

/** The settings both configs run with; each adds its test folder, workers, reporter, projects and servers. */
export const SHARED_CONFIG = {
  forbidOnly: isCI,
  retries: isCI ? 1 : 0,
  failOnFlakyTests: isCI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
} satisfies PlaywrightTestConfig;

/** The browser options both configs start from. */
export const SHARED_USE = {
  // Recording a trace snapshots the page on every step, which slows a page as large as the reference
  // several times over: record one only when a test is retried.
  trace: 'on-first-retry',
  launchOptions: { executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS },
} satisfies PlaywrightTestConfig['use'];

/** A project script run on the pinned Node, ready when `url` answers; reused locally, always started on CI. */
export function nodeServer(script: string, url: string, env?: ServerEnv): WebServer {
  return { command: `${NODE} ${script}`, url, ...(env ? { env } : {}), reuseExistingServer: !isCI, stdout: 'ignore' };
}

/** The development identity provider (dev/idp/cli.mjs) at `issuer`. */
export function identityProvider(issuer: string, env: ServerEnv): WebServer {
  return nodeServer('dev/idp/cli.mjs', `${issuer}/.well-known/openid-configuration`, env);
}

/** The production server (server/cli.mjs) serving the build in `dir` at `origin`, the site under `baseUrl`. */
export function productionServer(
  { dir, origin, baseUrl }: { dir: string; origin: string; baseUrl: string },
  env: ServerEnv,
): WebServer {
  const script = `server/cli.mjs --dir ${dir} --port ${new URL(origin).port} --host localhost`;
  return nodeServer(script, `${origin}${baseUrl}health.json`, env);
}
