import type { Heading, Paragraph, Table } from 'mdast';
import type { MdxJsxFlowElement } from 'mdast-util-mdx-jsx';
import { operationHref } from '../../../config/apiReference';
import { loadDereferenced, operationsOf } from '../../../openapi/descriptions';
import { environmentUrl, sameComponentIn, scopeAlternatives } from '..';
import { resolveReferences } from '../resolveReferences';
import { operationNodes, schemaNodes, type ReferenceOperation } from '../referenceNodes';
import { decodeEnvironmentUrls, decodeScopeAlternatives } from '../../../contracts/content/endpointFacts';

const accounts = loadDereferenced('accounts');
const servers = accounts.servers as { url: string; description: string }[];

function referenceOperation(operationId: string): ReferenceOperation {
  const operation = operationsOf('accounts', accounts).find((candidate) => candidate.operationId === operationId)!;
  return {
    ...operation,
    serverUrl: servers[0].url,
    urls: servers.map((server) => environmentUrl(server, operation.path)),
    security: scopeAlternatives(operation.definition.security ?? accounts.security),
    referenceHref: operationHref('/api/accounts-api', operationId),
  };
}

/** The attributes of the ApiEndpoint element of an operation block. */
function endpointAttributes(operationId: string): Record<string, string> {
  const [endpoint] = operationNodes(referenceOperation(operationId), 3, () => []) as MdxJsxFlowElement[];
  expect(endpoint.name).toBe('ApiEndpoint');
  return Object.fromEntries(
    endpoint.attributes.map((attribute) => [(attribute as { name: string }).name, String(attribute.value)]),
  );
}

describe('the operation block', () => {
  it('shows the path relative to the base URL, and the whole URL per environment', () => {
    const attributes = endpointAttributes('getBalanceSummary');
    expect(attributes.path).toBe('/accounts/{accountNumber}/balances/summary');
    expect(decodeEnvironmentUrls(attributes.urls)).toEqual([
      {
        environment: 'Sandbox',
        url: 'https://sandbox.api.clearing.example/v1/accounts/{accountNumber}/balances/summary',
      },
      { environment: 'Production', url: 'https://api.clearing.example/v1/accounts/{accountNumber}/balances/summary' },
    ]);
    for (const url of decodeEnvironmentUrls(attributes.urls))
      expect(new URL(url.url).pathname).not.toMatch(/\/v1\/v1\//);
  });

  it('keeps alternative security requirements apart', () => {
    expect(decodeScopeAlternatives(endpointAttributes('getOnboardingResult').security)).toEqual([
      ['accounts.read'],
      ['onboarding.write'],
    ]);
    expect(decodeScopeAlternatives(endpointAttributes('getAccount').security)).toEqual([['accounts.read']]);
  });

  it('links to the operation in the reference', () => {
    expect(endpointAttributes('getAccount').referenceHref).toBe('/api/accounts-api#operation/getAccount');
  });
});

describe('scopeAlternatives', () => {
  it('gives one list per requirement object, the scopes of its schemes together', () => {
    expect(scopeAlternatives([{ oauth: ['a', 'b'] }, { oauth: ['c'], apiKey: [] }])).toEqual([['a', 'b'], ['c']]);
    expect(scopeAlternatives(undefined)).toEqual([]);
  });
});

describe('environmentUrl', () => {
  it('names the environment by the first word of the server description', () => {
    expect(environmentUrl({ url: 'https://x.example/v1/', description: 'Sandbox: test data.' }, '/a')).toEqual({
      environment: 'Sandbox',
      url: 'https://x.example/v1/a',
    });
    expect(() => environmentUrl({ url: 'https://x.example' }, '/a')).toThrow('needs a description');
  });
});

/** The `ApiField`s of an `ApiFieldList`: the attributes, description and nested entries of each. */
interface Entry {
  readonly attributes: Record<string, string>;
  readonly description: string;
  readonly children: Entry[];
}

const attributesOf = (element: MdxJsxFlowElement) =>
  Object.fromEntries(element.attributes.map((attribute) => [(attribute as { name: string }).name, attribute.value]));

function entries(list: MdxJsxFlowElement): Entry[] {
  expect(list.name).toBe('ApiFieldList');
  return (list.children as MdxJsxFlowElement[]).map((field) => {
    expect(field.name).toBe('ApiField');
    const paragraph = field.children.find((child) => child.type === 'paragraph');
    const nested = field.children.find((child) => child.type === 'mdxJsxFlowElement') as MdxJsxFlowElement | undefined;
    return {
      attributes: attributesOf(field) as Record<string, string>,
      description: paragraph ? JSON.stringify(paragraph.children) : '',
      children: nested ? entries(nested) : [],
    };
  });
}

const phrasing = (markdown: string) => (markdown ? [{ type: 'text' as const, value: markdown }] : []);

describe('the field reference', () => {
  it('nests fields under their parents, anchored by scope and dotted path, deeper levels folded', () => {
    const [list] = schemaNodes(
      {
        type: 'object',
        required: ['symbol'],
        properties: {
          symbol: { type: 'string', description: 'The ticker.' },
          limitPrice: {
            type: 'object',
            required: ['amount'],
            properties: {
              amount: { type: 'object', properties: { units: { type: 'string' } } },
            },
          },
        },
      },
      'request',
      'Request body fields',
      phrasing,
    ) as MdxJsxFlowElement[];
    expect(attributesOf(list)).toEqual({ label: 'Request body fields' });
    const [symbol, limitPrice] = entries(list);
    expect(symbol.attributes).toEqual({
      name: 'symbol',
      anchor: 'request.symbol',
      type: 'string',
      requirement: 'required',
    });
    expect(symbol.description).toContain('The ticker.');
    expect(limitPrice.attributes.requirement).toBe('optional');
    const [amount] = limitPrice.children;
    expect(amount.attributes).toMatchObject({
      name: 'amount',
      anchor: 'request.limitPrice.amount',
      requirement: 'required',
    });
    expect(amount.children[0].attributes.anchor).toBe('request.limitPrice.amount.units');

    const nestedLists = (list.children[1] as MdxJsxFlowElement).children.filter(
      (child): child is MdxJsxFlowElement => child.type === 'mdxJsxFlowElement',
    );
    expect(attributesOf(nestedLists[0])).toEqual({ label: 'Fields of limitPrice', parent: 'limitPrice' });
    const deeper = (nestedLists[0].children[0] as MdxJsxFlowElement).children.find(
      (child): child is MdxJsxFlowElement => child.type === 'mdxJsxFlowElement',
    )!;
    expect(attributesOf(deeper)).toEqual({ label: 'Fields of amount', parent: 'amount', collapsed: 'true' });
  });

  it('lists parameters with where they go, and every status with its body, as field entries', () => {
    const nodes = operationNodes(referenceOperation('getAccount'), 3, phrasing);
    const lists = nodes.filter(
      (node): node is MdxJsxFlowElement => node.type === 'mdxJsxFlowElement' && node.name === 'ApiFieldList',
    );
    const [parameters, statuses, responseHeaders, responseBody] = lists.map(entries);
    expect(parameters.map((entry) => entry.attributes)).toContainEqual({
      name: 'accountNumber',
      anchor: 'path.accountNumber',
      type: 'string',
      location: 'path',
      requirement: 'required',
    });
    expect(statuses[0].attributes).toMatchObject({ name: '200', anchor: 'status.200' });
    expect(statuses[0].attributes.type).toMatch(/^application\/json: object/);
    expect(statuses.map((entry) => entry.attributes.name)).toContain('404');
    expect(responseHeaders.map((entry) => entry.attributes.name)).toContain('X-Request-Id');
    expect(responseBody.length).toBeGreaterThan(3);
    expect(responseBody.every((entry) => entry.attributes.anchor.startsWith('response.'))).toBe(true);
    expect(nodes).toContainEqual(
      expect.objectContaining({ type: 'heading', children: [{ type: 'text', value: 'Response body (200)' }] }),
    );
  });

  it("gives a parameter its schema's bounds and default, as a field has them", () => {
    const nodes = operationNodes(referenceOperation('listPositions'), 3, phrasing);
    const [parameters] = nodes
      .filter((node): node is MdxJsxFlowElement => node.type === 'mdxJsxFlowElement' && node.name === 'ApiFieldList')
      .map(entries);
    const limit = parameters.find((entry) => entry.attributes.name === 'limit')!;
    expect(limit.attributes).toMatchObject({ anchor: 'query.limit', type: 'integer', requirement: 'optional' });
    expect(JSON.parse(limit.description)).toEqual([{ type: 'text', value: 'Page size. From 1 to 200. Default `50`.' }]);
  });

  it('lists each response header once, with the statuses that send it, its type and its bounds', () => {
    const operation = referenceOperation('getAccount');
    const requestId = { description: 'Identifies the request.', schema: { type: 'string', format: 'uuid' } };
    const retryAfter = { description: 'Seconds to wait.', schema: { type: 'integer', minimum: 1 } };
    const nodes = operationNodes(
      {
        ...operation,
        definition: {
          ...operation.definition,
          responses: {
            200: { description: 'OK.', headers: { 'X-Request-Id': requestId, 'RateLimit-Limit': retryAfter } },
            429: { description: 'Slow down.', headers: { 'x-request-id': requestId, 'Retry-After': retryAfter } },
            503: { description: 'Later.', headers: { 'X-Request-Id': requestId, 'Retry-After': retryAfter } },
          },
        },
      },
      3,
      phrasing,
    );
    const index = nodes.findIndex(
      (node) => node.type === 'heading' && JSON.stringify(node).includes('Response headers'),
    );
    expect(index).toBeGreaterThan(0);
    const headers = entries(nodes[index + 1] as MdxJsxFlowElement);
    expect(headers.map((entry) => [entry.attributes.name, entry.attributes.anchor, entry.attributes.type])).toEqual([
      ['X-Request-Id', 'responseHeader.X-Request-Id', 'string (uuid)'],
      ['RateLimit-Limit', 'responseHeader.RateLimit-Limit', 'integer'],
      ['Retry-After', 'responseHeader.Retry-After', 'integer'],
    ]);
    expect(headers.map((entry) => JSON.parse(entry.description)[0].value)).toEqual([
      'With every response. Identifies the request.',
      'With `200`. Seconds to wait. At least 1.',
      'With `429` and `503`. Seconds to wait. At least 1.',
    ]);
  });

  it('has no response headers section when no response documents a header', () => {
    const operation = referenceOperation('getAccount');
    const nodes = operationNodes(
      { ...operation, definition: { ...operation.definition, responses: { 204: { description: 'Done.' } } } },
      3,
      phrasing,
    );
    expect(JSON.stringify(nodes)).not.toContain('Response headers');
  });

  it('ends with the sandbox test values as a table of what you send and the outcome, when the operation has them', () => {
    const operation = referenceOperation('getAccount');
    const testValues = [
      { when: 'Any order for `XRJT`', outcome: { 'orders#OrderStatus': 'REJECTED' } },
      { when: 'Family name `Identity`', outcome: { 'a#Status': 'REJECTED', 'a#Reason': 'IDENTITY_NOT_VERIFIED' } },
    ];
    const nodes = operationNodes(
      { ...operation, definition: { ...operation.definition, 'x-sandbox-test-values': testValues } },
      3,
      phrasing,
    );
    const [heading, introduction, table] = nodes.slice(-3) as [Heading, Paragraph, Table];
    expect(heading).toEqual({ type: 'heading', depth: 3, children: [{ type: 'text', value: 'Sandbox test values' }] });
    expect(JSON.stringify(introduction)).toContain('[Sandbox test values](/docs/getting-started/sandbox)');
    const cells = table.children.map((row) => row.children.map((cell) => cell.children));
    expect(cells).toEqual([
      [[{ type: 'text', value: 'You send' }], [{ type: 'text', value: 'Outcome' }]],
      [[{ type: 'text', value: 'Any order for `XRJT`' }], [{ type: 'inlineCode', value: 'REJECTED' }]],
      [
        [{ type: 'text', value: 'Family name `Identity`' }],
        [
          { type: 'inlineCode', value: 'REJECTED' },
          { type: 'text', value: ', ' },
          { type: 'inlineCode', value: 'IDENTITY_NOT_VERIFIED' },
        ],
      ],
    ]);
    expect(JSON.stringify(operationNodes(operation, 3, phrasing))).not.toContain('Sandbox test values');
  });

  it('says so when the success response has no body', () => {
    const operation = referenceOperation('getAccount');
    const noBody = {
      ...operation,
      definition: { ...operation.definition, responses: { 204: { description: 'Done.' } } },
    };
    const nodes = operationNodes(noBody, 3, phrasing);
    const index = nodes.findIndex(
      (node) => node.type === 'heading' && JSON.stringify(node.children).includes('Response body (204)'),
    );
    expect(nodes[index + 1]).toEqual({ type: 'paragraph', children: [{ type: 'text', value: 'No body.' }] });
  });
});

describe('shared schemas, marked for the page Markdown', () => {
  const document = {
    components: {
      schemas: {
        Money: {
          type: 'object',
          description: 'An amount in a currency.',
          properties: { amount: { type: 'string' }, currency: { type: 'string' } },
        },
        Base: { type: 'object', properties: { id: { type: 'string' } } },
        Order: {
          type: 'object',
          properties: {
            limitPrice: { oneOf: [{ $ref: '#/components/schemas/Money' }, { type: 'null' }] },
            stopPrice: { $ref: '#/components/schemas/Money', description: 'The stop price.' },
            fees: { type: 'array', items: { $ref: '#/components/schemas/Money' }, description: 'Fees.' },
            reshaped: { $ref: '#/components/schemas/Money', properties: { extra: { type: 'string' } } },
            extended: { allOf: [{ $ref: '#/components/schemas/Base' }, { properties: { more: { type: 'string' } } }] },
          },
        },
      },
    },
  };
  const order = { $ref: '#/components/schemas/Order' };
  const list = (home?: string) =>
    schemaNodes(
      resolveReferences(document, order, (pointer) => `accounts#${pointer.slice(1)}`),
      'request',
      'Fields',
      phrasing,
      home,
    )[0] as MdxJsxFlowElement;

  it("marks a field whose fields are a component's, and whether its description is the component's own", () => {
    const byName = Object.fromEntries(entries(list()).map((entry) => [entry.attributes.name, entry.attributes]));
    expect(byName.limitPrice).toMatchObject({ schema: 'accounts#/components/schemas/Money', schemaDescribed: 'true' });
    expect(byName.stopPrice).toMatchObject({ schema: 'accounts#/components/schemas/Money' });
    expect(byName.stopPrice).not.toHaveProperty('schemaDescribed');
    expect(byName.fees).toMatchObject({ schema: 'accounts#/components/schemas/Money' });
    // A component given other fields, or merged into another shape, is no longer that component.
    expect(byName.reshaped).not.toHaveProperty('schema');
    expect(byName.extended).not.toHaveProperty('schema');
  });

  it('marks a list of a component, and where a page shows it on purpose', () => {
    expect(attributesOf(list())).toEqual({ label: 'Fields', schema: 'accounts#/components/schemas/Order' });
    expect(attributesOf(list('accounts#/components/schemas/Order'))).toEqual({
      label: 'Fields',
      schema: 'accounts#/components/schemas/Order',
      schemaHome: 'true',
    });
  });

  it('gives the same schema in several descriptions one key, and two schemas of one name two', () => {
    const money = { type: 'object', properties: { amount: { type: 'string' } } };
    const bundled = {
      accounts: { components: { schemas: { Money: money, Affiliation: { type: 'string' } } } },
      onboarding: { components: { schemas: { Affiliation: { type: 'boolean' } } } },
      orders: { components: { schemas: { Money: structuredClone(money) } } },
      documents: {},
    };
    expect(sameComponentIn(bundled, 'orders')('#/components/schemas/Money')).toBe('accounts#/components/schemas/Money');
    expect(sameComponentIn(bundled, 'onboarding')('#/components/schemas/Affiliation')).toBe(
      'onboarding#/components/schemas/Affiliation',
    );
  });
});
