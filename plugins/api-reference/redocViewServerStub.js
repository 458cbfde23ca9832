/**
 * `RedocView` in the server bundle (see `redocOfflinePlugin` in index.ts). The reference renders Redoc only in the
 * browser (`BrowserOnly` in src/components/ApiReference), so the server never calls it; without this stand-in, the
 * server build would still compile Redoc, MobX and styled-components (a 1.2 MB chunk) for nothing.
 */
const browserOnly = () => {
  throw new Error('RedocView renders only in the browser: the server bundle leaves Redoc out.');
};

export default browserOnly;
