/**
 * The search index is shipped as its documents only and built in the visitor's browser, in the search
 * worker: the serialized lunr index (term postings, positions and field vectors) is four fifths of the
 * file, and building it again from the documents takes a few hundred milliseconds off the main thread.
 * This builds it exactly as the local-search theme's build step does for English
 * (`@easyops-cn/docusaurus-search-local`, `server/utils/buildIndex`), so results, ranking and
 * snippets are the ones the theme would give; a unit test compares the two.
 */
import lunr from 'lunr';

/** One entry of the theme's index: `i` its id, `t` the indexed text; the rest says where it points. */
export interface SearchDocument {
  readonly i: number;
  readonly t: string;
  readonly [key: string]: unknown;
}

export interface LunrIndexOptions {
  /** The theme's `removeDefaultStopWordFilter` includes `en`: stop words are indexed and found. */
  readonly keepStopWords: boolean;
}

/** Builds one part's lunr index from its documents, as the theme's build step does for English. */
export function buildLunrIndex(documents: readonly SearchDocument[], { keepStopWords }: LunrIndexOptions): lunr.Index {
  return lunr(function build() {
    if (keepStopWords) this.pipeline.remove(lunr.stopWordFilter);
    this.ref('i');
    this.field('t');
    this.metadataWhitelist = ['position'];
    for (const document of documents) this.add({ ...document, i: document.i.toString() });
  });
}
