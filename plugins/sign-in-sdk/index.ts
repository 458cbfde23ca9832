import path from 'node:path';
import type { Plugin } from '@docusaurus/types';
import { replaceDependency } from '../lib/replaceDependency';

export const PAGE_HIDE_UNLOAD = path.join(__dirname, 'client', 'pageHideUnload.js');
const BROADCAST_CHANNEL_CONTEXT = /[\\/]node_modules[\\/]broadcast-channel[\\/]/;

/**
 * The sign-in SDK's bundle, with one dependency swapped: okta-auth-js's cross-tab leader election
 * (`broadcast-channel`) registers `unload` listeners through the `unload` package, which browsers
 * are removing (Lighthouse's "deprecations" audit, on every page of a signed-in visitor). It gets
 * the same API on `pagehide` (`client/pageHideUnload.js`).
 */
export default function signInSdkPlugin(): Plugin<unknown> {
  return {
    name: 'sign-in-sdk',
    configureWebpack(_config, _isServer, utils) {
      return {
        plugins: [
          replaceDependency(utils, {
            request: /^unload$/,
            importedFrom: BROADCAST_CHANNEL_CONTEXT,
            replacement: PAGE_HIDE_UNLOAD,
          }),
        ],
      };
    },
  };
}
