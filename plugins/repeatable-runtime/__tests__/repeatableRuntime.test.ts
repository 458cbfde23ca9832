/**
 * @jest-environment node
 */
import { rspack } from '@docusaurus/faster';
import repeatableRuntimePlugin, { RUNTIME_CHUNK, runtimeUnrenamed } from '..';

const OPTIONS = { ecma: 2020, mangle: true, compress: { ecma: 5 } };

/** What rspack was given to build a minimizer with. */
const optionsOf = (minimizer: unknown) => (minimizer as { _args: [Record<string, unknown>] })._args[0];

describe('the runtime chunk minified without renaming', () => {
  it("replaces Docusaurus's JS minimizer by two: the runtime unrenamed, every other file as before", () => {
    const css = new rspack.LightningCssMinimizerRspackPlugin();
    const docusaurus = new rspack.SwcJsMinimizerRspackPlugin({ minimizerOptions: { minify: true, ...OPTIONS } });
    const [others, runtime, cssAfter] = runtimeUnrenamed([docusaurus, css] as never[], rspack as never, OPTIONS);
    expect(optionsOf(others)).toEqual({ exclude: RUNTIME_CHUNK, minimizerOptions: { minify: true, ...OPTIONS } });
    expect(optionsOf(runtime)).toEqual({
      include: RUNTIME_CHUNK,
      minimizerOptions: { minify: true, ...OPTIONS, mangle: false },
    });
    expect(cssAfter).toBe(css);
    expect(RUNTIME_CHUNK.test('assets/js/runtime~main.09aeccb8.js')).toBe(true);
    expect(RUNTIME_CHUNK.test('assets/js/main.edf2c0c5.js')).toBe(false);
  });

  it('leaves the server bundle and unminified builds alone, and replaces the list in a minified client', () => {
    const configure = repeatableRuntimePlugin()().configureWebpack as (...args: unknown[]) => Record<string, unknown>;
    const utils = { currentBundler: { name: 'rspack', instance: rspack } };
    const minimizer = [new rspack.SwcJsMinimizerRspackPlugin({})];
    expect(configure({ optimization: { minimize: true, minimizer } }, true, utils)).toEqual({});
    expect(configure({ optimization: { minimize: false, minimizer } }, false, utils)).toEqual({});
    const client = configure({ optimization: { minimize: true, minimizer } }, false, utils) as {
      mergeStrategy: Record<string, string>;
      optimization: { minimizer: unknown[] };
    };
    expect(client.mergeStrategy).toEqual({ 'optimization.minimizer': 'replace' });
    expect(
      client.optimization.minimizer.map((plugin) => optionsOf(plugin).include ?? optionsOf(plugin).exclude),
    ).toEqual([RUNTIME_CHUNK, RUNTIME_CHUNK]);
  });
});
