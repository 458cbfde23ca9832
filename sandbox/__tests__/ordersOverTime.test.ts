/**
 * Orders over time, as the order pages say (Trading API, order data blocks and lifecycle): a `DAY` order expires
 * at the 4:00 p.m. Eastern close of its trade date, `IOC` cancels what does not fill at once, `FOK` fills whole or
 * not at all, and `STOP` and `STOP_LIMIT` orders trigger when the price trades at or through the stop. Everything
 * is driven over HTTP: time moves with `POST /v1/sandbox/clock`, prices with `PUT /v1/sandbox/prices/{symbol}`.
 * The test client's clock starts on Monday 2 March 2026 at 10:00 a.m. Eastern (15:00 UTC); that close is 21:00 UTC.
 */
import type { JsonObject } from '../../openapi/document';
import { fundedAccount, key, testClient, type TestClient } from './client';

const usd = (amount: string) => ({ amount, currency: 'USD' });

async function place(client: TestClient, body: JsonObject): Promise<string> {
  const placed = await client.send('POST', '/v1/orders/equity', {
    body: { side: 'BUY', type: 'MARKET', quantity: '10', timeInForce: 'DAY', ...body },
    headers: key(),
  });
  expect(placed.status).toBe(201);
  return String(placed.body.orderId);
}

const read = async (client: TestClient, orderId: string): Promise<JsonObject> =>
  (await client.send('GET', `/v1/orders/equity/${orderId}`)).body;

const moveClock = async (client: TestClient, body: JsonObject): Promise<void> => {
  expect((await client.send('POST', '/v1/sandbox/clock', { body, headers: key() })).status).toBe(200);
};

const setPrice = async (client: TestClient, symbol: string, amount: string): Promise<void> => {
  const reply = await client.send('PUT', `/v1/sandbox/prices/${symbol}`, {
    body: { price: usd(amount) },
  });
  expect(reply.status).toBe(200);
};

describe('DAY orders', () => {
  it('expire at the close of their trade date, keeping their fills; a GTC order works on', async () => {
    const client = await testClient();
    const accountNumber = await fundedAccount(client);
    const never = await place(client, { accountNumber, symbol: 'XNFL' });
    const half = await place(client, { accountNumber, symbol: 'XPRT' });
    const gtc = await place(client, {
      accountNumber,
      symbol: 'XNFL',
      type: 'LIMIT',
      limitPrice: usd('50.00'),
      timeInForce: 'GTC',
    });
    await moveClock(client, { to: '2026-03-02T20:59:59Z' });
    expect(await read(client, never)).toMatchObject({ status: 'NEW' });
    await moveClock(client, { to: '2026-03-02T21:00:00Z' });
    expect(await read(client, never)).toMatchObject({
      status: 'EXPIRED',
      filledQuantity: '0',
      leavesQuantity: '0',
      updatedAt: '2026-03-02T21:00:00Z',
    });
    expect(await read(client, half)).toMatchObject({ status: 'EXPIRED', filledQuantity: '5', leavesQuantity: '0' });
    expect(await read(client, gtc)).toMatchObject({ status: 'NEW' });
    expect(client.invalid).toEqual([]);
  });

  it('placed after the close, work for the next trading day: Friday evening’s order expires on Monday', async () => {
    const client = await testClient();
    const accountNumber = await fundedAccount(client);
    await moveClock(client, { to: '2026-03-06T22:00:00Z' });
    const late = await place(client, { accountNumber, symbol: 'XNFL' });
    await moveClock(client, { to: '2026-03-09T19:59:59Z' });
    expect(await read(client, late)).toMatchObject({ status: 'NEW' });
    // Daylight saving time began on Sunday 8 March: Monday's close is 20:00 UTC.
    await moveClock(client, { to: '2026-03-09T20:00:00Z' });
    expect(await read(client, late)).toMatchObject({ status: 'EXPIRED', updatedAt: '2026-03-09T20:00:00Z' });
  });
});

describe('IOC and FOK orders', () => {
  it('IOC fills what it can at once and cancels the rest', async () => {
    const client = await testClient();
    const accountNumber = await fundedAccount(client);
    const full = await place(client, { accountNumber, symbol: 'XMPL', timeInForce: 'IOC' });
    const half = await place(client, { accountNumber, symbol: 'XPRT', timeInForce: 'IOC' });
    const none = await place(client, { accountNumber, symbol: 'XNFL', timeInForce: 'IOC' });
    const away = await place(client, {
      accountNumber,
      symbol: 'XMPL',
      type: 'LIMIT',
      limitPrice: usd('180.00'),
      timeInForce: 'IOC',
    });
    await moveClock(client, { advanceBy: 'PT2S' });
    expect(await read(client, full)).toMatchObject({ status: 'FILLED', filledQuantity: '10' });
    expect(await read(client, half)).toMatchObject({
      status: 'CANCELED',
      filledQuantity: '5',
      leavesQuantity: '0',
      statusReason: expect.stringContaining('IOC'),
    });
    expect(await read(client, none)).toMatchObject({ status: 'CANCELED', filledQuantity: '0' });
    expect(await read(client, away)).toMatchObject({ status: 'CANCELED', filledQuantity: '0' });
    expect(client.invalid).toEqual([]);
  });

  it('FOK fills in full at once, or is canceled entirely', async () => {
    const client = await testClient();
    const accountNumber = await fundedAccount(client);
    const full = await place(client, { accountNumber, symbol: 'XMPL', timeInForce: 'FOK' });
    const half = await place(client, { accountNumber, symbol: 'XPRT', timeInForce: 'FOK' });
    const none = await place(client, { accountNumber, symbol: 'XNFL', timeInForce: 'FOK' });
    await moveClock(client, { advanceBy: 'PT2S' });
    expect(await read(client, full)).toMatchObject({ status: 'FILLED', filledQuantity: '10' });
    expect(await read(client, half)).toMatchObject({
      status: 'CANCELED',
      filledQuantity: '0',
      statusReason: expect.stringContaining('FOK'),
    });
    expect(await read(client, none)).toMatchObject({ status: 'CANCELED', filledQuantity: '0' });
    const trades = await client.send(
      'GET',
      `/v1/accounts/${accountNumber}/activity/trades?from=2026-03-01&to=2026-03-31`,
    );
    expect((trades.body.data as JsonObject[]).map((trade) => trade.symbol)).toEqual(['XMPL']);
    expect(client.invalid).toEqual([]);
  });
});

describe('STOP and STOP_LIMIT orders', () => {
  it('trigger when the price trades at or through the stop, then fill as a market or limit order', async () => {
    const client = await testClient();
    const accountNumber = await fundedAccount(client);
    // XMPL is at 185.50: a buy stop at 180.00 is through already, one at 190.00 waits.
    const through = await place(client, { accountNumber, symbol: 'XMPL', type: 'STOP', stopPrice: usd('180.00') });
    const waiting = await place(client, { accountNumber, symbol: 'XMPL', type: 'STOP', stopPrice: usd('190.00') });
    const stopLimit = await place(client, {
      accountNumber,
      symbol: 'XMPL',
      type: 'STOP_LIMIT',
      stopPrice: usd('190.00'),
      limitPrice: usd('189.00'),
      timeInForce: 'GTC',
    });
    await moveClock(client, { advanceBy: 'PT2S' });
    expect(await read(client, through)).toMatchObject({ status: 'FILLED', averageFillPrice: usd('185.50') });
    expect(await read(client, waiting)).toMatchObject({ status: 'NEW' });
    expect(await read(client, stopLimit)).toMatchObject({ status: 'NEW' });
    await setPrice(client, 'XMPL', '190.00');
    await moveClock(client, { advanceBy: 'PT2S' });
    expect(await read(client, waiting)).toMatchObject({ status: 'FILLED', averageFillPrice: usd('190.00') });
    // Triggered at 190.00, it is now a limit order at 189.00: it waits for the price to come back to its limit.
    expect(await read(client, stopLimit)).toMatchObject({ status: 'NEW' });
    await setPrice(client, 'XMPL', '188.75');
    await moveClock(client, { advanceBy: 'PT2S' });
    expect(await read(client, stopLimit)).toMatchObject({ status: 'FILLED', averageFillPrice: usd('188.75') });
    expect(client.invalid).toEqual([]);
  });

  it('a sell stop triggers when the price falls to the stop', async () => {
    const client = await testClient();
    const accountNumber = await fundedAccount(client);
    await place(client, { accountNumber, symbol: 'XMPL' });
    await moveClock(client, { advanceBy: 'PT2S' });
    const stop = await place(client, {
      accountNumber,
      symbol: 'XMPL',
      side: 'SELL',
      type: 'STOP',
      stopPrice: usd('180.00'),
    });
    await setPrice(client, 'XMPL', '181.00');
    await moveClock(client, { advanceBy: 'PT2S' });
    expect(await read(client, stop)).toMatchObject({ status: 'NEW' });
    await setPrice(client, 'XMPL', '179.90');
    await moveClock(client, { advanceBy: 'PT2S' });
    expect(await read(client, stop)).toMatchObject({ status: 'FILLED', averageFillPrice: usd('179.90') });
    expect(client.invalid).toEqual([]);
  });
});

describe('option orders', () => {
  it('expire with their contract at the close of its expiration date, whatever their time in force', async () => {
    const client = await testClient();
    const accountNumber = await fundedAccount(client);
    const placed = await client.send('POST', '/v1/orders/options', {
      body: {
        accountNumber,
        symbol: 'XNFL  260320C00050000',
        side: 'BUY_TO_OPEN',
        type: 'LIMIT',
        limitPrice: usd('1.00'),
        quantity: '1',
        timeInForce: 'GTC',
      },
      headers: key(),
    });
    expect(placed.status).toBe(201);
    const orderId = String(placed.body.orderId);
    // Friday 20 March 2026, in daylight saving time: the close is 20:00 UTC.
    await moveClock(client, { to: '2026-03-20T19:59:59Z' });
    expect((await client.send('GET', `/v1/orders/options/${orderId}`)).body).toMatchObject({ status: 'NEW' });
    await moveClock(client, { to: '2026-03-20T20:00:00Z' });
    expect((await client.send('GET', `/v1/orders/options/${orderId}`)).body).toMatchObject({
      status: 'EXPIRED',
      updatedAt: '2026-03-20T20:00:00Z',
      statusReason: expect.stringContaining('contract expired'),
    });
    expect(client.invalid).toEqual([]);
  });
});

describe('test prices', () => {
  it('hold for the client until a reset, which puts back the simulator’s price', async () => {
    const client = await testClient();
    const accountNumber = await fundedAccount(client);
    await setPrice(client, 'XMPL', '200.00');
    const before = await place(client, { accountNumber, symbol: 'XMPL', quantity: '1' });
    await moveClock(client, { advanceBy: 'PT2S' });
    expect(await read(client, before)).toMatchObject({ status: 'FILLED', averageFillPrice: usd('200.00') });
    const position = await client.send('GET', `/v1/accounts/${accountNumber}/positions/XMPL`);
    expect(position.body).toMatchObject({ lastPrice: usd('200.00'), marketValue: usd('200.00') });
    await client.send('POST', '/v1/sandbox/reset', { headers: key() });
    const again = await fundedAccount(client);
    const after = await place(client, { accountNumber: again, symbol: 'XMPL', quantity: '1' });
    client.tick(2000);
    expect(await read(client, after)).toMatchObject({ status: 'FILLED', averageFillPrice: usd('185.50') });
    expect(client.invalid).toEqual([]);
  });
});

describe('XPRT', () => {
  it('fills half the quantity rounded down to whole shares, and leaves an order too small to halve NEW', async () => {
    const client = await testClient();
    const accountNumber = await fundedAccount(client);
    const one = await place(client, {
      accountNumber,
      symbol: 'XPRT',
      quantity: '1',
      timeInForce: 'GTC',
      type: 'LIMIT',
      limitPrice: usd('50.00'),
    });
    const three = await place(client, { accountNumber, symbol: 'XPRT', quantity: '3' });
    await moveClock(client, { advanceBy: 'PT2S' });
    expect(await read(client, one)).toMatchObject({ status: 'NEW', filledQuantity: '0', leavesQuantity: '1' });
    expect(await read(client, three)).toMatchObject({
      status: 'PARTIALLY_FILLED',
      filledQuantity: '1',
      leavesQuantity: '2',
    });
    expect(client.invalid).toEqual([]);
  });
});
