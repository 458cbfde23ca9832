/** The local-search theme's build steps that the site runs itself (see index.ts); the package ships no types for them. */
declare module '@easyops-cn/docusaurus-search-local/dist/server/server/utils/processPluginOptions' {
  import type { LoadContext } from '@docusaurus/types';
  import type { PluginOptions } from '@easyops-cn/docusaurus-search-local';
  /** The options with their defaults resolved, as the theme's steps take them. */
  export type ProcessedPluginOptions = {
    readonly __processed: true;
    /** What the theme removes from a page before reading it (always an array once processed). */
    readonly ignoreCssSelectors: readonly string[];
    readonly forceIgnoreNoIndex: boolean;
  };
  export function processPluginOptions(options: PluginOptions, context: LoadContext): ProcessedPluginOptions;
}

declare module '@easyops-cn/docusaurus-search-local/dist/server/server/utils/processDocInfos' {
  import type { Props } from '@docusaurus/types';
  import type { ProcessedPluginOptions } from '@easyops-cn/docusaurus-search-local/dist/server/server/utils/processPluginOptions';
  /** A built page to index: its file, URL and kind. */
  export interface DocInfoWithFilePath {
    readonly filePath: string;
    readonly url: string;
    readonly type: 'docs' | 'blog' | 'page';
  }
  /** The pages to index, per output folder (one per docs version). */
  export function processDocInfos(
    buildData: Props,
    config: ProcessedPluginOptions,
  ): { readonly outDir: string; readonly paths: DocInfoWithFilePath[] }[];
}

declare module '@easyops-cn/docusaurus-search-local/dist/server/server/utils/scanDocuments.js' {
  import type { DocInfoWithFilePath } from '@easyops-cn/docusaurus-search-local/dist/server/server/utils/processDocInfos';
  import type { ProcessedPluginOptions } from '@easyops-cn/docusaurus-search-local/dist/server/server/utils/processPluginOptions';
  /** The documents of the five parts: titles, headings, descriptions, keywords, content. */
  export function scanDocuments(
    paths: readonly DocInfoWithFilePath[],
    config: ProcessedPluginOptions,
  ): Promise<{ readonly i: number; readonly t: string; readonly [key: string]: unknown }[][]>;
}

declare module '@easyops-cn/docusaurus-search-local/dist/server/server/utils/parse.js' {
  /** The theme's reading of one built page (plugins/search-index/themeParse.mjs is a port of it); `null`: left out. */
  export function parse(
    html: string,
    type: 'docs' | 'blog' | 'page',
    url: string,
    config: { readonly ignoreCssSelectors?: readonly string[]; readonly forceIgnoreNoIndex?: boolean },
  ): {
    readonly pageTitle: string;
    readonly description: string;
    readonly keywords: string;
    readonly sections: readonly { readonly title: string; readonly hash: string; readonly content: string }[];
    readonly breadcrumb: readonly string[];
  } | null;
}
