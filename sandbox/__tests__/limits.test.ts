/**
 * Body limits and the answers to bad input, as the descriptions, API standards and Standard errors state them:
 * how large a body each operation reads (`x-max-body-bytes` of the descriptions' info) and the `413` beyond it,
 * uploads up to their file's `x-max-bytes` (10 MB), what a missing file part is, and the issue codes of
 * pattern failures and of bad deposit amounts. Every answer is checked against its operation's description.
 */
import { randomUUID } from 'node:crypto';
import type { JsonObject } from '../../openapi/document';
import { key, multipart, requestExample, testClient, type TestClient } from './client';

const MB = 1024 * 1024;

let client: TestClient;
let accountNumber: string;
beforeAll(async () => {
  client = await testClient();
  const application = requestExample(client.sandbox, 'openAccount', 'individual');
  delete application.accountNumber;
  const opened = await client.send('POST', '/v1/accounts', { body: application, headers: key() });
  accountNumber = String(opened.body.accountNumber);
  client.tick(2000);
  const deposit = await client.send('POST', `/v1/sandbox/accounts/${accountNumber}/deposits`, {
    body: { amount: { amount: '100000.00', currency: 'USD' } },
    headers: key(),
  });
  expect(deposit.status).toBe(201);
});

afterEach(() => {
  const invalid = client.invalid.splice(0);
  expect(invalid).toEqual([]);
});

const error = (body: JsonObject): JsonObject => body.error as JsonObject;

/** A multipart upload whose file part holds `bytes` bytes. */
function upload(bytes: number, fields: Record<string, string> = { documentType: 'GOVERNMENT_ID' }) {
  return client.send(
    'POST',
    `/v1/accounts/${accountNumber}/documents`,
    multipart({ file: `%PDF-1.7 ${'x'.repeat(Math.max(0, bytes - 9))}`, ...fields }),
  );
}

describe('the largest body', () => {
  it('each description states for its request media types, and the sandbox reads', () => {
    const limits = client.sandbox.descriptions.operations.map((operation) => [
      operation.operationId,
      operation.maxBodyBytes,
    ]);
    expect(Object.fromEntries(limits)).toMatchObject({
      placeEquityOrder: 1 * MB,
      updatePrimaryOwner: 1 * MB,
      createSandboxDeposit: 1 * MB,
      addAccountDocument: 20 * MB,
      getEquityOrder: null,
      resetSandbox: null,
    });
  });

  it('is 1 MB for JSON: a larger one is 413 PAYLOAD_TOO_LARGE in the documented error body', async () => {
    const reply = await client.send('POST', '/v1/orders/equity', {
      raw: `{"x":"${'a'.repeat(MB)}"}`,
      headers: { ...key(), 'Content-Type': 'application/json' },
    });
    expect([reply.status, error(reply.body).code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    expect(error(reply.body).message).toMatch(/1 MB/);
    expect(reply.headers.get('X-Request-Id')).toBe(error(reply.body).requestId);
  });

  it('is the v2 description’s under /v2: a larger JSON body is 413 there too', async () => {
    expect(client.sandbox.versions.v2.operations.find((operation) => operation.method === 'POST')?.maxBodyBytes).toBe(
      1 * MB,
    );
    const reply = await client.send('POST', '/v2/orders/equity', {
      raw: `{"x":"${'a'.repeat(MB)}"}`,
      headers: { ...key(), 'Content-Type': 'application/json' },
    });
    expect([reply.status, error(reply.body).code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
  });

  it('of an upload is 20 MB, so that a file up to 10 MB is stored and a larger one is 400 INVALID_FIELD too_large', async () => {
    const stored = await upload(10 * MB);
    expect(stored.status).toBe(201);
    const tooLarge = await upload(12 * MB);
    expect([tooLarge.status, error(tooLarge.body)]).toEqual([
      400,
      expect.objectContaining({ code: 'INVALID_FIELD', details: [{ field: 'file', issue: 'too_large' }] }),
    ]);
    const beyond = await upload(21 * MB);
    expect([beyond.status, error(beyond.body).code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
  });

  it('is not read at all by an operation that takes no body', async () => {
    // 2 MB that is not JSON: before, 413 or 400 INVALID_REQUEST, answers this operation does not list.
    const reply = await client.send('DELETE', `/v1/orders/equity/${randomUUID()}`, {
      raw: 'not json, and large '.repeat(MB / 10),
      headers: { 'Content-Type': 'application/json' },
    });
    expect([reply.status, error(reply.body).code]).toEqual([404, 'NOT_FOUND']);
  });
});

describe('an upload', () => {
  it('without a file part is 400 INVALID_REQUEST, as the description says', async () => {
    const reply = await client.send(
      'POST',
      `/v1/accounts/${accountNumber}/documents`,
      multipart({ documentType: 'GOVERNMENT_ID' }),
    );
    expect([reply.status, error(reply.body).code]).toEqual([400, 'INVALID_REQUEST']);
    expect(error(reply.body).details).toBeUndefined();
  });

  it('that is not multipart is 400 INVALID_REQUEST', async () => {
    const reply = await client.send('POST', `/v1/accounts/${accountNumber}/documents`, {
      body: { documentType: 'GOVERNMENT_ID' },
      headers: key(),
    });
    expect([reply.status, error(reply.body).code]).toEqual([400, 'INVALID_REQUEST']);
  });

  it('with a file but another required part missing is 400 INVALID_FIELD required', async () => {
    const reply = await upload(100, {});
    expect([reply.status, error(reply.body).details]).toEqual([400, [{ field: 'documentType', issue: 'required' }]]);
  });
});

describe('a value that fails its pattern', () => {
  const equity = (fields: JsonObject) => ({
    accountNumber,
    symbol: 'XMPL',
    side: 'BUY',
    type: 'MARKET',
    quantity: '1',
    timeInForce: 'DAY',
    ...fields,
  });
  const option = (fields: JsonObject) => ({
    accountNumber,
    symbol: 'XMPL  270115C00190000',
    side: 'BUY_TO_OPEN',
    type: 'LIMIT',
    limitPrice: { amount: '5.00', currency: 'USD' },
    quantity: '1',
    timeInForce: 'DAY',
    ...fields,
  });

  it.each([
    ['a quantity with seven decimals', '/v1/orders/equity', equity({ quantity: '1.1234567' }), 'quantity', 'precision'],
    [
      'a fractional block quantity',
      '/v1/orders/equity/block',
      { ...equity({ quantity: '10.5' }), accountNumber: undefined, accountNumbers: [accountNumber, '5GT99999'] },
      'quantity',
      'whole_number',
    ],
    ['a fractional contract quantity', '/v1/orders/options', option({ quantity: '1.5' }), 'quantity', 'whole_number'],
    ['a quantity that is not a number', '/v1/orders/equity', equity({ quantity: 'ten' }), 'quantity', 'format'],
    [
      'an account number in lower case',
      '/v1/orders/equity',
      equity({ accountNumber: '5gt10001' }),
      'accountNumber',
      'format',
    ],
  ])('is the issue the errors page names: %s', async (_, path, body, field, issue) => {
    const sent = JSON.parse(JSON.stringify(body)) as JsonObject;
    const reply = await client.send('POST', path, { body: sent, headers: key() });
    expect([reply.status, error(reply.body).code]).toEqual([400, 'INVALID_FIELD']);
    expect(error(reply.body).details).toContainEqual({ field, issue });
  });

  it('in an allocation is whole_number for a fraction and minimum for zero, named with array indexes', async () => {
    // The allocation's fields are checked before its block is looked up.
    const reply = await client.send('POST', `/v1/orders/equity/${randomUUID()}/allocations`, {
      body: {
        allocations: [
          { accountNumber, quantity: '2.5' },
          { accountNumber: '5GT99999', quantity: '0' },
        ],
      },
      headers: key(),
    });
    expect([reply.status, error(reply.body).code]).toEqual([400, 'INVALID_FIELD']);
    expect(error(reply.body).details).toEqual([
      { field: 'allocations[0].quantity', issue: 'whole_number' },
      { field: 'allocations[1].quantity', issue: 'minimum' },
    ]);
  });
});

describe('a bad deposit amount', () => {
  it.each([
    ['zero', { amount: '0.00', currency: 'USD' }, 'amount.amount', 'out_of_range'],
    ['negative', { amount: '-5.00', currency: 'USD' }, 'amount.amount', 'out_of_range'],
    ['above 1000000.00', { amount: '1000000.01', currency: 'USD' }, 'amount.amount', 'out_of_range'],
    ['with three decimal places', { amount: '10.005', currency: 'USD' }, 'amount.amount', 'invalid_format'],
    ['not a number', { amount: 'ten', currency: 'USD' }, 'amount.amount', 'invalid_format'],
    ['in another currency', { amount: '10.00', currency: 'EUR' }, 'amount.currency', 'invalid_value'],
  ])('is the issue the description names: %s', async (_, amount, field, issue) => {
    const reply = await client.send('POST', `/v1/sandbox/accounts/${accountNumber}/deposits`, {
      body: { amount },
      headers: key(),
    });
    expect([reply.status, error(reply.body).code, error(reply.body).details]).toEqual([
      400,
      'INVALID_FIELD',
      [{ field, issue }],
    ]);
  });

  it('with up to two decimal places is taken', async () => {
    for (const amount of ['25', '25.5', '25.50']) {
      const reply = await client.send('POST', `/v1/sandbox/accounts/${accountNumber}/deposits`, {
        body: { amount: { amount, currency: 'USD' } },
        headers: key(),
      });
      expect([amount, reply.status]).toEqual([amount, 201]);
    }
  });
});
