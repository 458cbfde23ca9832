// @ts-check
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { buildIndex } from '@easyops-cn/docusaurus-search-local/dist/server/server/utils/buildIndex.js';
import { buildLunrIndex } from '../lunrIndex.ts';

/** Documents shaped like the theme's: titles, headings and content, with stop words, codes and numbers. @type {import('../lunrIndex.ts').SearchDocument[]} */
const documents = [
  { i: 1, t: 'Single equity order', u: '/docs/trading-api/equity/single-equity-order', b: [] },
  { i: 2, t: 'Place an order for one account', u: '/docs/trading-api/equity/single-equity-order', h: '#place', p: 1 },
  {
    i: 3,
    t: 'The order is checked against the account’s buying power or position before it is accepted: 422 INSUFFICIENT_BUYING_POWER.',
    u: '/docs/trading-api/equity/single-equity-order',
    h: '#errors',
    p: 1,
  },
  {
    i: 4,
    t: 'Idempotency-Key: send a new UUID for every create; a retry within 24 hours returns the first answer.',
    u: '/docs/getting-started/standards',
    p: 5,
  },
  { i: 5, t: 'Standards', u: '/docs/getting-started/standards', b: [] },
  {
    i: 6,
    t: 'It is what it is: to be or not to be, and the rate limit is 50 requests per second.',
    u: '/docs/getting-started/standards',
    p: 5,
  },
];

/** The theme's own build step, as it runs for this site's options. @param {import('../lunrIndex.ts').SearchDocument[]} docs */
function themeIndex(docs) {
  const [{ index }] = buildIndex([docs], {
    language: ['en'],
    removeDefaultStopWordFilter: ['en'],
    removeDefaultStemmer: false,
  });
  return index;
}

describe('buildLunrIndex', () => {
  test('builds the index the theme builds (terms, positions, field vectors)', () => {
    const ours = buildLunrIndex(documents, { keepStopWords: true });
    assert.equal(JSON.stringify(ours.toJSON()), JSON.stringify(themeIndex(documents).toJSON()));
  });

  test('keeps stop words when told to, so a query made of them still finds its page', () => {
    const withStopWords = buildLunrIndex(documents, { keepStopWords: true });
    const withoutStopWords = buildLunrIndex(documents, { keepStopWords: false });
    assert.deepEqual(
      withStopWords.search('be').map((result) => result.ref),
      ['6'],
    );
    assert.deepEqual(withoutStopWords.search('be'), []);
  });

  test('finds stemmed words with their positions, which the snippets highlight', () => {
    const [result] = buildLunrIndex(documents, { keepStopWords: true }).search('checks');
    assert.equal(result.ref, '3');
    const metadata = /** @type {Record<string, { t: { position: number[][] } }>} */ (result.matchData.metadata);
    assert.deepEqual(metadata.check.t.position, [[13, 7]]);
  });
});
