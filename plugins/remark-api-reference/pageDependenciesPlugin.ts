import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { bundledInDescriptionWorker } from '../lib/descriptionWorker';
import { prefetchChangelog, refreshReferencePages } from '.';
import { ensureRecordsIdentity, PAGE_DEPENDENCIES_DIR } from './pageDependencies';

/**
 * A description edit reaches the docs pages that embed it, in `npm start` and in a production build alike: both keep
 * compiled pages in rspack's persistent cache, which knows only each page's own file. When a file of `openapi/`
 * changes (in `npm start`), and when the dev server or a build starts (for edits made since the cache was written),
 * the recorded pages whose reference blocks now expand differently are marked, and rspack compiles them again through
 * the dependency that `pageDependencyLoader.js` gives each recorded page of `contentDirs` (pageDependencies.ts). The
 * remark plugin records the pages with `recordPagesIn: PAGE_DEPENDENCIES_DIR`.
 */
export default function referencePageDependenciesPlugin(contentDirs: readonly string[]) {
  return (context: LoadContext): Plugin<unknown> => ({
    name: 'api-reference-page-dependencies',
    async loadContent() {
      // A build: the pages' changelog computed in the description worker meanwhile (asked before the worker closes).
      if (process.env.NODE_ENV === 'production') prefetchChangelog();
      // In the description worker, as the reference pages' plugins do: then read from its cache file.
      await bundledInDescriptionWorker();
      ensureRecordsIdentity(PAGE_DEPENDENCIES_DIR);
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
