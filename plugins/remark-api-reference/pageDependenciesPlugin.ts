import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { bundledInDescriptionWorker } from '../lib/descriptionWorker';
import { refreshReferencePages } from '.';
import { PAGE_DEPENDENCIES_DIR } from './pageDependencies';

/**
 * `npm start` only (the production build neither records pages nor has this plugin): a description edit reaches the
 * docs pages that embed it. When a file of `openapi/` changes (and when the dev server starts, for edits made while
 * it was stopped: rspack's persistent cache keeps compiled pages), the recorded pages whose reference blocks now
 * expand differently are marked, and rspack recompiles them through the dependency that `pageDependencyLoader.js`
 * gives each recorded page of `contentDirs` (pageDependencies.ts). The remark plugin records the pages with
 * `recordPagesIn: PAGE_DEPENDENCIES_DIR`.
 */
export default function referencePagesDevPlugin(contentDirs: readonly string[]) {
  return (context: LoadContext): Plugin<unknown> => ({
    name: 'api-reference-pages-dev',
    async loadContent() {
      // In the description worker, as the reference pages' plugins do: then read from its cache file.
      await bundledInDescriptionWorker();
      const changed = await refreshReferencePages();
      if (changed.length > 0) {
        const pages = changed.map((page) => path.relative(context.siteDir, page));
        console.log(
          `[api-reference] ${new Date().toISOString()} The descriptions changed ${pages.length} docs page(s): ${pages.join(', ')}`,
        );
      }
      return undefined;
    },
    configureWebpack() {
      return {
        module: {
          rules: [
            {
              test: /\.mdx?$/i,
              // The docs' folders only (Docusaurus's fallback MDX rule leaves out what an MDX rule includes).
              include: contentDirs.map((dir) => `${path.join(context.siteDir, dir)}${path.sep}`),
              enforce: 'post',
              use: [{ loader: require.resolve('./pageDependencyLoader.js'), options: { dir: PAGE_DEPENDENCIES_DIR } }],
            },
          ],
        },
      };
    },
    getPathsToWatch() {
      return [path.join(context.siteDir, 'openapi/**/*.yaml')];
    },
  });
}
