import fc from 'fast-check';
import { safeReturnPath, type SiteLocation } from '../redirectTarget';

const site = { origin: 'https://docs.clearing.example', baseUrl: '/' };
const subsite = { origin: 'https://portal.clearing.example', baseUrl: '/developers/' };

describe('safeReturnPath', () => {
  it.each([
    ['/docs/accounts-api/endpoints/get-account', '/docs/accounts-api/endpoints/get-account'],
    ['/docs/trading-api?tab=options#cancel', '/docs/trading-api?tab=options#cancel'],
    ['https://docs.clearing.example/search?q=balance', '/search?q=balance'],
    ['/', '/'],
  ])('follows the site path %j', (candidate, expected) => {
    expect(safeReturnPath(candidate, site)).toBe(expected);
  });

  it.each([
    ['another origin', 'https://evil.example/docs'],
    ['a scheme-relative URL', '//evil.example/docs'],
    ['a backslash trick', '/\\evil.example'],
    ['an encoded backslash', '/%5Cevil.example'],
    ['javascript:', 'javascript:alert(document.cookie)'],
    ['a data: URL', 'data:text/html,<script>alert(1)</script>'],
    ['http on the same host', 'http://docs.clearing.example/docs'],
    ['an unparsable value', '%E0%A4%A'],
    ['a control character', '/docs\n/evil'],
    ['an empty string', ''],
    ['a non-string', { pathname: '/docs' }],
    ['undefined', undefined],
    // The parser normalises these into `//evil.example`, which the browser would follow off-site.
    ['a dot segment before //', '/.//evil.example'],
    ['an encoded dot segment before //', '/%2e//evil.example'],
    ['a parent segment before //', '/x/..//evil.example'],
    ['a relative dot segment before //', './/evil.example'],
    ['the site origin followed by //', 'https://docs.clearing.example//evil.example'],
    ['encoded slashes', '%2F%2Fevil.example'],
    ['an encoded slash after a slash', '/%2Fevil.example'],
    ['a scheme without slashes, another scheme', 'http:evil.example'],
    ['Unicode whitespace before //', '\u3000\u00a0//evil.example'],
    ['a line separator before //', '\u2028//evil.example'],
    // The Try it proxy answers with the sandbox's data: a page load of it after sign-in would show that data as
    // a page of the site.
    ['the Try it proxy', '/api-proxy/v1/accounts/12345678'],
    ['the proxy’s token endpoint', '/api-proxy/connect/token'],
    ['the proxy itself', '/api-proxy'],
    ['the proxy with a query', '/api-proxy/?x=1'],
    ['the proxy in capitals', '/API-PROXY/v1/document-types'],
    ['the proxy percent-encoded', '/%61pi-proxy/v1/document-types'],
    ['the proxy behind a dot segment', '/./api-proxy/v1/document-types'],
    ['the proxy behind a parent segment', '/docs/../api-proxy/v1/document-types'],
    ['the proxy as a full URL', 'https://docs.clearing.example/api-proxy/v1/document-types'],
    ['a script', '/assets/js/main.3ff00f2d.js'],
    ['an image', '/img/logo.svg'],
    ['a JSON file', '/health.json'],
    ['the sitemap', '/sitemap.xml'],
  ])('falls back to /docs for %s', (_label, candidate) => {
    expect(safeReturnPath(candidate, site)).toBe('/docs');
  });

  it('reads https:host on an https site as a path on the site, never as another host', () => {
    expect(safeReturnPath('https:evil-example', site)).toBe('/evil-example');
  });

  it('keeps paths under the base URL and refuses the rest', () => {
    expect(safeReturnPath('/developers/docs/trading-api', subsite)).toBe('/developers/docs/trading-api');
    expect(safeReturnPath('/developers', subsite)).toBe('/developers');
    expect(safeReturnPath('/other-app/page', subsite)).toBe('/developers/docs');
    expect(safeReturnPath('/developers-x/page', subsite)).toBe('/developers/docs');
    expect(safeReturnPath('/developers/..//evil.example', subsite)).toBe('/developers/docs');
  });

  it('follows pages, and refuses the proxy and files, under any base URL', () => {
    expect(safeReturnPath('/docs/accounts-api/index.html', site)).toBe('/docs/accounts-api/index.html');
    expect(safeReturnPath('/docs/api-proxy-guide/', site)).toBe('/docs/api-proxy-guide/');
    expect(safeReturnPath('/developers/api-proxy/v1/document-types', subsite)).toBe('/developers/docs');
    expect(safeReturnPath('/developers/assets/js/main.js', subsite)).toBe('/developers/docs');
    expect(safeReturnPath('/developers/docs/orders/', subsite)).toBe('/developers/docs/orders/');
  });
});

describe('safeReturnPath, for any input', () => {
  const sites: SiteLocation[] = [site, subsite];
  // Strings built from the characters that matter to URL parsing, plus arbitrary Unicode.
  const pieces = fc.constantFrom(
    '/',
    '//',
    '/./',
    '/../',
    './',
    'x/',
    '\\',
    '.',
    '..',
    '%2e',
    '%2F',
    '%5C',
    '%',
    '?',
    '#',
    ':',
    '@',
    'https:',
    'http:',
    'javascript:',
    'evil.example',
    'docs',
    'developers',
    'developers-x',
    'api-proxy',
    'api-proxy/',
    '.js',
    'https://docs.clearing.example',
    'https://portal.clearing.example',
    ' ',
    '\u3000',
    '\t',
    '\u2028',
  );
  const candidates = fc.oneof(
    fc.string({ unit: 'grapheme', maxLength: 40 }),
    { arbitrary: fc.array(pieces, { maxLength: 8 }).map((parts) => parts.join('')), weight: 4 },
    fc.webUrl({ withQueryParameters: true, withFragments: true }),
    fc.webPath(),
  );
  const settings = { numRuns: 500 };

  it('returns a same-origin path under the base URL that never starts with //', () => {
    fc.assert(
      fc.property(candidates, fc.constantFrom(...sites), (candidate, where) => {
        const result = safeReturnPath(candidate, where);
        expect(result.startsWith('/')).toBe(true);
        expect(result).not.toMatch(/^[/\\]{2}/);
        const resolved = new URL(result, where.origin);
        expect(resolved.origin).toBe(where.origin);
        expect(
          resolved.pathname === where.baseUrl.replace(/\/$/, '') || resolved.pathname.startsWith(where.baseUrl),
        ).toBe(true);
        expect(resolved.pathname.toLowerCase()).not.toMatch(new RegExp(`^${where.baseUrl}api-proxy(/|$)`));
      }),
      settings,
    );
  });

  it('gives the same answer when its answer is checked again', () => {
    fc.assert(
      fc.property(candidates, fc.constantFrom(...sites), (candidate, where) => {
        const once = safeReturnPath(candidate, where);
        expect(safeReturnPath(once, where)).toBe(once);
      }),
      settings,
    );
  });
});
