import {
  BundleGraphRecorder,
  bundleGraphFromStats,
  resourceOf,
  STATS_OPTIONS,
  type BundleGraph,
  type RecordedCompiler,
  type StatsJson,
} from '../bundleGraph';

/** Shaped like Rspack's `stats.toJson(STATS_OPTIONS)` for this site (trimmed). */
const STATS: StatsJson = {
  assets: [
    { name: 'assets/js/main.b8.js', info: {}, chunks: ['1889'], auxiliaryChunks: [] },
    { name: 'assets/js/ab16fbdc.35.js', info: {}, chunks: [2345], auxiliaryChunks: [] },
    {
      name: 'vendor/mermaid-11/mermaid.esm.min.mjs',
      info: { copied: true, sourceFilename: 'vendor/mermaid-11/mermaid.esm.min.mjs' },
      chunks: [],
    },
    {
      name: 'assets/images/flow-61.png',
      info: { sourceFilename: 'docs/img/flow.png' },
      chunks: [],
      auxiliaryChunks: ['2345', null],
    },
  ],
  chunks: [
    {
      id: '1889',
      names: ['main'],
      files: ['assets/js/main.b8.js'],
      initial: true,
      entry: false,
      modules: [
        {
          identifier: 'builtin:swc-loader??ruleSet[1].rules[5].use[0]!/site/src/theme/Root.tsx|a19f',
          nameForCondition: '/site/src/theme/Root.tsx',
          modules: [
            { identifier: '/site/src/theme/Root.tsx', nameForCondition: '/site/src/theme/Root.tsx' },
            { identifier: '/site/src/auth/Provider.tsx', nameForCondition: '/site/src/auth/Provider.tsx' },
          ],
        },
        { identifier: 'external var "open-ask-ai"' },
        { identifier: '/site/node_modules/prismjs/components|sync|/^.\\/(prism-bash)$/' },
      ],
    },
    {
      id: 2345,
      names: ['ab16fbdc'],
      files: ['assets/js/ab16fbdc.35.js'],
      modules: [
        {
          identifier: '/site/node_modules/mdx-loader/index.js??ruleSet[1]!/site/docs/orders.mdx',
          nameForCondition: '/site/docs/orders.mdx',
          assets: ['assets/files/terms-12.pdf'],
          modules: [{ nameForCondition: '/site/docs/orders.mdx' }, { nameForCondition: '/site/docs/files/terms.pdf' }],
        },
      ],
    },
    { id: 6265, names: [], files: ['assets/js/6265.a8.js'], initial: false, entry: true, modules: [] },
  ],
  namedChunkGroups: { main: { chunks: ['9783', '1889'] }, ab16fbdc: { chunks: [2345] } },
};

describe('bundleGraphFromStats', () => {
  const graph = bundleGraphFromStats(STATS, '/site');

  it('lists each chunk’s files and every source file in it, concatenated parts included', () => {
    expect(graph.chunks).toEqual([
      {
        id: '1889',
        names: ['main'],
        files: ['assets/js/main.b8.js'],
        initial: true,
        resources: ['/site/src/theme/Root.tsx', '/site/src/auth/Provider.tsx', '/site/node_modules/prismjs/components'],
      },
      {
        id: '2345',
        names: ['ab16fbdc'],
        files: ['assets/js/ab16fbdc.35.js'],
        initial: false,
        resources: ['/site/docs/orders.mdx', '/site/docs/files/terms.pdf'],
      },
      { id: '6265', names: [], files: ['assets/js/6265.a8.js'], initial: true, resources: [] },
    ]);
  });

  it('resolves emitted files’ sources, and tells copied static files apart', () => {
    expect(graph.assets).toEqual([
      { name: 'assets/js/main.b8.js', copied: false, chunks: ['1889'] },
      { name: 'assets/js/ab16fbdc.35.js', copied: false, chunks: ['2345'] },
      { name: 'vendor/mermaid-11/mermaid.esm.min.mjs', copied: true, chunks: [] },
      { name: 'assets/images/flow-61.png', copied: false, source: '/site/docs/img/flow.png', chunks: ['2345'] },
    ]);
  });

  it('keeps what loaders emitted with the modules that emitted it', () => {
    expect(graph.moduleAssets).toEqual([
      { resources: ['/site/docs/orders.mdx', '/site/docs/files/terms.pdf'], assets: ['assets/files/terms-12.pdf'] },
    ]);
  });

  it('keeps the named chunk groups (route chunk names)', () => {
    expect(graph.chunkGroups).toEqual({ main: ['9783', '1889'], ab16fbdc: ['2345'] });
  });

  it('copes with empty stats', () => {
    expect(bundleGraphFromStats({}, '/site')).toEqual({ chunks: [], assets: [], moduleAssets: [], chunkGroups: {} });
  });
});

describe('resourceOf', () => {
  it.each([
    [{ nameForCondition: '/site/a.tsx', identifier: 'x!/site/b.tsx' }, '/site/a.tsx'],
    [{ identifier: 'loader?x=1!other!/site/docs/a.mdx?raw|layer' }, '/site/docs/a.mdx'],
    [{ identifier: 'external "react"' }, undefined],
    [{ identifier: 'ignored|/site/node_modules/immediate/lib/./nextTick' }, undefined],
    [{}, undefined],
  ])('%j: %s', (module, resource) => expect(resourceOf(module)).toBe(resource));
});

describe('BundleGraphRecorder', () => {
  function fakeCompiler(watchMode: boolean) {
    let done: ((stats: { toJson(options: typeof STATS_OPTIONS): unknown }) => void) | undefined;
    const compiler: RecordedCompiler = {
      context: '/site',
      watchMode,
      hooks: { done: { tap: (_name, callback) => (done = callback) } },
    };
    const toJson = jest.fn(() => STATS);
    return { compiler, finish: () => done?.({ toJson }), toJson };
  }

  it('hands over the graph of a finished build, asking for the stats it needs', () => {
    const graphs: BundleGraph[] = [];
    const { compiler, finish, toJson } = fakeCompiler(false);
    new BundleGraphRecorder((graph) => graphs.push(graph)).apply(compiler);
    finish();
    expect(toJson).toHaveBeenCalledWith(STATS_OPTIONS);
    expect(graphs).toEqual([bundleGraphFromStats(STATS, '/site')]);
  });

  it('does nothing under docusaurus start (watch mode)', () => {
    const onGraph = jest.fn();
    const { compiler, finish, toJson } = fakeCompiler(true);
    new BundleGraphRecorder(onGraph).apply(compiler);
    finish();
    expect(toJson).not.toHaveBeenCalled();
    expect(onGraph).not.toHaveBeenCalled();
  });
});
