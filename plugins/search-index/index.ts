import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { LoadContext, Plugin, PluginModule } from '@docusaurus/types';
import * as searchLocalModule from '@easyops-cn/docusaurus-search-local';
import type { PluginOptions as SearchOptions } from '@easyops-cn/docusaurus-search-local';
import { compactSearchIndex, type SearchIndexPart } from './compactSearchIndex';

/** The package's types describe its options only; this is the rest of what it exports. */
interface SearchLocalModule {
  readonly default: (context: LoadContext, options: SearchOptions) => Plugin;
  readonly validateOptions: NonNullable<PluginModule['validateOptions']>;
}
const searchLocal = searchLocalModule as unknown as SearchLocalModule;

/** The widest snippet the plugin shows: 100 characters on `/search` (the dropdown uses `searchResultContextMaxLength`). */
const WIDEST_SNIPPET = 100;

/** The index files the plugin writes: `search-index.json`, or one per search context. */
const isSearchIndexFile = (name: string) => /^search-index.*\.json$/.test(name);

/**
 * The local-search theme (`@easyops-cn/docusaurus-search-local`) as it is, but for its index, which is
 * compacted once the theme has written it (see `compactSearchIndex`): smaller to download, with the
 * same results and snippets.
 */
const searchIndexPlugin: PluginModule = (context: LoadContext, pluginOptions: unknown): Plugin => {
  const options = pluginOptions as SearchOptions;
  const theme = searchLocal.default(context, options);
  const snippetLength = Math.max(WIDEST_SNIPPET, options.searchResultContextMaxLength ?? 0);
  return {
    ...theme,
    async postBuild(props) {
      await theme.postBuild?.(props);
      const files = (await readdir(props.outDir)).filter(isSearchIndexFile);
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(props.outDir, name);
          const parts = JSON.parse(await readFile(file, 'utf8')) as SearchIndexPart[];
          await writeFile(file, JSON.stringify(compactSearchIndex(parts, snippetLength)), 'utf8');
        }),
      );
    },
  };
};
searchIndexPlugin.validateOptions = searchLocal.validateOptions;

export default searchIndexPlugin;
