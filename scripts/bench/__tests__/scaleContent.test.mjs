// @ts-check
// The N× copy of this site (lib/scaleContent.mjs): its renaming rules on small inputs, then a copy of this repository
// at N=2 written twice into a temporary folder. Run: node --test scripts/bench/__tests__/
import { strict as assert } from 'node:assert';
import { createHash } from 'node:crypto';
import { lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, describe, test } from 'node:test';
import { parse } from 'yaml';
import {
  namesOf,
  renameDocsLinks,
  SCALED_APIS,
  scaleDescription,
  scaleOperationLists,
  scaleOverlay,
  scalePage,
  writeScaledSite,
} from '../lib/scaleContent.mjs';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const SECTIONS = ['accounts-api', 'trading-api'];

describe('renaming one copy', () => {
  test('links into a docs section go to its copy; the API reference routes and other folders stay', () => {
    const text = [
      '---',
      'slug: /trading-api/equity',
      '---',
      'See [balances](/docs/accounts-api/endpoints/balance-summary#response), [the API](/api/accounts-api#x),',
      '[trading](/docs/trading-api), [up](../../accounts-api/index.mdx), [near](../endpoints/get.mdx)',
      'and [another](/docs/accounts-apis/x).',
    ].join('\n');
    assert.equal(
      renameDocsLinks(text, { copy: 3, sections: SECTIONS }),
      [
        '---',
        'slug: /trading-api-3/equity',
        '---',
        'See [balances](/docs/accounts-api-3/endpoints/balance-summary#response), [the API](/api/accounts-api#x),',
        '[trading](/docs/trading-api-3), [up](../../accounts-api-3/index.mdx), [near](../endpoints/get.mdx)',
        'and [another](/docs/accounts-apis/x).',
      ].join('\n'),
    );
  });

  test('a page names the copied operations and schemas, and only known ones', () => {
    const page = [
      '<ApiOperation operationId="placeOrder" />',
      '<RequestSamples operationId="unknownOne" />',
      '[ref](/api/orders-api#operation/placeOrder)',
      '<ApiSchema name="orders#/components/schemas/Order" />',
      '<ApiSchema name="orders#/components/schemas/SharedMoney" />',
    ].join('\n');
    const scaled = scalePage(page, {
      copy: 2,
      sections: SECTIONS,
      operationIds: new Set(['placeOrder']),
      schemasByApi: { orders: new Set(['Order']) },
    });
    assert.equal(
      scaled,
      [
        '<ApiOperation operationId="placeOrderCopy2" />',
        '<RequestSamples operationId="unknownOne" />',
        '[ref](/api/orders-api#operation/placeOrderCopy2)',
        '<ApiSchema name="orders#/components/schemas/OrderCopy2" />',
        '<ApiSchema name="orders#/components/schemas/SharedMoney" />',
      ].join('\n'),
    );
  });

  test('a description gets each copy of its operations, paths, tags and own schemas, references renamed', () => {
    const document = {
      tags: [{ name: 'Orders' }],
      paths: {
        '/orders': {
          parameters: [],
          post: {
            operationId: 'placeOrder',
            tags: ['Orders'],
            'x-docs-path': '/docs/trading-api/place',
            requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Order' } } } },
            responses: {
              201: {
                links: { get: { operationId: 'getOrder' } },
                content: { 'application/json': { schema: { $ref: './shared/common.yaml#/components/schemas/X' } } },
              },
            },
          },
        },
      },
      components: { schemas: { Order: { properties: { leg: { $ref: '#/components/schemas/Leg' } } }, Leg: {} } },
    };
    const scaled = scaleDescription(document, {
      scale: 3,
      operationIds: new Set(['placeOrder', 'getOrder']),
      sections: SECTIONS,
    });
    assert.deepEqual(Object.keys(scaled.paths), ['/orders', '/copy-2/orders', '/copy-3/orders']);
    assert.deepEqual(namesOf(scaled).operationIds, ['placeOrder', 'placeOrderCopy2', 'placeOrderCopy3']);
    assert.deepEqual(Object.keys(scaled.components.schemas), [
      'Order',
      'Leg',
      'OrderCopy2',
      'LegCopy2',
      'OrderCopy3',
      'LegCopy3',
    ]);
    assert.deepEqual(
      scaled.tags.map((/** @type {{ name: string }} */ tag) => tag.name),
      ['Orders', 'Orders (copy 2)', 'Orders (copy 3)'],
    );
    const third = scaled.paths['/copy-3/orders'].post;
    assert.deepEqual(third.tags, ['Orders (copy 3)']);
    assert.equal(third['x-docs-path'], '/docs/trading-api-3/place');
    assert.equal(third.requestBody.content['application/json'].schema.$ref, '#/components/schemas/OrderCopy3');
    assert.equal(third.responses[201].links.get.operationId, 'getOrderCopy3');
    assert.equal(
      third.responses[201].content['application/json'].schema.$ref,
      './shared/common.yaml#/components/schemas/X',
    );
    assert.equal(scaled.components.schemas.OrderCopy2.properties.leg.$ref, '#/components/schemas/LegCopy2');
    // The original is left as it was.
    assert.deepEqual(Object.keys(document.paths), ['/orders']);
  });

  test('an overlay repeats its actions on paths and own schemas for each copy, not those on the whole description', () => {
    const overlay = {
      overlay: '1.1.0',
      actions: [
        { target: '$.info', update: { version: '2.0.0' } },
        { target: '$.paths', update: { '/orders/{id}/cancel': { post: {} } } },
        { target: "$.paths['/orders/{id}/cancel'].post", copy: "$.paths['/orders/{id}'].delete" },
        { target: '$.components.schemas.Order.properties', update: { id: { $ref: '#/components/schemas/Added' } } },
        { target: '$.components.schemas', update: { Added: { type: 'string' } } },
      ],
    };
    const scaled = scaleOverlay(overlay, { scale: 2, schemas: new Set(['Order']), operationIds: new Set() });
    assert.deepEqual(scaled.actions.slice(5), [
      { target: '$.paths', update: { '/copy-2/orders/{id}/cancel': { post: {} } } },
      { target: "$.paths['/copy-2/orders/{id}/cancel'].post", copy: "$.paths['/copy-2/orders/{id}'].delete" },
      {
        target: '$.components.schemas.OrderCopy2.properties',
        update: { id: { $ref: '#/components/schemas/Added' } },
      },
    ]);
  });

  test('a migration step names the copies of its operations too', () => {
    assert.equal(
      scaleOperationLists('<MigrationStep rules="x" operations="a b unknown">', {
        scale: 3,
        operationIds: new Set(['a', 'b']),
      }),
      '<MigrationStep rules="x" operations="a b unknown aCopy2 bCopy2 aCopy3 bCopy3">',
    );
  });
});

describe('this site at N=2', () => {
  const base = mkdtempSync(join(tmpdir(), 'bench-scale-'));
  after(() => rmSync(base, { recursive: true, force: true }));
  const first = writeScaledSite({ root: ROOT, out: join(base, 'first'), scale: 2 });
  const second = writeScaledSite({ root: ROOT, out: join(base, 'second'), scale: 2 });

  /** The .md/.mdx pages under `dir` (partials left out: they are no pages). @param {string} dir */
  const pagesUnder = (dir) =>
    readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter(
      (file) => /\.mdx?$/.test(file) && !file.includes('_partials'),
    );
  /** @param {string} site */
  const operationsOf = (site) =>
    SCALED_APIS.flatMap(
      (api) => namesOf(parse(readFileSync(join(site, 'openapi', `${api}.yaml`), 'utf8'))).operationIds,
    );

  test('doubles the docs pages (but the home page of the docs) and the operations', () => {
    const here = pagesUnder(join(ROOT, 'docs')).length;
    assert.equal(first.pages.before, here);
    assert.equal(pagesUnder(join(base, 'first', 'docs')).length, 2 * here - 1);
    assert.equal(first.pages.after, 2 * here - 1);
    const operations = operationsOf(ROOT);
    assert.equal(operationsOf(join(base, 'first')).length, 2 * operations.length);
  });

  test('every operationId, path and schema name is unique, and every copied page names an existing operation', () => {
    const operations = operationsOf(join(base, 'first'));
    assert.equal(new Set(operations).size, operations.length);
    const known = new Set(operations);
    for (const file of pagesUnder(join(base, 'first', 'docs'))) {
      for (const [, id] of readFileSync(join(base, 'first', 'docs', file), 'utf8').matchAll(/operationId="([^"]+)"/g))
        assert.ok(known.has(id), `${file} names ${id}, which no description has`);
    }
    for (const api of SCALED_APIS) {
      const document = parse(readFileSync(join(base, 'first', 'openapi', `${api}.yaml`), 'utf8'));
      const original = parse(readFileSync(join(ROOT, 'openapi', `${api}.yaml`), 'utf8'));
      assert.equal(Object.keys(document.paths).length, 2 * Object.keys(original.paths).length);
      assert.equal(
        Object.keys(document.components.schemas).length,
        2 * Object.keys(original.components.schemas).length,
      );
    }
  });

  test('the same N writes the same files; node_modules is linked but its cache', () => {
    assert.deepEqual(second, first);
    /** @param {string} dir */
    const digest = (dir) => {
      const hash = createHash('sha256');
      for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort()) {
        if (file === 'node_modules' || file.startsWith('node_modules/')) continue;
        const path = join(dir, file);
        if (statSync(path).isFile()) hash.update(`${file}\0`).update(readFileSync(path));
      }
      return hash.digest('hex');
    };
    assert.equal(digest(join(base, 'second')), digest(join(base, 'first')));
    assert.ok(lstatSync(join(base, 'first', 'node_modules', '@docusaurus')).isSymbolicLink());
    assert.throws(() => lstatSync(join(base, 'first', 'node_modules', '.cache')));
  });
});
