import { DOCS_VERSIONS } from '../../../config/docsVersions';
import { API_NAMES, apisIn, loadDereferenced, operationsOf } from '../../../openapi/descriptions';
import { mcpCatalog } from '../catalog';

const descriptions = Object.fromEntries(API_NAMES.map((api) => [api, loadDereferenced(api)] as const)) as Record<
  (typeof API_NAMES)[number],
  ReturnType<typeof loadDereferenced>
>;
const catalog = mcpCatalog(descriptions, '/developers/');
const operation = (id: string) => {
  const found = catalog.operations.find((candidate) => candidate.operationId === id);
  if (!found) throw new Error(`no ${id} in the catalog`);
  return found;
};

describe('the MCP catalog of the descriptions', () => {
  it('lists every operation of the four descriptions once', () => {
    const ids = API_NAMES.flatMap((api) => operationsOf(api, descriptions[api]).map(({ operationId }) => operationId));
    expect(catalog.operations.map(({ operationId }) => operationId)).toEqual(ids);
  });

  it('gives an operation its page under the base URL, its scopes and its Try it module', () => {
    expect(operation('placeOptionOrder')).toMatchObject({
      api: 'orders',
      method: 'POST',
      path: '/orders/options',
      page: '/developers/docs/trading-api/options/single-option-order',
      scopes: [['orders.write']],
      tryItModule: 'docs/try-it/placeOptionOrder.js',
      issueVocabulary: 'OrderValidationIssue',
    });
  });

  it('anchors fields as the endpoint pages do', () => {
    const placed = operation('placeOptionOrder');
    expect(placed.parameters.map(({ anchor }) => anchor)).toContain('header.Idempotency-Key');
    expect(placed.request?.fields.map(({ anchor }) => anchor)).toEqual(
      expect.arrayContaining(['request.limitPrice', 'request.limitPrice.amount', 'request.quantity']),
    );
    const success = placed.responses.find(({ status }) => status === '201');
    expect(success?.fields.map(({ anchor }) => anchor)).toContain('response.limitPrice');
  });

  it('holds the request samples in curl, JavaScript and Python', () => {
    expect(operation('placeOptionOrder').samples.map(({ language }) => language)).toEqual([
      'curl',
      'javascript',
      'python',
    ]);
  });

  it("says it is v1's, the build's only version by default, and an operation's server under /v1", () => {
    expect(catalog).toMatchObject({ version: 'v1', label: 'v1', versions: ['v1'] });
    expect(operation('placeOptionOrder')).toMatchObject({
      apiVersion: 'v1',
      serverUrl: 'https://sandbox.api.clearing.example/v1',
      deprecation: null,
    });
  });

  it('gives a deprecated operation its x-deprecation: since, sunset and replacement', () => {
    expect(operation('cancelEquityOrder')).toMatchObject({
      method: 'DELETE',
      deprecation: {
        since: '2026-11-30',
        sunset: '2028-03-01',
        replacement: 'POST /v2/orders/equity/{orderId}/cancel',
        link: expect.stringContaining('changelog'),
      },
    });
  });

  it('lists each error code with its status and meaning, and the operations that return it', () => {
    const fractional = catalog.errors.filter(({ code }) => code === 'FRACTIONAL_NOT_ALLOWED');
    expect(fractional.length).toBeGreaterThan(0);
    expect(fractional[0]).toMatchObject({ api: 'orders', status: 422 });
    expect(fractional.flatMap(({ operationIds }) => operationIds)).toContain('placeEquityOrder');
  });
});

describe("v2's MCP catalog: Trading API v2 and v1's descriptions of the other APIs, on v2's pages", () => {
  const [v1Docs, v2Docs] = DOCS_VERSIONS;
  const apiVersions = Object.fromEntries(
    API_NAMES.map((api) => [api, apisIn('v2').includes(api) ? 'v2' : 'v1'] as const),
  );
  const v2 = mcpCatalog(
    Object.fromEntries(API_NAMES.map((api) => [api, loadDereferenced(api, apiVersions[api])] as const)) as Record<
      (typeof API_NAMES)[number],
      ReturnType<typeof loadDereferenced>
    >,
    '/',
    { docsVersion: v2Docs, versions: [v1Docs, v2Docs], apiVersions },
  );
  const ofV2 = (id: string) => v2.operations.find((candidate) => candidate.operationId === id);

  it('says its version, its label and the versions of the build', () => {
    expect(v2).toMatchObject({ version: 'v2', label: 'v2 (preview)', versions: ['v1', 'v2'] });
  });

  it("holds v2's cancel, POST …/cancel under /v2, not deprecated, with v2's page and Try it module", () => {
    expect(ofV2('cancelEquityOrder')).toMatchObject({
      apiVersion: 'v2',
      method: 'POST',
      path: '/orders/equity/{orderId}/cancel',
      serverUrl: 'https://sandbox.api.clearing.example/v2',
      page: '/docs/v2/trading-api/equity/cancel-equity-order',
      tryItModule: 'docs/try-it/v2/cancelEquityOrder.js',
      deprecation: null,
    });
    expect(ofV2('placeEquityOrder')?.request?.fields).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'clientOrderId', required: true })]),
    );
    expect(v2.errors.filter(({ code }) => code === 'DUPLICATE_CLIENT_ORDER_ID')).toEqual([
      expect.objectContaining({ api: 'orders', status: 409 }),
    ]);
  });

  it("holds v1's descriptions of the APIs v2 leaves alone, on v2's pages with v1's Try it modules", () => {
    expect(ofV2('getAccount')).toMatchObject({
      apiVersion: 'v1',
      serverUrl: 'https://sandbox.api.clearing.example/v1',
      page: '/docs/v2/accounts-api/endpoints/get-account',
      tryItModule: 'docs/try-it/getAccount.js',
    });
  });
});
