// @ts-check
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseHtml } from '../../lib/parseHtml.mjs';
import { fieldDocuments as fieldDocumentsOfTree } from '../fieldDocuments.mjs';

/** @param {string} html @param {Parameters<typeof fieldDocumentsOfTree>[1]} page */
const fieldDocuments = (html, page) => fieldDocumentsOfTree(parseHtml(html), page);

/** A docs page as plugins/remark-api-reference renders an operation and its fields. */
const PAGE = `<html><body><article><div class="theme-doc-markdown markdown"><header><h1>Place an order</h1></header>
<h2 id="operation">Operation<a class="hash-link" href="#operation">#</a></h2>
<section aria-label="Operation placeEquityOrder"><p class="request_EdXc"><span class="method_LC0H">POST</span><code>/orders/equity</code></p>
<dl><dt>Operation<dd>Place a single equity order<!-- --> (<code>placeEquityOrder</code>)</dl></section>
<h3 id="request-body">Request body</h3>
<ul class="list_ldGx api-field-list"><li id="request.limitPrice"><div><code class="name_vrLB">limitPrice</code><span>object</span></div>
<details><ul class="list_ldGx api-field-list"><li id="request.limitPrice.amount"><div><code>amount</code></div></li></ul></details></li></ul>
</div></article><ul class="api-field-list"><li id="outside"><code>outside</code></li></ul></body></html>`;

const OPERATION = 'POST /orders/equity Place a single equity order';
const LIMIT_PRICE = 'limitPrice (request.limitPrice)';
const AMOUNT = 'amount (request.limitPrice.amount)';

test('one document for the operation at its heading and one per field at its anchor, the nested ones too', () => {
  let id = 10;
  const documents = fieldDocuments(PAGE, { url: '/docs/order', pageId: 7, nextId: () => (id += 1) });
  assert.deepEqual(documents, [
    { i: 11, t: OPERATION, s: OPERATION, u: '/docs/order', h: '#operation', p: 7 },
    { i: 12, t: LIMIT_PRICE, s: LIMIT_PRICE, u: '/docs/order', h: '#request.limitPrice', p: 7 },
    { i: 13, t: AMOUNT, s: AMOUNT, u: '/docs/order', h: '#request.limitPrice.amount', p: 7 },
  ]);
});

test('a page without an article or without fields adds nothing', () => {
  const options = { url: '/docs/x', pageId: 1, nextId: () => 1 };
  assert.deepEqual(fieldDocuments('<html><body><p>x</p></body></html>', options), []);
  assert.deepEqual(fieldDocuments('<div class="theme-doc-markdown"><p>Prose only.</p></div>', options), []);
});

test('each operation lands at the last heading before its block, not at one inside it or after it', () => {
  /** @param {string} id @param {string} path @param {string} summary */
  const operation = (id, path, summary, inside = '') =>
    `<section aria-label="Operation ${id}"><p><span>GET</span><code>${path}</code></p>${inside}` +
    `<dl><dt>Operation<dd>${summary} (<code>${id}</code>)</dl></section>`;
  const page =
    '<html><body><article><div class="theme-doc-markdown markdown"><header><h1>Orders</h1></header>' +
    '<h2 id="list">List orders</h2><p>Prose.</p><h3 id="list-operation">Operation</h3>' +
    operation('listOrders', '/orders', 'List orders', '<h3 id="inside">Inside the block</h3>') +
    '<h2 id="get">Get an order</h2>' +
    operation('getOrder', '/orders/{id}', 'Get an order') +
    '<h2 id="after">After</h2></div></article></body></html>';
  const documents = fieldDocuments(page, { url: '/docs/orders', pageId: 1, nextId: () => 2 });
  assert.deepEqual(
    documents.map(({ t, h }) => [t, h]),
    [
      ['GET /orders List orders', '#list-operation'],
      ['GET /orders/{id} Get an order', '#get'],
    ],
  );
});
