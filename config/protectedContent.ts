/**
 * Names shared by the three parts of the protected deployment: the build (plugins/protected-content
 * writes the manifest and the shell), the gate (server/gate reads them) and the browser (src/auth sets
 * the cookie the gate verifies). The server is plain JavaScript and reads these values from the
 * manifest, never from this file; what it must compute too lives in config/*.mjs.
 */

/**
 * The cookie holding the visitor's ID token, which the gate verifies (Path = the base URL; `__Host-`
 * prefixed over https at base URL `/`). Defined in plain JavaScript, which the server loads too.
 */
export { ID_TOKEN_COOKIE } from './idTokenCookie.mjs';

/** At the build root: how every file is classified, and what the gate needs. Never served. */
export const GATE_MANIFEST_FILE = 'gate-manifest.json';

/** At the build root: the page an anonymous visitor of a protected page gets, with no documentation content. */
export const SIGN_IN_SHELL_FILE = 'sign-in-required.html';

/** The public page (relative to the base URL) that starts the sign-in; `?returnTo=<site path>` says where to go after. */
export const SIGN_IN_PAGE_PATH = 'login/';

/** The query parameter of the sign-in page that carries the address to return to. */
export const RETURN_TO_PARAM = 'returnTo';
