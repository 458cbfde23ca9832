/**
 * How the simulated market works an order once it is accepted, as the order data blocks and the Sandbox test
 * values page say. The test symbols decide first: `XRJT` is rejected, `XNFL` never fills, `XPRT` fills half its
 * quantity, rounded down to whole shares. Any other order fills in full once it can execute at the price: a
 * `MARKET` order at once, a `LIMIT` order once the price reaches its limit, a `STOP` or `STOP_LIMIT` order once the
 * price trades at or through its stop (then as a market or limit order). The time in force decides what is left:
 * `IOC` cancels whatever did not fill at once, `FOK` fills in full at once or not at all, and `DAY` expires at the
 * close of its trade date (orders/session.ts). An option order of any time in force expires at the close of its
 * contract's expiration date, if that is still ahead. A price set for the client (`PUT /v1/sandbox/prices/{symbol}`)
 * moves the resting orders of that symbol at that moment.
 */
import type { JsonObject } from '../../openapi/document';
import { amountOf, type Context } from '../context';
import type { OrderRecord, OrderStep } from '../state';
import { closeOfDate, sessionCloseAfter } from './session';

/** Symbols whose outcome the test values fix, whatever the price. */
const TEST_SYMBOLS = new Set(['XRJT', 'XNFL', 'XPRT']);

const underlyingOf = (order: JsonObject): string => String(order.underlying ?? order.symbol);

/**
 * Whether the order can execute at `price`: a `STOP` or `STOP_LIMIT` order first has to trigger (a buy when the
 * price is at or above the stop, a sell when it is at or below), and stays triggered; then a market order always
 * can, and a limit order when the price is at its limit or better.
 */
export function executable(record: Pick<OrderRecord, 'order' | 'triggered'>, price: number): boolean {
  const { order } = record;
  const buying = String(order.side).startsWith('BUY');
  const type = String(order.type);
  if ((type === 'STOP' || type === 'STOP_LIMIT') && !record.triggered) {
    const stop = amountOf(order.stopPrice);
    if (stop === null || !(buying ? price >= stop : price <= stop)) return false;
    record.triggered = true;
  }
  if (type === 'MARKET' || type === 'STOP') return true;
  const limit = amountOf(order.limitPrice);
  return limit !== null && (buying ? limit >= price : limit <= price);
}

/**
 * The steps of an order accepted now (a new order, or a replacement when the market confirms it): what fills at
 * once of `leavesQuantity`, and how its time in force ends the rest.
 */
export function stepsFor(context: Context, record: Pick<OrderRecord, 'order' | 'price' | 'triggered'>): OrderStep[] {
  const { now, timing } = context;
  const { order } = record;
  const acknowledged = now + timing.acknowledgeMs;
  const at = now + timing.fillMs;
  const quantity = Number(order.leavesQuantity);
  const underlying = underlyingOf(order);
  if (underlying === 'XRJT') {
    return [
      { at: acknowledged, status: 'REJECTED', reason: 'The sandbox rejects every order for the test symbol XRJT.' },
    ];
  }
  const timeInForce = String(order.timeInForce);
  let filling = 0;
  if (underlying === 'XPRT') filling = Math.floor(quantity / 2);
  else if (underlying !== 'XNFL' && executable(record, record.price)) filling = quantity;
  if (timeInForce === 'FOK' && filling < quantity) filling = 0;
  const steps: OrderStep[] = [{ at: acknowledged, status: 'NEW' }];
  if (filling > 0) {
    steps.push({ at, status: filling >= quantity ? 'FILLED' : 'PARTIALLY_FILLED', fill: filling, price: record.price });
  }
  if (filling < quantity) {
    if (timeInForce === 'IOC') {
      // The market reports the cancel of the rest after the fill it made, one acknowledgement later, so that a
      // reader sees PARTIALLY_FILLED and then CANCELED.
      steps.push({
        at: filling > 0 ? at + timing.acknowledgeMs : at,
        status: 'CANCELED',
        reason: 'IOC: the quantity that did not fill at once was canceled.',
      });
    } else if (timeInForce === 'FOK') {
      steps.push({
        at,
        status: 'CANCELED',
        reason: 'FOK: the order could not fill in full at once, so none of it did.',
      });
    } else {
      const expiry = [
        ...(timeInForce === 'DAY' ? [dayExpiry(now)] : []),
        ...(typeof order.expirationDate === 'string' ? [contractExpiry(order.expirationDate)] : []),
      ]
        .filter((step) => step.at > now)
        .sort((a, b) => a.at - b.at)[0];
      if (expiry) steps.push(expiry);
    }
  }
  return steps.sort((a, b) => a.at - b.at);
}

/** The step that ends a `DAY` order placed at `placedAt` at the close of its trade date. */
export const dayExpiry = (placedAt: number): OrderStep => ({
  at: sessionCloseAfter(placedAt),
  status: 'EXPIRED',
  reason: 'DAY: the order expired at the 4:00 p.m. Eastern close of its trade date.',
});

/** The step that ends an option order at the close of its contract's expiration date (`YYYY-MM-DD`). */
const contractExpiry = (expirationDate: string): OrderStep => ({
  at: closeOfDate(expirationDate),
  status: 'EXPIRED',
  reason: `The contract expired at the close of ${expirationDate}.`,
});

/**
 * A new price of `symbol`, at `context.now`: each resting equity order of the symbol that can now execute fills
 * its rest within the fill time, at that price. Orders of the test symbols keep their fixed outcomes.
 */
export function reprice(context: Context, symbol: string, price: number): void {
  if (TEST_SYMBOLS.has(symbol)) return;
  for (const record of context.state.working) {
    const { order } = record;
    if (record.assetClass !== 'equity' || order.symbol !== symbol) continue;
    if (!['PENDING_NEW', 'NEW', 'PARTIALLY_FILLED'].includes(String(order.status))) continue;
    // Already filling, or ending at once (IOC, FOK, a cancel or a replace): nothing rests.
    if (record.steps.some((step) => step.fill || ['CANCELED', 'REPLACED', 'REJECTED'].includes(step.status))) continue;
    if (!executable(record, price)) continue;
    const at = context.now + context.timing.fillMs;
    record.steps.push({ at, status: 'FILLED', fill: Number(order.leavesQuantity), price });
    record.steps.sort((a, b) => a.at - b.at);
  }
}
