import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';
import lazyDevCompilationPlugin, { REGISTRY_PATTERN } from '..';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const loader = require('../weakRegistry.js') as {
  (this: { emitWarning: (error: Error) => void }, source: string): string;
  withoutWeakReferences: (source: string) => string;
};
// Docusaurus's own writer of the registry (the dev server's and the build's), so that a change of its format fails here.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { generateRouteFiles } = require('@docusaurus/core/lib/server/codegen/codegenRoutes') as {
  generateRouteFiles: (input: { generatedFilesDir: string; routes: unknown[] }) => Promise<void>;
};

type ConfigureWebpack = NonNullable<Plugin['configureWebpack']>;
const configure = lazyDevCompilationPlugin().configureWebpack as ConfigureWebpack;

/** What the plugin adds to a config of `mode`, for the client or the server, with a bundler of `instance`. */
function added(mode: 'development' | 'production', isServer: boolean, instance: object) {
  const utils = { currentBundler: { name: 'rspack', instance } } as unknown as Parameters<ConfigureWebpack>[2];
  return configure({ mode }, isServer, utils, undefined) as Record<string, unknown>;
}

describe('the registry without weak references', () => {
  let dir: string;
  let registry: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'registry-'));
    await generateRouteFiles({
      generatedFilesDir: dir,
      routes: [
        {
          path: '/docs/a',
          component: '@site/src/pages/a.tsx',
          exact: true,
          modules: { content: '@site/docs/a "b".mdx' },
        },
        { path: '/docs/c', component: '@site/src/pages/a.tsx', exact: true, modules: { content: '@site/docs/c.mdx' } },
      ],
    });
    registry = readFileSync(path.join(dir, 'registry.js'), 'utf8');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test("Docusaurus's registry names every module by a weak reference, which the loader makes its path", () => {
    expect(registry.match(/require\.resolveWeak\(/g)).toHaveLength(3);
    const loaded = loader.call({ emitWarning: () => undefined }, registry);
    expect(loaded).not.toContain('resolveWeak');
    // The dynamic imports, which lazy compilation compiles on demand, are all kept, and nothing else changed.
    expect(loaded.match(/\(\) => import\(/g)).toHaveLength(3);
    expect(loaded).toContain('"@site/docs/c.mdx", "@site/docs/c.mdx"]');
    expect(loaded.replace(/, ("(?:[^"\\]|\\.)*")\],/g, ', require.resolveWeak($1)],')).toBe(registry);
  });

  test('a registry without weak references left is warned about, not failed', () => {
    const warnings: Error[] = [];
    const plain = loader.withoutWeakReferences(registry);
    expect(loader.call({ emitWarning: (error) => warnings.push(error) }, plain)).toBe(plain);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.message).toContain('every page is compiled when the dev server starts');
  });

  test('the rule matches the registry Docusaurus generates, and no other module', () => {
    expect(REGISTRY_PATTERN.test('/site/.docusaurus/registry.js')).toBe(true);
    expect(REGISTRY_PATTERN.test('C:\\site\\.docusaurus\\registry.js')).toBe(true);
    expect(REGISTRY_PATTERN.test('/site/.docusaurus/routes.js')).toBe(false);
    expect(REGISTRY_PATTERN.test('/site/src/registry.js')).toBe(false);
  });
});

describe('lazy compilation in the dev server only', () => {
  const middleware = () => undefined;
  const compilers: unknown[] = [];
  const rspack = {
    lazyCompilationMiddleware: (compiler: unknown) => {
      compilers.push(compiler);
      return middleware;
    },
  };

  test("the dev server's client bundle compiles dynamic imports on demand, and the dev server answers the requests", () => {
    const config = added('development', false, rspack);
    expect(config.lazyCompilation).toEqual({ imports: true, entries: false });
    expect(config.module).toEqual({
      rules: [{ test: REGISTRY_PATTERN, use: [require.resolve('../weakRegistry.js')] }],
    });
    const { setupMiddlewares } = config.devServer as {
      setupMiddlewares: (middlewares: unknown[], devServer: { compiler: unknown }) => unknown[];
    };
    const compiler = { name: 'client' };
    // Only its own middleware: webpack-merge joins it to what Docusaurus's function returns.
    expect(setupMiddlewares([{ name: 'docusaurus' }], { compiler })).toEqual([
      { name: 'lazy-compilation', middleware },
    ]);
    expect(compilers).toEqual([compiler]);
  });

  test('production builds, the server bundle and a bundler without lazy compilation are left as they are', () => {
    expect(added('production', false, rspack)).toEqual({});
    expect(added('development', true, rspack)).toEqual({});
    expect(added('development', false, {})).toEqual({});
  });
});
