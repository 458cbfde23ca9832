import { isProtectedPath } from '../../../config/protectedPaths.mjs';
import type { BundleGraph } from '../bundleGraph';
import { classifyFiles } from '../classify';
import { scanHtml } from '../html';
import { assertNoPublicRouteLeak, findPublicRouteLeaks, PublicRouteLeakError, type LeakInput } from '../leaks';
import { classifyInput, GRAPH, ROUTES_CHUNK_NAMES } from './fixtures';

const page = (head: string) =>
  `<!doctype html><html lang=en><head>${head}<script src=/assets/js/runtime~main.1.js defer></script>` +
  '<script src=/assets/js/main.2.js defer></script><link rel=stylesheet href=/assets/css/styles.3.css /></head></html>';

function leakInput(overrides: { graph?: BundleGraph; pages?: Record<string, string> } = {}): LeakInput {
  const graph = overrides.graph ?? GRAPH;
  const pages = overrides.pages ?? {
    'index.html': page('<link rel=canonical href=https://docs.example.com/ />'),
    'docs/intro/index.html': page('<link rel=preload href=/assets/js/0e384e19.5.js as=script>'),
  };
  return {
    classification: classifyFiles(classifyInput({ graph })),
    graph,
    pages: new Map(Object.entries(pages).map(([file, html]) => [file, scanHtml(html)])),
    routesChunkNames: ROUTES_CHUNK_NAMES,
    baseUrl: '/',
    siteOrigin: 'https://docs.example.com',
    isProtectedRoute: (route) => isProtectedPath(route, '/', ['/docs', '/api']),
  };
}

/** The fixture's graph with one chunk changed. */
function withChunk(id: string, change: Partial<BundleGraph['chunks'][number]>): BundleGraph {
  return { ...GRAPH, chunks: GRAPH.chunks.map((chunk) => (chunk.id === id ? { ...chunk, ...change } : chunk)) };
}

describe('findPublicRouteLeaks', () => {
  it('finds nothing in a sound build: protected pages may load protected chunks', () => {
    expect(findPublicRouteLeaks(leakInput())).toEqual([]);
  });

  it('names a public page that loads a protected chunk, the chunk and the protected module', () => {
    const input = leakInput({
      pages: { 'index.html': page('<link rel=prefetch href="/assets/js/0e384e19.5.js">') },
    });
    expect(findPublicRouteLeaks(input)).toEqual([
      'the public page index.html loads assets/js/0e384e19.5.js, but it bundles docs/intro.mdx',
    ]);
  });

  it('finds a protected chunk in a public page’s <script src>, by full URL too', () => {
    const input = leakInput({
      pages: { '404.html': page('<script src="https://docs.example.com/assets/js/fa7fc5de.7.js"></script>') },
    });
    expect(findPublicRouteLeaks(input)).toEqual([
      'the public page 404.html loads assets/js/fa7fc5de.7.js, but it bundles .docusaurus/api-reference-orders/default/orders.json',
    ]);
  });

  it('names an entry chunk (loaded by every page) that bundles a protected module', () => {
    const graph = withChunk('main', { resources: [...GRAPH.chunks[1].resources, '/site/docs/_partials/notice.mdx'] });
    const problems = findPublicRouteLeaks(leakInput({ graph }));
    expect(problems).toContain(
      'assets/js/main.2.js is loaded by every page, but it bundles the protected module docs/_partials/notice.mdx',
    );
    // And every public page that loads it.
    expect(problems).toContain(
      'the public page index.html loads assets/js/main.2.js, but it bundles docs/_partials/notice.mdx',
    );
  });

  it('names a public route whose own chunks bundle a protected module', () => {
    const graph = withChunk('home', { resources: ['/site/src/pages/index.tsx', '/site/docs/_partials/intro.mdx'] });
    expect(findPublicRouteLeaks(leakInput({ graph }))).toEqual([
      'the public route / loads assets/js/c4f5d8e4.4.js, but it bundles docs/_partials/intro.mdx',
    ]);
  });

  it('ignores links to pages and to other sites', () => {
    const input = leakInput({
      pages: {
        'index.html': page(
          '<link rel=alternate href=https://docs.example.com/docs/intro/ hreflang=en><link rel=next href=/docs/intro/>' +
            '<script src=https://cdn.example.net/assets/js/0e384e19.5.js></script>',
        ),
      },
    });
    expect(findPublicRouteLeaks(input)).toEqual([]);
  });
});

describe('assertNoPublicRouteLeak', () => {
  it('fails the build with every problem in the message', () => {
    const input = leakInput({ pages: { 'index.html': page('<link rel=prefetch href=/assets/js/a7bd4aaa.6.js>') } });
    expect(() => assertNoPublicRouteLeak(input)).toThrow(PublicRouteLeakError);
    expect(() => assertNoPublicRouteLeak(input)).toThrow(
      /index\.html loads assets\/js\/a7bd4aaa\.6\.js, but it bundles \.docusaurus\/docusaurus-plugin-content-docs\/default\/p\/docs-175\.json/,
    );
  });

  it('passes a sound build', () => {
    expect(() => assertNoPublicRouteLeak(leakInput())).not.toThrow();
  });
});
