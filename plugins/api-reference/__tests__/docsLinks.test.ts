import type { LoadContext, Plugin } from '@docusaurus/types';
import { REFERENCE_PAGES } from '../../../config/apiReference';
import { loadBundled } from '../../../openapi/descriptions';
import apiReferencePlugin from '..';
import { docsLinksUnder, docsRootOf, withDocsLinksUnder } from '../docsLinks';

/** Root-relative docs links as Markdown or HTML writes them. */
const ROOT_RELATIVE = /\]\(\s*<?\/docs\b|href=["']\/docs\b/g;
const count = (text: string, pattern: RegExp): number => (text.match(pattern) ?? []).length;

describe('docsLinksUnder', () => {
  it.each([
    [
      '[Auth](/docs/getting-started/authentication)',
      '/developers/',
      '[Auth](/developers/docs/getting-started/authentication)',
    ],
    ['[Docs](/docs)', '/developers/', '[Docs](/developers/docs)'],
    ['[Errors](/docs/x#errors) and [Y](/docs/y)', '/', '[Errors](/docs/x#errors) and [Y](/docs/y)'],
    ['<a href="/docs/x">x</a>', '/developers', '<a href="/developers/docs/x">x</a>'],
    ['[Auth](/docs/a)', 'https://developer.clearing.example/', '[Auth](https://developer.clearing.example/docs/a)'],
  ])('%s under %s', (text, base, expected) => {
    expect(docsLinksUnder(text, base)).toBe(expected);
  });

  it("puts a later version's links into its docs (docsRootOf)", () => {
    expect(docsRootOf('v1')).toBe('/docs');
    expect(docsRootOf('v2')).toBe('/docs/v2');
    expect(docsLinksUnder('[Cancel](/docs/trading-api/x) [Docs](/docs)', '/developers/', docsRootOf('v2'))).toBe(
      '[Cancel](/developers/docs/v2/trading-api/x) [Docs](/developers/docs/v2)',
    );
  });

  it.each([
    ['a path that only starts like the docs', '[Docstore](/docstore/a)'],
    ['a link to the reference', '[Orders](/api/orders-api)'],
    ['a plain path that is not a link', 'x-docs-path: /docs/getting-started/sandbox'],
    ['an absolute URL', '[Site](https://example.com/docs/a)'],
  ])('leaves %s alone', (_what, text) => {
    expect(docsLinksUnder(text, '/developers/')).toBe(text);
  });
});

describe('withDocsLinksUnder', () => {
  it('changes links in every string of a description and nothing else', () => {
    const description = {
      info: { description: 'See [API standards](/docs/getting-started/standards).', version: '1.0.0' },
      paths: { '/a': { get: { 'x-docs-path': '/docs/a', responses: { '200': { description: '[A](/docs/a)' } } } } },
      tags: [{ name: 'A', description: '[B](/docs/b)' }],
      'x-count': 3,
    };
    expect(withDocsLinksUnder(description, '/developers/')).toEqual({
      info: { description: 'See [API standards](/developers/docs/getting-started/standards).', version: '1.0.0' },
      paths: {
        '/a': { get: { 'x-docs-path': '/docs/a', responses: { '200': { description: '[A](/developers/docs/a)' } } } },
      },
      tags: [{ name: 'A', description: '[B](/developers/docs/b)' }],
      'x-count': 3,
    });
  });
});

describe.each(REFERENCE_PAGES.map((page) => [page.label, page] as const))(
  'the %s reference, on a site served under /developers/',
  (_label, page) => {
    it('hands Redoc a description whose every docs link is under the base URL, none left bare', async () => {
      const context = {
        baseUrl: '/developers/',
        siteDir: process.cwd(),
        siteConfig: { url: 'https://developer.clearing.example' },
      } as unknown as LoadContext;
      const plugin = apiReferencePlugin(page)(context) as Plugin<unknown> & {
        contentLoaded: NonNullable<Plugin<unknown>['contentLoaded']>;
      };
      const content = await plugin.loadContent!();
      const data: string[] = [];
      await plugin.contentLoaded({
        content,
        allContent: {},
        actions: {
          createData: async (_name: string, text: string) => {
            data.push(text);
            return `/tmp/${page.api}.json`;
          },
          addRoute: () => undefined,
          setGlobalData: () => undefined,
        },
      } as unknown as Parameters<typeof plugin.contentLoaded>[0]);

      const original = JSON.stringify(loadBundled(page.api, { dereferenced: false, version: page.apiVersion }));
      const [routeData] = data;
      // Every docs link goes into the docs of the page's API version.
      const docsLinks = routeData.match(/\/developers\/docs\b[^)"'\s]*/g) ?? [];
      expect(docsLinks.length).toBeGreaterThan(0);
      for (const link of docsLinks) {
        if (page.apiVersion === 'v1') expect(link).not.toMatch(/^\/developers\/docs\/v\d+(\/|$)/);
        else expect(link).toMatch(new RegExp(`^/developers/docs/${page.apiVersion}(/|#|$)`));
      }
      expect(count(original, ROOT_RELATIVE)).toBeGreaterThan(0);
      expect(count(routeData, ROOT_RELATIVE)).toBe(0);
      // Each operation's link to its Try it panel (tryItLinks.ts) is one more.
      const tryItLinks = count(routeData, /\]\(\/developers\/docs\/[^)#]+#try-it-\w+\)/g);
      expect(tryItLinks).toBe(count(original, /"x-docs-path":/g));
      // And each operation's sandbox test values (behaviourShown.ts) link to the sandbox guide.
      const testValuesLinks = count(original, /"x-sandbox-test-values":/g);
      expect(count(routeData, /\]\(\/developers\/docs\b/g)).toBe(
        count(original, ROOT_RELATIVE) + tryItLinks + testValuesLinks,
      );
    });
  },
);
