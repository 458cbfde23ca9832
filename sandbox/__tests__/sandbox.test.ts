/**
 * The sandbox against its descriptions: every response it sends validated against the description of that
 * operation and status (in the test that sent it), every operation served and guarded, every row of every
 * `x-sandbox-test-values` reached, and the answers to bad input. Each describe runs alone (`-t`): none reads
 * what another left. The clock is the test's, so "within seconds" takes no time.
 */
import crypto, { randomUUID } from 'node:crypto';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { type JsonObject } from '../../openapi/document';
import { createSandbox, type Sandbox, type SandboxOptions } from '../app';
import { matchOperation, validateResponse } from '../spec';
import { key, request, requestExample, versionOf, type Reply, type RequestParts } from './client';

/** Where `npm run sandbox` listens: the sandbox answers requests addressed to this machine only. */
const BASE = 'http://localhost:4020';
let clock = Date.parse('2026-03-02T15:00:00Z');
const tick = (ms: number) => {
  clock += ms;
};

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);

function sandboxWith(options: SandboxOptions = {}): Sandbox {
  return createSandbox({ now: () => clock, ...options });
}

/**
 * Sends a request and checks its response against the description of its operation and status (outside the
 * operations, the common error envelope): the test that sent an invalid response fails.
 */
async function send(
  sandbox: Sandbox,
  method: string,
  path: string,
  parts: RequestParts = {},
): Promise<Reply & { readonly type: string | null }> {
  const reply = await request(sandbox, method, path, parts);
  expect(reply.headers.get('X-Request-Id')).toMatch(/^[0-9a-f-]{36}$/);
  if (versionOf(sandbox, path)) expect(problemsOf(sandbox, method, path, reply)).toEqual([]);
  return reply;
}

/** What is wrong with a response to `method path`, against the description. */
function problemsOf(
  sandbox: Sandbox,
  method: string,
  path: string,
  reply: Reply & { readonly type: string | null },
): string[] {
  const { status, type, body } = reply;
  const match = matchOperation(versionOf(sandbox, path) ?? sandbox.descriptions, method, path.slice(3).split('?')[0]);
  if (match.kind === 'operation' && status !== 404 && status !== 405) {
    return validateResponse(match.operation, status, type, type?.includes('json') ? body : undefined);
  }
  // Outside an operation's own answers: the common error envelope.
  const validate = ajv.compile(sandbox.descriptions.schema('accounts', 'Error'));
  return validate(body) ? [] : [ajv.errorsText(validate.errors)];
}

async function tokenFor(
  sandbox: Sandbox,
  clientId = 'sandbox-demo',
  secret = `${clientId}-secret`,
  scope?: string,
): Promise<string> {
  const response = await sandbox.fetch(
    new Request(`${BASE}/connect/token`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ grant_type: 'client_credentials', ...(scope ? { scope } : {}) }),
    }),
  );
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** Opens an individual account whose primary owner has the given family name, and waits for its review. */
async function openAccount(
  sandbox: Sandbox,
  token: string,
  familyName = 'Rivera',
): Promise<{ accountNumber: string; applicationId: string }> {
  const reservation = await send(sandbox, 'POST', '/v1/account-numbers', {
    token,
    body: { accountType: 'INDIVIDUAL' },
    headers: key(),
  });
  expect(reservation.status).toBe(201);
  const application = requestExample(sandbox, 'openAccount', 'individual');
  application.accountNumber = reservation.body.accountNumber;
  (application.owners as JsonObject[])[0].familyName = familyName;
  const opened = await send(sandbox, 'POST', '/v1/accounts', { token, body: application, headers: key() });
  expect(opened.status).toBe(202);
  expect(opened.body.accountNumber).toBe(reservation.body.accountNumber);
  return { accountNumber: String(opened.body.accountNumber), applicationId: String(opened.body.applicationId) };
}

async function fundedAccount(sandbox: Sandbox, token: string, amount = '10000.00'): Promise<string> {
  const { accountNumber } = await openAccount(sandbox, token);
  tick(2000);
  const deposit = await send(sandbox, 'POST', `/v1/sandbox/accounts/${accountNumber}/deposits`, {
    token,
    body: { amount: { amount, currency: 'USD' } },
    headers: key(),
  });
  expect(deposit.status).toBe(201);
  return accountNumber;
}

const order = (accountNumber: string, fields: JsonObject): JsonObject => ({
  accountNumber,
  side: 'BUY',
  type: 'MARKET',
  quantity: '10',
  timeInForce: 'DAY',
  symbol: 'XMPL',
  ...fields,
});

let sandbox: Sandbox;
let token: string;
beforeAll(async () => {
  sandbox = sandboxWith();
  token = await tokenFor(sandbox);
});

describe('the token endpoint', () => {
  it('issues a bearer token for the demo clients with HTTP Basic, with the scopes asked for or all of the client', async () => {
    const response = await sandbox.fetch(
      new Request(`${BASE}/connect/token`, {
        method: 'POST',
        headers: {
          Authorization: `Basic ${Buffer.from('sandbox-readonly:sandbox-readonly-secret').toString('base64')}`,
        },
        body: new URLSearchParams({ grant_type: 'client_credentials' }),
      }),
    );
    expect(await response.json()).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: 3600,
      scope: 'accounts.read orders.read documents.read',
    });
  });

  it.each([
    ['a wrong secret', 'sandbox-demo:wrong', 'grant_type=client_credentials', 401, 'invalid_client'],
    ['an unknown client', 'nobody:x', 'grant_type=client_credentials', 401, 'invalid_client'],
    // Not form-encoding: a 500 before.
    ['credentials that do not decode', '%E0%A4%A:x', 'grant_type=client_credentials', 401, 'invalid_client'],
    ['a secret that does not decode', 'sandbox-demo:%E0%A4%A', 'grant_type=client_credentials', 401, 'invalid_client'],
    ['credentials without a colon', 'sandbox-demo', 'grant_type=client_credentials', 401, 'invalid_client'],
    ['another grant', 'sandbox-demo:sandbox-demo-secret', 'grant_type=password', 400, 'unsupported_grant_type'],
    [
      'a scope the client lacks',
      'sandbox-readonly:sandbox-readonly-secret',
      'grant_type=client_credentials&scope=orders.write',
      400,
      'invalid_scope',
    ],
  ])('refuses %s', async (_, credentials, form, status, error) => {
    const response = await sandbox.fetch(
      new Request(`${BASE}/connect/token`, {
        method: 'POST',
        headers: {
          Authorization: `Basic ${Buffer.from(credentials).toString('base64')}`,
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: form,
      }),
    );
    expect(response.status).toBe(status);
    expect(await response.json()).toMatchObject({ error });
  });
});

describe('the token endpoint, in constant time', () => {
  /** How many constant-time comparisons checking these credentials makes. */
  async function comparisonsFor(credentials: string): Promise<number> {
    const spy = jest.spyOn(crypto, 'timingSafeEqual');
    try {
      const response = await sandbox.fetch(
        new Request(`${BASE}/connect/token`, {
          method: 'POST',
          headers: { Authorization: `Basic ${Buffer.from(credentials).toString('base64')}` },
          body: new URLSearchParams({ grant_type: 'client_credentials' }),
        }),
      );
      expect(response.status).toBe(401);
      return spy.mock.calls.length;
    } finally {
      spy.mockRestore();
    }
  }

  it('does the same work for an unknown client ID as for a wrong secret', async () => {
    const wrongSecret = await comparisonsFor('sandbox-demo:wrong');
    expect(wrongSecret).toBeGreaterThanOrEqual(2 * sandbox.clients.length);
    expect(await comparisonsFor('nobody:wrong')).toBe(wrongSecret);
    expect(await comparisonsFor('sandbox-dem:wrong')).toBe(wrongSecret);
  });
});

describe('the Host it is asked by', () => {
  it.each(['http://localhost:4020', 'http://127.0.0.1:4020', 'http://[::1]:4020'])('answers %s', async (origin) => {
    expect((await sandbox.fetch(new Request(`${origin}/health`))).status).toBe(200);
  });

  it.each(['http://rebound.evil.example:4020', 'http://localhost.evil.example:4020', 'http://10.0.0.5:4020'])(
    'answers %s (a page that rebound its name to this machine) with 421, doing nothing',
    async (origin) => {
      const issued = await sandbox.fetch(
        new Request(`${origin}/connect/token`, {
          method: 'POST',
          headers: { Authorization: `Basic ${Buffer.from('sandbox-demo:sandbox-demo-secret').toString('base64')}` },
          body: new URLSearchParams({ grant_type: 'client_credentials' }),
        }),
      );
      expect(issued.status).toBe(421);
      expect(await issued.json()).toMatchObject({ error: { code: 'INVALID_REQUEST', message: /localhost/ } });
      const reset = await sandbox.fetch(
        new Request(`${origin}/v1/sandbox/reset`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': randomUUID() },
        }),
      );
      expect(reset.status).toBe(421);
    },
  );

  it('answers a host it was started for (npm run sandbox -- --host)', async () => {
    const named = sandboxWith({ allowedHosts: ['sandbox.internal'] });
    expect((await named.fetch(new Request('http://sandbox.internal:4020/health'))).status).toBe(200);
    expect((await named.fetch(new Request('http://other.internal:4020/health'))).status).toBe(421);
  });
});

describe('accounts and onboarding', () => {
  it('reserves a number, opens an account with it, approves it within seconds and funds it', async () => {
    const { accountNumber, applicationId } = await openAccount(sandbox, token);
    const pending = await send(sandbox, 'GET', `/v1/onboarding/applications/${applicationId}`, { token });
    expect(pending.body.status).toBe('PENDING');
    expect(
      (
        await send(sandbox, 'POST', `/v1/sandbox/accounts/${accountNumber}/deposits`, {
          token,
          body: { amount: { amount: '10.00', currency: 'USD' } },
          headers: key(),
        })
      ).status,
    ).toBe(422);
    tick(1000);
    const approved = await send(sandbox, 'GET', `/v1/onboarding/applications/${applicationId}`, { token });
    expect(approved.body).toMatchObject({
      status: 'APPROVED',
      accountNumber,
      requiredActions: [],
      rejectionReason: null,
    });
    expect((await send(sandbox, 'GET', `/v1/accounts/${accountNumber}`, { token })).body).toMatchObject({
      accountNumber,
      status: 'ACTIVE',
    });
    const deposit = await send(sandbox, 'POST', `/v1/sandbox/accounts/${accountNumber}/deposits`, {
      token,
      body: { amount: { amount: '10000.00', currency: 'USD' } },
      headers: key(),
    });
    expect(deposit.body).toMatchObject({
      type: 'DEPOSIT',
      status: 'POSTED',
      amount: { amount: '10000.00', currency: 'USD' },
    });
    const balances = await send(sandbox, 'GET', `/v1/accounts/${accountNumber}/balances/summary`, { token });
    expect(balances.body).toMatchObject({ buyingPower: { amount: '10000.00' }, cashBalance: { amount: '10000.00' } });
    const activity = await send(
      sandbox,
      'GET',
      `/v1/accounts/${accountNumber}/activity/non-trade?type=DEPOSIT&from=2026-01-01&to=2026-12-31`,
      { token },
    );
    expect(activity.body.data).toEqual([deposit.body]);
  });

  it('answers a reused, unreserved or wrongly typed account number with 409 CONFLICT and assigns one when none is sent', async () => {
    const { accountNumber } = await openAccount(sandbox, token);
    const application = requestExample(sandbox, 'openAccount', 'individual');
    application.accountNumber = accountNumber;
    expect(
      (await send(sandbox, 'POST', '/v1/accounts', { token, body: application, headers: key() })).body,
    ).toMatchObject({ error: { code: 'CONFLICT' } });
    application.accountNumber = 'ZZZ99999';
    expect((await send(sandbox, 'POST', '/v1/accounts', { token, body: application, headers: key() })).status).toBe(
      409,
    );
    delete application.accountNumber;
    const assigned = await send(sandbox, 'POST', '/v1/accounts', { token, body: application, headers: key() });
    expect(assigned.status).toBe(202);
    expect(assigned.body.accountNumber).toMatch(/^[0-9A-Z]{8}$/);
  });

  // One row per family name of `x-sandbox-test-values` of openAccount, read once the outcome is due: `Expire`
  // after its ten minutes with the action open. onboardingActions.test.ts answers the actions.
  it.each([
    ['Rivera', 'APPROVED', null, null, 2000],
    ['Pending', 'PENDING', null, null, 2000],
    ['Document', 'ACTION_REQUIRED', 'DOCUMENT_REQUIRED', null, 2000],
    ['Information', 'ACTION_REQUIRED', 'INFORMATION_REQUIRED', null, 2000],
    ['Expire', 'REJECTED', 'DOCUMENT_REQUIRED', 'ACTION_NOT_COMPLETED', 2000 + 10 * 60_000],
    ['Identity', 'REJECTED', null, 'IDENTITY_NOT_VERIFIED', 2000],
    ['Jurisdiction', 'REJECTED', null, 'RESTRICTED_JURISDICTION', 2000],
    ['Duplicate', 'REJECTED', null, 'DUPLICATE_ACCOUNT', 2000],
    ['Compliance', 'REJECTED', null, 'COMPLIANCE_DECLINED', 2000],
  ])('reviews the family name %s as %s', async (familyName, status, action, reason, wait) => {
    const { applicationId } = await openAccount(sandbox, token, familyName);
    tick(wait);
    const result = await send(sandbox, 'GET', `/v1/onboarding/applications/${applicationId}`, { token });
    expect(result.body.status).toBe(status);
    expect((result.body.requiredActions as JsonObject[]).map((entry) => entry.type)).toEqual(action ? [action] : []);
    expect((result.body.rejectionReason as JsonObject | null)?.code ?? null).toBe(reason);
  });

  it('applies the three account updates of the Onboarding API at once', async () => {
    const accountNumber = await fundedAccount(sandbox, token);
    // The party to update: one on the account, as Get account shows it (another partyId is 404).
    const opened = await send(sandbox, 'GET', `/v1/accounts/${accountNumber}`, { token });
    const [party] = opened.body.associatedParties as JsonObject[];
    for (const [operationId, path] of [
      ['updateAccountAddresses', `/v1/accounts/${accountNumber}/addresses`],
      ['updatePrimaryOwner', `/v1/accounts/${accountNumber}/primary-owner`],
      ['updateAssociatedParty', `/v1/accounts/${accountNumber}/associated-parties/${String(party.partyId)}`],
    ]) {
      const reply = await send(sandbox, 'PATCH', path, { token, body: requestExample(sandbox, operationId) });
      expect([operationId, reply.status]).toEqual([operationId, 200]);
      expect(reply.body.accountNumber).toBe(accountNumber);
    }
    // A legal name goes to a review, followed like an onboarding result.
    const reviewed = await send(sandbox, 'PATCH', `/v1/accounts/${accountNumber}/primary-owner`, {
      token,
      body: requestExample(sandbox, 'updatePrimaryOwner', 'legalNameChange'),
    });
    expect(reviewed.body).toMatchObject({ accountNumber, status: 'PENDING' });
    tick(1000);
    const review = await send(sandbox, 'GET', `/v1/onboarding/applications/${String(reviewed.body.applicationId)}`, {
      token,
    });
    expect(review.body.status).toBe('APPROVED');
  });

  it('adds, generates, describes and downloads documents, and lists the document types', async () => {
    const accountNumber = await fundedAccount(sandbox, token);
    // The multipart body as curl --form sends it.
    const boundary = 'sandbox-test-boundary';
    // No actionId: the account was approved without actions, and an action it never raised is 404.
    const { actionId, ...fields } = requestExample(sandbox, 'addAccountDocument');
    expect(actionId).toBeDefined();
    const parts = Object.entries(fields).map(([name, value]) =>
      name === 'file'
        ? `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="id.pdf"\r\nContent-Type: application/pdf\r\n\r\n${String(value)}\r\n`
        : `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${String(value)}\r\n`,
    );
    const added = await send(sandbox, 'POST', `/v1/accounts/${accountNumber}/documents`, {
      token,
      raw: `${parts.join('')}--${boundary}--\r\n`,
      headers: { ...key(), 'Content-Type': `multipart/form-data; boundary=${boundary}` },
    });
    expect([added.status, added.body]).toEqual([201, expect.anything()]);
    const generated = await send(sandbox, 'POST', `/v1/accounts/${accountNumber}/documents/generate`, {
      token,
      body: requestExample(sandbox, 'generateAccountDocument'),
      headers: key(),
    });
    expect(generated.status).toBe(201);
    for (const documentId of [added.body.documentId, generated.body.documentId]) {
      expect((await send(sandbox, 'GET', `/v1/documents/${String(documentId)}`, { token })).body.documentId).toBe(
        documentId,
      );
      const pdf = await send(sandbox, 'GET', `/v1/documents/${String(documentId)}/content`, { token });
      expect([pdf.status, pdf.headers.get('Content-Type')]).toEqual([200, 'application/pdf']);
    }
    const types = await send(sandbox, 'GET', '/v1/document-types?limit=2', { token });
    expect((types.body.data as unknown[]).length).toBe(2);
    const next = await send(sandbox, 'GET', `/v1/document-types?limit=2&cursor=${String(types.body.nextCursor)}`, {
      token,
    });
    expect(next.status).toBe(200);
    expect((await send(sandbox, 'GET', `/v1/documents/${randomUUID()}`, { token })).status).toBe(404);
  });
});

describe('orders', () => {
  it('fills a market order for XMPL within seconds, moving cash, position and trade activity', async () => {
    const accountNumber = await fundedAccount(sandbox, token);
    const placed = await send(sandbox, 'POST', '/v1/orders/equity', {
      token,
      body: order(accountNumber, {}),
      headers: key(),
    });
    expect(placed.body).toMatchObject({ status: 'PENDING_NEW', leavesQuantity: '10' });
    expect(placed.headers.get('Location')).toBe(`${BASE}/v1/orders/equity/${String(placed.body.orderId)}`);
    tick(1000);
    const filled = await send(sandbox, 'GET', `/v1/orders/equity/${String(placed.body.orderId)}`, { token });
    expect(filled.body).toMatchObject({
      status: 'FILLED',
      filledQuantity: '10',
      leavesQuantity: '0',
      averageFillPrice: { amount: '185.50' },
    });
    expect(
      (await send(sandbox, 'GET', `/v1/accounts/${accountNumber}/balances/summary`, { token })).body,
    ).toMatchObject({ cashBalance: { amount: '8145.00' } });
    expect((await send(sandbox, 'GET', `/v1/accounts/${accountNumber}/positions`, { token })).body.data).toEqual([
      expect.objectContaining({ symbol: 'XMPL', quantity: '10' }),
    ]);
    expect((await send(sandbox, 'GET', `/v1/accounts/${accountNumber}/positions/XMPL`, { token })).body).toMatchObject({
      quantity: '10',
      costBasis: { amount: '1855.00' },
    });
    expect(
      (
        await send(sandbox, 'GET', `/v1/accounts/${accountNumber}/activity/trades?from=2026-01-01&to=2026-12-31`, {
          token,
        })
      ).body.data,
    ).toEqual([expect.objectContaining({ orderId: placed.body.orderId, quantity: '10' })]);
    // Filled is final: no cancel, no replace.
    expect(
      (await send(sandbox, 'DELETE', `/v1/orders/equity/${String(placed.body.orderId)}`, { token })).body,
    ).toMatchObject({ error: { code: 'ORDER_NOT_MODIFIABLE' } });
    // A sell of what it holds is accepted; of more, not.
    expect(
      (
        await send(sandbox, 'POST', '/v1/orders/equity', {
          token,
          body: order(accountNumber, { side: 'SELL', quantity: '11' }),
          headers: key(),
        })
      ).body,
    ).toMatchObject({ error: { code: 'INSUFFICIENT_POSITION' } });
    expect(
      (
        await send(sandbox, 'POST', '/v1/orders/equity', {
          token,
          body: order(accountNumber, { side: 'SELL', quantity: '4.5' }),
          headers: key(),
        })
      ).status,
    ).toBe(201);
  });

  // One row per row of `x-sandbox-test-values` of placeEquityOrder that a placed order reaches.
  it.each([
    ['XPRT', 'PARTIALLY_FILLED'],
    ['XNFL', 'NEW'],
    ['XRJT', 'REJECTED'],
    ['XMPL', 'FILLED'],
  ])('moves an order for %s to %s', async (symbol, status) => {
    const accountNumber = await fundedAccount(sandbox, token);
    const placed = await send(sandbox, 'POST', '/v1/orders/equity', {
      token,
      body: order(accountNumber, { symbol }),
      headers: key(),
    });
    tick(2000);
    expect(
      (await send(sandbox, 'GET', `/v1/orders/equity/${String(placed.body.orderId)}`, { token })).body.status,
    ).toBe(status);
  });

  // The rows that reject an order at once.
  it.each([
    ['a buy beyond buying power', { quantity: '1000' }, 'INSUFFICIENT_BUYING_POWER'],
    ['a sell of shares it does not hold', { side: 'SELL' }, 'INSUFFICIENT_POSITION'],
    ['a short sale', { side: 'SELL_SHORT' }, 'SHORT_SALE_NOT_ALLOWED'],
    ['a short sale of XNBR', { side: 'SELL_SHORT', symbol: 'XNBR' }, 'SHORT_LOCATE_UNAVAILABLE'],
    ['an order for XHLT', { symbol: 'XHLT' }, 'SYMBOL_NOT_TRADABLE'],
    [
      'a fractional LIMIT order',
      { type: 'LIMIT', quantity: '0.5', limitPrice: { amount: '185.50', currency: 'USD' } },
      'FRACTIONAL_NOT_ALLOWED',
    ],
    [
      'a LIMIT at 1855.00 for XMPL',
      { type: 'LIMIT', limitPrice: { amount: '1855.00', currency: 'USD' } },
      'PRICE_OUT_OF_RANGE',
    ],
  ])('answers %s with 422 %s', async (_, fields, code) => {
    const accountNumber = await fundedAccount(sandbox, token);
    const reply = await send(sandbox, 'POST', '/v1/orders/equity', {
      token,
      body: order(accountNumber, fields),
      headers: key(),
    });
    expect([reply.status, (reply.body.error as JsonObject).code]).toEqual([422, code]);
  });

  it('answers an order for a PENDING account with ACCOUNT_NOT_ACTIVE and accepts a fractional market buy', async () => {
    const { accountNumber } = await openAccount(sandbox, token, 'Pending');
    tick(2000);
    expect(
      (await send(sandbox, 'POST', '/v1/orders/equity', { token, body: order(accountNumber, {}), headers: key() }))
        .body,
    ).toMatchObject({ error: { code: 'ACCOUNT_NOT_ACTIVE' } });
    const funded = await fundedAccount(sandbox, token);
    const fractional = await send(sandbox, 'POST', '/v1/orders/equity', {
      token,
      body: order(funded, { quantity: '0.5' }),
      headers: key(),
    });
    tick(2000);
    expect(
      (await send(sandbox, 'GET', `/v1/orders/equity/${String(fractional.body.orderId)}`, { token })).body,
    ).toMatchObject({ status: 'FILLED', filledQuantity: '0.5' });
  });

  it('cancels and replaces working orders along x-transitions, and searches with cursors', async () => {
    const accountNumber = await fundedAccount(sandbox, token);
    const limit = { symbol: 'XNFL', type: 'LIMIT', limitPrice: { amount: '25.00', currency: 'USD' } };
    const first = await send(sandbox, 'POST', '/v1/orders/equity', {
      token,
      body: order(accountNumber, limit),
      headers: key(),
    });
    const second = await send(sandbox, 'POST', '/v1/orders/equity', {
      token,
      body: order(accountNumber, limit),
      headers: key(),
    });
    // A replace while PENDING_NEW is not a transition x-transitions allows.
    expect(
      (
        await send(sandbox, 'PATCH', `/v1/orders/equity/${String(first.body.orderId)}`, {
          token,
          body: { quantity: '20' },
        })
      ).status,
    ).toBe(409);
    tick(500);
    const canceling = await send(sandbox, 'DELETE', `/v1/orders/equity/${String(first.body.orderId)}`, { token });
    expect([canceling.status, canceling.body.status]).toEqual([202, 'PENDING_CANCEL']);
    expect((await send(sandbox, 'DELETE', `/v1/orders/equity/${String(first.body.orderId)}`, { token })).status).toBe(
      202,
    );
    const replacing = await send(sandbox, 'PATCH', `/v1/orders/equity/${String(second.body.orderId)}`, {
      token,
      body: { quantity: '20' },
    });
    expect([replacing.status, replacing.body.status]).toEqual([202, 'PENDING_REPLACE']);
    tick(500);
    expect(
      (await send(sandbox, 'GET', `/v1/orders/equity/${String(first.body.orderId)}`, { token })).body,
    ).toMatchObject({ status: 'CANCELED', leavesQuantity: '0' });
    const replaced = await send(sandbox, 'GET', `/v1/orders/equity/${String(second.body.orderId)}`, { token });
    expect(replaced.body.status).toBe('REPLACED');
    const replacement = await send(sandbox, 'GET', `/v1/orders/equity/${String(replaced.body.replacedByOrderId)}`, {
      token,
    });
    expect(replacement.body).toMatchObject({ status: 'NEW', quantity: '20', replacesOrderId: second.body.orderId });

    const firstPage = await send(sandbox, 'GET', `/v1/orders/equity?accountNumber=${accountNumber}&limit=2`, { token });
    expect((firstPage.body.data as unknown[]).length).toBe(2);
    const cursor = String(firstPage.body.nextCursor);
    const lastPage = await send(
      sandbox,
      'GET',
      `/v1/orders/equity?accountNumber=${accountNumber}&limit=2&cursor=${cursor}`,
      { token },
    );
    expect([(lastPage.body.data as unknown[]).length, lastPage.body.nextCursor]).toEqual([1, null]);
    const changed = await send(
      sandbox,
      'GET',
      `/v1/orders/equity?accountNumber=${accountNumber}&limit=2&status=NEW&cursor=${cursor}`,
      { token },
    );
    expect(changed.body).toMatchObject({ error: { code: 'INVALID_FIELD', details: [{ field: 'cursor' }] } });
  });

  it('places, fills and allocates equity and option block orders, and places, replaces, cancels and searches option orders', async () => {
    const accounts = [await fundedAccount(sandbox, token), await fundedAccount(sandbox, token)];
    const block = await send(sandbox, 'POST', '/v1/orders/equity/block', {
      token,
      body: {
        accountNumbers: accounts,
        symbol: 'XMPL',
        side: 'BUY',
        type: 'MARKET',
        quantity: '10',
        timeInForce: 'DAY',
      },
      headers: key(),
    });
    expect(block.status).toBe(201);
    tick(2000);
    const allocations = {
      allocations: [
        { accountNumber: accounts[0], quantity: '6' },
        { accountNumber: accounts[1], quantity: '3' },
      ],
    };
    expect(
      (
        await send(sandbox, 'POST', `/v1/orders/equity/${String(block.body.orderId)}/allocations`, {
          token,
          body: allocations,
          headers: key(),
        })
      ).body,
    ).toMatchObject({ error: { code: 'ALLOCATION_QUANTITY_MISMATCH' } });
    allocations.allocations[1].quantity = '4';
    const allocated = await send(sandbox, 'POST', `/v1/orders/equity/${String(block.body.orderId)}/allocations`, {
      token,
      body: allocations,
      headers: key(),
    });
    expect(allocated.body).toMatchObject({ allocationStatus: 'ALLOCATED' });
    expect((await send(sandbox, 'GET', `/v1/accounts/${accounts[1]}/positions/XMPL`, { token })).body.quantity).toBe(
      '4',
    );

    const option = requestExample(sandbox, 'placeOptionOrder', 'buyCallsByTerms');
    option.accountNumber = accounts[0];
    const placed = await send(sandbox, 'POST', '/v1/orders/options', { token, body: option, headers: key() });
    expect(placed.body).toMatchObject({ status: 'PENDING_NEW', symbol: 'XMPL  250620C00190000' });
    const working = await send(sandbox, 'POST', '/v1/orders/options', {
      token,
      body: { ...option, limitPrice: { amount: '1.00', currency: 'USD' } },
      headers: key(),
    });
    tick(2000);
    expect(
      (await send(sandbox, 'GET', `/v1/orders/options/${String(placed.body.orderId)}`, { token })).body.status,
    ).toBe('FILLED');
    expect(
      (
        await send(sandbox, 'PATCH', `/v1/orders/options/${String(working.body.orderId)}`, {
          token,
          body: { limitPrice: { amount: '1.10', currency: 'USD' } },
        })
      ).status,
    ).toBe(202);
    tick(500);
    const replacement = (await send(sandbox, 'GET', `/v1/orders/options/${String(working.body.orderId)}`, { token }))
      .body.replacedByOrderId;
    expect((await send(sandbox, 'DELETE', `/v1/orders/options/${String(replacement)}`, { token })).status).toBe(202);
    const search = await send(
      sandbox,
      'GET',
      `/v1/orders/options?accountNumber=${accounts[0]}&status=REPLACED,PENDING_CANCEL`,
      { token },
    );
    expect((search.body.data as JsonObject[]).map((entry) => entry.status).sort()).toEqual([
      'PENDING_CANCEL',
      'REPLACED',
    ]);

    const optionBlock = requestExample(sandbox, 'placeBlockOptionOrder');
    optionBlock.accountNumbers = accounts;
    const optionBlockPlaced = await send(sandbox, 'POST', '/v1/orders/options/block', {
      token,
      body: { ...optionBlock, type: 'MARKET', limitPrice: undefined, stopPrice: undefined, quantity: '2' },
      headers: key(),
    });
    expect(optionBlockPlaced.status).toBe(201);
    tick(2000);
    const optionAllocated = await send(
      sandbox,
      'POST',
      `/v1/orders/options/${String(optionBlockPlaced.body.orderId)}/allocations`,
      {
        token,
        body: { allocations: accounts.map((accountNumber) => ({ accountNumber, quantity: '1' })) },
        headers: key(),
      },
    );
    expect(optionAllocated.status).toBe(201);
  });
});

describe('replacements and cancels, as the order lifecycle says', () => {
  it('carries the fills of the original into the replacement, whose quantity is the new total', async () => {
    const accountNumber = await fundedAccount(sandbox, token, '20000.00');
    // XPRT fills half of what is left, then works the rest.
    const placed = await send(sandbox, 'POST', '/v1/orders/equity', {
      token,
      body: order(accountNumber, { symbol: 'XPRT', quantity: '200', clientOrderId: 'rebal-xprt-1' }),
      headers: key(),
    });
    tick(2000);
    const orderId = String(placed.body.orderId);
    expect((await send(sandbox, 'GET', `/v1/orders/equity/${orderId}`, { token })).body).toMatchObject({
      status: 'PARTIALLY_FILLED',
      filledQuantity: '100',
    });
    const replacing = await send(sandbox, 'PATCH', `/v1/orders/equity/${orderId}`, {
      token,
      body: { quantity: '300' },
    });
    expect([replacing.status, replacing.body.status]).toEqual([202, 'PENDING_REPLACE']);
    tick(500);
    const replaced = await send(sandbox, 'GET', `/v1/orders/equity/${orderId}`, { token });
    expect(replaced.body).toMatchObject({ status: 'REPLACED', filledQuantity: '100', leavesQuantity: '0' });
    const replacementId = String(replaced.body.replacedByOrderId);
    const replacement = await send(sandbox, 'GET', `/v1/orders/equity/${replacementId}`, { token });
    expect(replacement.body).toMatchObject({
      status: 'PARTIALLY_FILLED',
      clientOrderId: 'rebal-xprt-1',
      replacesOrderId: orderId,
      quantity: '300',
      filledQuantity: '100',
      leavesQuantity: '200',
      averageFillPrice: { amount: '50.00' },
    });
    tick(2000);
    // Half of the 200 left fills: 200 of 300 in all, and the account holds what the last order says.
    const last = await send(sandbox, 'GET', `/v1/orders/equity/${replacementId}`, { token });
    expect(last.body).toMatchObject({ status: 'PARTIALLY_FILLED', filledQuantity: '200', leavesQuantity: '100' });
    expect((await send(sandbox, 'GET', `/v1/accounts/${accountNumber}/positions/XPRT`, { token })).body).toMatchObject({
      quantity: '200',
    });
    // The reconciliation guide's order check: the trades of every order in the chain add up to the last order's fills.
    const trades = await send(
      sandbox,
      'GET',
      `/v1/accounts/${accountNumber}/activity/trades?from=2026-01-01&to=2026-12-31`,
      { token },
    );
    const chain = (trades.body.data as JsonObject[]).filter(
      (trade) => trade.orderId === orderId || trade.orderId === replacementId,
    );
    expect(chain.reduce((sum, trade) => sum + Number(trade.quantity), 0)).toBe(200);
  });

  it('cancels the version working when a cancel arrives during PENDING_REPLACE, leaving nothing working', async () => {
    const accountNumber = await fundedAccount(sandbox, token);
    const placed = await send(sandbox, 'POST', '/v1/orders/equity', {
      token,
      body: order(accountNumber, {
        symbol: 'XNFL',
        type: 'LIMIT',
        limitPrice: { amount: '25.00', currency: 'USD' },
      }),
      headers: key(),
    });
    tick(500);
    const orderId = String(placed.body.orderId);
    const replacing = await send(sandbox, 'PATCH', `/v1/orders/equity/${orderId}`, {
      token,
      body: { quantity: '20' },
    });
    expect(replacing.body.status).toBe('PENDING_REPLACE');
    // Before the market confirms the replace, the original is the working version.
    const canceling = await send(sandbox, 'DELETE', `/v1/orders/equity/${orderId}`, { token });
    expect([canceling.status, canceling.body.status]).toEqual([202, 'PENDING_CANCEL']);
    tick(2000);
    expect((await send(sandbox, 'GET', `/v1/orders/equity/${orderId}`, { token })).body).toMatchObject({
      status: 'CANCELED',
      leavesQuantity: '0',
      replacedByOrderId: null,
    });
    // No replacement went on working: the account's only order is the canceled one.
    const orders = await send(sandbox, 'GET', `/v1/orders/equity?accountNumber=${accountNumber}`, { token });
    expect((orders.body.data as JsonObject[]).map((entry) => [entry.orderId, entry.status])).toEqual([
      [orderId, 'CANCELED'],
    ]);
    const balances = await send(sandbox, 'GET', `/v1/accounts/${accountNumber}/balances/summary`, { token });
    expect(balances.body).toMatchObject({ openOrderReserve: { amount: '0.00' }, buyingPower: { amount: '10000.00' } });
  });
});

describe('allocations, as the allocation pages say', () => {
  it('allocates a block once it is final with fills, keeping its clientOrderId, and answers a second allocation with 409 CONFLICT', async () => {
    const accounts = [await fundedAccount(sandbox, token), await fundedAccount(sandbox, token)];
    // XPRT fills half the block, which then works the rest: PARTIALLY_FILLED.
    const block = await send(sandbox, 'POST', '/v1/orders/equity/block', {
      token,
      body: {
        accountNumbers: accounts,
        clientOrderId: 'model-xprt-1',
        symbol: 'XPRT',
        side: 'BUY',
        type: 'MARKET',
        quantity: '10',
        timeInForce: 'DAY',
      },
      headers: key(),
    });
    tick(2000);
    const blockId = String(block.body.orderId);
    expect((await send(sandbox, 'GET', `/v1/orders/equity/${blockId}`, { token })).body).toMatchObject({
      status: 'PARTIALLY_FILLED',
      filledQuantity: '5',
    });
    const allocations = {
      allocations: [
        { accountNumber: accounts[0], quantity: '3' },
        { accountNumber: accounts[1], quantity: '2' },
      ],
    };
    const working = await send(sandbox, 'POST', `/v1/orders/equity/${blockId}/allocations`, {
      token,
      body: allocations,
      headers: key(),
    });
    expect([working.status, working.body]).toEqual([
      422,
      { error: expect.objectContaining({ code: 'BLOCK_NOT_ALLOCATABLE' }) },
    ]);
    // Cancel the rest first, as the page says: the block ends CANCELED with its fills, and can be allocated.
    expect((await send(sandbox, 'DELETE', `/v1/orders/equity/${blockId}`, { token })).status).toBe(202);
    tick(500);
    const allocated = await send(sandbox, 'POST', `/v1/orders/equity/${blockId}/allocations`, {
      token,
      body: allocations,
      headers: key(),
    });
    expect(allocated.body).toMatchObject({ status: 'CANCELED', allocationStatus: 'ALLOCATED', filledQuantity: '5' });
    for (const allocation of allocated.body.allocations as JsonObject[]) {
      expect(
        (await send(sandbox, 'GET', `/v1/orders/equity/${String(allocation.orderId)}`, { token })).body,
      ).toMatchObject({
        kind: 'ALLOCATION',
        clientOrderId: 'model-xprt-1',
        parentOrderId: blockId,
        accountNumber: allocation.accountNumber,
        status: 'FILLED',
      });
    }
    const again = await send(sandbox, 'POST', `/v1/orders/equity/${blockId}/allocations`, {
      token,
      body: allocations,
      headers: key(),
    });
    expect([again.status, again.body]).toEqual([409, { error: expect.objectContaining({ code: 'CONFLICT' }) }]);
    // Nothing was allocated twice.
    expect((await send(sandbox, 'GET', `/v1/accounts/${accounts[0]}/positions/XPRT`, { token })).body.quantity).toBe(
      '3',
    );
  });
});

describe('money and dates of trades, as the activity pages say', () => {
  /** Moves the test clock forward to a moment (never back: tokens and orders count on it). */
  function clockAt(moment: string): void {
    const at = Date.parse(moment);
    expect(at).toBeGreaterThan(clock);
    clock = at;
  }

  /** The trades of an account over the whole test year, newest first. */
  async function tradesOf(own: Sandbox, ownToken: string, accountNumber: string): Promise<JsonObject[]> {
    const reply = await send(
      own,
      'GET',
      `/v1/accounts/${accountNumber}/activity/trades?from=2026-01-01&to=2026-12-31`,
      {
        token: ownToken,
      },
    );
    return reply.body.data as JsonObject[];
  }

  let own: Sandbox;
  let ownToken: string;
  let accountNumber: string;
  let cashBefore: number;
  beforeAll(async () => {
    // Friday 13 March 2026, 9:29 p.m. Eastern (EDT, UTC-4): already Saturday in UTC.
    clockAt('2026-03-14T01:29:00Z');
    own = sandboxWith();
    ownToken = await tokenFor(own);
    ({ accountNumber } = await openAccount(own, ownToken));
    tick(2000);
    const opened = await send(own, 'GET', `/v1/accounts/${accountNumber}/balances/summary`, { token: ownToken });
    cashBefore = Number((opened.body.cashBalance as JsonObject).amount);
    const deposit = await send(own, 'POST', `/v1/sandbox/accounts/${accountNumber}/deposits`, {
      token: ownToken,
      body: { amount: { amount: '10000.00', currency: 'USD' } },
      headers: key(),
    });
    expect(deposit.status).toBe(201);
    await send(own, 'POST', '/v1/orders/equity', { token: ownToken, body: order(accountNumber, {}), headers: key() });
    tick(2000);
    // Saturday 14 March, noon Eastern: no business day, so the sale belongs to Monday's.
    clockAt('2026-03-14T16:00:00Z');
    ownToken = await tokenFor(own);
    await send(own, 'POST', '/v1/orders/equity', {
      token: ownToken,
      body: order(accountNumber, { side: 'SELL', quantity: '4' }),
      headers: key(),
    });
    tick(2000);
    // The other tests' token was issued before the jump.
    token = await tokenFor(sandbox);
  });

  it('signs netAmount from the account’s point of view: negative for the purchase, positive for the sale', async () => {
    const [sale, purchase] = await tradesOf(own, ownToken, accountNumber);
    expect([purchase.side, purchase.grossAmount, purchase.netAmount]).toEqual([
      'BUY',
      { amount: '1855.00', currency: 'USD' },
      { amount: '-1855.00', currency: 'USD' },
    ]);
    expect([sale.side, sale.grossAmount, sale.netAmount]).toEqual([
      'SELL',
      { amount: '742.00', currency: 'USD' },
      { amount: '742.00', currency: 'USD' },
    ]);
  });

  it('dates a trade by its US Eastern business date and settles it one business day later, skipping the weekend', async () => {
    const [sale, purchase] = await tradesOf(own, ownToken, accountNumber);
    expect([purchase.executedAt, purchase.tradeDate, purchase.settlementDate]).toEqual([
      '2026-03-14T01:29:03Z',
      '2026-03-13',
      '2026-03-16',
    ]);
    expect([sale.tradeDate, sale.settlementDate]).toEqual(['2026-03-16', '2026-03-17']);
    // from and to filter on the trade date.
    const friday = await send(
      own,
      'GET',
      `/v1/accounts/${accountNumber}/activity/trades?from=2026-03-13&to=2026-03-13`,
      { token: ownToken },
    );
    expect((friday.body.data as JsonObject[]).map((trade) => trade.side)).toEqual(['BUY']);
  });

  it('passes the reconciliation guide’s cash check: the change in cash is the sum of the trades’ netAmount and the posted non-trade amounts', async () => {
    const from = '2026-03-13';
    const to = '2026-03-16';
    const trades = await send(own, 'GET', `/v1/accounts/${accountNumber}/activity/trades?from=${from}&to=${to}`, {
      token: ownToken,
    });
    const nonTrade = await send(own, 'GET', `/v1/accounts/${accountNumber}/activity/non-trade?from=${from}&to=${to}`, {
      token: ownToken,
    });
    const cents = (money: unknown) => Math.round(Number((money as JsonObject).amount) * 100);
    const booked =
      (trades.body.data as JsonObject[])
        .filter((trade) => trade.status !== 'CANCELED')
        .reduce((sum, trade) => sum + cents(trade.netAmount), 0) +
      (nonTrade.body.data as JsonObject[])
        .filter((entry) => entry.status !== 'PENDING')
        .reduce((sum, entry) => sum + cents(entry.amount), 0);
    const balances = await send(own, 'GET', `/v1/accounts/${accountNumber}/balances/summary`, { token: ownToken });
    // Trade-date cash: the balance includes the unsettled trades.
    expect(cents(balances.body.cashBalance) - Math.round(cashBefore * 100)).toBe(booked);
    expect(booked).toBe(1_000_000 - 185_500 + 74_200);
  });
});

describe('the rules of the hosted sandbox', () => {
  it('replays an idempotent create, refuses the key with another body, and answers 409 CONFLICT while the first runs', async () => {
    const slow = sandboxWith({ processingMs: 50 });
    const slowToken = await tokenFor(slow);
    const headers = key();
    const [first, concurrent] = await Promise.all([
      send(slow, 'POST', '/v1/account-numbers', { token: slowToken, body: { accountType: 'INDIVIDUAL' }, headers }),
      send(slow, 'POST', '/v1/account-numbers', { token: slowToken, body: { accountType: 'INDIVIDUAL' }, headers }),
    ]);
    expect([first.status, concurrent.status, (concurrent.body.error as JsonObject).code]).toEqual([
      201,
      409,
      'CONFLICT',
    ]);
    const replay = await send(slow, 'POST', '/v1/account-numbers', {
      token: slowToken,
      body: { accountType: 'INDIVIDUAL' },
      headers,
    });
    expect(replay.body).toEqual(first.body);
    const reused = await send(slow, 'POST', '/v1/account-numbers', {
      token: slowToken,
      body: { accountType: 'JOINT_WROS' },
      headers,
    });
    expect(reused.body).toMatchObject({ error: { code: 'IDEMPOTENCY_KEY_REUSED' } });
    expect(
      (await send(slow, 'POST', '/v1/account-numbers', { token: slowToken, body: { accountType: 'INDIVIDUAL' } })).body,
    ).toMatchObject({ error: { code: 'INVALID_REQUEST' } });
  });

  it('answers a burst beyond the limit with 429 RATE_LIMITED and Retry-After, and recovers', async () => {
    const limited = sandboxWith({ rateLimit: { requestsPerSecond: 5, burst: 10 } });
    const limitedToken = await tokenFor(limited);
    const replies = [];
    for (let index = 0; index < 11; index += 1)
      replies.push(await send(limited, 'GET', '/v1/document-types', { token: limitedToken }));
    expect(replies.slice(0, 10).map((reply) => reply.status)).toEqual(Array(10).fill(200));
    expect([
      replies[10].status,
      replies[10].headers.get('Retry-After'),
      (replies[10].body.error as JsonObject).code,
    ]).toEqual([429, '1', 'RATE_LIMITED']);
    expect(replies[9].headers.get('RateLimit-Remaining')).toBe('0');
    tick(1000);
    expect((await send(limited, 'GET', '/v1/document-types', { token: limitedToken })).status).toBe(200);
  });

  it('checks scopes (403 SCOPE_MISSING) and tokens (401 UNAUTHENTICATED when missing, forged or expired)', async () => {
    const readOnly = await tokenFor(sandbox, 'sandbox-readonly');
    expect(
      (
        await send(sandbox, 'POST', '/v1/account-numbers', {
          token: readOnly,
          body: { accountType: 'INDIVIDUAL' },
          headers: key(),
        })
      ).body,
    ).toMatchObject({ error: { code: 'SCOPE_MISSING' } });
    expect((await send(sandbox, 'GET', '/v1/document-types')).status).toBe(401);
    expect((await send(sandbox, 'GET', '/v1/document-types', { token: `${token.split('.')[0]}.forged` })).status).toBe(
      401,
    );
    const expiring = await tokenFor(sandbox);
    tick(3600 * 1000);
    const expired = await send(sandbox, 'GET', '/v1/document-types', { token: expiring });
    expect([expired.status, (expired.body.error as JsonObject).code]).toEqual([401, 'UNAUTHENTICATED']);
    token = await tokenFor(sandbox);
  });

  it('answers bad input in the error envelope: malformed JSON, invalid fields, too large, unknown path, wrong method, malformed IDs', async () => {
    const malformed = await send(sandbox, 'POST', '/v1/orders/equity', {
      token,
      raw: '{"accountNumber":',
      headers: { ...key(), 'Content-Type': 'application/json' },
    });
    expect([malformed.status, (malformed.body.error as JsonObject).code]).toEqual([400, 'INVALID_REQUEST']);
    const field = await send(sandbox, 'POST', '/v1/orders/equity', {
      token,
      body: {
        accountNumber: '5GT10001',
        symbol: 'XMPL',
        side: 'BUY',
        type: 'MARKET',
        quantity: 'ten',
        timeInForce: 'DAY',
      },
      headers: key(),
    });
    expect(field.body).toMatchObject({
      error: { code: 'INVALID_FIELD', details: [{ field: 'quantity', issue: 'format' }] },
    });
    const priced = await send(sandbox, 'POST', '/v1/orders/equity', {
      token,
      body: order('5GT10001', { limitPrice: { amount: '1.00', currency: 'USD' } }),
      headers: key(),
    });
    expect(priced.body).toMatchObject({
      error: { code: 'INVALID_FIELD', details: [{ field: 'limitPrice', issue: 'not_allowed' }] },
    });
    const large = await send(sandbox, 'POST', '/v1/orders/equity', {
      token,
      raw: `{"x":"${'a'.repeat(1024 * 1024)}"}`,
      headers: { ...key(), 'Content-Type': 'application/json' },
    });
    expect([large.status, (large.body.error as JsonObject).code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    expect((await send(sandbox, 'GET', '/v1/no/such/path', { token })).body).toMatchObject({
      error: { code: 'NOT_FOUND' },
    });
    const wrong = await send(sandbox, 'PUT', '/v1/orders/equity', { token });
    expect([wrong.status, wrong.headers.get('Allow')]).toEqual([405, 'GET, POST']);
    // A path identifier that breaks its format names nothing: not found (identifiers.test.ts walks every operation).
    expect((await send(sandbox, 'GET', '/v1/accounts/5gt-1', { token })).body).toMatchObject({
      error: { code: 'NOT_FOUND' },
    });
    expect((await send(sandbox, 'GET', '/v1/orders/equity/not-a-uuid', { token })).body).toMatchObject({
      error: { code: 'NOT_FOUND' },
    });
    expect((await send(sandbox, 'GET', `/v1/orders/equity/${randomUUID()}`, { token })).body).toMatchObject({
      error: { code: 'NOT_FOUND' },
    });
    expect((await send(sandbox, 'GET', '/v1/accounts/ZZZ00000', { token })).status).toBe(404);
  });

  it('remembers a hash of each idempotent request, never its body', async () => {
    const own = sandboxWith();
    const ownToken = await tokenFor(own);
    const reserved = await send(own, 'POST', '/v1/account-numbers', {
      token: ownToken,
      body: { accountType: 'INDIVIDUAL' },
      headers: key(),
    });
    expect(reserved.status).toBe(201);
    const entries = [...own.stateOf('sandbox-demo').idempotency.values()];
    expect(entries).toHaveLength(1);
    expect(entries[0].fingerprint).toMatch(/^[\w-]{43}$/);
  });

  it('forgets the oldest idempotency keys beyond the client’s byte limit', async () => {
    const small = sandboxWith({ limits: { idempotencyBytes: 2048 } });
    const smallToken = await tokenFor(small);
    const reserve = (headers: Record<string, string>) =>
      send(small, 'POST', '/v1/account-numbers', { token: smallToken, body: { accountType: 'INDIVIDUAL' }, headers });
    const keys = Array.from({ length: 12 }, key);
    const first = await reserve(keys[0]);
    for (const headers of keys.slice(1)) expect((await reserve(headers)).status).toBe(201);
    const state = small.stateOf('sandbox-demo');
    expect(state.idempotencyBytes).toBeLessThanOrEqual(2048);
    expect(state.idempotency.size).toBeLessThan(keys.length);
    expect(state.idempotency.has(keys[0]['Idempotency-Key'])).toBe(false);
    // The newest key still replays; the forgotten oldest one reserves anew.
    const last = keys.at(-1) as Record<string, string>;
    expect(state.idempotency.has(last['Idempotency-Key'])).toBe(true);
    expect((await reserve(keys[0])).body.accountNumber).not.toBe(first.body.accountNumber);
  });

  it('forgets the idempotency keys on reset, but a retry of the reset replays it', async () => {
    const own = sandboxWith();
    const ownToken = await tokenFor(own);
    const used = key();
    await send(own, 'POST', '/v1/account-numbers', {
      token: ownToken,
      body: { accountType: 'INDIVIDUAL' },
      headers: used,
    });
    const resetKey = key();
    const reset = await send(own, 'POST', '/v1/sandbox/reset', { token: ownToken, headers: resetKey });
    expect(reset.status).toBe(200);
    expect([...own.stateOf('sandbox-demo').idempotency.keys()]).toEqual([resetKey['Idempotency-Key']]);
    tick(1000);
    const retried = await send(own, 'POST', '/v1/sandbox/reset', { token: ownToken, headers: resetKey });
    expect(retried.body).toEqual(reset.body);
    // The key used before the reset is free again: with another body it is a new request, not a reuse.
    const again = await send(own, 'POST', '/v1/account-numbers', {
      token: ownToken,
      body: { accountType: 'JOINT_WROS' },
      headers: used,
    });
    expect(again.status).toBe(201);
  });

  it('keeps state per client, bounded, with a clear error when full, and clears it on reset', async () => {
    const small = sandboxWith({ limits: { orders: 2 } });
    const smallToken = await tokenFor(small);
    const accountNumber = await fundedAccount(small, smallToken);
    for (let index = 0; index < 2; index += 1) {
      expect(
        (
          await send(small, 'POST', '/v1/orders/equity', {
            token: smallToken,
            body: order(accountNumber, { quantity: '1' }),
            headers: key(),
          })
        ).status,
      ).toBe(201);
    }
    const full = await send(small, 'POST', '/v1/orders/equity', {
      token: smallToken,
      body: order(accountNumber, { quantity: '1' }),
      headers: key(),
    });
    expect(full.body).toMatchObject({
      error: { code: 'BUSINESS_RULE_VIOLATION', message: expect.stringContaining('POST /v1/sandbox/reset') },
    });
    expect(small.stateOf('sandbox-readonly').accounts.size).toBe(0);
    const reset = await send(small, 'POST', '/v1/sandbox/reset', { token: smallToken, headers: key() });
    expect(reset.body).toMatchObject({ accountsDeleted: 1, ordersDeleted: 2, documentsDeleted: 0 });
    expect((await send(small, 'GET', `/v1/accounts/${accountNumber}`, { token: smallToken })).status).toBe(404);
  });

  it('moves each client’s sandbox clock forward only, and a reset sets it back (sandbox/__tests__/clock.test.ts has the rest)', async () => {
    const own = sandboxWith();
    const ownToken = await tokenFor(own);
    const before = await send(own, 'GET', '/v1/sandbox/clock', { token: ownToken });
    expect(before.body.advancedBy).toBe('PT0S');
    const moved = await send(own, 'POST', '/v1/sandbox/clock', {
      token: ownToken,
      body: { advanceBy: 'PT6H' },
      headers: key(),
    });
    expect(moved.body).toEqual({
      now: new Date(Date.parse(String(before.body.now)) + 6 * 3600_000).toISOString().replace('.000', ''),
      advancedBy: 'PT6H',
    });
    const back = await send(own, 'POST', '/v1/sandbox/clock', {
      token: ownToken,
      body: { to: before.body.now },
      headers: key(),
    });
    expect(back.status).toBe(422);
    await send(own, 'POST', '/v1/sandbox/reset', { token: ownToken, headers: key() });
    expect((await send(own, 'GET', '/v1/sandbox/clock', { token: ownToken })).body.advancedBy).toBe('PT0S');
  });

  it('sets a test price of an equity symbol, refuses a bad one, and answers an option symbol 404 (ordersOverTime.test.ts has the fills)', async () => {
    const own = sandboxWith();
    const ownToken = await tokenFor(own);
    const set = await send(own, 'PUT', '/v1/sandbox/prices/XMPL', {
      token: ownToken,
      body: { price: { amount: '190.00', currency: 'USD' } },
    });
    expect(set.body).toMatchObject({ symbol: 'XMPL', price: { amount: '190.00', currency: 'USD' } });
    const bad = await send(own, 'PUT', '/v1/sandbox/prices/XMPL', {
      token: ownToken,
      body: { price: { amount: '0.00', currency: 'USD' } },
    });
    expect(bad.body.error).toMatchObject({
      code: 'INVALID_FIELD',
      details: [{ field: 'price.amount', issue: 'out_of_range' }],
    });
    const option = await send(own, 'PUT', `/v1/sandbox/prices/${encodeURIComponent('XMPL  250620C00190000')}`, {
      token: ownToken,
      body: { price: { amount: '5.00', currency: 'USD' } },
    });
    expect(option.status).toBe(404);
  });
});

describe('every operation', () => {
  it('is served and guarded: without a token it answers the 401 its description documents, in the error envelope', async () => {
    const fresh = sandboxWith();
    const unanswered: string[] = [];
    for (const descriptions of Object.values(fresh.versions)) {
      for (const operation of descriptions.operations) {
        const path = `/${descriptions.version}${operation.path.replace(/\{[^}]+\}/g, () => randomUUID())}`;
        const reply = await send(fresh, operation.method.toUpperCase(), path, {});
        if (reply.status !== 401) unanswered.push(`${descriptions.version} ${operation.operationId}: ${reply.status}`);
      }
    }
    expect(unanswered).toEqual([]);
    expect(fresh.descriptions.operations.length).toBeGreaterThan(30);
    expect(fresh.versions.v2.operations.map((operation) => operation.api)).toContain('orders');
  });
});
