import { classifyFiles, filesToClassify, sourcesUnder, UnclassifiedFilesError } from '../classify';
import { DESCRIPTION_DOWNLOAD_FILES } from '../../api-reference/downloads';
import { OTHER_PLUGINS_OUTPUTS } from '..';
import { classifyInput, FILES, OUTPUTS } from './fixtures';

describe('classifyFiles', () => {
  const { files, reasons, protectedChunks } = classifyFiles(classifyInput());
  const access = Object.fromEntries(files);

  it.each([
    ['docs/intro/index.html', 'a docs page'],
    ['api/orders-api/index.html', 'an API reference page'],
    ['assets/js/0e384e19.5.js', 'the chunk of a docs page’s MDX'],
    ['assets/js/a7bd4aaa.6.js', 'the docs plugin’s sidebar and version data'],
    ['assets/js/fa7fc5de.7.js', 'an API description (the reference page’s route data)'],
    ['assets/images/flow-abc.png', 'an image a docs page imports'],
    ['assets/files/terms-123.pdf', 'a file a docs page links to (file-loader)'],
    ['assets/js/0e384e19.5.js.LICENSE.txt', 'a protected chunk’s companion file'],
    ['docs/handbook.pdf', 'a static file served under /docs'],
    ['search-index.json', 'the search index (always written)'],
    ['search-index-docs.json', 'a search context’s index'],
  ])('protects %s: %s', (file) => expect(access[file]).toBe('protected'));

  it.each([
    ['index.html', 'the home page'],
    ['404.html', 'the not-found page'],
    ['search/index.html', 'the search page'],
    ['sign-in-required.html', 'the shell'],
    ['robots.txt', 'robots.txt'],
    ['health.json', 'health.json (written later by its plugin)'],
    ['assets/js/runtime~main.1.js', 'the runtime'],
    ['assets/js/main.2.js', 'the main bundle'],
    ['assets/css/styles.3.css', 'the styles'],
    ['assets/js/c4f5d8e4.4.js', 'the home page’s chunk'],
    ['assets/js/683.8.js', 'a library chunk (Redoc), loaded only by protected pages'],
    ['assets/js/17896441.9.js', 'the theme’s doc page component, library code'],
    ['assets/js/683.8.js.LICENSE.txt', 'a public chunk’s companion file'],
    ['img/logo.svg', 'a static image'],
    ['vendor/mermaid-11/mermaid.esm.min.mjs', 'Mermaid’s library code'],
    ['assets/images/hero-def.png', 'an image of a public page, though a docs chunk shares it'],
    ['assets/files/brochure-456.pdf', 'a file a public page links to'],
  ])('leaves %s public: %s', (file) => expect(access[file]).toBe('public'));

  it('classifies every file, and nothing else, in name order', () => {
    expect([...files.keys()]).toEqual([...new Set([...FILES, 'health.json', 'search-index.json'])].sort());
  });

  it('says which source makes a file protected', () => {
    expect(reasons.get('assets/js/0e384e19.5.js')).toBe('it bundles docs/intro.mdx');
    expect(reasons.get('assets/js/fa7fc5de.7.js')).toBe(
      'it bundles .docusaurus/api-reference-orders/default/orders.json',
    );
    expect(reasons.get('assets/images/flow-abc.png')).toBe('it was emitted from docs/img/flow.png');
    expect(reasons.get('docs/intro/index.html')).toBe('it is served under a protected path');
    expect(protectedChunks.get('sidebar')).toBe('.docusaurus/docusaurus-plugin-content-docs/default/p/docs-175.json');
    expect(reasons.has('index.html')).toBe(false);
  });

  it('refuses to guess about a file no rule knows', () => {
    const input = classifyInput({ files: [...FILES, 'stray.txt', 'docs/orphan/index.html'] });
    expect(() => classifyFiles(input)).toThrow(UnclassifiedFilesError);
    expect(() => classifyFiles(input)).toThrow(/docs\/orphan\/index\.html, stray\.txt/);
  });

  it('protects every page under a protected path, whatever its case or the base URL', () => {
    const { files: portal } = classifyFiles(
      classifyInput({
        baseUrl: '/portal/',
        files: ['Docs/Intro/index.html', 'index.html'],
        routesPaths: ['/portal/Docs/Intro', '/portal/'],
        outputs: [],
      }),
    );
    expect(Object.fromEntries(portal)).toEqual({ 'Docs/Intro/index.html': 'protected', 'index.html': 'public' });
  });
});

describe('filesToClassify', () => {
  it('leaves out the manifest and precompressed copies, not a lone .gz', () => {
    expect(
      filesToClassify(
        ['gate-manifest.json', 'index.html', 'index.html.br', 'index.html.gz', 'downloads/sdk.tar.gz'],
        ['gate-manifest.json'],
      ),
    ).toEqual(['index.html', 'downloads/sdk.tar.gz']);
  });
});

describe('sourcesUnder', () => {
  const isProtected = sourcesUnder(['/site/docs', '/site/.docusaurus/api-reference-orders']);

  it.each([
    ['/site/docs/intro.mdx', true],
    ['/site/docs/deep/er/page.md', true],
    ['/site/.docusaurus/api-reference-orders/default/orders.json', true],
    ['/site/docs', false],
    ['/site/docs-extra/page.mdx', false],
    ['/site/.docusaurus/api-reference-ordersx/x.json', false],
    ['/site/src/pages/docs.tsx', false],
    ['/site/node_modules/pkg/docs/readme.md', false],
  ])('%s: %s', (resource, expected) => expect(isProtected(resource)).toBe(expected));
});

describe('the API reference downloads', () => {
  it('are the YAML, JSON and Postman files of every reference page', () => {
    expect(DESCRIPTION_DOWNLOAD_FILES).toContain('api/orders-api/orders-api.openapi.yaml');
    expect(DESCRIPTION_DOWNLOAD_FILES).toContain('api/orders-api/orders-api.openapi.json');
    expect(DESCRIPTION_DOWNLOAD_FILES).toContain('api/orders-api/orders-api.postman_collection.json');
  });

  it.each([
    ['/docs and /api protected', ['/docs', '/api']],
    ['only /docs protected', ['/docs']],
  ])('are protected with %s, written or not yet written', (_case, protectedPaths) => {
    const { files, reasons } = classifyFiles(
      classifyInput({
        files: [...FILES, DESCRIPTION_DOWNLOAD_FILES[0]],
        outputs: [...OUTPUTS, ...OTHER_PLUGINS_OUTPUTS],
        protectedPaths,
      }),
    );
    for (const file of DESCRIPTION_DOWNLOAD_FILES) {
      expect([file, files.get(file)]).toEqual([file, 'protected']);
      expect(reasons.get(file)).toBe('plugins/api-reference writes it with protected content');
    }
  });
});
