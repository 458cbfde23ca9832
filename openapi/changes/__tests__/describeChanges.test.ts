import { readFileSync } from 'node:fs';
import type { JsonObject } from '../../document';
import { describeChanges, type DescriptionChange } from '../describeChanges';
import { CHANGE_RULES, type ChangeRuleId } from '../rules';

/** A description the test has just built, edited by the shape it knows. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the edits reach into that known shape
type Description = Record<string, any>;

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** A small Trading-like description: a search (query parameters) and a placement (body, 201 with a header). */
function description(): JsonObject {
  return {
    openapi: '3.1.0',
    info: { title: 'Orders', version: '1.2.0', description: 'Place and follow orders.' },
    servers: [{ url: 'https://api.example.com/v1', description: 'Production' }],
    security: [{ clientCredentials: ['orders.read'] }],
    paths: {
      '/orders': {
        get: {
          operationId: 'searchOrders',
          summary: 'Search orders',
          parameters: [
            { name: 'status', in: 'query', schema: { $ref: '#/components/schemas/OrderStatus' } },
            { name: 'limit', in: 'query', schema: { type: 'integer', maximum: 100 } },
          ],
          responses: {
            '200': {
              description: 'The orders.',
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: { data: { type: 'array', items: { $ref: '#/components/schemas/Order' } } },
                  },
                },
              },
            },
            '400': errorResponse('A bad query.'),
          },
        },
        post: {
          operationId: 'placeOrder',
          summary: 'Place an order',
          description: 'Places an order.',
          security: [{ clientCredentials: ['orders.write'] }],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/OrderRequest' } } },
          },
          responses: {
            '201': {
              description: 'Placed.',
              headers: { Location: { schema: { type: 'string' } } },
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Order' } } },
            },
            '400': errorResponse('A bad order.'),
          },
        },
      },
    },
    components: {
      securitySchemes: {
        clientCredentials: {
          type: 'oauth2',
          flows: { clientCredentials: { tokenUrl: 'https://auth.example.com/token', scopes: {} } },
        },
      },
      schemas: {
        OrderStatus: { type: 'string', enum: ['NEW', 'FILLED'] },
        Side: { type: 'string', enum: ['BUY', 'SELL'] },
        Money: {
          type: 'object',
          required: ['amount', 'currency'],
          properties: { amount: { type: 'string', description: 'Decimal.' }, currency: { type: 'string' } },
        },
        OrderRequest: {
          type: 'object',
          additionalProperties: false,
          required: ['symbol', 'side'],
          properties: {
            symbol: { type: 'string', maxLength: 12, description: 'The symbol.', example: 'XMPL' },
            side: { $ref: '#/components/schemas/Side' },
            note: { type: 'string' },
            limitPrice: { oneOf: [{ $ref: '#/components/schemas/Money' }, { type: 'null' }] },
          },
        },
        Order: {
          type: 'object',
          required: ['orderId', 'status', 'side'],
          properties: {
            orderId: { type: 'string', format: 'uuid' },
            status: { $ref: '#/components/schemas/OrderStatus' },
            side: { $ref: '#/components/schemas/Side' },
            note: { type: 'string' },
          },
        },
        Error: {
          type: 'object',
          properties: {
            error: {
              type: 'object',
              properties: { code: { type: 'string', enum: ['INVALID_FIELD', 'FORBIDDEN'] } },
            },
          },
        },
      },
    },
  };
}

type Edit = (document: Description) => void;

function changesAfter(edit: Edit): DescriptionChange[] {
  const after = description();
  edit(after);
  return describeChanges(description(), after);
}

/** The parts of a change a test pins down, in one line each. */
const summary = (change: DescriptionChange) => ({
  class: change.class,
  rule: change.rule.id,
  operation: change.operation?.operationId ?? null,
  side: change.location.side,
  anchors: change.location.anchors,
});

const schemas = (document: Description) => document.components.schemas;
const search = (document: Description) => document.paths['/orders'].get;
const place = (document: Description) => document.paths['/orders'].post;

interface RuleCase {
  readonly rule: ChangeRuleId;
  readonly title: string;
  readonly edit: Edit;
  /** Every change the edit makes, as `summary` gives them. */
  readonly expected: readonly ReturnType<typeof summary>[];
  /** Words the one-line description of the first change must hold. */
  readonly says: readonly string[];
}

const change = (
  rule: ChangeRuleId,
  operation: string | null,
  side: DescriptionChange['location']['side'],
  anchors: string[] = [],
) => ({ class: CHANGE_RULES[rule].class, rule, operation, side, anchors });

const RULE_CASES: readonly RuleCase[] = [
  {
    rule: 'operation-removed',
    title: 'an operation removed',
    edit: (document) => delete document.paths['/orders'].get,
    expected: [change('operation-removed', 'searchOrders', 'operation')],
    says: ['GET /orders (searchOrders)', 'operation removed'],
  },
  {
    rule: 'operation-removed',
    title: 'an operation renamed (its operationId)',
    edit: (document) => (place(document).operationId = 'createOrder'),
    expected: [change('operation-removed', 'createOrder', 'operation')],
    says: ['`placeOrder`', '`createOrder`'],
  },
  {
    rule: 'server-changed',
    title: "a server's URL changed",
    edit: (document) => (document.servers[0].url = 'https://api.example.com/v2'),
    expected: [change('server-changed', null, 'description')],
    says: ['server URL changed from `https://api.example.com/v1` to `https://api.example.com/v2`'],
  },
  {
    rule: 'field-removed',
    title: 'a response field removed, wherever its schema is used',
    edit: (document) => delete schemas(document).Order.properties.note,
    expected: [
      change('field-removed', 'searchOrders', 'response', ['response.data.note']),
      change('field-removed', 'placeOrder', 'response', ['response.note']),
    ],
    says: ['field `data[].note` of the 200 response removed'],
  },
  {
    rule: 'field-removed',
    title: 'a response field that was always present may now be left out',
    edit: (document) => (schemas(document).Order.required = ['orderId', 'status']),
    expected: [
      change('field-removed', 'searchOrders', 'response', ['response.data.side']),
      change('field-removed', 'placeOrder', 'response', ['response.side']),
    ],
    says: ['`data[].side`', 'no longer always present'],
  },
  {
    rule: 'field-removed',
    title: 'a request field removed (the body refuses unknown fields)',
    edit: (document) => delete schemas(document).OrderRequest.properties.note,
    expected: [change('field-removed', 'placeOrder', 'request', ['request.note'])],
    says: ['request field `note` removed'],
  },
  {
    rule: 'parameter-removed',
    title: 'a query parameter removed',
    edit: (document) => search(document).parameters.pop(),
    expected: [change('parameter-removed', 'searchOrders', 'request', ['query.limit'])],
    says: ['query parameter `limit` removed'],
  },
  {
    rule: 'enum-value-removed',
    title: 'an enumeration value removed (breaking in a response too: the page says so, api-smart-diff does not)',
    edit: (document) => (schemas(document).Side.enum = ['BUY']),
    expected: [
      change('enum-value-removed', 'searchOrders', 'response', ['response.data.side']),
      change('enum-value-removed', 'placeOrder', 'request', ['request.side']),
      change('enum-value-removed', 'placeOrder', 'response', ['response.side']),
    ],
    says: ['value `SELL` removed from field `data[].side`'],
  },
  {
    rule: 'enum-value-removed',
    title: 'an enumeration value renamed',
    edit: (document) => (schemas(document).Side.enum = ['BUY', 'SELL_LONG']),
    expected: [
      change('enum-value-removed', 'searchOrders', 'response', ['response.data.side']),
      change('enum-value-added', 'searchOrders', 'response', ['response.data.side']),
      change('enum-value-removed', 'placeOrder', 'request', ['request.side']),
      change('enum-value-added', 'placeOrder', 'request', ['request.side']),
      change('enum-value-removed', 'placeOrder', 'response', ['response.side']),
      change('enum-value-added', 'placeOrder', 'response', ['response.side']),
    ],
    says: ['value `SELL` removed'],
  },
  {
    rule: 'response-header-removed',
    title: 'a response header removed',
    edit: (document) => delete place(document).responses['201'].headers.Location,
    expected: [change('response-header-removed', 'placeOrder', 'response', ['responseHeader.Location', 'status.201'])],
    says: ['response header `Location` removed from the 201 response'],
  },
  {
    rule: 'became-required',
    title: 'an optional request field made required',
    edit: (document) => schemas(document).OrderRequest.required.push('note'),
    expected: [change('became-required', 'placeOrder', 'request', ['request.note'])],
    says: ['POST /orders (placeOrder)', 'request field `note` became required'],
  },
  {
    rule: 'became-required',
    title: 'an optional parameter made required',
    edit: (document) => (search(document).parameters[1].required = true),
    expected: [change('became-required', 'searchOrders', 'request', ['query.limit'])],
    says: ['query parameter `limit` became required'],
  },
  {
    rule: 'optional-parameter-added',
    title: 'a parameter the path item gives all its operations added',
    edit: (document) => {
      document.paths['/orders'].parameters = [{ name: 'X-Account', in: 'header', schema: { type: 'string' } }];
    },
    expected: [
      change('optional-parameter-added', 'searchOrders', 'request', ['header.X-Account']),
      change('optional-parameter-added', 'placeOrder', 'request', ['header.X-Account']),
    ],
    says: ['GET /orders (searchOrders): optional header parameter `X-Account` added'],
  },
  {
    rule: 'required-added',
    title: 'a required request field added',
    edit: (document) => {
      schemas(document).OrderRequest.properties.account = { type: 'string' };
      schemas(document).OrderRequest.required.push('account');
    },
    expected: [change('required-added', 'placeOrder', 'request', ['request.account'])],
    says: ['required request field `account` added'],
  },
  {
    rule: 'required-added',
    title: 'a required parameter added',
    edit: (document) => search(document).parameters.push({ name: 'account', in: 'query', required: true }),
    expected: [change('required-added', 'searchOrders', 'request', ['query.account'])],
    says: ['required query parameter `account` added'],
  },
  {
    rule: 'type-changed',
    title: "a field's type changed, through a shared schema and `X or null`",
    edit: (document) => (schemas(document).Money.properties.amount.type = 'number'),
    expected: [change('type-changed', 'placeOrder', 'request', ['request.limitPrice.amount'])],
    says: ['request field `limitPrice.amount` changed type from string to number'],
  },
  {
    rule: 'type-changed',
    title: "a field's format changed",
    edit: (document) => (schemas(document).Order.properties.orderId.format = 'ulid'),
    expected: [
      change('type-changed', 'searchOrders', 'response', ['response.data.orderId']),
      change('type-changed', 'placeOrder', 'response', ['response.orderId']),
    ],
    says: ['format from `uuid` to `ulid`'],
  },
  {
    rule: 'type-changed',
    title: 'a response field that may now be null',
    edit: (document) => (schemas(document).Order.properties.note.type = ['string', 'null']),
    expected: [
      change('type-changed', 'searchOrders', 'response', ['response.data.note']),
      change('type-changed', 'placeOrder', 'response', ['response.note']),
    ],
    says: ['from string to string or null'],
  },
  {
    rule: 'success-status-changed',
    title: 'the success status changed',
    edit: (document) => {
      const { responses } = place(document);
      responses['200'] = responses['201'];
      delete responses['201'];
    },
    expected: [
      change('success-status-changed', 'placeOrder', 'response', ['status.201']),
      change('success-status-changed', 'placeOrder', 'response', ['status.200']),
    ],
    says: ['success response 201 removed'],
  },
  {
    rule: 'error-code-changed',
    title: 'an error response removed (its condition now answers with another)',
    edit: (document) => delete search(document).responses['400'],
    expected: [change('error-code-changed', 'searchOrders', 'response', ['status.400'])],
    says: ['error response 400 removed'],
  },
  {
    rule: 'error-code-changed',
    title: 'an error code removed',
    edit: (document) => (schemas(document).Error.properties.error.properties.code.enum = ['INVALID_FIELD']),
    expected: [
      change('error-code-changed', 'searchOrders', 'response', ['status.400']),
      change('error-code-changed', 'placeOrder', 'response', ['status.400']),
    ],
    says: ['value `FORBIDDEN` removed from field `error.code` of the 400 response'],
  },
  {
    rule: 'validation-tightened',
    title: 'a shorter maximum length for a request field',
    edit: (document) => (schemas(document).OrderRequest.properties.symbol.maxLength = 8),
    expected: [change('validation-tightened', 'placeOrder', 'request', ['request.symbol'])],
    says: ['request field `symbol`: maxLength changed from `12` to `8`'],
  },
  {
    rule: 'validation-tightened',
    title: 'a pattern added to a request field',
    edit: (document) => (schemas(document).OrderRequest.properties.note.pattern = '^[a-z]*$'),
    expected: [change('validation-tightened', 'placeOrder', 'request', ['request.note'])],
    says: ['pattern set to'],
  },
  {
    rule: 'validation-tightened',
    title: 'a free request field limited to a list of values',
    edit: (document) => (schemas(document).OrderRequest.properties.note.enum = ['GIFT', 'HEDGE']),
    expected: [change('validation-tightened', 'placeOrder', 'request', ['request.note'])],
    says: ['request field `note` now takes only `GIFT`, `HEDGE`'],
  },
  {
    rule: 'scopes-changed',
    title: "an operation's scope changed",
    edit: (document) => (place(document).security = [{ clientCredentials: ['orders.trade'] }]),
    expected: [change('scopes-changed', 'placeOrder', 'operation')],
    says: ['from (clientCredentials: orders.write) to (clientCredentials: orders.trade)'],
  },
  {
    rule: 'scopes-changed',
    title: "the description's default scope changed, for the operations without their own",
    edit: (document) => (document.security = [{ clientCredentials: ['orders.list'] }]),
    expected: [change('scopes-changed', 'searchOrders', 'operation')],
    says: ['GET /orders (searchOrders)', 'orders.list'],
  },
  {
    rule: 'operation-added',
    title: 'an operation added',
    edit: (document) =>
      (document.paths['/orders/{orderId}'] = {
        get: { operationId: 'getOrder', responses: { '200': { description: 'The order.' } } },
      }),
    expected: [change('operation-added', 'getOrder', 'operation')],
    says: ['GET /orders/{orderId} (getOrder): operation added'],
  },
  {
    rule: 'optional-request-field-added',
    title: 'an optional request field added',
    edit: (document) => (schemas(document).OrderRequest.properties.tag = { type: 'string' }),
    expected: [change('optional-request-field-added', 'placeOrder', 'request', ['request.tag'])],
    says: ['optional request field `tag` added'],
  },
  {
    rule: 'optional-parameter-added',
    title: 'an optional parameter added',
    edit: (document) => search(document).parameters.push({ name: 'cursor', in: 'query', schema: { type: 'string' } }),
    expected: [change('optional-parameter-added', 'searchOrders', 'request', ['query.cursor'])],
    says: ['optional query parameter `cursor` added'],
  },
  {
    rule: 'response-field-added',
    title: 'a response field added',
    edit: (document) => (schemas(document).Order.properties.venue = { type: 'string' }),
    expected: [
      change('response-field-added', 'searchOrders', 'response', ['response.data.venue']),
      change('response-field-added', 'placeOrder', 'response', ['response.venue']),
    ],
    says: ['field `data[].venue` of the 200 response added'],
  },
  {
    rule: 'enum-value-added',
    title: 'an enumeration value added (additive in a response too: the page says so, api-smart-diff does not)',
    edit: (document) => schemas(document).OrderStatus.enum.push('EXPIRED'),
    expected: [
      change('enum-value-added', 'searchOrders', 'request', ['query.status']),
      change('enum-value-added', 'searchOrders', 'response', ['response.data.status']),
      change('enum-value-added', 'placeOrder', 'response', ['response.status']),
    ],
    says: ['value `EXPIRED` added to query parameter `status`'],
  },
  {
    rule: 'error-code-added',
    title: 'an error response added',
    edit: (document) => (place(document).responses['413'] = errorResponse('Too large.')),
    expected: [change('error-code-added', 'placeOrder', 'response', ['status.413'])],
    says: ['error response 413 added'],
  },
  {
    rule: 'error-code-added',
    title: 'an error code added',
    edit: (document) => schemas(document).Error.properties.error.properties.code.enum.push('PAYLOAD_TOO_LARGE'),
    expected: [
      change('error-code-added', 'searchOrders', 'response', ['status.400']),
      change('error-code-added', 'placeOrder', 'response', ['status.400']),
    ],
    says: ['value `PAYLOAD_TOO_LARGE` added to field `error.code` of the 400 response'],
  },
  {
    rule: 'response-header-added',
    title: 'a response header added',
    edit: (document) => (place(document).responses['201'].headers['X-Request-Id'] = { schema: { type: 'string' } }),
    expected: [
      change('response-header-added', 'placeOrder', 'response', ['responseHeader.X-Request-Id', 'status.201']),
    ],
    says: ['response header `X-Request-Id` added to the 201 response'],
  },
  {
    rule: 'validation-relaxed',
    title: 'a longer maximum length for a request field',
    edit: (document) => (schemas(document).OrderRequest.properties.symbol.maxLength = 20),
    expected: [change('validation-relaxed', 'placeOrder', 'request', ['request.symbol'])],
    says: ['maxLength changed from `12` to `20`'],
  },
  {
    rule: 'validation-relaxed',
    title: 'a required request field made optional',
    edit: (document) => (schemas(document).OrderRequest.required = ['symbol']),
    expected: [change('validation-relaxed', 'placeOrder', 'request', ['request.side'])],
    says: ['request field `side` became optional'],
  },
  {
    rule: 'validation-relaxed',
    title: 'a request field that now also takes null',
    edit: (document) => (schemas(document).OrderRequest.properties.note.type = ['string', 'null']),
    expected: [change('validation-relaxed', 'placeOrder', 'request', ['request.note'])],
    says: ['request field `note` changed type from string to string or null'],
  },
  {
    rule: 'deprecated',
    title: 'an operation deprecated',
    edit: (document) => (search(document).deprecated = true),
    expected: [change('deprecated', 'searchOrders', 'operation')],
    says: ['operation deprecated'],
  },
  {
    rule: 'other-compatible',
    title: 'a second scope that also lets a client in',
    edit: (document) => place(document).security.push({ clientCredentials: ['orders.admin'] }),
    expected: [change('other-compatible', 'placeOrder', 'operation')],
    says: ['to (clientCredentials: orders.admin) or (clientCredentials: orders.write)'],
  },
  {
    rule: 'other-compatible',
    title: 'a response that promises a shorter value than before',
    edit: (document) => (schemas(document).Order.properties.note.maxLength = 200),
    expected: [
      change('other-compatible', 'searchOrders', 'response', ['response.data.note']),
      change('other-compatible', 'placeOrder', 'response', ['response.note']),
    ],
    says: ['maxLength set to `200`'],
  },
  {
    rule: 'other-compatible',
    title: "a response header's value held to a pattern: the value a client gets promises more",
    edit: (document) => (place(document).responses['201'].headers.Location.schema.pattern = '^/v1/orders/'),
    expected: [change('other-compatible', 'placeOrder', 'response', ['responseHeader.Location'])],
    says: ['response header `Location` of the 201 response: pattern set to `^/v1/orders/`'],
  },
  {
    rule: 'type-changed',
    title: "a response header's value changes type",
    edit: (document) => (place(document).responses['201'].headers.Location.schema.type = 'integer'),
    expected: [change('type-changed', 'placeOrder', 'response', ['responseHeader.Location'])],
    says: ['response header `Location` of the 201 response changed type from string to integer'],
  },
  {
    rule: 'documentation',
    title: "an operation's summary and description, a field's description and example, an extension",
    edit: (document) => {
      place(document).summary = 'Place one order';
      place(document).description = 'Places one order in one account.';
      schemas(document).OrderRequest.properties.symbol.description = 'The ticker symbol.';
      schemas(document).OrderRequest.properties.symbol.example = 'ACME';
      place(document)['x-sandbox-test-values'] = [{ when: 'XMPL', outcome: 'FILLED' }];
      document.info.description = 'Orders, placed and followed.';
    },
    expected: [
      change('documentation', 'placeOrder', 'operation'),
      change('documentation', 'placeOrder', 'operation'),
      change('documentation', 'placeOrder', 'request', ['request.symbol']),
      change('documentation', 'placeOrder', 'request', ['request.symbol']),
      change('documentation', 'placeOrder', 'operation'),
      change('documentation', null, 'description'),
    ],
    says: ['POST /orders (placeOrder): summary changed'],
  },
];

/** Sorted, so that the order api-smart-diff walks the documents in does not matter to the test. */
const sorted = <T>(items: readonly T[]) => [...items].map((item) => JSON.stringify(item)).sort();

describe('describeChanges: each rule of the versioning page', () => {
  test.each(RULE_CASES.map((ruleCase) => [ruleCase.rule, ruleCase.title, ruleCase] as const))(
    '%s: %s',
    (_rule, _title, { edit, expected, says }) => {
      const changes = changesAfter(edit);
      expect(sorted(changes.map(summary))).toEqual(sorted(expected));
      for (const words of says) expect(changes.map((item) => item.description).join('\n')).toContain(words);
      for (const item of changes) expect(item.rule.wording).toBe(CHANGE_RULES[item.rule.id].wording);
    },
  );

  test('every rule of the catalogue has a case', () => {
    const covered = new Set(RULE_CASES.flatMap((ruleCase) => ruleCase.expected.map((item) => item.rule)));
    expect(Object.keys(CHANGE_RULES).filter((rule) => !covered.has(rule as ChangeRuleId))).toEqual([]);
  });

  test("each rule's wording is a sentence of the versioning page", () => {
    const plain = (text: string) => text.replace(/\s+/g, ' ').toLowerCase();
    // The page's text as a reader reads it: a link is its words.
    const page = plain(
      readFileSync(`${__dirname}/../../../docs/getting-started/versioning.mdx`, 'utf8').replace(
        /\[([^\]]*)\]\([^)]*\)/g,
        '$1',
      ),
    );
    for (const [id, rule] of Object.entries(CHANGE_RULES)) {
      // The deprecation row of the notice table is a table row: its two cells, as the page writes them.
      const parts = id === 'deprecated' ? rule.wording.split(': ') : [rule.wording];
      for (const part of parts)
        expect({ id, found: page.includes(plain(part).replace(/\.$/, '')) }).toEqual({ id, found: true });
    }
  });

  test('the same description twice has no changes, and neither description is changed by the comparison', () => {
    const before = description();
    const after = description();
    const copy = structuredClone(before);
    expect(describeChanges(before, after)).toEqual([]);
    expect(describeChanges(before, after)).toEqual([]);
    expect(before).toEqual(copy);
    expect(after).toEqual(copy);
  });

  test('a path parameter renamed in the template is documentation (the URL stays); a new path is another operation', () => {
    const withOrder = (template: string, name: string) => {
      const document: Description = description();
      document.paths[template] = {
        get: {
          operationId: 'getOrder',
          parameters: [{ name, in: 'path', required: true, schema: { type: 'string' } }],
          responses: { '200': { description: 'The order.' } },
        },
      };
      return document;
    };
    const renamed = describeChanges(withOrder('/orders/{id}', 'id'), withOrder('/orders/{orderId}', 'orderId'));
    expect(renamed.map(summary)).toEqual([
      change('documentation', null, 'description'),
      change('documentation', 'getOrder', 'request', ['path.id']),
    ]);
    expect(renamed.map((item) => item.description)).toEqual([
      'path `/orders/{id}` renamed to `/orders/{orderId}`',
      'GET /orders/{id} (getOrder): path parameter `id` renamed to `orderId`',
    ]);
    const moved = describeChanges(withOrder('/orders/{id}', 'id'), withOrder('/trades/{id}', 'id'));
    expect(sorted(moved.map(summary))).toEqual(
      sorted([
        change('operation-removed', 'getOrder', 'operation'),
        change('operation-added', 'getOrder', 'operation'),
      ]),
    );
  });

  test('a change says where it is: its operation, side, JSON pointer and field', () => {
    const [removed] = changesAfter((document) => search(document).parameters.pop());
    expect(removed.operation).toEqual({ operationId: 'searchOrders', method: 'GET', path: '/orders' });
    expect(removed.location).toEqual({
      side: 'request',
      pointer: '/paths/~1orders/get/parameters/1',
      parameter: { name: 'limit', in: 'query' },
      anchors: ['query.limit'],
    });
    const amount = changesAfter((document) => (schemas(document).Money.properties.amount.type = 'number'));
    expect(amount.map((item) => item.location)).toEqual([
      {
        side: 'request',
        pointer:
          '/paths/~1orders/post/requestBody/content/application~1json/schema/properties/limitPrice/oneOf/0/properties/amount/type',
        field: 'limitPrice.amount',
        anchors: ['request.limitPrice.amount'],
      },
    ]);
  });
});
