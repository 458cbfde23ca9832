import fc from 'fast-check';
import { describeCase, PROTECTED_PATH_CASES } from '../../../config/__tests__/protectedPathCases.mjs';
import {
  fileOfReference,
  isProtectedUrl,
  isServedUnderProtectedPath,
  normaliseRoute,
  routeOfHtmlFile,
  urlOfFile,
} from '../sitePaths';

const site = { baseUrl: '/', protectedPaths: ['/docs', '/api'] };

describe('routeOfHtmlFile', () => {
  it.each([
    ['index.html', '/', '/'],
    ['docs/index.html', '/', '/docs/'],
    ['docs/trading-api/equity/single-equity-order/index.html', '/', '/docs/trading-api/equity/single-equity-order/'],
    ['docs/flat.html', '/', '/docs/flat'],
    ['404.html', '/', '/404'],
    ['index.html', '/portal/', '/portal/'],
    ['api/orders-api/index.html', '/portal/', '/portal/api/orders-api/'],
  ])('%s under %s is %s', (file, baseUrl, route) => expect(routeOfHtmlFile(file, baseUrl)).toBe(route));

  it('names other files by their path', () => {
    expect(urlOfFile('assets/js/main.abc.js', '/portal/')).toBe('/portal/assets/js/main.abc.js');
  });
});

describe('normaliseRoute', () => {
  it.each([
    ['/docs/', '/docs'],
    ['/docs', '/docs'],
    ['/404.html', '/404'],
    ['/', '/'],
  ])('%s is %s', (route, normalised) => expect(normaliseRoute(route)).toBe(normalised));

  it('makes a page file and its Docusaurus route agree', () => {
    expect(normaliseRoute(routeOfHtmlFile('404.html', '/'))).toBe(normaliseRoute('/404.html'));
    expect(normaliseRoute(routeOfHtmlFile('docs/intro/index.html', '/'))).toBe(normaliseRoute('/docs/intro'));
  });
});

describe('isProtectedUrl, as the classifier asks it of pages and routes', () => {
  it.each(PROTECTED_PATH_CASES.map((testCase) => [describeCase(testCase), testCase] as const))(
    '%s',
    (_name, { pathname, baseUrl, protectedPaths, isProtected }) =>
      expect(isProtectedUrl(pathname, { baseUrl, protectedPaths })).toBe(isProtected),
  );
});

describe('isServedUnderProtectedPath', () => {
  it.each([
    'docs/index.html',
    'docs/intro/index.html',
    'docs/flat.html',
    'api/orders-api/index.html',
    'DOCS/Upper/index.html',
    'Api/file.pdf',
  ])('protects %s', (file) => expect(isServedUnderProtectedPath(file, site)).toBe(true));

  it.each([
    'index.html',
    '404.html',
    'docsearch/index.html',
    'apis.html',
    'assets/js/docs.js',
    'search-index.json',
    'img/docs.svg',
  ])('leaves %s to the other rules', (file) => expect(isServedUnderProtectedPath(file, site)).toBe(false));

  it('counts protected paths from the base URL', () => {
    const portal = { baseUrl: '/portal/', protectedPaths: ['/docs'] };
    expect(isServedUnderProtectedPath('docs/intro/index.html', portal)).toBe(true);
    expect(isServedUnderProtectedPath('portal/docs/index.html', portal)).toBe(false);
  });

  it('matches a first segment equal to a protected prefix, in any case, and nothing else', () => {
    const segment = fc.stringMatching(/^[a-zA-Z0-9-]{1,8}$/);
    fc.assert(
      fc.property(segment, fc.array(segment, { maxLength: 3 }), (first, rest) => {
        const file = [first, ...rest, 'index.html'].join('/');
        const expected = ['docs', 'api'].includes(first.toLowerCase());
        expect(isServedUnderProtectedPath(file, site)).toBe(expected);
      }),
    );
  });
});

describe('fileOfReference', () => {
  const page = { pageUrl: '/docs/intro/', baseUrl: '/', siteOrigin: 'https://docs.example.com' };

  it.each([
    ['/assets/js/main.abc.js', 'assets/js/main.abc.js'],
    ['/assets/css/styles.css?v=1#x', 'assets/css/styles.css'],
    ['https://docs.example.com/img/logo.svg', 'img/logo.svg'],
    ['../other/', 'docs/other/index.html'],
    ['chunk.js', 'docs/intro/chunk.js'],
    ['/', 'index.html'],
    ['/img/a%20b.svg', 'img/a b.svg'],
  ])('%s is %s', (reference, file) => expect(fileOfReference(reference, page)).toBe(file));

  it.each([
    'https://cdn.example.net/lib.js',
    '//cdn.example.net/lib.js',
    'data:image/svg+xml,<svg/>',
    'http://docs.example.com/assets/js/main.js',
  ])('ignores %s, which is not a file of the site', (reference) =>
    expect(fileOfReference(reference, page)).toBeUndefined(),
  );

  it('ignores paths outside the base URL', () => {
    expect(fileOfReference('/elsewhere/app.js', { ...page, baseUrl: '/portal/', pageUrl: '/portal/' })).toBeUndefined();
    expect(fileOfReference('/portal/app.js', { ...page, baseUrl: '/portal/', pageUrl: '/portal/' })).toBe('app.js');
  });
});
