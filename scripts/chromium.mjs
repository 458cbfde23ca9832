// How the browser tests and the benchmark launch Chromium. No side effects: the benchmark imports it
// without the browser tests' settings (tests/e2e/environment.mjs).

/** Debian's Chromium (no tool here downloads a browser of its own) and the flags it needs as root, offline. */
export const CHROMIUM_EXECUTABLE = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-gpu',
  // Text drawn the same way on every machine, for the screenshot tests.
  '--font-render-hinting=none',
];
