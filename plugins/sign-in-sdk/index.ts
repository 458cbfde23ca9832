import path from 'node:path';
import type { Plugin } from '@docusaurus/types';
import { replaceDependency } from '../lib/replaceDependency';

export const PAGE_HIDE_UNLOAD = path.join(__dirname, 'client', 'pageHideUnload.js');
const BROADCAST_CHANNEL_CONTEXT = /[\\/]node_modules[\\/]broadcast-channel[\\/]/;
const AUTH_FOLDER = /[\\/]src[\\/]auth$/;

/**
 * The sign-in SDK's bundle, with one dependency swapped: okta-auth-js's cross-tab leader election
 * (`broadcast-channel`) registers `unload` listeners through the `unload` package, which browsers
 * are removing (Lighthouse's "deprecations" audit, on every page of a signed-in visitor). It gets
 * the same API on `pagehide` (`client/pageHideUnload.js`). The server bundle leaves the SDK out
 * (`authEngineServerStub.js`): no page creates the engine while it is rendered.
 */
export default function signInSdkPlugin(): Plugin<unknown> {
  return {
    name: 'sign-in-sdk',
    configureWebpack(_config, isServer, utils) {
      if (isServer) {
        return {
          plugins: [
            replaceDependency(utils, {
              request: /^\.\/authEngine$/,
              importedFrom: AUTH_FOLDER,
              replacement: require.resolve('./authEngineServerStub.js'),
            }),
          ],
        };
      }
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
