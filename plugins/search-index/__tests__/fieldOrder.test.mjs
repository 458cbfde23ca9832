import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fieldRole, orderFieldDocuments, sidebarPageOrder } from '../fieldOrder.mjs';

test('a field ranks by where it sits: request body, parameters, data blocks, response bodies, statuses', () => {
  assert.deepEqual(
    ['#place-an-order', '#request.limitPrice', '#query.status', '#path.orderId', '#EquityOrder.limitPrice'].map(
      fieldRole,
    ),
    [0, 1, 2, 2, 3],
  );
  assert.deepEqual(['#response.limitPrice', '#status.201'].map(fieldRole), [4, 5]);
});

test('field documents come in role order, then sidebar order, then page order', () => {
  const documents = [
    { u: '/docs/allocate', h: '#response.limitPrice' },
    { u: '/docs/block', h: '#request.limitPrice' },
    { u: '/docs/block', h: '#response.limitPrice' },
    { u: '/docs/model', h: '#EquityOrder.limitPrice' },
    { u: '/docs/single', h: '#request.limitPrice' },
    { u: '/docs/single', h: '#request.limitPrice.amount' },
    { u: '/docs/single', h: '#place-a-single-equity-order' },
  ];
  const sidebar = ['/docs/single', '/docs/block', '/docs/allocate'];
  const order = (url) => (sidebar.includes(url) ? sidebar.indexOf(url) : Number.POSITIVE_INFINITY);
  assert.deepEqual(
    orderFieldDocuments(documents, order).map(({ u, h }) => `${u}${h}`),
    [
      '/docs/single#place-a-single-equity-order',
      '/docs/single#request.limitPrice',
      '/docs/single#request.limitPrice.amount',
      '/docs/block#request.limitPrice',
      '/docs/model#EquityOrder.limitPrice',
      '/docs/block#response.limitPrice',
      '/docs/allocate#response.limitPrice',
    ],
  );
});

test("the sidebar order is read from the docs plugin's loaded content: categories, their link pages, nested items", () => {
  const docs = ['intro', 'trading/overview', 'trading/single', 'trading/block', 'orphan'].map((id) => ({
    id,
    permalink: `/docs/${id}`,
  }));
  const sidebars = {
    main: [
      { type: 'doc', id: 'intro' },
      {
        type: 'category',
        link: { type: 'doc', id: 'trading/overview' },
        items: [
          { type: 'doc', id: 'trading/single' },
          { type: 'link', href: 'https://example.com' },
          { type: 'doc', id: 'trading/block' },
        ],
      },
    ],
  };
  const order = sidebarPageOrder([
    { name: 'docusaurus-plugin-content-pages', content: {} },
    { name: 'docusaurus-plugin-content-docs', content: { loadedVersions: [{ docs, sidebars }] } },
  ]);
  assert.deepEqual(
    ['/docs/intro', '/docs/trading/overview', '/docs/trading/single', '/docs/trading/block'].map(order),
    [0, 1, 2, 3],
  );
  assert.equal(order('/docs/orphan'), Number.POSITIVE_INFINITY);
});
