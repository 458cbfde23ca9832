import { createMatcher } from '@docusaurus/utils';
import { DOCS_VERSIONS, docsPathIn } from '../../../config/docsVersions';
import { robotsTxt, sitemapIgnorePatterns } from '../searchEngines';

describe('robotsTxt', () => {
  it('keeps every crawler out of the protected paths and names the sitemap', () => {
    expect(
      robotsTxt({
        siteUrl: 'https://docs.example.com',
        baseUrl: '/',
        protectedPaths: ['/docs', '/api'],
        sitemapFile: 'sitemap.xml',
      }),
    ).toBe('User-agent: *\nDisallow: /docs/\nDisallow: /api/\n\nSitemap: https://docs.example.com/sitemap.xml\n');
  });

  it('puts the base URL in front', () => {
    expect(
      robotsTxt({
        siteUrl: 'https://example.com',
        baseUrl: '/portal/',
        protectedPaths: ['/docs', '/'],
        sitemapFile: 'sitemap.xml',
      }),
    ).toBe(
      'User-agent: *\nDisallow: /portal/docs/\nDisallow: /portal/\n\nSitemap: https://example.com/portal/sitemap.xml\n',
    );
  });

  it('stays well-formed with nothing protected', () => {
    expect(
      robotsTxt({ siteUrl: 'https://example.com', baseUrl: '/', protectedPaths: [], sitemapFile: 'sitemap.xml' }),
    ).toBe('User-agent: *\nDisallow:\n\nSitemap: https://example.com/sitemap.xml\n');
  });
});

describe('sitemapIgnorePatterns', () => {
  it('leaves out each protected path and everything under it, in any letter case', () => {
    expect(sitemapIgnorePatterns('/', ['/docs', '/api'])).toEqual([
      '/[dD][oO][cC][sS]',
      '/[dD][oO][cC][sS]/**',
      '/[aA][pP][iI]',
      '/[aA][pP][iI]/**',
    ]);
  });

  it('puts the base URL in front (route paths include it)', () => {
    expect(sitemapIgnorePatterns('/p/', ['/v2'])).toEqual(['/[pP]/[vV]2', '/[pP]/[vV]2/**']);
  });

  it('escapes glob characters in a path', () => {
    expect(sitemapIgnorePatterns('/', ['/a+b(1)'])).toEqual(['/[aA]\\+[bB]\\(1\\)', '/[aA]\\+[bB]\\(1\\)/**']);
  });

  it('leaves out everything when the whole site is protected', () => {
    expect(sitemapIgnorePatterns('/', ['/'])).toEqual(['/**']);
    expect(sitemapIgnorePatterns('/p/', ['/'])).toEqual(['/[pP]', '/[pP]/**']);
  });

  it("leaves out every docs version's pages, as the sitemap plugin matches its routes", () => {
    for (const baseUrl of ['/', '/portal/']) {
      const ignored = createMatcher(sitemapIgnorePatterns(baseUrl, ['/docs', '/api']));
      for (const version of DOCS_VERSIONS) {
        for (const route of ['/docs', '/docs/', '/docs/trading-api/equity/cancel-equity-order']) {
          const versioned = `${baseUrl}${docsPathIn(version, route).slice(1)}`;
          expect([versioned, ignored(versioned)]).toEqual([versioned, true]);
        }
      }
      expect(ignored(`${baseUrl}docs/v2/trading-api/`)).toBe(true);
      expect(ignored(`${baseUrl}api/v2/orders-api`)).toBe(true);
      expect(ignored(baseUrl)).toBe(false);
      expect(ignored(`${baseUrl}search`)).toBe(false);
    }
  });
});
