/**
 * The sandbox clock (`GET` and `POST /v1/sandbox/clock`, Accounts API): each client's sandbox time, moved forward
 * by a test so that what waits for time happens at once, and set back to real time by a reset.
 */
import type { JsonObject } from '../../openapi/document';
import { key, requestExample, testClient } from './client';

const START = '2026-03-02T15:00:00Z';

describe('the sandbox clock', () => {
  it('reads real time until it is moved, then runs ahead by what was asked', async () => {
    const client = await testClient();
    expect((await client.send('GET', '/v1/sandbox/clock')).body).toEqual({ now: START, advancedBy: 'PT0S' });
    const moved = await client.send('POST', '/v1/sandbox/clock', { body: { advanceBy: 'PT6H' }, headers: key() });
    expect(moved.status).toBe(200);
    expect(moved.body).toEqual({ now: '2026-03-02T21:00:00Z', advancedBy: 'PT6H' });
    client.tick(60_000);
    expect((await client.send('GET', '/v1/sandbox/clock')).body).toEqual({
      now: '2026-03-02T21:01:00Z',
      advancedBy: 'PT6H',
    });
    const to = await client.send('POST', '/v1/sandbox/clock', {
      body: { to: '2026-03-04T00:00:00Z' },
      headers: key(),
    });
    expect(to.body).toEqual({ now: '2026-03-04T00:00:00Z', advancedBy: 'P1DT8H59M' });
    expect(client.invalid).toEqual([]);
  });

  it('moves time for what the client creates: an application is decided, and timestamps follow the clock', async () => {
    const client = await testClient();
    const application = requestExample(client.sandbox, 'openAccount', 'individual');
    delete application.accountNumber;
    const opened = await client.send('POST', '/v1/accounts', { body: application, headers: key() });
    await client.send('POST', '/v1/sandbox/clock', { body: { advanceBy: 'P1D' }, headers: key() });
    const result = await client.send('GET', `/v1/onboarding/applications/${String(opened.body.applicationId)}`);
    expect(result.body).toMatchObject({ status: 'APPROVED', decidedAt: '2026-03-02T15:00:01Z' });
    const deposit = await client.send('POST', `/v1/sandbox/accounts/${String(opened.body.accountNumber)}/deposits`, {
      body: { amount: { amount: '100.00', currency: 'USD' } },
      headers: key(),
    });
    expect(deposit.body).toMatchObject({ postedAt: '2026-03-03T15:00:00Z', activityDate: '2026-03-03' });
    expect(client.invalid).toEqual([]);
  });

  it('refuses a move backward, beyond 366 days, or a body that is not one duration or one timestamp', async () => {
    const client = await testClient();
    const move = async (body: unknown, headers: Record<string, string> = key()) => {
      const reply = await client.send('POST', '/v1/sandbox/clock', { body, headers });
      return [
        reply.status,
        (reply.body.error as JsonObject | undefined)?.code,
        (reply.body.error as JsonObject)?.details,
      ];
    };
    expect(await move({ to: '2026-03-01T00:00:00Z' })).toEqual([422, 'BUSINESS_RULE_VIOLATION', undefined]);
    expect(await move({ advanceBy: 'P367D' })).toEqual([422, 'BUSINESS_RULE_VIOLATION', undefined]);
    expect(await move({ advanceBy: '6 hours' })).toEqual([
      400,
      'INVALID_FIELD',
      [{ field: 'advanceBy', issue: 'invalid_format' }],
    ]);
    expect(await move({ advanceBy: 'P1M' })).toEqual([
      400,
      'INVALID_FIELD',
      [{ field: 'advanceBy', issue: 'invalid_format' }],
    ]);
    expect((await move({}))[0]).toBe(400);
    expect((await move({ advanceBy: 'PT1H', to: '2026-03-04T00:00:00Z' }))[0]).toBe(400);
    expect(await move({ advanceBy: 'PT1H' }, {})).toEqual([400, 'INVALID_REQUEST', undefined]);
    expect((await client.send('GET', '/v1/sandbox/clock')).body.advancedBy).toBe('PT0S');
    expect(client.invalid).toEqual([]);
  });

  it('replays a move retried with its key instead of moving twice', async () => {
    const client = await testClient();
    const headers = key();
    await client.send('POST', '/v1/sandbox/clock', { body: { advanceBy: 'PT1H' }, headers });
    const retried = await client.send('POST', '/v1/sandbox/clock', { body: { advanceBy: 'PT1H' }, headers });
    expect(retried.body).toEqual({ now: '2026-03-02T16:00:00Z', advancedBy: 'PT1H' });
    expect((await client.send('GET', '/v1/sandbox/clock')).body.advancedBy).toBe('PT1H');
  });

  it('expires a reserved account number 30 days on, so that opening an account with it is 409 CONFLICT', async () => {
    const client = await testClient();
    const reserved = await client.send('POST', '/v1/account-numbers', {
      body: { accountType: 'INDIVIDUAL' },
      headers: key(),
    });
    expect(reserved.body.expiresAt).toBe('2026-04-01T15:00:00Z');
    await client.send('POST', '/v1/sandbox/clock', { body: { to: '2026-04-01T15:00:00Z' }, headers: key() });
    const application = requestExample(client.sandbox, 'openAccount', 'individual');
    application.accountNumber = reserved.body.accountNumber;
    const opened = await client.send('POST', '/v1/accounts', { body: application, headers: key() });
    expect(opened.status).toBe(409);
    expect(opened.body.error).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('is EXPIRED') });
    expect(client.invalid).toEqual([]);
  });

  it('reaches an onboarding deadline: actions still open at actionDueBy end the application REJECTED', async () => {
    const client = await testClient();
    const application = requestExample(client.sandbox, 'openAccount', 'individual');
    delete application.accountNumber;
    (application.owners as JsonObject[])[0].familyName = 'Document';
    const opened = await client.send('POST', '/v1/accounts', { body: application, headers: key() });
    const path = `/v1/onboarding/applications/${String(opened.body.applicationId)}`;
    await client.send('POST', '/v1/sandbox/clock', { body: { advanceBy: 'PT1M' }, headers: key() });
    const open = await client.send('GET', path);
    expect(open.body).toMatchObject({ status: 'ACTION_REQUIRED' });
    await client.send('POST', '/v1/sandbox/clock', { body: { to: open.body.actionDueBy }, headers: key() });
    expect((await client.send('GET', path)).body).toMatchObject({
      status: 'REJECTED',
      rejectionReason: { code: 'ACTION_NOT_COMPLETED' },
    });
    expect(client.invalid).toEqual([]);
  });

  it('expires a list cursor x-cursor-lifetime-hours after its page, in sandbox time, with 400 INVALID_FIELD on cursor', async () => {
    const client = await testClient();
    const lifetimeHours = client.sandbox.descriptions.cursorLifetimeHours;
    expect(lifetimeHours).toBe(24);
    const first = await client.send('GET', '/v1/document-types?limit=2');
    const cursor = String(first.body.nextCursor);
    await client.send('POST', '/v1/sandbox/clock', { body: { advanceBy: `PT${lifetimeHours}H` }, headers: key() });
    // At its lifetime to the millisecond, the cursor still works.
    expect((await client.send('GET', `/v1/document-types?limit=2&cursor=${cursor}`)).status).toBe(200);
    client.tick(1);
    const expired = await client.send('GET', `/v1/document-types?limit=2&cursor=${cursor}`);
    expect(expired.status).toBe(400);
    expect(expired.body).toMatchObject({
      error: { code: 'INVALID_FIELD', details: [{ field: 'cursor', issue: 'invalid_value' }] },
    });
    expect(String((expired.body.error as JsonObject).message)).toMatch(/start again from the first page/);
    // A cursor of a page read after the move is good for its own lifetime.
    const again = await client.send('GET', '/v1/document-types?limit=2');
    expect(
      (await client.send('GET', `/v1/document-types?limit=2&cursor=${String(again.body.nextCursor)}`)).status,
    ).toBe(200);
    expect(client.invalid).toEqual([]);
  });

  it('goes back to real time on a reset', async () => {
    const client = await testClient();
    await client.send('POST', '/v1/sandbox/clock', { body: { advanceBy: 'P30D' }, headers: key() });
    const reset = await client.send('POST', '/v1/sandbox/reset', { headers: key() });
    expect(reset.body.resetAt).toBe(START);
    expect((await client.send('GET', '/v1/sandbox/clock')).body).toEqual({ now: START, advancedBy: 'PT0S' });
    expect(client.invalid).toEqual([]);
  });
});
