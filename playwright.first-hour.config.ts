import { defineConfig } from '@playwright/test';
import { DESKTOP_VIEWPORT, SHARED_CONFIG, SHARED_USE } from './tests/e2e/playwrightShared';

/**
 * The first hour of a newcomer (tests/first-hour/): a clean clone of this repository, the README's first command
 * run as written, and `npm run serve`, each signed in to in Chromium and used as the quick start says. The servers
 * are the ones the commands start, on their default ports, so nothing else may run on 3000, 4000 or 4020.
 */
export default defineConfig({
  ...SHARED_CONFIG,
  testDir: 'tests/first-hour',
  workers: 1,
  // No retry: a second run would reuse the first one's clone and installed packages, which a newcomer has not.
  retries: 0,
  // Each test installs (npm ci) or builds before it can sign in: its own deadlines bound each wait.
  timeout: 20 * 60_000,
  reporter: [['list']],
  use: { ...SHARED_USE, viewport: DESKTOP_VIEWPORT },
});
