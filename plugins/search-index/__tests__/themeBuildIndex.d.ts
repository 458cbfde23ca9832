/** The local-search theme's build step, which ships without types. */
declare module '@easyops-cn/docusaurus-search-local/dist/server/server/utils/buildIndex.js' {
  import type lunr from 'lunr';
  export function buildIndex(
    allDocuments: readonly (readonly object[])[],
    options: { language: string[]; removeDefaultStopWordFilter: string[]; removeDefaultStemmer: boolean },
  ): { documents: object[]; index: lunr.Index }[];
}
