/**
 * The local-search theme's search worker (`@easyops-cn/docusaurus-search-local`,
 * `client/theme/worker.js`, 0.55), put in its place by `plugins/search-index` at bundle time. One
 * thing differs: the index file holds the documents only, and each part's lunr index is built here
 * from them (`buildLunrIndex`, the theme's own build step) instead of being downloaded ready-made.
 * `search` is the theme's, line for line.
 */
import * as Comlink from 'comlink';
import { SearchDocumentType } from '@easyops-cn/docusaurus-search-local/dist/client/shared/interfaces';
import {
  language,
  removeDefaultStopWordFilter,
  searchIndexUrl,
} from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/proxiedGeneratedConstants';
import { processTreeStatusOfSearchResults } from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/processTreeStatusOfSearchResults';
import { smartQueries } from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/smartQueries';
import { sortSearchResults } from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/sortSearchResults';
import { tokenize } from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/tokenize';
import { buildLunrIndex } from '../lunrIndex';

const cache = new Map();

export class SearchWorker {
  async fetchIndexes(baseUrl, searchContext) {
    await this.lowLevelFetchIndexes(baseUrl, searchContext);
  }

  async lowLevelFetchIndexes(baseUrl, searchContext) {
    const cacheKey = `${baseUrl}${searchContext}`;
    let promise = cache.get(cacheKey);
    if (!promise) {
      promise = fetchAndBuildIndexes(baseUrl, searchContext);
      cache.set(cacheKey, promise);
      // A failed download is not kept: the next search tries again.
      promise.catch(() => cache.delete(cacheKey));
    }
    return promise;
  }

  async search(baseUrl, searchContext, input, limit) {
    const rawTokens = tokenize(input, language);
    if (rawTokens.length === 0) {
      return [];
    }
    const { wrappedIndexes, zhDictionary } = await this.lowLevelFetchIndexes(baseUrl, searchContext);
    const queries = smartQueries(rawTokens, zhDictionary);
    const results = [];
    search: for (const { term, tokens } of queries) {
      for (const { documents, index, type } of wrappedIndexes) {
        results.push(
          ...index
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
            // Remove duplicated results.
            .filter((result) => !results.some((item) => item.document.i.toString() === result.ref))
            .slice(0, limit - results.length)
            .map((result) => {
              const document = documents.find((doc) => doc.i.toString() === result.ref);
              return {
                document,
                type,
                page:
                  type !== SearchDocumentType.Title && wrappedIndexes[0].documents.find((doc) => doc.i === document.p),
                metadata: result.matchData.metadata,
                tokens,
                score: result.score,
              };
            }),
        );
        if (results.length >= limit) {
          break search;
        }
      }
    }
    sortSearchResults(results);
    processTreeStatusOfSearchResults(results);
    return results;
  }
}

async function fetchAndBuildIndexes(baseUrl, searchContext) {
  const url = `${baseUrl}${searchIndexUrl.replace('{dir}', searchContext ? `-${searchContext.replace(/\//g, '-')}` : '')}`;
  // Catch potential attacks.
  const fullUrl = new URL(url, self.location.origin);
  if (fullUrl.origin !== self.location.origin) {
    throw new Error('Unexpected version url');
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`The search index answered HTTP ${response.status}`);
  const parts = await response.json();
  const keepStopWords = removeDefaultStopWordFilter.includes('en');
  const wrappedIndexes = parts.map(({ documents }, type) => ({
    type,
    documents,
    index: buildLunrIndex(documents, { keepStopWords }),
  }));
  // English only (the plugin refuses other languages), so no Chinese dictionary is needed.
  return { wrappedIndexes, zhDictionary: [] };
}

Comlink.expose(SearchWorker);
