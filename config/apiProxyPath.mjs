// @ts-check
/**
 * Where the site's Try it proxy answers, below the base URL (server/apiProxy.mjs). Sign-in never returns a
 * reader there (src/auth/redirectTarget.ts): what it answers is data for the panel, not a page.
 */
export const API_PROXY_PREFIX = 'api-proxy/';
