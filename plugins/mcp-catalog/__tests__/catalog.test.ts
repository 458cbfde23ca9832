import { API_NAMES, loadDereferenced, operationsOf } from '../../../openapi/descriptions';
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

  it('lists each error code with its status and meaning, and the operations that return it', () => {
    const fractional = catalog.errors.filter(({ code }) => code === 'FRACTIONAL_NOT_ALLOWED');
    expect(fractional.length).toBeGreaterThan(0);
    expect(fractional[0]).toMatchObject({ api: 'orders', status: 422 });
    expect(fractional.flatMap(({ operationIds }) => operationIds)).toContain('placeEquityOrder');
  });
});
