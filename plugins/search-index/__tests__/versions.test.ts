import path from 'node:path';
import { DOCS_VERSIONS } from '../../../config/docsVersions';
import {
  docsVersionOfOutDir,
  isOwnPageOfLaterVersion,
  pagesOfEachVersion,
  referenceRoutesOf,
  versionLabelled,
  type VersionIndexPlan,
} from '../versions';

const [V1, V2] = DOCS_VERSIONS;
const SITE = path.join('/site', 'build');
const LOADED = [
  { versionName: 'current', path: '/docs', isLast: true },
  { versionName: 'v2', path: '/docs/v2', isLast: false },
];
const CONTEXT = { siteOutDir: SITE, baseUrl: '/', loadedVersions: LOADED };

const page = (url: string, type: 'docs' | 'page') => ({ url, type, filePath: path.join(SITE, url, 'index.html') });
const REFERENCE_V1 = ['/api/accounts-api', '/api/onboarding-api', '/api/orders-api', '/api/document-api'];

/** The theme's plan: each version its own docs pages, and every /api page in both. */
function themePlan(apiPages: readonly string[]): VersionIndexPlan[] {
  const api = apiPages.map((url) => page(url, 'page'));
  return [
    {
      outDir: SITE,
      paths: [page('/docs/trading-api', 'docs'), page('/docs/trading-api/equity/cancel', 'docs'), ...api],
    },
    {
      outDir: path.join(SITE, 'docs', 'v2'),
      paths: [page('/docs/v2/trading-api', 'docs'), page('/docs/v2/trading-api/equity/cancel', 'docs'), ...api],
    },
  ];
}

const urls = (plan: { paths: readonly { url: string }[] }) => plan.paths.map(({ url }) => url);

describe('referenceRoutesOf', () => {
  test("v1's readers search the four v1 reference pages", () => {
    expect([...referenceRoutesOf('v1', '/')]).toEqual(REFERENCE_V1);
  });

  test("v2's readers search v2's Trading API reference and v1's of the APIs v2 does not have", () => {
    expect([...referenceRoutesOf('v2', '/', ['orders'])]).toEqual([
      '/api/accounts-api',
      '/api/onboarding-api',
      '/api/v2/orders-api',
      '/api/document-api',
    ]);
  });

  test('under a base URL', () => {
    expect([...referenceRoutesOf('v2', '/portal/', ['orders'])]).toContain('/portal/api/v2/orders-api');
  });

  test('the APIs v2 has are read from its overlays (the Trading API)', () => {
    expect([...referenceRoutesOf('v2', '/')]).toContain('/api/v2/orders-api');
    expect([...referenceRoutesOf('v2', '/')]).not.toContain('/api/orders-api');
  });
});

describe('docsVersionOfOutDir', () => {
  test("the build root is the last version's (v1), a later version's folder is its own", () => {
    expect(docsVersionOfOutDir(SITE, CONTEXT)).toBe(V1);
    expect(docsVersionOfOutDir(path.join(SITE, 'docs', 'v2'), CONTEXT)).toBe(V2);
  });

  test('a folder no version of config/docsVersions.ts writes to stops the build', () => {
    expect(() => docsVersionOfOutDir(path.join(SITE, 'docs', 'v3'), CONTEXT)).toThrow(/no docs version/);
  });
});

describe('pagesOfEachVersion', () => {
  test("with v2's Trading API reference: each index its version's reference pages, no other version's", () => {
    const [v1, v2] = pagesOfEachVersion(themePlan([...REFERENCE_V1, '/api/v2/orders-api']), CONTEXT, (version) =>
      referenceRoutesOf(version, '/', version === 'v1' ? undefined : ['orders']),
    );
    expect(v1?.docsVersion).toBe(V1);
    expect(urls(v1!)).toEqual(['/docs/trading-api', '/docs/trading-api/equity/cancel', ...REFERENCE_V1]);
    expect(v2?.docsVersion).toBe(V2);
    expect(urls(v2!)).toEqual([
      '/docs/v2/trading-api',
      '/docs/v2/trading-api/equity/cancel',
      '/api/accounts-api',
      '/api/onboarding-api',
      '/api/document-api',
      '/api/v2/orders-api',
    ]);
  });

  test("without it (not built yet), v2's index has no Trading API reference rather than v1's", () => {
    const [v1, v2] = pagesOfEachVersion(themePlan(REFERENCE_V1), CONTEXT, (version) =>
      referenceRoutesOf(version, '/', version === 'v1' ? undefined : ['orders']),
    );
    expect(urls(v1!)).toEqual(['/docs/trading-api', '/docs/trading-api/equity/cancel', ...REFERENCE_V1]);
    expect(urls(v2!)).not.toContain('/api/orders-api');
    expect(urls(v2!).filter((url) => url.startsWith('/api/'))).toEqual([
      '/api/accounts-api',
      '/api/onboarding-api',
      '/api/document-api',
    ]);
  });

  test('a page no version names as its reference is kept in every index, as the theme keeps it', () => {
    const [v1, v2] = pagesOfEachVersion(themePlan(['/api/glossary/']), CONTEXT);
    expect(urls(v1!)).toContain('/api/glossary/');
    expect(urls(v2!)).toContain('/api/glossary/');
  });

  test('a route with a trailing slash is the same page', () => {
    const [v1, v2] = pagesOfEachVersion(themePlan(['/api/v2/orders-api/', '/api/orders-api/']), CONTEXT);
    expect(urls(v1!)).toEqual(['/docs/trading-api', '/docs/trading-api/equity/cancel', '/api/orders-api/']);
    expect(urls(v2!)).toContain('/api/v2/orders-api/');
    expect(urls(v2!)).not.toContain('/api/orders-api/');
  });
});

describe('version labels', () => {
  test("a later version's docs pages and its API version's reference pages are its own; v1's shared pages are not", () => {
    expect(isOwnPageOfLaterVersion('/docs/v2/trading-api', V2, '/')).toBe(true);
    expect(isOwnPageOfLaterVersion('/docs/v2', V2, '/')).toBe(true);
    expect(isOwnPageOfLaterVersion('/api/v2/orders-api', V2, '/')).toBe(true);
    expect(isOwnPageOfLaterVersion('/api/accounts-api', V2, '/')).toBe(false);
    expect(isOwnPageOfLaterVersion('/docs/v2x', V2, '/')).toBe(false);
    expect(isOwnPageOfLaterVersion('/portal/docs/v2/trading-api', V2, '/portal/')).toBe(true);
    // v1 says nothing: it is what a reader gets by default.
    expect(isOwnPageOfLaterVersion('/docs/trading-api', V1, '/')).toBe(false);
  });

  test('the label is a field of its own and the first breadcrumb, and the indexed text is unchanged', () => {
    const title = { i: 7, t: 'Cancel an equity order', u: '/docs/v2/trading-api/equity/cancel', b: ['Trading API'] };
    expect(versionLabelled(title, 'v2 (preview)')).toEqual({
      ...title,
      v: 'v2 (preview)',
      b: ['v2 (preview)', 'Trading API'],
    });
    expect(versionLabelled({ i: 1, t: 'x', u: '/api/v2/orders-api' }, 'v2 (preview)').b).toEqual(['v2 (preview)']);
  });
});
