/**
 * What an `Idempotency-Key` replays, as API standards (Idempotency, Replay behavior) and the `Idempotency-Key`
 * parameter of the descriptions say: the first completed answer, a 2xx or a 4xx, for 24 hours by the clock; not
 * a 5xx, which a retry with the same key runs again; and the account updates, whose optional key makes a retry of
 * a reviewed change replay its `202` and `applicationId` where a retry without one meets the open review.
 */
import { randomUUID } from 'node:crypto';
import type { JsonObject } from '../../openapi/document';
import { HANDLERS } from '../operations';
import { key, multipart, requestExample, testClient, type TestClient } from './client';

const HOUR = 3_600_000;

const error = (body: JsonObject): JsonObject => body.error as JsonObject;

/** An approved account of the client, with no cash. */
async function account(client: TestClient): Promise<string> {
  const application = requestExample(client.sandbox, 'openAccount', 'individual');
  delete application.accountNumber;
  const opened = await client.send('POST', '/v1/accounts', { body: application, headers: key() });
  client.tick(2000);
  return String(opened.body.accountNumber);
}

const deposit = (client: TestClient, accountNumber: string, headers: Record<string, string>, amount = '10000.00') =>
  client.send('POST', `/v1/sandbox/accounts/${accountNumber}/deposits`, {
    body: { amount: { amount, currency: 'USD' } },
    headers,
  });

let client: TestClient;
beforeEach(async () => {
  client = await testClient();
});
afterEach(() => {
  expect(client.invalid).toEqual([]);
});

describe('a retry with the same key and body', () => {
  it('replays a 422: INSUFFICIENT_BUYING_POWER stays the answer after a deposit, and a new key places the order', async () => {
    const accountNumber = await account(client);
    const buy = { accountNumber, symbol: 'XMPL', side: 'BUY', type: 'MARKET', quantity: '10', timeInForce: 'DAY' };
    const headers = key();
    const refused = await client.send('POST', '/v1/orders/equity', { body: buy, headers });
    expect([refused.status, error(refused.body).code]).toEqual([422, 'INSUFFICIENT_BUYING_POWER']);
    expect((await deposit(client, accountNumber, key())).status).toBe(201);

    const retried = await client.send('POST', '/v1/orders/equity', { body: buy, headers });
    expect([retried.status, error(retried.body).code]).toEqual([422, 'INSUFFICIENT_BUYING_POWER']);
    expect(error(retried.body).message).toBe(error(refused.body).message);
    expect(error(retried.body).requestId).toBe(retried.headers.get('X-Request-Id'));
    const search = await client.send('GET', `/v1/orders/equity?accountNumber=${accountNumber}`);
    expect(search.body.data).toEqual([]);

    const placed = await client.send('POST', '/v1/orders/equity', { body: buy, headers: key() });
    expect(placed.status).toBe(201);
  });

  it('replays a 400 INVALID_FIELD, and the same key with the corrected body is IDEMPOTENCY_KEY_REUSED', async () => {
    const accountNumber = await account(client);
    const headers = key();
    const invalid = await deposit(client, accountNumber, headers, '10.005');
    expect([invalid.status, error(invalid.body).details]).toEqual([
      400,
      [{ field: 'amount.amount', issue: 'invalid_format' }],
    ]);
    expect((await deposit(client, accountNumber, headers, '10.005')).body).toMatchObject({
      error: { code: 'INVALID_FIELD', details: [{ field: 'amount.amount', issue: 'invalid_format' }] },
    });
    const corrected = await deposit(client, accountNumber, headers, '10.00');
    expect([corrected.status, error(corrected.body).code]).toEqual([409, 'IDEMPOTENCY_KEY_REUSED']);
  });

  it('runs the request again after a 500: a 5xx is not stored', async () => {
    const accountNumber = await account(client);
    const handlers = HANDLERS as Record<string, (typeof HANDLERS)[string]>;
    const original = handlers.createSandboxDeposit;
    handlers.createSandboxDeposit = () => {
      throw new Error('a failure of the sandbox, on purpose');
    };
    const headers = key();
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const failed = await deposit(client, accountNumber, headers);
      expect([failed.status, error(failed.body).code]).toEqual([500, 'INTERNAL_ERROR']);
    } finally {
      handlers.createSandboxDeposit = original;
      spy.mockRestore();
    }
    const retried = await deposit(client, accountNumber, headers);
    expect(retried.status).toBe(201);
    expect((await deposit(client, accountNumber, headers)).body).toEqual(retried.body);
  });

  it('does not store what is answered before the key is read, such as a 413', async () => {
    const accountNumber = await account(client);
    const headers = key();
    const large = await client.send('POST', `/v1/sandbox/accounts/${accountNumber}/deposits`, {
      raw: `{"amount":{"amount":"1.00","currency":"USD"},"x":"${'a'.repeat(1024 * 1024)}"}`,
      headers: { ...headers, 'Content-Type': 'application/json' },
    });
    expect(large.status).toBe(413);
    expect((await deposit(client, accountNumber, headers)).status).toBe(201);
  });

  it('tells uploads of two different files apart', async () => {
    const accountNumber = await account(client);
    const first = multipart({ file: '%PDF-1.7 first scan', documentType: 'GOVERNMENT_ID' });
    const sent = await client.send('POST', `/v1/accounts/${accountNumber}/documents`, first);
    expect(sent.status).toBe(201);
    const again = await client.send('POST', `/v1/accounts/${accountNumber}/documents`, first);
    expect(again.body).toEqual(sent.body);
    const other = multipart({ file: '%PDF-1.7 another scan', documentType: 'GOVERNMENT_ID' });
    const reused = await client.send('POST', `/v1/accounts/${accountNumber}/documents`, {
      raw: other.raw,
      headers: { ...other.headers, 'Idempotency-Key': first.headers['Idempotency-Key'] },
    });
    expect([reused.status, error(reused.body).code]).toEqual([409, 'IDEMPOTENCY_KEY_REUSED']);
  });
});

describe('a key', () => {
  it('is kept for 24 hours by the clock, then forgotten, memory included', async () => {
    const accountNumber = await account(client);
    const headers = key();
    const first = await deposit(client, accountNumber, headers, '10.00');
    client.tick(24 * HOUR - 60_000);
    await client.renewToken();
    expect((await deposit(client, accountNumber, headers, '10.00')).body).toEqual(first.body);
    client.tick(2 * 60_000);
    // Any keyed request sweeps the keys whose 24 hours are over.
    await deposit(client, accountNumber, key(), '1.00');
    const keys = client.sandbox.stateOf('sandbox-demo').idempotency;
    expect(keys.has(headers['Idempotency-Key'])).toBe(false);
    const anew = await deposit(client, accountNumber, headers, '10.00');
    expect([anew.status, anew.body.activityId === first.body.activityId]).toEqual([201, false]);
  });

  it('is not forgotten for a count: with 20,000 other keys from the same day, the first still replays', async () => {
    const accountNumber = await account(client);
    const firstKey = key();
    const first = await deposit(client, accountNumber, firstKey, '0.01');
    // 20,000 keys answered since, as many small requests would leave them (the sandbox once kept 20,000).
    const keys = client.sandbox.stateOf('sandbox-demo').idempotency;
    const at = Date.parse('2026-03-02T15:00:10Z');
    for (let index = 0; index < 20_000; index += 1) {
      keys.set(randomUUID(), { state: 'done', fingerprint: 'x', status: 201, body: '{}', headers: {}, at });
    }
    expect((await deposit(client, accountNumber, key(), '0.01')).status).toBe(201);
    expect((await deposit(client, accountNumber, firstKey, '0.01')).body).toEqual(first.body);
  });
});

describe('an account update', () => {
  const path = (accountNumber: string) => `/v1/accounts/${accountNumber}/primary-owner`;

  it('retried with the same key replays its 202 and applicationId; without a key it meets the open review (409)', async () => {
    const accountNumber = await account(client);
    const change = requestExample(client.sandbox, 'updatePrimaryOwner', 'legalNameChange');
    const headers = key();
    const reviewed = await client.send('PATCH', path(accountNumber), { body: change, headers });
    expect(reviewed.status).toBe(202);
    const applicationId = reviewed.body.applicationId;
    expect(applicationId).toEqual(expect.any(String));

    const retried = await client.send('PATCH', path(accountNumber), { body: change, headers });
    expect([retried.status, retried.body]).toEqual([202, reviewed.body]);

    const keyless = await client.send('PATCH', path(accountNumber), { body: change });
    expect([keyless.status, error(keyless.body).code]).toEqual([409, 'CONFLICT']);
    expect(error(keyless.body).message).toMatch(/review/);

    client.tick(2000);
    const decided = await client.send('GET', `/v1/onboarding/applications/${String(applicationId)}`);
    expect(decided.body.status).toBe('APPROVED');
    const later = await client.send('PATCH', path(accountNumber), { body: change, headers: key() });
    expect(later.status).toBe(202);
    expect(later.body.applicationId).not.toBe(applicationId);
  });

  it('with a key that is not a UUID is 400 INVALID_REQUEST', async () => {
    const accountNumber = await account(client);
    const change = requestExample(client.sandbox, 'updatePrimaryOwner', 'legalNameChange');
    const reply = await client.send('PATCH', path(accountNumber), {
      body: change,
      headers: { 'Idempotency-Key': 'retry-1' },
    });
    expect([reply.status, error(reply.body).code]).toEqual([400, 'INVALID_REQUEST']);
  });
});
