// @ts-check
/**
 * A small built site for the MCP server's tests (server/mcp): the files its tools read (llms.txt, pages' Markdown,
 * the search index, the MCP catalog, a Try it module), held in memory. Nothing here needs Node: the Worker test
 * (mcpWorker.test.mjs) bundles it for workerd.
 */

export const SITE = 'https://developers.clearing.test';

export const ERRORS_PAGE = `---
title: "Standard errors"
description: "The error envelope."
---

# Standard errors

Every API answers errors in one envelope.

## Validation details

| Issue | Meaning |
| - | - |
| \`whole_number\` | The value must be a whole number, such as a block quantity or a contract quantity. |
| \`precision\` | A decimal has too many decimal places. |

## Error codes

| Code | HTTP status | Meaning | Remedy |
| - | - | - | - |
| \`INVALID_FIELD\` | \`400\` | A field is missing or malformed. | Correct the fields listed in details. |
| \`INSUFFICIENT_BUYING_POWER\` | \`422\` | The account can't pay for the order. | Reduce the quantity, or wait for a deposit to settle. |
`;

export const OPTION_ORDER_PAGE = `---
title: "Place a single option order"
---

# Place a single option order

Places an order for one option contract.

## Operation

\`POST /orders/options\`

### Request body

- \`quantity\` (string, required)

  Whole contracts.

- \`limitPrice\` (object (Money), optional)

  The worst premium you accept.

## Errors

| Status | Code | What to do |
| - | - | - |
| 422 | INSUFFICIENT_BUYING_POWER | Reduce the contracts or add funds. |
`;

/** A page long enough to need three parts. */
export const LONG_PAGE = `---
title: "Changelog"
---

# Changelog

${Array.from({ length: 900 }, (_, index) => `- Change ${index}: ${'a line of the changelog '.repeat(2)}`).join('\n')}
`;

const LLMS_TXT = `# Clearing API Developer Docs

> Integrate with our APIs

## Getting started

All of this section in one file: ${SITE}/llms-getting-started.txt

- [Standard errors](${SITE}/docs/getting-started/standard-errors.md): The error envelope every API returns.
- [Changelog](${SITE}/docs/getting-started/changelog.md): Every change, newest first.

## Trading API

- [Trading API](${SITE}/docs/trading-api/index.md): Equity and option orders.
- [Place a single option order](${SITE}/docs/trading-api/options/single-option-order.md): Open or close a position in one listed option contract.
`;

const SEARCH_INDEX = [
  {
    documents: [
      { i: 1, t: 'Standard errors', u: '/docs/getting-started/standard-errors', b: ['Getting started'] },
      {
        i: 2,
        t: 'Place a single option order',
        u: '/docs/trading-api/options/single-option-order',
        b: ['Trading API'],
      },
      { i: 3, t: 'Changelog', u: '/docs/getting-started/changelog', b: [] },
    ],
  },
  {
    documents: [
      { i: 4, t: 'Validation details', u: '/docs/getting-started/standard-errors', h: '#validation-details', p: 1 },
      { i: 5, t: 'Errors', u: '/docs/trading-api/options/single-option-order', h: '#errors', p: 2 },
    ],
  },
  { documents: [] },
  { documents: [] },
  {
    documents: [
      {
        i: 6,
        t: 'The worst premium you accept: limitPrice is required on LIMIT orders.',
        s: 'Request body',
        u: '/docs/trading-api/options/single-option-order',
        h: '#request-body',
        p: 2,
      },
      {
        i: 7,
        t: 'limitPrice (request.limitPrice)',
        s: 'limitPrice (request.limitPrice)',
        u: '/docs/trading-api/options/single-option-order',
        h: '#request.limitPrice',
        p: 2,
      },
      {
        i: 8,
        t: 'quantity (request.quantity)',
        s: 'quantity (request.quantity)',
        u: '/docs/trading-api/options/single-option-order',
        h: '#request.quantity',
        p: 2,
      },
    ],
  },
];

/** @type {import('../../contracts/mcp/catalog.ts').McpCatalog} */
const CATALOG = {
  version: 'v1',
  label: 'v1',
  versions: ['v1', 'v2'],
  operations: [
    {
      api: 'orders',
      apiVersion: 'v1',
      operationId: 'placeOptionOrder',
      method: 'POST',
      path: '/orders/options',
      serverUrl: 'https://sandbox.api.clearing.example/v1',
      summary: 'Place a single option order',
      description: 'Places an order for one option contract.',
      tags: ['Option orders'],
      scopes: [['orders.write']],
      page: '/docs/trading-api/options/single-option-order',
      parameters: [
        {
          name: 'Idempotency-Key',
          anchor: 'header.Idempotency-Key',
          type: 'string (uuid), in header',
          required: true,
          description: 'A new UUID.',
        },
      ],
      request: {
        contentType: 'application/json',
        required: true,
        description: 'The order to place.',
        fields: [
          {
            name: 'quantity',
            anchor: 'request.quantity',
            type: 'string',
            required: true,
            description: 'Whole contracts.',
          },
          {
            name: 'limitPrice',
            anchor: 'request.limitPrice',
            type: 'object (Money)',
            required: false,
            description: 'The worst premium you accept.',
          },
        ],
      },
      responses: [
        { status: '201', description: 'The order, accepted.', contentTypes: ['application/json'], fields: [] },
        { status: '422', description: 'A business rule refused it.', contentTypes: ['application/json'], fields: [] },
      ],
      examples: [{ name: 'market', summary: 'A market order', value: { quantity: '1' } }],
      samples: [
        { language: 'curl', code: 'curl -X POST https://sandbox.api.clearing.example/v1/orders/options' },
        { language: 'javascript', code: 'await fetch("https://sandbox.api.clearing.example/v1/orders/options")' },
        { language: 'python', code: 'requests.post("https://sandbox.api.clearing.example/v1/orders/options")' },
      ],
      tryItModule: 'docs/try-it/placeOptionOrder.js',
      issueVocabulary: 'OrderValidationIssue',
      deprecation: null,
    },
    {
      api: 'orders',
      apiVersion: 'v1',
      operationId: 'getOptionOrder',
      method: 'GET',
      path: '/orders/options/{orderId}',
      serverUrl: 'https://sandbox.api.clearing.example/v1',
      summary: 'Get an option order',
      description: '',
      tags: ['Option orders'],
      scopes: [['orders.read']],
      page: '/docs/trading-api/options/get-option-order',
      parameters: [],
      request: null,
      responses: [],
      examples: [],
      samples: [],
      tryItModule: 'docs/try-it/getOptionOrder.js',
      issueVocabulary: 'OrderValidationIssue',
      deprecation: null,
    },
    {
      api: 'orders',
      apiVersion: 'v1',
      operationId: 'cancelOptionOrder',
      method: 'DELETE',
      path: '/orders/options/{orderId}',
      serverUrl: 'https://sandbox.api.clearing.example/v1',
      summary: 'Cancel an option order',
      description: 'Asks to cancel the unfilled part of a working option order.',
      tags: ['Option orders'],
      scopes: [['orders.write']],
      page: '/docs/trading-api/options/cancel-option-order',
      parameters: [],
      request: null,
      responses: [],
      examples: [],
      samples: [],
      tryItModule: 'docs/try-it/cancelOptionOrder.js',
      issueVocabulary: 'OrderValidationIssue',
      deprecation: {
        since: '2026-11-30',
        sunset: '2028-03-01',
        replacement: 'POST /v2/orders/options/{orderId}/cancel',
        link: 'https://developer.clearing.example/docs/getting-started/changelog#trading-api-1-5-0',
      },
    },
  ],
  errors: [
    {
      api: 'orders',
      code: 'INSUFFICIENT_BUYING_POWER',
      status: 422,
      meaning: "The account can't pay the premium of a buy.",
      operationIds: ['placeOptionOrder'],
    },
  ],
};

/** v2's (the preview's) standard errors: v2 adds DUPLICATE_CLIENT_ORDER_ID. */
export const V2_ERRORS_PAGE = `---
title: "Standard errors"
description: "The error envelope."
---

# Standard errors

Every API answers errors in one envelope.

## Error codes

| Code | HTTP status | Meaning | Remedy |
| - | - | - | - |
| \`INVALID_FIELD\` | \`400\` | A field is missing or malformed. | Correct the fields listed in details. |
| \`DUPLICATE_CLIENT_ORDER_ID\` | \`409\` | A working order already has this clientOrderId. | Find the first order with the clientOrderId search filter; don't place it again. |
`;

export const V2_CANCEL_PAGE = `---
title: "Cancel an option order"
---

# Cancel an option order

Asks to cancel a working option order.

## Operation

\`POST /orders/options/{orderId}/cancel\`
`;

const LLMS_V2_TXT = `# Clearing API Developer Docs v2 (preview)

> Integrate with our APIs

## Getting started

- [Standard errors](${SITE}/docs/v2/getting-started/standard-errors.md): The error envelope every API returns.

## Trading API

- [Cancel an option order](${SITE}/docs/v2/trading-api/options/cancel-option-order.md): Cancel a working option order with POST …/cancel.
- [Place a single option order](${SITE}/docs/v2/trading-api/options/single-option-order.md): Open or close a position in one listed option contract.
`;

const V2_SEARCH_INDEX = [
  {
    documents: [
      { i: 1, t: 'Standard errors', u: '/docs/v2/getting-started/standard-errors', b: ['Getting started'] },
      { i: 2, t: 'Cancel an option order', u: '/docs/v2/trading-api/options/cancel-option-order', b: ['Trading API'] },
      {
        i: 3,
        t: 'Place a single option order',
        u: '/docs/v2/trading-api/options/single-option-order',
        b: ['Trading API'],
      },
    ],
  },
  { documents: [] },
  { documents: [] },
  { documents: [] },
  {
    documents: [
      {
        i: 4,
        t: 'clientOrderId (request.clientOrderId)',
        s: 'clientOrderId (request.clientOrderId)',
        u: '/docs/v2/trading-api/options/single-option-order',
        h: '#request.clientOrderId',
        p: 3,
      },
    ],
  },
];

/** v2's catalog: Trading API v2 (the cancel is POST …/cancel, clientOrderId is required). */
/** @type {import('../../contracts/mcp/catalog.ts').McpCatalog} */
const V2_CATALOG = {
  version: 'v2',
  label: 'v2 (preview)',
  versions: ['v1', 'v2'],
  operations: [
    {
      ...CATALOG.operations[0],
      apiVersion: 'v2',
      serverUrl: 'https://sandbox.api.clearing.example/v2',
      page: '/docs/v2/trading-api/options/single-option-order',
      request: {
        contentType: 'application/json',
        required: true,
        description: 'The order to place.',
        fields: [
          ...(CATALOG.operations[0].request?.fields ?? []),
          {
            name: 'clientOrderId',
            anchor: 'request.clientOrderId',
            type: 'string',
            required: true,
            description: 'Your own ID of the order, unique among your working orders.',
          },
        ],
      },
      tryItModule: 'docs/try-it/v2/placeOptionOrder.js',
    },
    {
      ...CATALOG.operations[2],
      apiVersion: 'v2',
      method: 'POST',
      path: '/orders/options/{orderId}/cancel',
      serverUrl: 'https://sandbox.api.clearing.example/v2',
      page: '/docs/v2/trading-api/options/cancel-option-order',
      tryItModule: 'docs/try-it/v2/cancelOptionOrder.js',
      deprecation: null,
    },
  ],
  errors: [
    {
      api: 'orders',
      code: 'DUPLICATE_CLIENT_ORDER_ID',
      status: 409,
      meaning: 'A working order already has this clientOrderId.',
      operationIds: ['placeOptionOrder'],
    },
  ],
};

/**
 * The Try it module of `placeOptionOrder` as the build writes one (contracts/tryIt/operation.ts): an ES module whose
 * default export holds the operation and its request check, which reports as Ajv does (no `data`: the build's
 * checks are not verbose).
 */
const TRY_IT_MODULE = `
const quantity = /^[1-9][0-9]*$/u;
function request(value) {
  const errors = [];
  const body = value.body;
  if (body === undefined) errors.push({ instancePath: '', keyword: 'required', params: { missingProperty: 'body' }, message: "must have required property 'body'" });
  else if (typeof body.quantity !== 'string') errors.push({ instancePath: '/body', keyword: 'required', params: { missingProperty: 'quantity' }, message: "must have required property 'quantity'" });
  else if (!quantity.test(body.quantity)) errors.push({ instancePath: '/body/quantity', keyword: 'pattern', params: { pattern: '^[1-9][0-9]*$' }, message: 'must match pattern "^[1-9][0-9]*$"' });
  if (!value.header || typeof value.header['Idempotency-Key'] !== 'string') errors.push({ instancePath: '/header', keyword: 'required', params: { missingProperty: 'Idempotency-Key' }, message: "must have required property 'Idempotency-Key'" });
  request.errors = errors.length > 0 ? errors : null;
  return errors.length === 0;
}
export default {
  operation: { operationId: 'placeOptionOrder', method: 'POST', path: '/orders/options', contentType: 'application/json', bodyRequired: true,
    fields: [{ name: 'Idempotency-Key', in: 'header', required: true, type: 'string', example: '', description: '' }],
    formParts: [], examples: [], responses: {} },
  request,
};
`;

/** v2's Try it module of `placeOptionOrder`: v1's checks, and clientOrderId is required. */
const V2_TRY_IT_MODULE = TRY_IT_MODULE.replace(
  '  if (!value.header ||',
  "  if (body !== undefined && typeof body.clientOrderId !== 'string') errors.push({ instancePath: '/body', keyword: 'required', params: { missingProperty: 'clientOrderId' }, message: \"must have required property 'clientOrderId'\" });\n  if (!value.header ||",
);

/** The files of a build of v1 only (`DOCS_VERSIONS=current`), by path relative to the build root. */
export const MCP_FILES_V1_ONLY = {
  'gate-manifest.json': JSON.stringify({ baseUrl: '/' }),
  'llms.txt': LLMS_TXT,
  'docs/getting-started/standard-errors.md': ERRORS_PAGE,
  'docs/getting-started/changelog.md': LONG_PAGE,
  'docs/trading-api/index.md': '---\ntitle: "Trading API"\n---\n\n# Trading API\n\nOrders.\n',
  'docs/trading-api/options/single-option-order.md': OPTION_ORDER_PAGE,
  'search-index.json': JSON.stringify(SEARCH_INDEX),
  'docs/mcp-catalog.json': JSON.stringify({ ...CATALOG, versions: ['v1'] }),
  'docs/try-it/placeOptionOrder.js': TRY_IT_MODULE,
};

/** Files of the fixture build, both docs versions, by path relative to the build root. */
export const MCP_FILES = {
  ...MCP_FILES_V1_ONLY,
  'docs/mcp-catalog.json': JSON.stringify(CATALOG),
  'llms-v2.txt': LLMS_V2_TXT,
  'docs/v2/getting-started/standard-errors.md': V2_ERRORS_PAGE,
  'docs/v2/trading-api/options/cancel-option-order.md': V2_CANCEL_PAGE,
  'docs/v2/trading-api/options/single-option-order.md': OPTION_ORDER_PAGE.replace(
    '## Errors',
    '- `clientOrderId` (string, required)\n\n## Errors',
  ),
  'docs/v2/search-index.json': JSON.stringify(V2_SEARCH_INDEX),
  'docs/v2/mcp-catalog.json': JSON.stringify(V2_CATALOG),
  'docs/try-it/v2/placeOptionOrder.js': V2_TRY_IT_MODULE,
};

/**
 * Reads files from memory, as `readAssetFromDirectory` reads them from a folder.
 * @param {Record<string, string>} files
 * @returns {import('../app.mjs').ReadAsset}
 */
export function readAssetFromMemory(files) {
  return async (file) => {
    if (!Object.hasOwn(files, file)) return undefined;
    const bytes = new TextEncoder().encode(files[file]);
    return { size: bytes.byteLength, etag: `"${bytes.byteLength}"`, open: () => new Blob([bytes]).stream() };
  };
}

/**
 * An option order for one and a half contracts, as an assistant would check it with `validate_request` on a real
 * build (the build test, the browser session, the bench): the documented issue is `whole_number` at `quantity`.
 */
export const A_FRACTIONAL_OPTION_ORDER = {
  operationId: 'placeOptionOrder',
  header: { 'Idempotency-Key': '0b6f3c53-3d53-4a43-9a1f-1a8f0b7e2c11' },
  body: {
    accountNumber: '5GT10001',
    symbol: 'XMPL  250620C00190000',
    side: 'BUY_TO_OPEN',
    type: 'MARKET',
    quantity: '1.5',
    timeInForce: 'DAY',
  },
};
