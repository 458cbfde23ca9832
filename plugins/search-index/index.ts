import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { LoadContext, Plugin, PluginModule } from '@docusaurus/types';
import * as searchLocalModule from '@easyops-cn/docusaurus-search-local';
import type { PluginOptions as SearchOptions } from '@easyops-cn/docusaurus-search-local';
import { processDocInfos } from '@easyops-cn/docusaurus-search-local/dist/server/server/utils/processDocInfos';
import { processPluginOptions } from '@easyops-cn/docusaurus-search-local/dist/server/server/utils/processPluginOptions';
import type { BuiltPage, BuiltPagesWork, PluginWithBuiltPagesPass, PostBuildProps } from '../lib/builtPages';
import { replaceDependency } from '../lib/replaceDependency';
import { searchIndexParts } from './documents.mjs';
import { sidebarPageOrder } from './fieldOrder.mjs';
import type { ParseOptions } from './themeParse.mjs';
import { isOwnPageOfLaterVersion, pagesOfEachVersion, versionLabelled, type LoadedVersion } from './versions';

/** The package's types describe its options only; this is the rest of what it exports. */
interface SearchLocalModule {
  readonly default: (context: LoadContext, options: SearchOptions) => Plugin;
  readonly validateOptions: NonNullable<PluginModule['validateOptions']>;
}
const searchLocal = searchLocalModule as unknown as SearchLocalModule;

/** The index file, at the root of each docs version's output (the last version's at the build root). */
const SEARCH_INDEX_FILE = 'search-index.json';
/** The index files at the build root (protected by plugins/protected-content). */
export const SEARCH_INDEX_FILES = /^search-index.*\.json$/;

/** The plugin's pass in the build's passes over the built pages (plugins/build-passes). */
export const SEARCH_INDEX_PASS = 'search-index';

/** The theme's worker, as `client/theme/searchByWorker.js` asks for it, and the one that replaces it. */
const THEME_WORKER_REQUEST = /^\.\/worker\.js$/;
const THEME_WORKER_CONTEXT = /docusaurus-search-local[\\/]dist[\\/]client[\\/]client[\\/]theme$/;
const SITE_WORKER = path.join(__dirname, 'client', 'worker.js');

/**
 * The search box's version (`client/docsClient.js`: the preferred version off the docs pages), its results'
 * version label (`client/suggestionTemplate.js`), and the search page's version (`client/useSearchQuery.js`).
 */
const THEME_SEARCH_BAR_CONTEXT = /docusaurus-search-local[\\/]dist[\\/]client[\\/]client[\\/]theme[\\/]SearchBar$/;
const THEME_SEARCH_PAGE_CONTEXT = /docusaurus-search-local[\\/]dist[\\/]client[\\/]client[\\/]theme[\\/]SearchPage$/;
const DOCS_CLIENT_REQUEST = /^@docusaurus\/plugin-content-docs\/client$/;
const SITE_DOCS_CLIENT = path.join(__dirname, 'client', 'docsClient.js');
const SUGGESTION_TEMPLATE_REQUEST = /^\.\/SuggestionTemplate$/;
const SITE_SUGGESTION_TEMPLATE = path.join(__dirname, 'client', 'suggestionTemplate.js');
const SEARCH_QUERY_REQUEST = /^\.\.\/hooks\/useSearchQuery$/;
const SITE_SEARCH_QUERY = path.join(__dirname, 'client', 'useSearchQuery.js');

/** mark.js, as the theme's generated module imports it (by its resolved path), and what loads it on demand. */
const MARK_JS_REQUEST = /[\\/]mark\.js[\\/]dist[\\/]mark\.js$/;
const GENERATED_CONTEXT = /[\\/]docusaurus-search-local[\\/]default$/;
const LAZY_MARK = path.join(__dirname, 'client', 'lazyMark.js');

/**
 * What the browser-side index builder reproduces of the theme's build step: English, with the stemmer;
 * and what the build step here writes: one index file (no search contexts), named as the theme names it.
 */
function assertSupportedOptions(options: SearchOptions): void {
  const languages = [options.language ?? 'en'].flat();
  if (languages.some((language) => language !== 'en') || options.removeDefaultStemmer) {
    throw new Error(
      'plugins/search-index builds the search index in the browser for English with the default stemmer only: ' +
        `set language: ['en'] and leave removeDefaultStemmer unset (got language ${JSON.stringify(options.language)}).`,
    );
  }
  if (options.searchContextByPaths || options.hashed === 'filename') {
    throw new Error(
      `plugins/search-index writes one ${SEARCH_INDEX_FILE}: leave searchContextByPaths unset and hashed other than 'filename'.`,
    );
  }
}

/**
 * The local-search theme (`@easyops-cn/docusaurus-search-local`) as it is, but for its index: the file
 * keeps the documents only, and the search worker builds the lunr index from them in the browser
 * (`client/worker.js`, which takes the place of the theme's at bundle time). A fifth of the download,
 * with the same results and snippets. mark.js, which highlights a result's terms on the page it opens,
 * loads only then (`client/lazyMark.js`), not with every page.
 */
const searchIndexPlugin: PluginModule = (context: LoadContext, pluginOptions: unknown): PluginWithBuiltPagesPass => {
  const options = pluginOptions as SearchOptions;
  assertSupportedOptions(options);
  const theme = searchLocal.default(context, options);
  // The theme's own build step, but for the lunr index it would build and serialize only for it to be dropped, and
  // for its parse of every page: what the theme reads of each page comes from the build's one read of the pages
  // (plugins/build-passes, with a port of the theme's reading to the tree it parses), numbered and written here as
  // the theme would.
  const plan = (props: PostBuildProps): BuiltPagesWork => {
    const config = processPluginOptions(options, context);
    const docsPlugin = props.plugins.filter((plugin) => plugin.name === 'docusaurus-plugin-content-docs');
    const loadedVersions = docsPlugin.flatMap(
      (plugin) => (plugin.content as { loadedVersions?: LoadedVersion[] } | undefined)?.loadedVersions ?? [],
    );
    // Each version's docs pages and the reference pages of its API version (versions.ts).
    const versions = pagesOfEachVersion(processDocInfos(props, config), {
      siteOutDir: props.outDir,
      baseUrl: context.baseUrl,
      loadedVersions,
    });
    const parseOptions: ParseOptions = {
      ignoreCssSelectors: config.ignoreCssSelectors,
      forceIgnoreNoIndex: config.forceIgnoreNoIndex,
    };
    return {
      pages: versions.flatMap(({ paths }) =>
        paths.map(({ filePath, url, type }): BuiltPage => ({
          file: filePath,
          search: { url, type, options: parseOptions, fields: url.startsWith(`${context.baseUrl}docs/`) },
        })),
      ),
      async write(facts) {
        // One version after another, as the theme does: its document ids run on from one to the next.
        const ids = { last: 0 };
        const pageOrder = sidebarPageOrder(props.plugins);
        let first = 0;
        for (const { outDir, paths, docsVersion } of versions) {
          const [titles = [], ...rest] = searchIndexParts(
            paths,
            facts.slice(first, (first += paths.length)),
            ids,
            pageOrder,
          );
          // A later version's own pages say which version they are, in the search box and on the search page.
          const parts = [
            titles.map((document) =>
              isOwnPageOfLaterVersion(String(document.u), docsVersion, context.baseUrl)
                ? versionLabelled(document as typeof document & { u: string }, docsVersion.label)
                : document,
            ),
            ...rest,
          ];
          // The shipped file keeps the documents alone; the search worker builds the lunr index from them (lunrIndex.ts).
          await writeFile(
            path.join(outDir, SEARCH_INDEX_FILE),
            JSON.stringify(parts.map((documents) => ({ documents }))),
          );
        }
      },
    };
  };
  return {
    ...theme,
    configureWebpack(config, isServer, utils, content) {
      const themeConfiguration = theme.configureWebpack?.(config, isServer, utils, content) ?? {};
      return {
        ...themeConfiguration,
        plugins: [
          replaceDependency(utils, {
            request: THEME_WORKER_REQUEST,
            importedFrom: THEME_WORKER_CONTEXT,
            replacement: SITE_WORKER,
          }),
          replaceDependency(utils, {
            request: DOCS_CLIENT_REQUEST,
            importedFrom: THEME_SEARCH_BAR_CONTEXT,
            replacement: SITE_DOCS_CLIENT,
          }),
          replaceDependency(utils, {
            request: SUGGESTION_TEMPLATE_REQUEST,
            importedFrom: THEME_SEARCH_BAR_CONTEXT,
            replacement: SITE_SUGGESTION_TEMPLATE,
          }),
          replaceDependency(utils, {
            request: SEARCH_QUERY_REQUEST,
            importedFrom: THEME_SEARCH_PAGE_CONTEXT,
            replacement: SITE_SEARCH_QUERY,
          }),
          replaceDependency(utils, {
            request: MARK_JS_REQUEST,
            importedFrom: GENERATED_CONTEXT,
            replacement: LAZY_MARK,
          }),
        ],
      };
    },
    // Its postBuild is this pass, which plugins/build-passes runs.
    postBuild: undefined,
    builtPagesPass: { name: SEARCH_INDEX_PASS, plan },
  };
};
searchIndexPlugin.validateOptions = searchLocal.validateOptions;

export default searchIndexPlugin;
