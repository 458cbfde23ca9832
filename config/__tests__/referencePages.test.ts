import { API_VERSIONS, apisIn } from '../../openapi/descriptions';
import { API_REFERENCE_PAGES, REFERENCE_PAGES, referencePagesOf, referenceRoute } from '../apiReference';

describe('the reference pages of every API version', () => {
  it.each(API_VERSIONS.map((version) => [version]))(
    '%s has one page per API it has, at its referenceRoute',
    (version) => {
      const pages = REFERENCE_PAGES.filter((page) => page.apiVersion === version);
      expect(pages.map((page) => page.api).sort()).toEqual([...apisIn(version)].sort());
      for (const page of pages) {
        const v1 = API_REFERENCE_PAGES.find((candidate) => candidate.api === page.api)!;
        expect(page.route).toBe(referenceRoute(v1, version));
      }
    },
  );

  it("lists a later version right after its API's v1 page, labelled as a preview", () => {
    expect(REFERENCE_PAGES.map(({ route, label }) => [route, label])).toEqual([
      ['/api/accounts-api', 'Accounts API'],
      ['/api/onboarding-api', 'Onboarding API'],
      ['/api/orders-api', 'Trading API'],
      ['/api/v2/orders-api', 'Trading API v2 (preview)'],
      ['/api/document-api', 'Document API'],
    ]);
  });

  it('a build that documents v1 only makes v1 pages', () => {
    expect(referencePagesOf(['v1']).map((page) => page.route)).toEqual(API_REFERENCE_PAGES.map((page) => page.route));
    expect(referencePagesOf(['v1', 'v2'])).toEqual(REFERENCE_PAGES);
  });
});
