/**
 * How the simulated market works an order once it is accepted, as the order data blocks and the Sandbox test
 * values page say. The test symbols decide first, as their rows of `x-sandbox-test-values` say (testSymbols.ts):
 * `XRJT` is rejected, `XNFL` never fills, `XPRT` fills half its quantity, rounded down to whole shares. Any other
 * order fills in full once it can execute at the price: a `MARKET` order at once, a `LIMIT` order once the price
 * reaches its limit, a `STOP` or `STOP_LIMIT` order once the price trades at or through its stop (then as a market
 * or limit order), as `x-stop-trigger` of `OrderType` says. The time in force decides what is left, as
 * `x-time-in-force` of `TimeInForce` says: `IOC` cancels whatever did not fill at once, `FOK` fills in full at once
 * or not at all, and `DAY` expires at the close of its trade date. An option order of any time in force expires at
 * the close of its contract's expiration date, if that is still ahead. A price set for the client
 * (`PUT /v1/sandbox/prices/{symbol}`) moves the resting orders of that symbol at that moment.
 */
import type { JsonObject } from '../../openapi/document';
import {
  closeAfter,
  closeOn,
  stopTriggered,
  type StopTrigger,
  type TimeInForceRules,
} from '../../openapi/sandboxBehaviour';
import { amountOf, type Context } from '../context';
import type { OrderRecord, OrderStep } from '../state';
import { fixedOutcome, testSymbols } from './testSymbols';

const underlyingOf = (order: JsonObject): string => String(order.underlying ?? order.symbol);

/** The order rules of the descriptions: `x-time-in-force` of `TimeInForce`, `x-stop-trigger` of `OrderType`. */
interface OrderRules {
  readonly timeInForce: TimeInForceRules;
  readonly stop: StopTrigger;
}

const rulesCache = new WeakMap<object, OrderRules>();

function orderRules(context: Context): OrderRules {
  const cached = rulesCache.get(context.descriptions);
  if (cached) return cached;
  const rules = {
    timeInForce: context.descriptions.schema('orders', 'TimeInForce')['x-time-in-force'] as unknown as TimeInForceRules,
    stop: context.descriptions.schema('orders', 'OrderType')['x-stop-trigger'] as unknown as StopTrigger,
  };
  rulesCache.set(context.descriptions, rules);
  return rules;
}

/**
 * Whether the order can execute at `price`, as `x-stop-trigger` says: a stop order first has to trigger (a buy
 * when the price is at or above the stop, a sell when it is at or below), and stays triggered, working from then
 * on as the type it `becomes`; then a market order always can, and a limit order when the price is at its limit
 * or better.
 */
function executable(context: Context, record: Pick<OrderRecord, 'order' | 'triggered'>, price: number): boolean {
  const { order } = record;
  const { stop: rule } = orderRules(context);
  const side = String(order.side);
  let type = String(order.type);
  const becomes = rule.becomes[type];
  if (becomes) {
    if (!record.triggered) {
      const stop = amountOf(order[rule.field]);
      if (stop === null || !stopTriggered(rule, side, price, stop)) return false;
      record.triggered = true;
    }
    type = becomes;
  }
  if (type === 'MARKET') return true;
  const limit = amountOf(order.limitPrice);
  return limit !== null && (side.startsWith('BUY') ? limit >= price : limit <= price);
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
  const test = testSymbols(context.descriptions).get(underlying);
  if (test?.rejected) {
    return [
      {
        at: acknowledged,
        status: 'REJECTED',
        reason: `The sandbox rejects every order for the test symbol ${underlying}.`,
      },
    ];
  }
  const timeInForce = String(order.timeInForce);
  let filling = 0;
  if (test?.fills !== undefined) filling = Math.floor(quantity * test.fills);
  else if (executable(context, record, record.price)) filling = quantity;
  const rules = orderRules(context).timeInForce;
  const rule = rules[timeInForce as 'DAY' | 'GTC' | 'IOC' | 'FOK'] ?? rules.GTC;
  if (rule.allOrNone && filling < quantity) filling = 0;
  const steps: OrderStep[] = [{ at: acknowledged, status: 'NEW' }];
  if (filling > 0) {
    steps.push({ at, status: filling >= quantity ? 'FILLED' : 'PARTIALLY_FILLED', fill: filling, price: record.price });
  }
  if (filling < quantity) {
    if (rule.at === 'once') {
      // The market reports the cancel of the rest after a fill it made, one acknowledgement later, so that a reader
      // sees PARTIALLY_FILLED and then CANCELED.
      steps.push({
        at: filling > 0 ? at + timing.acknowledgeMs : at,
        status: rule.rest,
        reason: rule.allOrNone
          ? `${timeInForce}: the order could not fill in full at once, so none of it did.`
          : `${timeInForce}: the quantity that did not fill at once was canceled.`,
      });
    } else {
      const ends: OrderStep[] = [];
      if (rule.at === 'close-of-trade-date') {
        ends.push({
          at: closeAfter(rules.close, now),
          status: rule.rest,
          reason: `${timeInForce}: the order expired at the 4:00 p.m. Eastern close of its trade date.`,
        });
      }
      if (typeof order.expirationDate === 'string') {
        ends.push({
          at: closeOn(rules.close, order.expirationDate),
          status: rules.optionContracts.rest,
          reason: `The contract expired at the close of ${order.expirationDate}.`,
        });
      }
      const end = ends.filter((step) => step.at > now).sort((a, b) => a.at - b.at)[0];
      if (end) steps.push(end);
    }
  }
  return steps.sort((a, b) => a.at - b.at);
}

/**
 * A new price of `symbol`, at `context.now`: each resting equity order of the symbol that can now execute fills
 * its rest within the fill time, at that price. Orders of the test symbols keep their fixed outcomes.
 */
export function reprice(context: Context, symbol: string, price: number): void {
  if (fixedOutcome(testSymbols(context.descriptions).get(symbol))) return;
  for (const record of context.state.working) {
    const { order } = record;
    if (record.assetClass !== 'equity' || order.symbol !== symbol) continue;
    if (!['PENDING_NEW', 'NEW', 'PARTIALLY_FILLED'].includes(String(order.status))) continue;
    // Already filling, or ending at once (IOC, FOK, a cancel or a replace): nothing rests.
    if (record.steps.some((step) => step.fill || ['CANCELED', 'REPLACED', 'REJECTED'].includes(step.status))) continue;
    if (!executable(context, record, price)) continue;
    const at = context.now + context.timing.fillMs;
    record.steps.push({ at, status: 'FILLED', fill: Number(order.leavesQuantity), price });
    record.steps.sort((a, b) => a.at - b.at);
    context.state.due.schedule(record);
  }
}
