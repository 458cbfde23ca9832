/**
 * The bookkeeping of working orders (sandbox/orders/book.ts): the queue of due steps, which time takes the orders it
 * changes from, and the open order reserve each account keeps instead of summing its working orders. Each is held
 * against what a walk over every order gives: the queue against the steps due, the reserve against the full sum.
 */
import type { JsonObject } from '../../openapi/document';
import { DueQueue } from '../orders/dueQueue';
import { WORKING } from '../orders/lifecycle';
import { OPTION_MULTIPLIER, OPTION_PREMIUM } from '../orders/prices';
import { type ClientState, type OrderRecord, money } from '../state';
import { fundedAccount, key, testClient, type TestClient } from './client';

/** The same numbers from the same seed (mulberry32): a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const usd = (amount: string) => ({ amount, currency: 'USD' });
const START = Date.parse('2026-03-02T15:00:00Z');

/** The open order reserve as a walk over every order of the client gives it (what the sandbox summed before). */
function fullReserve(state: ClientState, accountNumber: string): number {
  let reserve = 0;
  for (const record of state.orders.values()) {
    const { order } = record;
    if (!WORKING.has(String(order.status)) || order.accountNumber !== accountNumber) continue;
    if (!String(order.side).startsWith('BUY')) continue;
    reserve += Number(order.leavesQuantity) * record.price * record.multiplier;
  }
  return reserve;
}

const reserveShown = async (client: TestClient, accountNumber: string): Promise<string> => {
  const summary = await client.send('GET', `/v1/accounts/${accountNumber}/balances/summary`);
  expect(summary.status).toBe(200);
  return String((summary.body.openOrderReserve as JsonObject).amount);
};

const stateOf = (client: TestClient): ClientState => client.sandbox.stateOf('sandbox-demo');

async function place(client: TestClient, body: JsonObject, assetClass = 'equity'): Promise<JsonObject> {
  const reply = await client.send('POST', `/v1/orders/${assetClass}`, {
    body: { side: 'BUY', type: 'MARKET', quantity: '10', timeInForce: 'DAY', ...body },
    headers: key(),
  });
  return { ...reply.body, httpStatus: reply.status };
}

const read = async (client: TestClient, orderId: unknown, assetClass = 'equity'): Promise<JsonObject> =>
  (await client.send('GET', `/v1/orders/${assetClass}/${String(orderId)}`)).body;

describe('DueQueue', () => {
  const record = (workingSince: number, ats: number[]): OrderRecord => ({
    assetClass: 'equity',
    order: {},
    price: 1,
    multiplier: 1,
    steps: ats.map((at) => ({ at, status: 'NEW' })),
    workingSince,
  });

  it('takes every order with a step due, once, in the order they started working, through any changes of steps', () => {
    const next = random(45);
    const queue = new DueQueue<OrderRecord>();
    const records = Array.from({ length: 3000 }, (_, index) => record(index, [Math.floor(next() * 10_000)]));
    for (const each of records) queue.schedule(each);
    const queued = new Set(records);
    let now = 0;
    while (now < 12_000) {
      // Changes of steps leave stale entries behind (thousands: the heap is rebuilt without them on the way).
      for (let change = 0; change < 400; change += 1) {
        const each = records[Math.floor(next() * records.length)];
        const roll = next();
        each.steps = roll < 0.1 ? [] : [{ at: now + Math.floor(next() * 3000), status: 'NEW' }];
        if (roll > 0.95) each.steps = [{ at: Number.NaN, status: 'NEW' }];
        queue.schedule(each);
        if (each.steps.length > 0 && !Number.isNaN(each.steps[0].at)) queued.add(each);
        else queued.delete(each);
      }
      now += Math.floor(next() * 700);
      const expected = [...queued]
        .filter((each) => each.steps[0].at <= now)
        .sort((a, b) => Number(a.workingSince) - Number(b.workingSince));
      const taken = queue.takeDue(now);
      expect(taken).toEqual(expected);
      for (const each of taken) {
        queued.delete(each);
        each.steps = [];
      }
    }
    expect(queue.size).toBeLessThan(2 * records.length + 2048);
  });

  it('takes an order due now out of the queue, once, and leaves one not due yet', () => {
    const queue = new DueQueue<OrderRecord>();
    const soon = record(0, [100]);
    const later = record(1, [500]);
    queue.schedule(soon);
    queue.schedule(later);
    expect([queue.take(soon, 100), queue.take(soon, 100), queue.take(later, 100)]).toEqual([true, false, false]);
    expect(queue.takeDue(1000)).toEqual([later]);
  });
});

describe('the open order reserve', () => {
  it('follows a partial fill, a cancel, a replace, a fill after a price move and an expiry at the close', async () => {
    const client = await testClient();
    const accountNumber = await fundedAccount(client);
    const check = async (amount: string): Promise<void> => {
      expect(await reserveShown(client, accountNumber)).toBe(amount);
      expect(money(fullReserve(stateOf(client), accountNumber)).amount).toBe(amount);
    };
    // XPRT fills half at once, and the rest works on: 10 at 50.00, then 5.
    const half = await place(client, { accountNumber, symbol: 'XPRT', type: 'LIMIT', limitPrice: usd('50.00') });
    await check('500.00');
    client.tick(1000);
    expect(await read(client, half.orderId)).toMatchObject({ status: 'PARTIALLY_FILLED', leavesQuantity: '5' });
    await check('250.00');
    // Canceled: reserved until the market confirms.
    await client.send('DELETE', `/v1/orders/equity/${String(half.orderId)}`);
    await check('250.00');
    client.tick(300);
    expect(await read(client, half.orderId)).toMatchObject({ status: 'CANCELED' });
    await check('0.00');

    // XNFL never fills: replaced from 10 to 30, the original reserves until the replacement takes over.
    const resting = await place(client, { accountNumber, symbol: 'XNFL', type: 'LIMIT', limitPrice: usd('50.00') });
    client.tick(300);
    await check('500.00');
    const replacing = await client.send('PATCH', `/v1/orders/equity/${String(resting.orderId)}`, {
      body: { quantity: '30' },
    });
    expect(replacing.status).toBe(202);
    await check('500.00');
    client.tick(300);
    const replaced = await read(client, resting.orderId);
    expect(replaced.status).toBe('REPLACED');
    // The replacement works from the moment the replace was confirmed: in the same request, before any other.
    expect(stateOf(client).orders.get(String(replaced.replacedByOrderId))?.order.status).toBe('NEW');
    expect(await read(client, replaced.replacedByOrderId)).toMatchObject({ status: 'NEW', leavesQuantity: '30' });
    await check('1500.00');

    // XMPL (185.50) above its limit rests; a price at the limit fills it, at that price, within the fill time.
    const limit = await place(client, { accountNumber, symbol: 'XMPL', type: 'LIMIT', limitPrice: usd('150.00') });
    await check('3355.00');
    // NEW, resting: its only step ahead is the expiry at the close, until the price move gives it a fill.
    client.tick(300);
    expect(await read(client, limit.orderId)).toMatchObject({ status: 'NEW' });
    expect((await client.send('PUT', '/v1/sandbox/prices/XMPL', { body: { price: usd('149.00') } })).status).toBe(200);
    client.tick(999);
    await check('3355.00');
    client.tick(1);
    expect(await read(client, limit.orderId)).toMatchObject({ status: 'FILLED' });
    await check('1500.00');

    // An option BUY reserves its premium per contract; a SELL reserves nothing.
    const contract = await place(
      client,
      { accountNumber, symbol: 'XMPL  270618C00190000', side: 'BUY_TO_OPEN', type: 'LIMIT', limitPrice: usd('4.00') },
      'options',
    );
    expect(contract.httpStatus).toBe(201);
    await check(money(1500 + 10 * OPTION_PREMIUM * OPTION_MULTIPLIER).amount);
    expect((await place(client, { accountNumber, symbol: 'XMPL', side: 'SELL', quantity: '5' })).httpStatus).toBe(201);
    await check('6500.00');

    // The close expires the DAY orders, the replacement among them: nothing is reserved any more.
    const close = await client.send('POST', '/v1/sandbox/clock', {
      body: { to: '2026-03-02T21:00:00Z' },
      headers: key(),
    });
    expect(close.status).toBe(200);
    expect(await read(client, replaced.replacedByOrderId)).toMatchObject({ status: 'EXPIRED' });
    expect(await read(client, contract.orderId, 'options')).toMatchObject({ status: 'EXPIRED' });
    await check('0.00');
    expect(client.invalid).toEqual([]);
  });

  it('is gone with a reset, and a new account starts from nothing', async () => {
    const client = await testClient();
    const before = await fundedAccount(client);
    await place(client, { accountNumber: before, symbol: 'XNFL', type: 'LIMIT', limitPrice: usd('50.00') });
    expect(await reserveShown(client, before)).toBe('500.00');
    expect((await client.send('POST', '/v1/sandbox/reset', { headers: key() })).status).toBe(200);
    const state = stateOf(client);
    expect([state.working.size, state.due.size, state.reserves.size]).toEqual([0, 0, 0]);
    const after = await fundedAccount(client);
    expect(await reserveShown(client, after)).toBe('0.00');
    await place(client, {
      accountNumber: after,
      symbol: 'XNFL',
      quantity: '2',
      type: 'LIMIT',
      limitPrice: usd('50.00'),
    });
    expect(await reserveShown(client, after)).toBe('100.00');
  });
});

describe('time over many orders', () => {
  it('applies each order’s steps when they are due, however many orders rest, and fills them in placement order', async () => {
    const client = await testClient();
    const accountNumber = await fundedAccount(client);
    const next = random(4);
    const placed: { orderId: string; at: number }[] = [];
    let now = START + 2000;
    for (let index = 0; index < 60; index += 1) {
      // Resting orders between them: the ones time must not touch until the close.
      await place(client, { accountNumber, symbol: 'XNFL', quantity: '1', type: 'LIMIT', limitPrice: usd('50.00') });
      const order = await place(client, { accountNumber, symbol: 'XMPL', quantity: '1' });
      placed.push({ orderId: String(order.orderId), at: now });
      const step = Math.floor(next() * 400);
      client.tick(step);
      now += step;
      await client.send('GET', '/v1/sandbox/clock');
      const orders = stateOf(client).orders;
      for (const { orderId, at } of placed) {
        const expected = at + 1000 <= now ? 'FILLED' : at + 300 <= now ? 'NEW' : 'PENDING_NEW';
        expect([orderId, orders.get(orderId)?.order.status]).toEqual([orderId, expected]);
      }
    }
    client.tick(1000);
    await reserveShown(client, accountNumber);
    const state = stateOf(client);
    const trades = state.accounts.get(accountNumber)?.trades ?? [];
    expect(trades.map((trade) => trade.orderId)).toEqual(placed.map(({ orderId }) => orderId).reverse());
    expect(state.working.size).toBe(60);
    expect(await reserveShown(client, accountNumber)).toBe('3000.00');
  });
});

describe('a step that fails', () => {
  it('leaves the orders after it in the queue, for the next request to apply', async () => {
    const client = await testClient();
    const accountNumber = await fundedAccount(client);
    const first = await place(client, { accountNumber, symbol: 'XNFL', type: 'LIMIT', limitPrice: usd('50.00') });
    const second = await place(client, { accountNumber, symbol: 'XNFL', type: 'LIMIT', limitPrice: usd('50.00') });
    // A bug's step: a status x-transitions has no way to. The request that meets it fails with a 500.
    const broken = stateOf(client).orders.get(String(first.orderId)) as OrderRecord;
    broken.steps.unshift({ at: broken.steps[0].at, status: 'SETTLED' });
    stateOf(client).due.schedule(broken);
    client.tick(300);
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect((await client.send('GET', '/v1/sandbox/clock')).status).toBe(500);
    spy.mockRestore();
    expect(await read(client, first.orderId)).toMatchObject({ status: 'NEW' });
    expect(await read(client, second.orderId)).toMatchObject({ status: 'NEW' });
    expect(await reserveShown(client, accountNumber)).toBe('1000.00');
  });
});

describe('a random sequence of orders, cancels, replaces, price moves and time', () => {
  it('keeps the reserve equal to the full sum, and leaves no due step unapplied, after every request', async () => {
    const client = await testClient();
    const accounts = [await fundedAccount(client), await fundedAccount(client)];
    const next = random(2026);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
    let elapsed = 2 * 2000;
    const outcomes = new Map<string, number>();
    for (let operation = 0; operation < 400; operation += 1) {
      const state = stateOf(client);
      const working = [...state.orders.values()].filter((record) => WORKING.has(String(record.order.status)));
      // The sandbox time of the request (a move of the clock counts from the next request on).
      const offset = state.clockOffsetMs;
      const roll = next();
      let reply;
      if (roll < 0.45) {
        const type = pick(['MARKET', 'LIMIT', 'LIMIT', 'STOP']);
        const symbol = pick(['XMPL', 'XNFL', 'XPRT', 'ABCD']);
        reply = await client.send('POST', '/v1/orders/equity', {
          body: {
            accountNumber: pick(accounts),
            symbol,
            side: next() < 0.85 ? 'BUY' : 'SELL',
            type,
            quantity: String(1 + Math.floor(next() * 40)),
            timeInForce: type === 'MARKET' ? pick(['DAY', 'IOC', 'FOK']) : pick(['DAY', 'GTC', 'IOC']),
            ...(type === 'LIMIT' ? { limitPrice: usd(pick(['40.00', '50.00', '120.55', '185.50', '190.00'])) } : {}),
            ...(type === 'STOP' ? { stopPrice: usd(pick(['55.00', '190.00'])) } : {}),
          },
          headers: key(),
        });
      } else if (roll < 0.5) {
        reply = await client.send('POST', '/v1/orders/options', {
          body: {
            accountNumber: pick(accounts),
            symbol: 'XMPL  270618C00190000',
            side: 'BUY_TO_OPEN',
            type: 'LIMIT',
            quantity: String(1 + Math.floor(next() * 3)),
            limitPrice: usd('5.00'),
            timeInForce: 'GTC',
          },
          headers: key(),
        });
      } else if (roll < 0.6 && working.length > 0) {
        const record = pick(working);
        reply = await client.send('DELETE', `/v1/orders/${record.assetClass}/${String(record.order.orderId)}`);
      } else if (roll < 0.7 && working.length > 0) {
        const record = pick(working);
        reply = await client.send('PATCH', `/v1/orders/${record.assetClass}/${String(record.order.orderId)}`, {
          body: { quantity: String(Number(record.order.filledQuantity) + 1 + Math.floor(next() * 20)) },
        });
      } else if (roll < 0.78) {
        const price = pick(['39.00', '45.50', '50.00', '120.55', '185.50', '191.00']);
        reply = await client.send('PUT', `/v1/sandbox/prices/${pick(['XMPL', 'ABCD'])}`, {
          body: { price: usd(price) },
        });
      } else if (roll < 0.8) {
        reply = await client.send('POST', '/v1/sandbox/clock', {
          body: { advanceBy: pick(['PT1H', 'PT3H', 'P1D']) },
          headers: key(),
        });
      } else {
        const ms = Math.floor(next() * 1500);
        client.tick(ms);
        elapsed += ms;
        reply = await client.send('GET', '/v1/sandbox/clock');
      }
      outcomes.set(String(reply.status), (outcomes.get(String(reply.status)) ?? 0) + 1);
      // Right after the request: time applied every step due by then (the handler's own steps come later).
      const now = START + elapsed + offset;
      const left = [...state.orders.values()].filter((record) => record.steps.length > 0 && record.steps[0].at <= now);
      expect(left.map((record) => record.order.orderId)).toEqual([]);
      for (const accountNumber of accounts) {
        expect(await reserveShown(client, accountNumber)).toBe(money(fullReserve(state, accountNumber)).amount);
        expect(Number(state.reserves.get(accountNumber) ?? 0n) / 1e8).toBeCloseTo(fullReserve(state, accountNumber), 6);
      }
      const stillWorking = [...state.orders.values()].filter((record) => WORKING.has(String(record.order.status)));
      expect(new Set(state.working)).toEqual(new Set(stillWorking));
    }
    // The sequence did what it is for: orders accepted and refused, cancels and replaces taken.
    expect(outcomes.get('201')).toBeGreaterThan(50);
    expect(outcomes.get('202')).toBeGreaterThan(20);
    expect(outcomes.get('422')).toBeGreaterThan(0);
    expect(client.invalid).toEqual([]);
  });
});
