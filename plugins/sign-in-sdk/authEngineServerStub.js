/**
 * `src/auth/authEngine` in the server bundle (see index.ts). The sign-in SDK runs only in the browser: the engine is
 * created from effects and event handlers, never while a page is rendered. Without this stand-in, the server build
 * would still compile okta-auth-js (a 330 KB chunk) for nothing.
 */
const browserOnly = () => {
  throw new Error('The sign-in engine runs only in the browser: the server bundle leaves the sign-in SDK out.');
};

export const buildOktaAuthOptions = browserOnly;
export const createAuthEngine = browserOnly;
export class StorageUnavailableError extends Error {}
