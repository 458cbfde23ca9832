import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import type { ApiReferencePage } from '../../config/apiReference';
import { loadBundled } from '../../openapi/descriptions';

/**
 * Renders an API description at its route with the `ApiReference` component. The bundled description
 * (every file merged by the Redocly CLI) travels as that route's data only, so no other page
 * downloads it.
 */
export default function apiReferencePlugin({ api, route }: ApiReferencePage) {
  return function apiReference(context: LoadContext): Plugin<unknown> {
    return {
      name: `api-reference-${api}`,
      async loadContent() {
        return loadBundled(api, { dereferenced: false });
      },
      async contentLoaded({ content, actions }) {
        const description = await actions.createData(`${api}.json`, JSON.stringify(content));
        actions.addRoute({
          path: `${context.baseUrl}${route.replace(/^\//, '')}`,
          exact: true,
          component: '@site/src/components/ApiReference',
          modules: { description },
        });
      },
      getPathsToWatch() {
        return [path.join(context.siteDir, 'openapi/**/*.yaml')];
      },
    };
  };
}

/** Keeps Redoc from fetching its menu logo from a CDN (see `redocOfflineLoader.js`). Register once. */
export function redocOfflinePlugin(): Plugin<unknown> {
  return {
    name: 'redoc-offline',
    configureWebpack() {
      return {
        module: {
          rules: [
            {
              test: /redoc[\\/]bundles[\\/]redoc(\.browser)?\.lib\.js$/,
              use: [require.resolve('./redocOfflineLoader.js')],
            },
          ],
        },
      };
    },
  };
}
