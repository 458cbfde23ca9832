import { randomBytes } from 'node:crypto';

/**
 * Where the browser tests run the site and the development identity provider, and the settings
 * the site is built with for them. Shared by scripts/build-for-tests.mjs and playwright.config.ts.
 */
// Two checkouts on one machine can run their browser tests side by side with other ports.
export const SITE_ORIGIN = `http://localhost:${process.env.E2E_SITE_PORT ?? 3100}`;
const IDP_PORT = Number(process.env.E2E_IDP_PORT ?? 4100);
export const IDP_ISSUER = `http://localhost:${IDP_PORT}`;
export const BUILD_DIR = 'build-e2e';
/**
 * The same build served by the Worker on workerd (scripts/worker-site.mjs), as its own server: specs reach it over
 * HTTP and never import the server's modules into Playwright's process, whose TypeScript transform may already
 * hold a module the server imports, in another shape.
 */
export const WORKER_ORIGIN = `http://localhost:${process.env.E2E_WORKER_PORT ?? 3103}`;
/** A recognisable value: the tests fail if it appears anywhere in the built site. */
export const CLIENT_SECRET_CANARY = 'canary-client-secret-7f3a9c2e5b';

/**
 * A sentence the test build adds to one docs page and one API description (leakCanary.config.ts):
 * no file an anonymous visitor can fetch may contain it.
 */
export const LEAK_CANARY = 'Leak canary 3e9b71: partners only, never shown to an anonymous visitor.';
/** The build's configuration: the site's own, with the canary. */
export const BUILD_CONFIG = 'tests/e2e/leakCanary.config.ts';

export const SITE_BUILD_ENV = {
  SITE_URL: SITE_ORIGIN,
  BASE_URL: '/',
  OIDC_ISSUER: IDP_ISSUER,
  OIDC_CLIENT_ID: 'developer-docs',
  OIDC_REALM: 'developers',
  OIDC_CLIENT_SECRET: CLIENT_SECRET_CANARY,
};

/**
 * The secret the provider's test controls require. Made once, by the first process that loads this
 * file (Playwright's main process, which reads playwright.config.ts before it starts anything), and
 * kept in the environment, which the provider and every test worker inherit: a value made at
 * import time in each process would differ. Set IDP_TEST_CONTROLS_TOKEN yourself to reuse a
 * provider you started by hand.
 */
process.env.IDP_TEST_CONTROLS_TOKEN ||= randomBytes(24).toString('base64url');
export const TEST_CONTROLS_TOKEN = process.env.IDP_TEST_CONTROLS_TOKEN;

/**
 * The sandbox the site's Try it proxy forwards to in the browser tests (try-it.spec.ts starts it on this port:
 * the proxy's upstream is fixed when the site server starts). Beside the provider's port unless set.
 */
export const PROXY_SANDBOX_PORT = Number(process.env.E2E_SANDBOX_PORT ?? IDP_PORT + 100);
const PROXY_SANDBOX_ORIGIN = `http://127.0.0.1:${PROXY_SANDBOX_PORT}`;

/**
 * The MCP server's client at the provider's introspection endpoint (dev/idp/mcpResource.mjs), so that a revoked
 * access token is refused; its answers are not cached, so that the refusal comes on the next call.
 */
export const MCP_INTROSPECTION_ENV = {
  MCP_INTROSPECTION_CLIENT_ID: 'docs-mcp-server',
  MCP_INTROSPECTION_CLIENT_SECRET: 'docs-mcp-server-development-secret',
  MCP_INTROSPECTION_CACHE_SECONDS: '0',
};

/**
 * The site server's environment: the build's settings, the Try it proxy pointed at that sandbox, and the MCP
 * server's introspection client.
 */
export const SITE_SERVER_ENV = {
  ...SITE_BUILD_ENV,
  ...MCP_INTROSPECTION_ENV,
  SANDBOX_API_URL: `${PROXY_SANDBOX_ORIGIN}/v1`,
  SANDBOX_TOKEN_URL: `${PROXY_SANDBOX_ORIGIN}/connect/token`,
};

export const IDP_ENV = {
  IDP_PORT: String(IDP_PORT),
  IDP_SITE_ORIGINS: SITE_ORIGIN,
  IDP_TEST_CONTROLS: '1',
  IDP_TEST_CONTROLS_TOKEN: TEST_CONTROLS_TOKEN,
  OIDC_CLIENT_ID: 'developer-docs',
  OIDC_REALM: 'developers',
};

/**
 * The base-URL browser tests (tests/e2e-base-url/, playwright.base-url.config.ts): the same site built with a
 * base URL other than `/`, in its own directory, served on its own port by the Node server and on another by
 * the Worker, with its own identity provider (which registers the callback under the base for both origins).
 */
export const BASE_URL_UNDER_TEST = '/developers/';
export const BASE_URL_SITE_ORIGIN = `http://localhost:${process.env.E2E_BASE_SITE_PORT ?? 3101}`;
/** The same build served by the Worker on workerd (scripts/worker-site.mjs). */
export const BASE_URL_WORKER_ORIGIN = `http://localhost:${process.env.E2E_BASE_WORKER_PORT ?? 3102}`;
const BASE_URL_IDP_PORT = Number(process.env.E2E_BASE_IDP_PORT ?? 4101);
export const BASE_URL_IDP_ISSUER = `http://localhost:${BASE_URL_IDP_PORT}`;
export const BASE_URL_BUILD_DIR = 'build-e2e-base-url';
export const BASE_URL_BUILD_ENV = {
  ...SITE_BUILD_ENV,
  SITE_URL: BASE_URL_SITE_ORIGIN,
  BASE_URL: BASE_URL_UNDER_TEST,
  OIDC_ISSUER: BASE_URL_IDP_ISSUER,
  // v1 only: a reader's stored choice of v2 meets a build without it (tests/e2e-base-url).
  DOCS_VERSIONS: 'current',
};
export const BASE_URL_IDP_ENV = {
  ...IDP_ENV,
  IDP_PORT: String(BASE_URL_IDP_PORT),
  IDP_SITE_ORIGINS: `${BASE_URL_SITE_ORIGIN},${BASE_URL_WORKER_ORIGIN}`,
  BASE_URL: BASE_URL_UNDER_TEST,
};

export { DEMO_USER, MISMATCH_USER } from '../../dev/idp/testing.mjs';

/** Browser storage of a signed-in demo developer, written by auth.setup.ts. */
export const SIGNED_IN_STATE = 'test-results/.auth/developer.json';

export { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../../scripts/chromium.mjs';
