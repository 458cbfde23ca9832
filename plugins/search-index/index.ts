import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { LoadContext, Plugin, PluginModule } from '@docusaurus/types';
import * as searchLocalModule from '@easyops-cn/docusaurus-search-local';
import type { PluginOptions as SearchOptions } from '@easyops-cn/docusaurus-search-local';
import { replaceDependency } from '../lib/replaceDependency';
import { documentsOnly, type SearchDocument, type SerializedSearchIndexPart } from './lunrIndex';

/** The package's types describe its options only; this is the rest of what it exports. */
interface SearchLocalModule {
  readonly default: (context: LoadContext, options: SearchOptions) => Plugin;
  readonly validateOptions: NonNullable<PluginModule['validateOptions']>;
}
const searchLocal = searchLocalModule as unknown as SearchLocalModule;

/** The index files the plugin writes at the build root: `search-index.json`, and one per search context. */
export const SEARCH_INDEX_FILES = /^search-index.*\.json$/;
const isSearchIndexFile = (name: string) => SEARCH_INDEX_FILES.test(name);

/** The built HTML of a page's URL path (`/docs/x` and `/docs/x/` are both `docs/x/index.html`). */
function builtPageFile(outDir: string, baseUrl: string, url: string): string {
  return path.join(outDir, url.slice(baseUrl.length).replace(/\/?$/, '/index.html'));
}

/** The theme's worker, as `client/theme/searchByWorker.js` asks for it, and the one that replaces it. */
const THEME_WORKER_REQUEST = /^\.\/worker\.js$/;
const THEME_WORKER_CONTEXT = /docusaurus-search-local[\\/]dist[\\/]client[\\/]client[\\/]theme$/;
const SITE_WORKER = path.join(__dirname, 'client', 'worker.js');

/** mark.js, as the theme's generated module imports it (by its resolved path), and what loads it on demand. */
const MARK_JS_REQUEST = /[\\/]mark\.js[\\/]dist[\\/]mark\.js$/;
const GENERATED_CONTEXT = /[\\/]docusaurus-search-local[\\/]default$/;
const LAZY_MARK = path.join(__dirname, 'client', 'lazyMark.js');

/** What the browser-side index builder reproduces of the theme's build step: English, with the stemmer. */
function assertSupportedOptions(options: SearchOptions): void {
  const languages = [options.language ?? 'en'].flat();
  if (languages.some((language) => language !== 'en') || options.removeDefaultStemmer) {
    throw new Error(
      'plugins/search-index builds the search index in the browser for English with the default stemmer only: ' +
        `set language: ['en'] and leave removeDefaultStemmer unset (got language ${JSON.stringify(options.language)}).`,
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
const searchIndexPlugin: PluginModule = (context: LoadContext, pluginOptions: unknown): Plugin => {
  const options = pluginOptions as SearchOptions;
  assertSupportedOptions(options);
  const theme = searchLocal.default(context, options);
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
            request: MARK_JS_REQUEST,
            importedFrom: GENERATED_CONTEXT,
            replacement: LAZY_MARK,
          }),
        ],
      };
    },
    async postBuild(props) {
      await theme.postBuild?.(props);
      const files = (await readdir(props.outDir)).filter(isSearchIndexFile);
      const { fieldDocuments } = await import('./fieldDocuments.mjs');
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(props.outDir, name);
          const parts = JSON.parse(await readFile(file, 'utf8')) as SerializedSearchIndexPart[];
          const [titles, , , , content] = parts;
          if (titles && content) {
            // Operations and fields as content of their page, found after the titles and headings, and
            // opening the page at them.
            let lastId = Math.max(...parts.flatMap((part) => part.documents.map(({ i }) => i)));
            const added: SearchDocument[] = [];
            for (const page of titles.documents) {
              const url = String(page['u']);
              if (!url.startsWith(`${context.baseUrl}docs/`)) continue;
              const html = await readFile(builtPageFile(props.outDir, context.baseUrl, url), 'utf8');
              added.push(...fieldDocuments(html, { url, pageId: page.i, nextId: () => (lastId += 1) }));
            }
            parts[4] = { ...content, documents: [...content.documents, ...added] };
          }
          await writeFile(file, JSON.stringify(documentsOnly(parts)), 'utf8');
        }),
      );
    },
  };
};
searchIndexPlugin.validateOptions = searchLocal.validateOptions;

export default searchIndexPlugin;
