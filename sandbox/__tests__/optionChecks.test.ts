/**
 * What the sandbox checks on an option order, and what it does not model, as "What the sandbox models" on
 * Sandbox test values (docs/getting-started/sandbox.mdx) lists them: each listed check answers its code, and
 * each listed rule the sandbox does not model lets the order through.
 */
import type { JsonObject } from '../../openapi/document';
import { key, requestExample, testClient, type TestClient } from './client';

async function activeAccount(client: TestClient, cash?: string): Promise<string> {
  const application = requestExample(client.sandbox, 'openAccount', 'individual');
  delete application.accountNumber;
  const opened = await client.send('POST', '/v1/accounts', { body: application, headers: key() });
  expect(opened.status).toBe(202);
  client.tick(2000);
  const accountNumber = String(opened.body.accountNumber);
  if (cash) {
    const deposit = await client.send('POST', `/v1/sandbox/accounts/${accountNumber}/deposits`, {
      body: { amount: { amount: cash, currency: 'USD' } },
      headers: key(),
    });
    expect(deposit.status).toBe(201);
  }
  return accountNumber;
}

const option = (accountNumber: string, fields: JsonObject): JsonObject => ({
  accountNumber,
  symbol: 'XMPL  270618C00190000',
  side: 'BUY_TO_OPEN',
  type: 'MARKET',
  quantity: '1',
  timeInForce: 'DAY',
  ...fields,
});

async function place(client: TestClient, body: JsonObject): Promise<[number, unknown]> {
  const reply = await client.send('POST', '/v1/orders/options', { body, headers: key() });
  return [reply.status, reply.status === 201 ? reply.body.status : (reply.body.error as JsonObject).code];
}

describe('what the sandbox checks on an option order', () => {
  it('refuses a malformed field, an unknown account, a closing sale beyond the position, and a buy beyond buying power', async () => {
    const client = await testClient();
    const funded = await activeAccount(client, '1000.00');
    expect(await place(client, option(funded, { symbol: 'XMPL 250620C00190000' }))).toEqual([400, 'INVALID_FIELD']);
    expect(await place(client, option(funded, { quantity: '1.5' }))).toEqual([400, 'INVALID_FIELD']);
    expect(await place(client, option(funded, { side: 'BUY' }))).toEqual([400, 'INVALID_FIELD']);
    expect(await place(client, option(funded, { limitPrice: { amount: '5.00', currency: 'USD' } }))).toEqual([
      400,
      'INVALID_FIELD',
    ]);
    expect(await place(client, option('5GT99999', {}))).toEqual([404, 'NOT_FOUND']);
    expect(await place(client, option(funded, { side: 'SELL_TO_CLOSE' }))).toEqual([422, 'NO_POSITION_TO_CLOSE']);
    expect(await place(client, option(funded, { quantity: '3' }))).toEqual([422, 'INSUFFICIENT_BUYING_POWER']);
    expect(await place(client, option(funded, {}))).toEqual([201, 'PENDING_NEW']);
    expect(client.invalid).toEqual([]);
  });

  it('refuses any order for an account that is not ACTIVE', async () => {
    const client = await testClient();
    const application = requestExample(client.sandbox, 'openAccount', 'individual');
    delete application.accountNumber;
    (application.owners as JsonObject[])[0].familyName = 'Pending';
    const opened = await client.send('POST', '/v1/accounts', { body: application, headers: key() });
    expect(await place(client, option(String(opened.body.accountNumber), {}))).toEqual([422, 'ACCOUNT_NOT_ACTIVE']);
  });
});

describe('what the sandbox does not model on an option order', () => {
  it('has no options approval levels: an uncovered SELL_TO_OPEN of an account without shares is accepted', async () => {
    const client = await testClient();
    const unfunded = await activeAccount(client);
    expect(await place(client, option(unfunded, { side: 'SELL_TO_OPEN', quantity: '5' }))).toEqual([
      201,
      'PENDING_NEW',
    ]);
  });

  it('has no list of contracts: an unlisted strike and an expired contract are accepted', async () => {
    const client = await testClient();
    const funded = await activeAccount(client, '10000.00');
    expect(await place(client, option(funded, { symbol: 'XMPL  270618C00190125' }))).toEqual([201, 'PENDING_NEW']);
    expect(await place(client, option(funded, { symbol: 'XMPL  200117C00190000' }))).toEqual([201, 'PENDING_NEW']);
  });

  it('does not check price increments or premiums against a quote', async () => {
    const client = await testClient();
    const funded = await activeAccount(client, '100000.00');
    const limit = (amount: string) => ({ type: 'LIMIT', limitPrice: { amount, currency: 'USD' } });
    expect(await place(client, option(funded, limit('6.23')))).toEqual([201, 'PENDING_NEW']);
    expect(await place(client, option(funded, limit('500.00')))).toEqual([201, 'PENDING_NEW']);
  });
});
