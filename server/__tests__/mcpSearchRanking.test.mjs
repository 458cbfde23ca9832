// @ts-check
// search_docs ranks as the site's search box does: the site's own search worker (plugins/search-index/client/
// worker.js, with the local-search theme's query and sort code it imports), bundled for Node with the constants the
// site's configuration generates, answers the same queries over the same index file with the same results, in the
// same order, as server/mcp/docsSearch.mjs.
// Run: node scripts/build-for-tests.mjs && node --test server/__tests__/mcpSearchRanking.test.mjs
import { strict as assert } from 'node:assert';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { before, describe, test } from 'node:test';

import { build } from 'esbuild';

import { BUILD_DIR } from '../../tests/e2e/environment.mjs';
import { buildSearchIndex, searchDocs } from '../mcp/docsSearch.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const INDEX_FILE = path.join(ROOT, BUILD_DIR, 'search-index.json');
const SKIP = existsSync(INDEX_FILE)
  ? false
  : `no test build in ${BUILD_DIR}/: run node scripts/build-for-tests.mjs first`;

/** What the theme generates from the site's options (docusaurus.config.ts): English, stop words kept, distance 1. */
const GENERATED_CONSTANTS = `
  export const language = ['en'];
  export const removeDefaultStopWordFilter = ['en'];
  export const fuzzyMatchingDistance = 1;
  export const searchIndexUrl = 'search-index{dir}.json';
`;

/**
 * The site's search worker module, bundled for Node: its generated constants as above, Comlink's `expose` a no-op
 * (there is no worker scope here).
 * @returns {Promise<{ SearchWorker: new () => { search(baseUrl: string, context: string, input: string, limit: number): Promise<{ document: { i: number } }[]>, lowLevelFetchIndexes: unknown } }>}
 */
async function siteSearchWorker() {
  const { outputFiles } = await build({
    entryPoints: [path.join(ROOT, 'plugins/search-index/client/worker.js')],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    plugins: [
      {
        name: 'site-constants',
        setup(builder) {
          builder.onResolve({ filter: /proxiedGeneratedConstants$/ }, () => ({ path: 'constants', namespace: 'site' }));
          builder.onResolve({ filter: /^comlink$/ }, () => ({ path: 'comlink', namespace: 'site' }));
          builder.onLoad({ filter: /^constants$/, namespace: 'site' }, () => ({ contents: GENERATED_CONSTANTS }));
          builder.onLoad({ filter: /^comlink$/, namespace: 'site' }, () => ({
            contents: 'export const expose = () => {};',
          }));
        },
      },
    ],
  });
  const source = outputFiles[0].text;
  return import(`data:text/javascript;base64,${Buffer.from(source).toString('base64')}`);
}

describe('search_docs and the site search box', { skip: SKIP }, () => {
  /** @type {import('../mcp/docsSearch.mjs').SearchIndex} */
  let index;
  /** @type {InstanceType<Awaited<ReturnType<typeof siteSearchWorker>>['SearchWorker']>} */
  let worker;
  before(async () => {
    const parts = JSON.parse(await readFile(INDEX_FILE, 'utf8'));
    index = buildSearchIndex(parts);
    const { SearchWorker } = await siteSearchWorker();
    worker = new SearchWorker();
    // The worker downloads the index file and builds its lunr index (buildLunrIndex); here it is handed the same file's.
    worker.lowLevelFetchIndexes = async () => ({ wrappedIndexes: index, zhDictionary: [] });
  });

  const QUERIES = [
    'limitPrice',
    'limitpr',
    'cancel an order',
    'idempotency key reuse',
    'whole_number',
    'INSUFFICIENT_BUYING_POWER',
    'sandbox test price',
    'acount number',
    'W-8BEN',
    'how do I page through positions',
    'x',
  ];
  for (const limit of [8, 30]) {
    test(`gives the same results in the same order (limit ${limit})`, async () => {
      for (const query of QUERIES) {
        const expected = (await worker.search('/', '', query, limit)).map((result) => result.document.i);
        const actual = searchDocs(index, query, limit).map((hit) => hit.document.i);
        assert.deepEqual(actual, expected, query);
      }
    });
  }
});
