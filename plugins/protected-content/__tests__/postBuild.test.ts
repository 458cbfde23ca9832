import { NOINDEX_META } from '../html';
import { mkdir, mkdtemp, open, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GATE_MANIFEST_FILE, ID_TOKEN_COOKIE, SIGN_IN_SHELL_FILE } from '../../../config/protectedContent';
import type { BundleGraph } from '../bundleGraph';
import { scriptHashSource } from '../csp';
import type { GateManifest } from '../manifest';
import { PublicRouteLeakError } from '../leaks';
import { writeProtectedContent, type BuildFacts, type ProtectedContentOptions } from '../postBuild';
import { renderSignInShell } from '../shell';

const COLOUR_MODE = '!function(){document.documentElement.setAttribute("data-theme","light")}()';
const page = (body: string) =>
  `<!doctype html><html lang=en><head><script src=/assets/js/runtime~main.1.js defer></script>` +
  `<script src=/assets/js/main.2.js defer></script></head><body><script>${COLOUR_MODE}</script>${body}</body></html>`;

const OPTIONS: ProtectedContentOptions = {
  siteUrl: 'https://docs.example.com',
  baseUrl: '/',
  siteTitle: 'Clearing API Developer Docs',
  favicon: 'img/favicon.svg',
  issuer: 'https://login.example.com/oauth2/default',
  clientId: 'developer-docs',
  mcpScope: 'docs.read',
  protectedPaths: ['/docs', '/api'],
  protectedDirectories: ['docs'],
  protectedPluginData: ['docusaurus-plugin-content-docs'],
};

let root: string;
let facts: BuildFacts;
let graph: BundleGraph;

/** A tiny built site in a temporary folder: two pages, three chunks, a precompressed copy. */
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'protected-content-'));
  const siteDir = path.join(root, 'site');
  facts = {
    outDir: path.join(siteDir, 'build'),
    siteDir,
    generatedFilesDir: path.join(siteDir, '.docusaurus'),
    routesPaths: ['/', '/docs/intro'],
    lang: 'en',
  };
  const files: Record<string, string> = {
    'index.html': page('<h1>Home</h1><script type=application/ld+json>{"@type":"WebSite"}</script>'),
    'index.html.br': 'compressed',
    'docs/intro/index.html': page('<h1>Intro</h1><script>window.inline=1</script>'),
    'assets/js/runtime~main.1.js': '',
    'assets/js/main.2.js': '',
    'assets/js/0e384e19.3.js': 'Partners only.',
  };
  for (const [file, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(facts.outDir, file)), { recursive: true });
    await writeFile(path.join(facts.outDir, file), content);
  }
  await mkdir(facts.generatedFilesDir, { recursive: true });
  await writeFile(
    path.join(facts.generatedFilesDir, 'routesChunkNames.json'),
    JSON.stringify({ '/-e5f': { __comp: '1df93b7f' }, '/docs/intro-4ed': { content: '0e384e19' } }),
  );
  graph = {
    chunks: [
      { id: 'runtime', names: ['runtime~main'], files: ['assets/js/runtime~main.1.js'], initial: true, resources: [] },
      {
        id: 'main',
        names: ['main'],
        files: ['assets/js/main.2.js'],
        initial: true,
        resources: [`${siteDir}/src/Root.tsx`],
      },
      {
        id: 'intro',
        names: ['0e384e19'],
        files: ['assets/js/0e384e19.3.js'],
        initial: false,
        resources: [`${siteDir}/docs/intro.mdx`],
      },
    ],
    assets: [],
    moduleAssets: [],
    chunkGroups: { '0e384e19': ['intro'], main: ['runtime', 'main'] },
  };
});
afterEach(() => rm(root, { recursive: true, force: true }));

const outputs = [{ writtenBy: 'plugins/health-json', access: 'public' as const, files: ['health.json'] }];
const read = (file: string) => readFile(path.join(facts.outDir, file), 'utf8');

describe('writeProtectedContent', () => {
  it('writes the manifest the gate reads', async () => {
    const { manifest, counts } = await writeProtectedContent(facts, OPTIONS, graph, outputs);
    expect(JSON.parse(await read(GATE_MANIFEST_FILE))).toEqual(manifest);
    expect(manifest).toEqual<GateManifest>({
      version: 1,
      baseUrl: '/',
      protectedPaths: ['/docs', '/api'],
      oidc: { issuer: 'https://login.example.com/oauth2/default', clientId: 'developer-docs' },
      cookieName: ID_TOKEN_COOKIE,
      shell: SIGN_IN_SHELL_FILE,
      contentSecurityPolicy: expect.any(String),
      files: {
        '.assetsignore': 'public',
        'assets/js/0e384e19.3.js': 'protected',
        'assets/js/main.2.js': 'public',
        'assets/js/runtime~main.1.js': 'public',
        'docs/intro/index.html': 'protected',
        'health.json': 'public',
        'index.html': 'public',
        'robots.txt': 'public',
        [SIGN_IN_SHELL_FILE]: 'public',
      },
      apiProxy: {
        apiUrl: 'https://sandbox.api.clearing.example/v1',
        tokenUrl: 'https://id.clearing.example/connect/token',
        routes: expect.arrayContaining([
          expect.objectContaining({ method: 'GET', path: '/document-types', mediaTypes: ['application/json'] }),
          expect.objectContaining({ method: 'POST', path: '/orders/equity', requestHeaders: ['idempotency-key'] }),
          expect.objectContaining({ method: 'GET', path: '/orders/equity/{orderId}', requestHeaders: [] }),
          expect.objectContaining({
            method: 'GET',
            path: '/documents/{documentId}/content',
            mediaTypes: ['application/json', 'application/pdf'],
            responseHeaders: expect.arrayContaining(['content-disposition', 'x-request-id']),
          }),
        ]),
        versions: {
          v2: {
            routes: expect.arrayContaining([
              expect.objectContaining({ method: 'POST', path: '/orders/equity/{orderId}/cancel' }),
            ]),
          },
        },
      },
      mcp: {
        resource: 'https://docs.example.com/mcp',
        scope: 'docs.read',
        resourceName: 'Clearing API Developer Docs',
      },
    });
    expect(counts).toEqual({ public: 7, protected: 2 });
  });

  it('allows by hash every inline script of every page and of the shell, and no data block', async () => {
    const { manifest } = await writeProtectedContent(facts, OPTIONS, graph, outputs);
    const shell = renderSignInShell({
      baseUrl: '/',
      siteTitle: OPTIONS.siteTitle,
      favicon: OPTIONS.favicon,
      lang: 'en',
    });
    const scriptSrc = manifest.contentSecurityPolicy
      .split('; ')
      .find((directive) => directive.startsWith('script-src'));
    expect(scriptSrc?.split(' ').slice(1).sort()).toEqual(
      ["'self'", ...[COLOUR_MODE, 'window.inline=1', shell.script].map(scriptHashSource)].sort(),
    );
  });

  it('marks protected pages noindex in their HTML, and only them', async () => {
    await writeProtectedContent(facts, OPTIONS, graph, outputs);
    expect(await read('docs/intro/index.html')).toContain(NOINDEX_META);
    expect(await read('index.html')).not.toContain('name="robots"');
  });

  it('replaces a page whole: a reader that opened it meanwhile reads the whole page it opened', async () => {
    // Every plugin's postBuild runs at once: a worker of plugins/lib/builtPages.ts may be reading the page being marked.
    const before = await read('docs/intro/index.html');
    const reader = await open(path.join(facts.outDir, 'docs/intro/index.html'));
    try {
      await writeProtectedContent(facts, OPTIONS, graph, outputs);
      expect(await reader.readFile('utf8')).toBe(before);
    } finally {
      await reader.close();
    }
    expect(await read('docs/intro/index.html')).toContain(NOINDEX_META);
    expect((await readdir(path.join(facts.outDir, 'docs/intro'))).sort()).toEqual(['index.html']);
  });

  it('writes the shell, robots.txt and .assetsignore', async () => {
    await writeProtectedContent(facts, OPTIONS, graph, outputs);
    expect(await read(SIGN_IN_SHELL_FILE)).toBe(
      renderSignInShell({ baseUrl: '/', siteTitle: OPTIONS.siteTitle, favicon: OPTIONS.favicon, lang: 'en' }).html,
    );
    expect(await read('robots.txt')).toContain('Disallow: /docs/\nDisallow: /api/\n');
    expect(await read('.assetsignore')).toBe('*.br\n*.gz\n');
  });

  it('fails the build when a public page loads a protected chunk, naming both and the module', async () => {
    await writeFile(path.join(facts.outDir, 'index.html'), page('<link rel=prefetch href=/assets/js/0e384e19.3.js>'));
    const build = writeProtectedContent(facts, OPTIONS, graph, outputs);
    await expect(build).rejects.toThrow(PublicRouteLeakError);
    await expect(writeProtectedContent(facts, OPTIONS, graph, outputs)).rejects.toThrow(
      'the public page index.html loads assets/js/0e384e19.3.js, but it bundles docs/intro.mdx',
    );
  });

  it('fails the build when every page’s main bundle holds a docs module', async () => {
    const leaky = {
      ...graph,
      chunks: graph.chunks.map((chunk) =>
        chunk.id === 'main' ? { ...chunk, resources: [`${facts.siteDir}/docs/intro.mdx`] } : chunk,
      ),
    };
    await expect(writeProtectedContent(facts, OPTIONS, leaky, outputs)).rejects.toThrow(
      'assets/js/main.2.js is loaded by every page, but it bundles the protected module docs/intro.mdx',
    );
  });

  it('fails clearly when the client bundle was not recorded', async () => {
    await expect(writeProtectedContent(facts, OPTIONS, undefined, outputs)).rejects.toThrow(/bundle was not recorded/);
  });
});
