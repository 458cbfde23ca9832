// @ts-check
/**
 * The site's search, on the server: the same index file the search box downloads (`search-index.json`, written by
 * plugins/search-index as documents only), its lunr index built the same way (plugins/search-index/lunrIndex.ts), and
 * the queries and order of the local-search theme's worker (`@easyops-cn/docusaurus-search-local` 0.55,
 * `client/utils/smartQueries.js`, `sortSearchResults.js`, as plugins/search-index/client/worker.js runs them) for the
 * site's settings: English, stop words kept, fuzzy distance 1. The theme ships those as browser modules without file
 * extensions, which neither Node nor the Worker can import as they are, so the English path is restated here;
 * server/__tests__/mcpSearchRanking.test.mjs runs the site's worker itself beside it, on the test build's index.
 */
import lunr from 'lunr';

/** The theme's document types, by the part of the index file they are in. */
export const DOCUMENT_TYPE = /** @type {const} */ ({ title: 0, heading: 1, description: 2, keywords: 3, content: 4 });

/** The theme's default `fuzzyMatchingDistance` (the site leaves it unset). */
const FUZZY_MATCHING_DISTANCE = 1;
/** The theme's cap on the words of one query (`smartTerms`). */
const MAX_TERMS = 12;

/**
 * @typedef {{ i: number, t: string, u: string, h?: string, s?: string, p?: number }} SearchDocument
 * @typedef {{ document: SearchDocument, type: number, page: SearchDocument | undefined, metadata: Record<string, Record<string, { position?: number[][] }>>, score: number }} SearchHit
 */

/**
 * Each part's documents and lunr index, built as the search worker builds them (`buildLunrIndex`, stop words kept).
 * @param {{ documents: SearchDocument[] }[]} parts the parsed `search-index.json`
 */
export function buildSearchIndex(parts) {
  return parts.map(({ documents }, type) => ({
    type,
    documents,
    byId: new Map(documents.map((document) => [String(document.i), document])),
    index: lunr(function build() {
      this.pipeline.remove(lunr.stopWordFilter);
      this.ref('i');
      this.field('t');
      this.metadataWhitelist = ['position'];
      for (const document of documents) this.add({ ...document, i: document.i.toString() });
    }),
  }));
}

/** @typedef {ReturnType<typeof buildSearchIndex>} SearchIndex */

/** The theme's `tokenize` for English. */
const tokenize = (/** @type {string} */ text) => text.toLowerCase().match(/[^-\s]+/g) ?? [];

/**
 * The theme's `smartQueries` for English with stop words kept: every word required, the last one also as a
 * prefix (it may be half typed), with three words or more each word also left out once, and each again with an
 * edit distance of one.
 * @param {string[]} tokens
 */
function smartQueries(tokens) {
  /** @typedef {{ value: string, maybeTyping?: boolean, trailing?: boolean }} Token */
  /** @type {Token[][]} */
  const terms = [tokens.slice(0, MAX_TERMS).map((value) => ({ value }))];
  for (const term of terms) term[term.length - 1].maybeTyping = true;
  /** @type {Token[][]} */
  const extraTerms = [];
  for (const term of terms) {
    if (term.length > 2) {
      for (let i = term.length - 1; i >= 0; i -= 1) extraTerms.push(term.slice(0, i).concat(term.slice(i + 1)));
    }
  }
  /**
   * @param {Token[][]} list
   * @param {number} editDistance
   * @param {boolean} [maybeTyping]
   */
  const termsToQueries = (list, editDistance, maybeTyping) =>
    list.flatMap((term) => {
      const query = {
        tokens: term.map((item) => item.value),
        term: term.map((item) => ({
          value: item.value,
          presence: lunr.Query.presence.REQUIRED,
          wildcard: (maybeTyping ? item.trailing || item.maybeTyping : item.trailing)
            ? lunr.Query.wildcard.TRAILING
            : lunr.Query.wildcard.NONE,
          editDistance: editDistance > 0 && item.value.length > editDistance ? editDistance : undefined,
        })),
      };
      if (editDistance && query.term.every((item) => !item.editDistance)) return [];
      return [query];
    });
  /** @param {Token[][]} list @param {number} editDistance */
  const maybeTypingQueries = (list, editDistance) =>
    termsToQueries(list, editDistance).concat(
      termsToQueries(
        list.filter((term) => {
          const token = term[term.length - 1];
          return !token.trailing && token.maybeTyping;
        }),
        editDistance,
        true,
      ),
    );
  /** @param {Token[][]} list */
  const distanceMatrix = (list) =>
    Array.from({ length: FUZZY_MATCHING_DISTANCE + 1 }, (_, distance) => maybeTypingQueries(list, distance)).flat();
  return distanceMatrix(terms).concat(distanceMatrix(extraTerms));
}

/**
 * The theme's `sortSearchResults`: headings, descriptions and content right after their page's title when it is
 * among the results; otherwise in the order found.
 * @param {SearchHit[]} results
 */
function sortSearchResults(results) {
  const indexOf = new Map(results.map((item, index) => [item, index]));
  /** @param {SearchHit} item */
  const rank = (item) => {
    const index = /** @type {number} */ (indexOf.get(item));
    if (item.type === DOCUMENT_TYPE.title || item.type === DOCUMENT_TYPE.keywords || !item.page) return index;
    const pageIndex = results.findIndex((candidate) => candidate.document === item.page);
    return pageIndex === -1 ? index : pageIndex;
  };
  results.sort((a, b) => {
    const difference = rank(a) - rank(b);
    if (difference !== 0) return difference;
    const titleFirst = (b.type === 0 ? 1 : 0) - (a.type === 0 ? 1 : 0);
    return titleFirst === 0
      ? /** @type {number} */ (indexOf.get(a)) - /** @type {number} */ (indexOf.get(b))
      : titleFirst;
  });
}

/**
 * The results the site's search box gives for `input`, best first: the theme worker's `search`, line for line.
 * @param {SearchIndex} wrappedIndexes
 * @param {string} input
 * @param {number} limit
 * @returns {SearchHit[]}
 */
export function searchDocs(wrappedIndexes, input, limit) {
  const rawTokens = tokenize(input);
  if (rawTokens.length === 0) return [];
  /** @type {SearchHit[]} */
  const results = [];
  search: for (const { term } of smartQueries(rawTokens)) {
    for (const { byId, index, type } of wrappedIndexes) {
      const found = index
        .query((query) => {
          for (const item of term) {
            query.term(item.value, {
              wildcard: item.wildcard,
              presence: item.presence,
              ...(item.editDistance ? { editDistance: item.editDistance } : null),
            });
          }
        })
        .slice(0, limit)
        .filter((result) => !results.some((item) => item.document.i.toString() === result.ref))
        .slice(0, limit - results.length);
      for (const result of found) {
        const document = /** @type {SearchDocument} */ (byId.get(result.ref));
        results.push({
          document,
          type,
          page: type !== DOCUMENT_TYPE.title ? wrappedIndexes[0].byId.get(String(document.p)) : undefined,
          metadata: /** @type {SearchHit['metadata']} */ (result.matchData.metadata),
          score: result.score,
        });
      }
      if (results.length >= limit) break search;
    }
  }
  sortSearchResults(results);
  return results;
}
