// @ts-check
/**
 * The one table of "is this path protected" cases, run through each user of config/protectedPaths.mjs:
 * the browser (src/auth/__tests__/protectedPaths.test.ts), the build's classifier
 * (plugins/protected-content/__tests__/sitePaths.test.ts) and the gate
 * (server/__tests__/protectedPaths.test.mjs). A case added here is checked in all three.
 */

/**
 * @typedef {object} ProtectedPathCase
 * @property {string} pathname the request's URL path, as a browser or a client sends it
 * @property {string} baseUrl
 * @property {readonly string[]} protectedPaths
 * @property {boolean} isProtected
 */

const site = { baseUrl: '/', protectedPaths: ['/docs', '/api'] };
const portal = { baseUrl: '/portal/', protectedPaths: ['/docs'] };

/** @type {readonly ProtectedPathCase[]} */
export const PROTECTED_PATH_CASES = [
  ...[
    '/docs',
    '/docs/',
    '/docs/accounts-api/endpoints/get-account',
    '/api/orders-api',
    '/DOCS/Trading-API',
    '/Docs/Orders/',
    '/%64ocs',
    '/%44OCS/x',
    '/docs//x',
    '//docs/x',
    '///api',
    '/docs%2fx',
    '/docs%5Cx',
    '/docs\\x',
    '/docs/flat.html',
    // The pages' Markdown and the llms files (config/pageMarkdown.mjs), however a client spells them.
    '/docs/trading-api/equity/single-equity-order.md',
    '/docs/trading-api/index.md',
    '/llms.txt',
    '/llms-full.txt',
    '/llms-trading-api.txt',
    '/LLMS.TXT',
    '/%6Clms.txt',
    '//llms-full.txt',
  ].map((pathname) => ({ pathname, ...site, isProtected: true })),
  // The llms files are protected whatever the prefixes, at the base URL.
  ...['/llms.txt', '/llms-full.txt', '/llms-accounts-api.txt'].map((pathname) => ({
    pathname,
    baseUrl: '/',
    protectedPaths: [],
    isProtected: true,
  })),
  ...['/portal/llms.txt', '/portal/llms-full.txt', '//portal/Llms-Trading-Api.txt'].map((pathname) => ({
    pathname,
    ...portal,
    isProtected: true,
  })),
  ...[
    '/',
    '/health',
    '/search',
    '/401/error',
    '/login/callback',
    '/docsearch',
    '/apis',
    '/doc',
    '/%',
    '/img/docs.svg',
    '/llms.md',
    '/llms-.txt',
    '/img/llms.txt',
  ].map((pathname) => ({ pathname, ...site, isProtected: false })),
  ...['/portal/docs', '/portal/docs/x', '//portal/docs/x', '/portal//docs/x', '/PORTAL/Docs/x', '/%70ortal/docs/x'].map(
    (pathname) => ({ pathname, ...portal, isProtected: true }),
  ),
  ...['/portal', '/portal/', '/portal/health', '/portal/docsearch', '/docs/x', '/portaldocs/x'].map((pathname) => ({
    pathname,
    ...portal,
    isProtected: false,
  })),
  // A prefix of `/` protects everything under the base URL; a trailing slash on a prefix changes nothing.
  ...['/', '/anything', '/index.html'].map((pathname) => ({
    pathname,
    baseUrl: '/',
    protectedPaths: ['/'],
    isProtected: true,
  })),
  { pathname: '/docs', baseUrl: '/', protectedPaths: ['/docs/'], isProtected: true },
  { pathname: '/docs/x', baseUrl: '/', protectedPaths: ['/docs/'], isProtected: true },
  { pathname: '/docsx', baseUrl: '/', protectedPaths: ['/docs/'], isProtected: false },
];

/** A case's name in a test title. @param {ProtectedPathCase} testCase */
export function describeCase({ pathname, baseUrl, protectedPaths, isProtected }) {
  const verdict = isProtected ? 'protected' : 'public';
  return `${JSON.stringify(pathname)} at base URL ${baseUrl} with ${JSON.stringify(protectedPaths)} is ${verdict}`;
}
