/**
 * @jest-environment node
 */
import { loadBundled, loadDereferenced, operationsOf } from '../../../openapi/descriptions';
import type { TryItModule } from '../../../contracts/tryIt/operation';
import path from 'node:path';
import { stop, transform } from 'esbuild';
import { tryItEsModule } from '../esModule';
import { tryItModule, tryItModules, tryItOperation, type OperationSource } from '../tryItOperation';

type Api = 'orders' | 'accounts' | 'onboarding';

function source(api: Api, operationId: string): OperationSource {
  const description = loadDereferenced(api);
  const operation = operationsOf(api, description).find((candidate) => candidate.operationId === operationId);
  if (!operation) throw new Error(`no ${operationId}`);
  return { ...operation, serverUrl: 'https://sandbox.api.clearing.example/v1' };
}

/** Runs the generated module as the browser bundle does (CommonJS, its imports resolved). */
function load(code: string): TryItModule {
  const module = { exports: {} as TryItModule };
  new Function('module', 'exports', 'require', code)(module, module.exports, require);
  return module.exports;
}

/** The module of an operation as the plugin writes it: compiled from the bundled description. */
const moduleCode = (api: Api, operationId: string) =>
  tryItModule(source(api, operationId), loadBundled(api, { dereferenced: false }));

describe('tryItOperation', () => {
  it('lists the fields with their examples, required ones marked, and every named body example', () => {
    const operation = tryItOperation(source('orders', 'placeEquityOrder'));
    expect(operation.method).toBe('POST');
    expect(operation.path).toBe('/orders/equity');
    expect(operation.contentType).toBe('application/json');
    expect(operation.fields).toContainEqual(
      expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: true }),
    );
    const names = operation.examples.map(({ name }) => name);
    expect(names).toEqual(expect.arrayContaining(['sandboxMarketBuy', 'sandboxWorkingLimitBuy']));
    const market = operation.examples.find(({ name }) => name === 'sandboxMarketBuy');
    expect(market?.body).toEqual({ kind: 'json', value: expect.objectContaining({ symbol: 'XMPL' }) });
    expect(operation.responses['201']).toEqual({ contentTypes: ['application/json'], checked: true });
  });

  it('describes the parts of an upload form from its schema: the file to pick and the fields, required ones marked', () => {
    const operation = tryItOperation(source('accounts', 'addAccountDocument'));
    expect(operation.contentType).toBe('multipart/form-data');
    expect(operation.formParts.map(({ name, required, file }) => ({ name, required, file }))).toEqual([
      { name: 'file', required: true, file: true },
      { name: 'documentType', required: true, file: false },
      { name: 'partyId', required: false, file: false },
      { name: 'actionId', required: false, file: false },
      { name: 'description', required: false, file: false },
    ]);
    expect(tryItOperation(source('orders', 'placeEquityOrder')).formParts).toEqual([]);
  });

  it('marks every path parameter required and fills it from its example', () => {
    const operation = tryItOperation(source('orders', 'getEquityOrder'));
    expect(operation.fields.filter((field) => field.in === 'path')).toEqual([
      expect.objectContaining({ name: 'orderId', required: true, example: expect.stringMatching(/\S/) }),
    ]);
    expect(operation.examples).toEqual([]);
  });
});

describe('tryItOperation of an API version', () => {
  it("sends below the description's sandbox server path: v2's cancel is POST /v2/orders/equity/{orderId}/cancel", () => {
    const description = loadDereferenced('orders', 'v2');
    const servers = description.servers as { url: string }[];
    const operation = operationsOf('orders', description).find(
      (candidate) => candidate.operationId === 'cancelEquityOrder',
    )!;
    const v2 = tryItOperation({ ...operation, serverUrl: servers[0].url });
    expect([v2.method, v2.basePath, v2.path]).toEqual(['POST', '/v2', '/orders/equity/{orderId}/cancel']);
    const v1 = tryItOperation(source('orders', 'cancelEquityOrder'));
    expect([v1.method, v1.basePath, v1.path]).toEqual(['DELETE', '/v1', '/orders/equity/{orderId}']);
  });
});

describe('tryItModule', () => {
  const placed = load(moduleCode('orders', 'placeEquityOrder'));
  const example = placed.operation.examples[0].body;
  const body = example?.kind === 'json' ? (example.value as Record<string, unknown>) : {};
  const header = { 'Idempotency-Key': '3f9a2c4e-8b1d-4e6f-9a0b-7c5d2e1f3a4b' };

  it('accepts the example request', () => {
    expect(placed.request({ path: {}, query: {}, header, body })).toBe(true);
  });

  it('names what is wrong with a request: a missing body field, a bad header, a missing body', () => {
    const { symbol: _symbol, ...withoutSymbol } = body;
    expect(
      placed.request({ path: {}, query: {}, header: { 'Idempotency-Key': 'not-a-uuid' }, body: withoutSymbol }),
    ).toBe(false);
    expect(placed.request.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ instancePath: '/body', keyword: 'required', params: { missingProperty: 'symbol' } }),
        expect.objectContaining({ instancePath: '/header/Idempotency-Key', keyword: 'format' }),
      ]),
    );
    expect(placed.request({ path: {}, query: {}, header: {} })).toBe(false);
    expect(placed.request.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ instancePath: '', params: { missingProperty: 'body' } }),
        expect.objectContaining({ instancePath: '/header', params: { missingProperty: 'Idempotency-Key' } }),
      ]),
    );
  });

  it('checks a response against the status it answered', () => {
    const check = placed.response_201;
    expect(check).toBeDefined();
    expect(check?.({ unexpected: true })).toBe(false);
    expect(check?.errors?.length).toBeGreaterThan(0);
  });

  it('compiles a schema the description names once, and calls it where it is referenced', () => {
    // Inlined at every reference, the fourteen account types of openAccount made 3.2 MB of code.
    const code = moduleCode('onboarding', 'openAccount');
    expect(code.length).toBeLessThan(1_000_000);
    const opened = load(code);
    const { value } = opened.operation.examples[0].body as { value: Record<string, unknown> };
    const header = { 'Idempotency-Key': '3f9a2c4e-8b1d-4e6f-9a0b-7c5d2e1f3a4b' };
    expect(opened.request({ path: {}, query: {}, header, body: value })).toBe(true);
    expect(opened.request({ path: {}, query: {}, header, body: { ...value, accountType: 'NO_SUCH_TYPE' } })).toBe(
      false,
    );
  });

  it('writes the modules of many operations from one compilation of the description', () => {
    const write = tryItModules(loadBundled('orders', { dereferenced: false }));
    const first = load(write(source('orders', 'placeEquityOrder')));
    const second = load(write(source('orders', 'getEquityOrder')));
    expect(first.operation.operationId).toBe('placeEquityOrder');
    expect(second.operation.operationId).toBe('getEquityOrder');
    expect(first.request({ path: {}, query: {}, header, body })).toBe(true);
    expect(second.request({ path: {}, query: {}, header: {} })).toBe(false);
    expect(second.request.errors).toEqual([
      expect.objectContaining({ instancePath: '/path', params: { missingProperty: 'orderId' } }),
    ]);
  });
});

describe('tryItEsModule', () => {
  // esbuild's service process, which this file's esbuild started, ends with the file: a later test file in this Jest
  // worker checks that the plugin leaves no esbuild process running (index.test.ts).
  afterAll(() => stop());

  it('is one standalone ES module: nothing to import or require, no eval, the same checks as its default export', async () => {
    const code = await tryItEsModule(
      source('orders', 'placeEquityOrder'),
      tryItModules(loadBundled('orders', { dereferenced: false })),
      path.resolve(__dirname, '../../..'),
    );
    expect(code).toMatch(/export default \w+\(\);?\s*$/);
    expect(code).not.toMatch(/\beval\s*\(|new Function/);
    // Run with nothing to resolve, as the browser runs it: a remaining `require` or import would throw.
    const { code: commonJs } = await transform(code, { format: 'cjs' });
    const module = { exports: {} as { default: TryItModule } };
    new Function('module', 'exports', commonJs)(module, module.exports);
    const loaded = module.exports.default;
    expect(loaded.operation.operationId).toBe('placeEquityOrder');
    const example = loaded.operation.examples[0].body;
    const body = example?.kind === 'json' ? example.value : undefined;
    const header = { 'Idempotency-Key': '3f9a2c4e-8b1d-4e6f-9a0b-7c5d2e1f3a4b' };
    expect(loaded.request({ path: {}, query: {}, header, body })).toBe(true);
    expect(loaded.request({ path: {}, query: {}, header: {}, body })).toBe(false);
    expect(loaded.response_201?.({ unexpected: true })).toBe(false);
  });
});
