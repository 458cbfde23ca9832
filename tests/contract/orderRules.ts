/**
 * The order rules the descriptions state as data on `orders#TimeInForce` (`x-time-in-force`) and
 * `orders#OrderType` (`x-stop-trigger`), driven through the API: orders of the test symbols for what ends at once,
 * the clock operation for the close, and the test price (`setSandboxPrice`) for the stops. Each returns what is
 * wrong (empty when the target honours the rule).
 */
import {
  closeAfter,
  stopTriggered,
  type StopTrigger,
  type TimeInForceRule,
  type TimeInForceRules,
} from '../../openapi/sandboxBehaviour';
import { descriptions } from './check';
import type { Reply } from './client';
import { expectStatus, type Account, type World } from './world';

export const timeInForceRules = (): TimeInForceRules =>
  descriptions().schema('orders', 'TimeInForce')['x-time-in-force'] as unknown as TimeInForceRules;

const stopTrigger = (): StopTrigger =>
  descriptions().schema('orders', 'OrderType')['x-stop-trigger'] as unknown as StopTrigger;

const usd = (amount: string) => ({ amount, currency: 'USD' });

/** `field` of `reply` against what it should be, as a line of what is wrong (none when equal). */
const differs = (what: string, reply: Reply, field: string, expected: unknown): string[] =>
  JSON.stringify(reply.json[field]) === JSON.stringify(expected)
    ? []
    : [`${what}: ${field} is ${JSON.stringify(reply.json[field])}, not ${JSON.stringify(expected)}`];

/**
 * Every time in force whose rest ends `once`: an `XPRT` order of 300 (half fills at once, Sandbox test values)
 * ends in the rule's `rest` status, with 150 filled, or none when the rule is `allOrNone`.
 */
export async function restEndingAtOnce(world: World, account: Account): Promise<string[]> {
  const rules = Object.entries(timeInForceRules()).filter(
    (entry): entry is [string, TimeInForceRule] => entry[0] !== 'close' && (entry[1] as TimeInForceRule).at === 'once',
  );
  if (rules.length === 0) return ['x-time-in-force names no time in force whose rest ends at once'];
  const wrong: string[] = [];
  for (const [timeInForce, rule] of rules) {
    const path = await world.equityOrder(account, { symbol: 'XPRT', quantity: '300', timeInForce });
    const ended = await world.orderIn(path, rule.rest);
    wrong.push(...differs(timeInForce, ended, 'filledQuantity', rule.allOrNone ? '0' : '150'), ...ended.problems);
  }
  return wrong;
}

/**
 * The close: an order whose rest ends at the close of its trade date still works a second before the next close
 * and is in its `rest` status at it, `updatedAt` the close; one whose rest works on (`WORKING`) still works.
 */
export async function restAtTheClose(world: World, account: Account): Promise<string[]> {
  const rules = timeInForceRules();
  const entries = Object.entries(rules).filter(([name]) => ['DAY', 'GTC', 'IOC', 'FOK'].includes(name)) as [
    string,
    TimeInForceRule,
  ][];
  const atClose = entries.filter(([, rule]) => rule.at === 'close-of-trade-date');
  const workingOn = entries.filter(([, rule]) => rule.rest === 'WORKING');
  if (atClose.length === 0 || workingOn.length === 0) return ['x-time-in-force names no DAY-like or GTC-like rule'];
  const close = closeAfter(rules.close, await world.clock());
  const orders = await Promise.all(
    [...atClose, ...workingOn].map(async ([timeInForce, rule]) => ({
      timeInForce,
      rule,
      path: await world.equityOrder(account, { symbol: 'XNFL', timeInForce }),
    })),
  );
  for (const { path } of orders) await world.orderIn(path, 'NEW');
  const wrong: string[] = [];
  await world.moveClockTo(close - 1000);
  for (const { timeInForce, path } of orders) {
    const before = expectStatus(await world.client.send({ method: 'GET', path }), 200, 'read the order');
    wrong.push(...differs(`${timeInForce} a second before the close`, before, 'status', 'NEW'));
  }
  await world.moveClockTo(close);
  for (const { timeInForce, rule, path } of orders) {
    if (rule.rest === 'WORKING') {
      const after = expectStatus(await world.client.send({ method: 'GET', path }), 200, 'read the order');
      wrong.push(...differs(`${timeInForce} at the close`, after, 'status', 'NEW'));
      continue;
    }
    const ended = await world.orderIn(path, rule.rest);
    wrong.push(
      ...differs(`${timeInForce} at the close`, ended, 'updatedAt', new Date(close).toISOString().replace('.000', '')),
    );
  }
  return wrong;
}

async function setPrice(world: World, symbol: string, amount: string): Promise<void> {
  expectStatus(
    await world.client.send({ method: 'PUT', path: `/sandbox/prices/${symbol}`, body: { price: usd(amount) } }),
    200,
    `set ${symbol} to ${amount}`,
  );
}

/**
 * Whether the order at `path` still rests unfilled once every fill due by now has happened: a market order of one
 * share of the symbol, placed after, fills after any such fill, so the order is read once that one has filled.
 */
async function stillResting(world: World, account: Account, symbol: string, path: string): Promise<Reply> {
  const sentinel = await world.equityOrder(account, {
    symbol,
    side: 'BUY',
    type: 'MARKET',
    limitPrice: null,
    quantity: '1',
  });
  await world.orderIn(sentinel, 'FILLED');
  return expectStatus(await world.client.send({ method: 'GET', path }), 200, 'read the order');
}

/**
 * The stops, with symbols of their own: each stop type, bought and sold, with a stop 10% away from the price of
 * 50.00. A price a cent short of the stop leaves it resting (and the rule's direction agrees, by
 * `stopTriggered`); then a `STOP` fills at the stop price, as the market order it becomes; a `STOP_LIMIT`, with
 * its limit a dollar beyond the stop, first meets a price past its limit (triggered, it rests as a limit order),
 * then fills at the price a cent short of the stop, which only a triggered order takes.
 */
export async function stopsTrigger(world: World, account: Account): Promise<string[]> {
  const rule = stopTrigger();
  const wrong: string[] = [];
  for (const [type, becomes] of Object.entries(rule.becomes)) {
    for (const side of ['BUY', 'SELL']) {
      const what = `${side} ${type}`;
      const symbol = `XS${type === 'STOP' ? 'M' : 'L'}${side[0]}`;
      const up = rule[side === 'BUY' ? 'buy' : 'sell'] === 'at-or-above';
      const stop = side === 'BUY' ? 55 : 45;
      const short = (stop + (up ? -0.01 : 0.01)).toFixed(2);
      const limit = up ? stop + 1 : stop - 1;
      if (stopTriggered(rule, side, Number(short), stop) || !stopTriggered(rule, side, stop, stop)) {
        wrong.push(`${what}: x-stop-trigger's ${up ? 'at-or-above' : 'at-or-below'} is not read as this test reads it`);
      }
      await setPrice(world, symbol, '50.00');
      if (side === 'SELL') {
        // Shares to sell: a market buy at 50.00.
        const bought = await world.equityOrder(account, {
          symbol,
          side: 'BUY',
          type: 'MARKET',
          limitPrice: null,
          quantity: '10',
        });
        await world.orderIn(bought, 'FILLED');
      }
      const path = await world.equityOrder(account, {
        symbol,
        side,
        type,
        quantity: '10',
        timeInForce: 'GTC',
        stopPrice: usd(stop.toFixed(2)),
        limitPrice: becomes === 'LIMIT' ? usd(limit.toFixed(2)) : null,
      });
      await world.orderIn(path, 'NEW');
      await setPrice(world, symbol, short);
      wrong.push(...differs(`${what} at ${short}`, await stillResting(world, account, symbol, path), 'status', 'NEW'));
      let fillsAt = stop.toFixed(2);
      if (becomes === 'LIMIT') {
        const past = (up ? limit + 1 : limit - 1).toFixed(2);
        await setPrice(world, symbol, past);
        wrong.push(...differs(`${what} at ${past}`, await stillResting(world, account, symbol, path), 'status', 'NEW'));
        fillsAt = short;
      }
      await setPrice(world, symbol, fillsAt);
      const filled = await world.orderIn(path, 'FILLED');
      wrong.push(...differs(what, filled, 'averageFillPrice', usd(fillsAt)), ...filled.problems);
    }
  }
  return wrong;
}
