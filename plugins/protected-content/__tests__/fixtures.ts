/** A small Docusaurus-shaped build, as the bundler and Docusaurus describe it, for the classification tests. */
import type { BundleGraph } from '../bundleGraph';
import { sourcesUnder, type ClassifyInput, type OutputRule } from '../classify';

const SITE_DIR = '/site';
const generated = (plugin: string, file: string) => `/site/.docusaurus/${plugin}/default/${file}`;

const isProtectedSource = sourcesUnder([
  '/site/docs',
  '/site/.docusaurus/docusaurus-plugin-content-docs',
  '/site/.docusaurus/api-reference-orders',
]);

export const GRAPH: BundleGraph = {
  chunks: [
    { id: 'runtime', names: ['runtime~main'], files: ['assets/js/runtime~main.1.js'], initial: true, resources: [] },
    {
      id: 'main',
      names: ['main'],
      files: ['assets/js/main.2.js'],
      initial: true,
      resources: ['/site/node_modules/@docusaurus/core/lib/client/clientEntry.js', '/site/.docusaurus/routes.js'],
    },
    {
      id: 'styles',
      names: ['styles'],
      files: ['assets/css/styles.3.css'],
      initial: true,
      resources: ['/site/src/css/custom.css'],
    },
    {
      id: 'home',
      names: ['c4f5d8e4'],
      files: ['assets/js/c4f5d8e4.4.js'],
      initial: false,
      resources: ['/site/src/pages/index.tsx'],
    },
    {
      id: 'intro',
      names: ['0e384e19'],
      files: ['assets/js/0e384e19.5.js'],
      initial: false,
      resources: ['/site/docs/intro.mdx', '/site/node_modules/@mdx-js/react/lib/index.js'],
    },
    {
      id: 'sidebar',
      names: ['a7bd4aaa'],
      files: ['assets/js/a7bd4aaa.6.js'],
      initial: false,
      resources: [generated('docusaurus-plugin-content-docs', 'p/docs-175.json')],
    },
    {
      id: 'orders',
      names: ['fa7fc5de'],
      files: ['assets/js/fa7fc5de.7.js'],
      initial: false,
      resources: [generated('api-reference-orders', 'orders.json')],
    },
    {
      id: 'redoc',
      names: [],
      files: ['assets/js/683.8.js'],
      initial: false,
      resources: ['/site/node_modules/redoc/bundles/redoc.lib.js'],
    },
    {
      id: 'docItem',
      names: ['17896441'],
      files: ['assets/js/17896441.9.js'],
      initial: false,
      resources: ['/site/node_modules/@docusaurus/theme-classic/lib/theme/DocItem/index.js'],
    },
  ],
  assets: [
    { name: 'img/logo.svg', copied: true, chunks: [] },
    { name: 'vendor/mermaid-11/mermaid.esm.min.mjs', copied: true, chunks: [] },
    { name: 'docs/handbook.pdf', copied: true, chunks: [] },
    { name: 'assets/images/flow-abc.png', copied: false, source: '/site/docs/img/flow.png', chunks: ['intro'] },
    { name: 'assets/images/hero-def.png', copied: false, source: '/site/src/img/hero.png', chunks: ['home', 'intro'] },
    { name: 'assets/js/0e384e19.5.js.LICENSE.txt', copied: false, chunks: ['intro'] },
    { name: 'assets/js/683.8.js.LICENSE.txt', copied: false, chunks: ['redoc'] },
  ],
  moduleAssets: [
    { resources: ['/site/docs/guide.mdx', '/site/docs/files/terms.pdf'], assets: ['assets/files/terms-123.pdf'] },
    { resources: ['/site/src/pages/index.tsx'], assets: ['assets/files/brochure-456.pdf'] },
  ],
  chunkGroups: {
    main: ['runtime', 'main', 'styles'],
    c4f5d8e4: ['home'],
    '0e384e19': ['intro'],
    a7bd4aaa: ['sidebar'],
    fa7fc5de: ['orders'],
    '17896441': ['docItem'],
  },
};

export const OUTPUTS: OutputRule[] = [
  { writtenBy: 'plugins/protected-content', access: 'public', files: ['sign-in-required.html', 'robots.txt'] },
  { writtenBy: 'plugins/health-json', access: 'public', files: ['health.json'] },
  {
    writtenBy: 'plugins/search-index',
    access: 'protected',
    files: ['search-index.json'],
    pattern: /^search-index.*\.json$/,
  },
];

export const FILES = [
  'index.html',
  '404.html',
  'search/index.html',
  'docs/intro/index.html',
  'api/orders-api/index.html',
  'sign-in-required.html',
  'robots.txt',
  'search-index-docs.json',
  'assets/js/runtime~main.1.js',
  'assets/js/main.2.js',
  'assets/css/styles.3.css',
  'assets/js/c4f5d8e4.4.js',
  'assets/js/0e384e19.5.js',
  'assets/js/a7bd4aaa.6.js',
  'assets/js/fa7fc5de.7.js',
  'assets/js/683.8.js',
  'assets/js/17896441.9.js',
  'img/logo.svg',
  'vendor/mermaid-11/mermaid.esm.min.mjs',
  'docs/handbook.pdf',
  'assets/images/flow-abc.png',
  'assets/images/hero-def.png',
  'assets/js/0e384e19.5.js.LICENSE.txt',
  'assets/js/683.8.js.LICENSE.txt',
  'assets/files/terms-123.pdf',
  'assets/files/brochure-456.pdf',
];

const ROUTES_PATHS = ['/', '/404.html', '/search', '/docs/intro', '/api/orders-api'];

export function classifyInput(overrides: Partial<ClassifyInput> = {}): ClassifyInput {
  return {
    files: FILES,
    graph: GRAPH,
    routesPaths: ROUTES_PATHS,
    baseUrl: '/',
    protectedPaths: ['/docs', '/api'],
    isProtectedSource,
    siteDir: SITE_DIR,
    outputs: OUTPUTS,
    ...overrides,
  };
}

/** Docusaurus's routesChunkNames.json for the fixture's routes. */
export const ROUTES_CHUNK_NAMES = {
  '/-e5f': { __comp: 'c4f5d8e4', __context: { plugin: 'a7456010' } },
  '/search-822': { __comp: '1a4e3797' },
  '/docs-7e8': { __comp: 'a7bd4aaa' },
  '/docs/intro-4ed': { __comp: '17896441', content: '0e384e19' },
  '/api/orders-api-e3c': { __comp: 'c0b0da8c', description: 'fa7fc5de' },
};
