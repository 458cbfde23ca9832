/**
 * The sandbox's sources of time and identity are injected: every ID it makes comes from its `ids` option, so a
 * test can name what it will get.
 */
import type { JsonObject } from '../../openapi/document';
import { key, requestExample, testClient } from './client';

/** UUIDs in order: `…-000000000001`, `…-000000000002`, … */
function counter(): { ids: () => string; made: string[] } {
  const made: string[] = [];
  return {
    made,
    ids: () => {
      const id = `00000000-0000-4000-8000-${String(made.length + 1).padStart(12, '0')}`;
      made.push(id);
      return id;
    },
  };
}

describe('injected ids', () => {
  it('makes every ID from the ids option: request IDs, applications, parties, deposits, orders, trades', async () => {
    const source = counter();
    const client = await testClient({ ids: source.ids });
    const application = requestExample(client.sandbox, 'openAccount', 'individual');
    delete application.accountNumber;
    const opened = await client.send('POST', '/v1/accounts', { body: application, headers: key() });
    expect(source.made).toContain(opened.body.applicationId);
    expect(source.made).toContain(opened.headers.get('X-Request-Id'));
    client.tick(2000);
    const accountNumber = String(opened.body.accountNumber);
    const account = await client.send('GET', `/v1/accounts/${accountNumber}`);
    expect(source.made).toContain((account.body.primaryOwner as JsonObject).partyId);
    const deposit = await client.send('POST', `/v1/sandbox/accounts/${accountNumber}/deposits`, {
      body: { amount: { amount: '1000.00', currency: 'USD' } },
      headers: key(),
    });
    expect(source.made).toContain(deposit.body.activityId);
    const order = await client.send('POST', '/v1/orders/equity', {
      body: { accountNumber, symbol: 'XMPL', side: 'BUY', type: 'MARKET', quantity: '1', timeInForce: 'DAY' },
      headers: key(),
    });
    expect(source.made).toContain(order.body.orderId);
    client.tick(2000);
    const trades = await client.send(
      'GET',
      `/v1/accounts/${accountNumber}/activity/trades?from=2026-03-01&to=2026-03-31`,
    );
    expect(source.made).toContain(((trades.body.data as JsonObject[])[0] ?? {}).tradeId);
    expect(client.invalid).toEqual([]);
  });
});
