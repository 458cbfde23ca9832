import type * as Faster from '@docusaurus/faster';
import type { ConfigureWebpackUtils, Plugin } from '@docusaurus/types';

/** Rspack, as `@docusaurus/faster` (the site's bundler) exports it. */
type Rspack = typeof Faster.rspack;

/** The runtime chunk Docusaurus emits (`runtime~main.<hash>.js`): its code maps every chunk to its file name. */
export const RUNTIME_CHUNK = /runtime~/;

/** The bundler configuration a plugin's `configureWebpack` is given, and one of its minimizers. */
type BundlerConfiguration = Parameters<NonNullable<Plugin['configureWebpack']>>[0];
type Minimizer = NonNullable<NonNullable<BundlerConfiguration['optimization']>['minimizer']>[number];

/**
 * The client's minimizers with the runtime chunk minified without renaming its variables. With rspack's persistent
 * cache, a build that reads the cache and one that writes it hand the minifier runtimes that differ only in the
 * provisional chunk hashes they embed (replaced by the real ones afterwards), and SWC names variables by how often
 * each character occurs in the code: the two runtimes came out with `d` and `f` swapped, so a rebuild of the same
 * commit renamed `runtime~main.js` and changed every page. Unrenamed, the runtime is the same in both: 6,055 bytes
 * brotli against 5,407 renamed (+648 bytes on a page's first load). Every other file is minified as Docusaurus does.
 */
export function runtimeUnrenamed(
  minimizers: readonly Minimizer[],
  instance: ConfigureWebpackUtils['currentBundler']['instance'],
  options: Record<string, unknown>,
): Minimizer[] {
  const { SwcJsMinimizerRspackPlugin } = instance as unknown as Rspack;
  // Rspack's plugins, in the webpack-typed configuration Docusaurus hands its plugins (as Docusaurus's own are).
  const minifying = (rename: boolean, files: { include?: RegExp; exclude?: RegExp }) =>
    new SwcJsMinimizerRspackPlugin({
      ...files,
      minimizerOptions: { minify: true, ...options, ...(rename ? {} : { mangle: false }) },
    }) as unknown as Minimizer;
  return minimizers.flatMap((minimizer) =>
    minimizer instanceof SwcJsMinimizerRspackPlugin
      ? [minifying(true, { exclude: RUNTIME_CHUNK }), minifying(false, { include: RUNTIME_CHUNK })]
      : [minimizer],
  );
}

/**
 * Builds that repeat with rspack's persistent cache on (docusaurus.config.ts): a production build that reads the cache
 * gives the same files as one that writes it (tests/repeat checks both, byte for byte).
 */
export default function repeatableRuntimePlugin() {
  return function repeatableRuntime(): Plugin {
    return {
      name: 'repeatable-runtime',
      configureWebpack(config, isServer, { currentBundler }) {
        const minimizers = config.optimization?.minimizer;
        if (isServer || currentBundler.name !== 'rspack' || !config.optimization?.minimize || !minimizers) return {};
        // Loaded with the bundler, not with the config (which tests and scripts load too).
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const { getSwcJsMinimizerOptions } = require('@docusaurus/faster') as typeof Faster;
        return {
          mergeStrategy: { 'optimization.minimizer': 'replace' },
          optimization: {
            minimizer: runtimeUnrenamed(
              minimizers as Minimizer[],
              currentBundler.instance,
              getSwcJsMinimizerOptions() as Record<string, unknown>,
            ),
          },
        };
      },
    };
  };
}
