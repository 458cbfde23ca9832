import { safeReturnPath } from '../redirectTarget';

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
  ])('falls back to /docs for %s', (_label, candidate) => {
    expect(safeReturnPath(candidate, site)).toBe('/docs');
  });

  it('keeps paths under the base URL and refuses the rest', () => {
    expect(safeReturnPath('/developers/docs/trading-api', subsite)).toBe('/developers/docs/trading-api');
    expect(safeReturnPath('/other-app/page', subsite)).toBe('/developers/docs');
  });
});
