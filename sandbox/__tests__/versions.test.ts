/**
 * Trading API v2 under /v2, beside v1 (openapi/v2/orders.overlay.yaml): cancel as POST …/cancel, clientOrderId
 * required and unique among working orders, the clientOrderId search filter, one state per client for both
 * versions; and v1's deprecated DELETE cancels, with the headers and the sunset their description declares.
 * Every answer of an operation is checked against the description of its version (client.ts).
 */
import { randomUUID } from 'node:crypto';
import { isObject, type JsonObject } from '../../openapi/document';
import { deprecationHeaders, deprecationOf } from '../requests/deprecation';
import { validateResponse, type SandboxOperation } from '../spec';
import { fundedAccount, key, requestExample, testClient, type TestClient } from './client';

/** A limit buy of XNFL, a test symbol that never fills: the order stays working. */
const working = (accountNumber: string, extra: JsonObject = {}): JsonObject => ({
  accountNumber,
  symbol: 'XNFL',
  side: 'BUY',
  type: 'LIMIT',
  quantity: '10',
  limitPrice: { amount: '50.00', currency: 'USD' },
  timeInForce: 'GTC',
  ...extra,
});

const error = (body: JsonObject): JsonObject => body.error as JsonObject;

function operation(client: TestClient, version: 'v1' | 'v2', operationId: string): SandboxOperation {
  const found = client.sandbox.versions[version].operations.find((candidate) => candidate.operationId === operationId);
  if (!found) throw new Error(`no ${operationId} in ${version}`);
  return found;
}

/** The one value a header's schema allows (`const`, or an `enum` of one), if it allows one. */
function onlyValue(header: unknown): unknown {
  const schema = isObject(header) && isObject(header.schema) ? header.schema : {};
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length === 1) return schema.enum[0];
  // A value too long to list as the one allowed (the Link header's) is the header's example.
  return isObject(header) && typeof header.example === 'string' ? header.example : undefined;
}

/** The one value each deprecation header a response of an operation declares allows, by header name. */
function declaredConsts(definition: JsonObject, status: string): Record<string, unknown> {
  const response = (definition.responses as JsonObject)[status] as JsonObject;
  const headers = isObject(response.headers) ? response.headers : {};
  return Object.fromEntries(
    Object.entries(headers)
      .filter(([name]) => ['Deprecation', 'Sunset', 'Link'].includes(name))
      .map(([name, header]) => [name, onlyValue(header)])
      .filter(([, value]) => value !== undefined),
  );
}

let client: TestClient;
let accountNumber: string;

beforeEach(async () => {
  client = await testClient();
  accountNumber = await fundedAccount(client);
});

afterEach(() => {
  expect(client.invalid).toEqual([]);
});

describe('Trading API v2 under /v2', () => {
  it('cancels with POST …/cancel, as the v2 description says, an order placed on v1', async () => {
    const placed = await client.send('POST', '/v1/orders/equity', { body: working(accountNumber), headers: key() });
    expect(placed.status).toBe(201);
    const orderId = String(placed.body.orderId);
    const canceled = await client.send('POST', `/v2/orders/equity/${orderId}/cancel`);
    expect([canceled.status, canceled.body.status]).toEqual([202, 'PENDING_CANCEL']);
    const cancel = operation(client, 'v2', 'cancelEquityOrder');
    expect([cancel.method, cancel.path]).toEqual(['POST', '/orders/equity/{orderId}/cancel']);
    expect(validateResponse(cancel, canceled.status, canceled.headers.get('Content-Type'), canceled.body)).toEqual([]);
    expect(canceled.headers.get('Deprecation')).toBeNull();
    client.tick(2000);
    expect((await client.send('GET', `/v2/orders/equity/${orderId}`)).body.status).toBe('CANCELED');
    expect((await client.send('GET', `/v1/orders/equity/${orderId}`)).body.status).toBe('CANCELED');
  });

  it('answers v2 placements with a Location under /v2, and cancels option orders with POST too', async () => {
    const placed = await client.send('POST', '/v2/orders/equity', {
      body: working(accountNumber, { clientOrderId: 'loc-1' }),
      headers: key(),
    });
    expect(placed.status).toBe(201);
    expect(placed.headers.get('Location')).toBe(
      `http://localhost:4020/v2/orders/equity/${String(placed.body.orderId)}`,
    );
    const option = requestExample(client.sandbox, 'placeOptionOrder', undefined, client.sandbox.versions.v2);
    const placedOption = await client.send('POST', '/v2/orders/options', {
      body: { ...option, accountNumber, clientOrderId: 'opt-1' },
      headers: key(),
    });
    expect(placedOption.status).toBe(201);
    expect(placedOption.headers.get('Location')).toMatch(/\/v2\/orders\/options\//);
    const canceled = await client.send('POST', `/v2/orders/options/${String(placedOption.body.orderId)}/cancel`);
    expect(canceled.status).toBe(202);
  });

  it('does not cancel with DELETE on /v2: it answers as v1 answers a method a path does not have', async () => {
    const placed = await client.send('POST', '/v2/orders/equity', {
      body: working(accountNumber, { clientOrderId: 'del-1' }),
      headers: key(),
    });
    const orderId = String(placed.body.orderId);
    const deleted = await client.send('DELETE', `/v2/orders/equity/${orderId}`);
    const v1Unknown = await client.send('PUT', `/v1/orders/equity/${orderId}`);
    expect(deleted.status).toBe(v1Unknown.status);
    expect(error(deleted.body).code).toBe(error(v1Unknown.body).code);
    expect(error(deleted.body).message).toMatch(/\/v2\/orders\/equity\//);
    expect((await client.send('GET', `/v2/orders/equity/${orderId}`)).body.status).not.toMatch(/CANCEL/);
  });

  it('requires clientOrderId on the four placements: 400 naming the field', async () => {
    for (const [path, operationId] of [
      ['/v2/orders/equity', 'placeEquityOrder'],
      ['/v2/orders/equity/block', 'placeBlockEquityOrder'],
      ['/v2/orders/options', 'placeOptionOrder'],
      ['/v2/orders/options/block', 'placeBlockOptionOrder'],
    ] as const) {
      const body = requestExample(client.sandbox, operationId, undefined, client.sandbox.versions.v2);
      delete body.clientOrderId;
      const reply = await client.send('POST', path, { body, headers: key() });
      expect([path, reply.status, error(reply.body).code]).toEqual([path, 400, 'INVALID_FIELD']);
      expect(error(reply.body).details).toContainEqual(expect.objectContaining({ field: 'clientOrderId' }));
    }
    // v1 still takes an order without one.
    expect(
      (await client.send('POST', '/v1/orders/equity', { body: working(accountNumber), headers: key() })).status,
    ).toBe(201);
  });

  it('refuses a clientOrderId a working order has (409 DUPLICATE_CLIENT_ORDER_ID), and takes it again once that one is CANCELED', async () => {
    expect(client.sandbox.versions.v2.exampleErrorCodes('placeEquityOrder', '409')).toContain(
      'DUPLICATE_CLIENT_ORDER_ID',
    );
    expect(client.sandbox.versions.v1.exampleErrorCodes('placeEquityOrder', '409')).not.toContain(
      'DUPLICATE_CLIENT_ORDER_ID',
    );
    const body = working(accountNumber, { clientOrderId: 'rebal-1' });
    const first = await client.send('POST', '/v2/orders/equity', { body, headers: key() });
    expect(first.status).toBe(201);
    const again = await client.send('POST', '/v2/orders/equity', { body, headers: key() });
    expect([again.status, error(again.body).code]).toEqual([409, 'DUPLICATE_CLIENT_ORDER_ID']);
    expect(error(again.body).message).toContain(String(first.body.orderId));
    expect(error(again.body).requestId).toBe(again.headers.get('X-Request-Id'));
    // v1's description lists no such code: v1 places it.
    expect((await client.send('POST', '/v1/orders/equity', { body, headers: key() })).status).toBe(201);
    for (const order of (await client.send('GET', '/v2/orders/equity?clientOrderId=rebal-1')).body
      .data as JsonObject[]) {
      expect((await client.send('POST', `/v2/orders/equity/${String(order.orderId)}/cancel`)).status).toBe(202);
    }
    client.tick(2000);
    expect((await client.send('POST', '/v2/orders/equity', { body, headers: key() })).status).toBe(201);
  });

  it('searches by clientOrderId, the exact value; v1 ignores the parameter it does not have', async () => {
    await client.send('POST', '/v2/orders/equity', {
      body: working(accountNumber, { clientOrderId: 'find-me' }),
      headers: key(),
    });
    await client.send('POST', '/v2/orders/equity', {
      body: working(accountNumber, { clientOrderId: 'find-me-too' }),
      headers: key(),
    });
    const found = await client.send('GET', '/v2/orders/equity?clientOrderId=find-me');
    expect((found.body.data as JsonObject[]).map((order) => order.clientOrderId)).toEqual(['find-me']);
    const none = await client.send('GET', '/v2/orders/equity?clientOrderId=find');
    expect(none.body.data).toEqual([]);
    const v1 = await client.send('GET', '/v1/orders/equity?clientOrderId=find-me');
    expect([v1.status, (v1.body.data as JsonObject[]).length]).toEqual([200, 2]);
  });

  it('answers an API without a v2 with 404 naming what v2 has, and the catch-all names /v1 and /v2', async () => {
    const accounts = await client.send('GET', `/v2/accounts/${accountNumber}`);
    expect([accounts.status, error(accounts.body).code]).toEqual([404, 'NOT_FOUND']);
    expect(error(accounts.body).message).toMatch(/accounts API has no v2: v2 has the orders API only.*under \/v1/);
    const elsewhere = await client.send('GET', '/v3/orders/equity');
    expect([elsewhere.status, error(elsewhere.body).message]).toEqual([404, expect.stringMatching(/\/v1 and \/v2/)]);
  });
});

describe('the deprecated DELETE cancels of v1', () => {
  const cancels = ['cancelEquityOrder', 'cancelOptionOrder'];

  it('are the two operations of v1 whose description deprecates them, and none of v2', () => {
    const deprecated = (version: 'v1' | 'v2') =>
      client.sandbox.versions[version].operations
        .filter((candidate) => deprecationOf(candidate.definition))
        .map((candidate) => candidate.operationId);
    expect(deprecated('v1').sort()).toEqual(cancels);
    expect(deprecated('v2')).toEqual([]);
  });

  it('derive the headers the description declares, for every response that declares them', () => {
    for (const operationId of cancels) {
      const { definition, statuses } = operation(client, 'v1', operationId);
      const headers = deprecationHeaders(definition);
      expect(Object.keys(declaredConsts(definition, '202')).sort()).toEqual(['Deprecation', 'Link', 'Sunset']);
      for (const status of statuses) {
        const declared = declaredConsts(definition, status);
        for (const name of ['Deprecation', 'Sunset', 'Link'].filter((header) => header in declared)) {
          expect([operationId, status, name, headers[name]]).toEqual([operationId, status, name, declared[name]]);
        }
      }
    }
  });

  it('carry Deprecation, Sunset and Link with the description’s values on every answer, errors too', async () => {
    const { definition } = operation(client, 'v1', 'cancelEquityOrder');
    const expected = declaredConsts(definition, '202');
    expect(Object.keys(expected).sort()).toEqual(['Deprecation', 'Link', 'Sunset']);
    const placed = await client.send('POST', '/v1/orders/equity', { body: working(accountNumber), headers: key() });
    const orderId = String(placed.body.orderId);
    const headersOf = (reply: { headers: Headers }) =>
      Object.fromEntries(Object.keys(expected).map((name) => [name, reply.headers.get(name)]));
    const accepted = await client.send('DELETE', `/v1/orders/equity/${orderId}`);
    expect(accepted.status).toBe(202);
    expect(headersOf(accepted)).toEqual(expected);
    expect(headersOf(await client.send('GET', `/v1/orders/equity/${orderId}`))).toEqual({
      Deprecation: null,
      Link: null,
      Sunset: null,
    });
    client.tick(2000);
    const final = await client.send('DELETE', `/v1/orders/equity/${orderId}`);
    expect([final.status, error(final.body).code]).toEqual([409, 'ORDER_NOT_MODIFIABLE']);
    expect(headersOf(final)).toEqual(expected);
    const unknown = await client.send('DELETE', `/v1/orders/equity/${randomUUID()}`);
    expect([unknown.status, headersOf(unknown)]).toEqual([404, expected]);
    const option = await client.send('DELETE', `/v1/orders/options/${randomUUID()}`);
    expect(headersOf(option)).toEqual(declaredConsts(operation(client, 'v1', 'cancelOptionOrder').definition, '404'));
  });

  it('answer 404 NOT_FOUND naming the sunset and the replacement from the sunset on; v2’s cancel works on', async () => {
    const placed = await client.send('POST', '/v1/orders/equity', { body: working(accountNumber), headers: key() });
    const orderId = String(placed.body.orderId);
    const sunset = deprecationOf(operation(client, 'v1', 'cancelEquityOrder').definition);
    if (!sunset) throw new Error('cancelEquityOrder is not deprecated');
    client.tick(sunset.sunsetAt - 1 - Date.parse('2026-03-02T15:00:02Z'));
    await client.renewToken();
    const before = await client.send('GET', `/v1/orders/equity/${orderId}`);
    expect(before.status).toBe(200);
    client.tick(1);
    const gone = await client.send('DELETE', `/v1/orders/equity/${orderId}`);
    expect([gone.status, error(gone.body).code]).toEqual([404, 'NOT_FOUND']);
    expect(error(gone.body).message).toContain(sunset.sunset);
    expect(error(gone.body).message).toContain(sunset.replacement);
    expect((await client.send('GET', `/v1/orders/equity/${orderId}`)).body.status).not.toBe('PENDING_CANCEL');
    const fresh = await client.send('POST', '/v2/orders/equity', {
      body: working(accountNumber, { clientOrderId: 'after-sunset' }),
      headers: key(),
    });
    expect((await client.send('POST', `/v2/orders/equity/${String(fresh.body.orderId)}/cancel`)).status).toBe(202);
  });
});
