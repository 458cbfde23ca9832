import path from 'node:path';
import type { Plugin } from '@docusaurus/types';

/** theme-common's module that holds `useShallowMemoObject` (its package exports only its entry points). */
export const REACT_UTILS_MODULE = path.join(
  path.dirname(require.resolve('@docusaurus/theme-common')),
  'utils',
  'reactUtils.js',
);

/** That module's path, as the bundler's rule matches it (a pattern: Rspack tests it without calling back into JS). */
export const REACT_UTILS_PATTERN = /[\\/]@docusaurus[\\/]theme-common[\\/]lib[\\/]utils[\\/]reactUtils\.js$/;

/**
 * Sorts theme-common's `useShallowMemoObject` keys without `localeCompare` (see keyOrderLoader.js), so that docs
 * pages do not load the browser's collation data while they hydrate.
 */
export default function shallowMemoKeyOrderPlugin(): Plugin {
  return {
    name: 'shallow-memo-key-order',
    configureWebpack() {
      return {
        module: {
          rules: [
            {
              test: REACT_UTILS_PATTERN,
              use: [require.resolve('./keyOrderLoader.js')],
            },
          ],
        },
      };
    },
  };
}
