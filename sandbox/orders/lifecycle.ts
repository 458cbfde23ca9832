/**
 * How an order lives in the sandbox: its record as created, the steps it takes once accepted, and how time
 * applies them (statuses along `x-transitions`, fills moving cash, positions and trades).
 */
import type { JsonObject } from '../../openapi/document';
import { type Context, amountOf } from '../context';
import { type Answer, ApiError } from '../http';
import { unknownIdentifier } from '../identifiers';
import {
  type AccountRecord,
  type OrderRecord,
  type OrderStep,
  businessDate,
  iso,
  money,
  moveOrder,
  quantityText,
  settlementDate,
} from '../state';
import { reserveOf, settleReserve, track } from './book';

export const WORKING = new Set(['PENDING_NEW', 'NEW', 'PARTIALLY_FILLED', 'PENDING_CANCEL', 'PENDING_REPLACE']);

export function buyingPower(context: Context, account: AccountRecord): number {
  return account.cash - openOrderReserve(context, account.accountNumber);
}

/** The rest of the account's working BUY orders at their prices, in USD: kept up to date (book.ts), not summed. */
export function openOrderReserve(context: Context, accountNumber: string): number {
  return reserveOf(context.state, accountNumber);
}

/**
 * Applies the steps of every working order whose moment has come: statuses, fills, cash and positions. Only the
 * orders with a step due are visited (book.ts), in the order they started working, each with all its due steps;
 * a replacement a step creates starts working then, and is visited after them if its own steps are due too.
 */
export function advance(context: Context): void {
  const { state } = context;
  const due = state.due.takeDue(context.now);
  if (due.length === 0) return;
  const transitions = context.descriptions.orderTransitions;
  let index = 0;
  try {
    for (; index < due.length; index += 1) {
      const record = due[index];
      while (record.steps.length > 0 && record.steps[0].at <= context.now) {
        const step = record.steps.shift() as OrderStep;
        if (step.fill) fill(context, record, step.fill, step.at, step.price);
        moveOrder(transitions, record, step.status, step.at);
        if (step.reason) record.order.statusReason = step.reason;
        if (step.replacement) {
          const replacement = step.replacement;
          record.order.replacedByOrderId = replacement.order.orderId;
          state.orders.set(String(replacement.order.orderId), replacement);
          track(state, replacement);
          // Due already (it works from this step's moment): visited in this pass, after the orders before it.
          if (state.due.take(replacement, context.now)) due.push(replacement);
        }
        if (!WORKING.has(step.status)) {
          // Final: nothing is left to work, and the steps still ahead (a DAY order's expiry after its fill) are moot.
          record.order.leavesQuantity = '0';
          record.steps = [];
        }
        // A resting order (NEW or PARTIALLY_FILLED with no step ahead) stays working: a price change can fill it, and
        // it counts toward the account's open order reserve.
        if (!WORKING.has(String(record.order.status))) state.working.delete(record);
        settleReserve(state, record);
      }
      state.due.schedule(record);
    }
  } finally {
    // Thrown out of a step (a bug: a transition x-transitions lacks): the orders not done yet go back in the queue,
    // to be tried again by the next request, as a walk over every working order would.
    for (; index < due.length; index += 1) {
      settleReserve(state, due[index]);
      state.due.schedule(due[index]);
    }
  }
}

export function fill(context: Context, record: OrderRecord, quantity: number, at: number, price = record.price): void {
  const order = record.order;
  const before = Number(order.filledQuantity);
  const filled = before + quantity;
  const averageBefore = amountOf(order.averageFillPrice) ?? price;
  order.filledQuantity = quantityText(filled);
  order.leavesQuantity = quantityText(Math.max(0, Number(order.quantity) - filled));
  order.averageFillPrice = money((averageBefore * before + price * quantity) / filled);
  const symbol = String(order.symbol);
  const buying = String(order.side).startsWith('BUY');
  const value = quantity * price * record.multiplier;
  const tradeDate = businessDate(at);
  for (const accountNumber of order.kind === 'BLOCK' ? [] : [String(order.accountNumber)]) {
    const account = context.state.accounts.get(accountNumber);
    if (!account) continue;
    account.cash += buying ? -value : value;
    const position = account.positions.get(symbol) ?? {
      quantity: 0,
      cost: 0,
      assetClass: record.assetClass === 'options' ? ('OPTION' as const) : ('EQUITY' as const),
    };
    position.quantity += buying ? quantity : -quantity;
    position.cost += buying ? value : -Math.min(position.cost, value);
    if (position.quantity <= 0) account.positions.delete(symbol);
    else account.positions.set(symbol, position);
    account.trades.unshift({
      tradeId: context.ids(),
      orderId: order.orderId,
      tradeDate,
      settlementDate: settlementDate(tradeDate),
      executedAt: iso(at),
      symbol,
      assetClass: position.assetClass,
      side: order.side,
      quantity: quantityText(quantity),
      price: money(price),
      grossAmount: money(value),
      commission: money(0),
      fees: money(0),
      // Signed from the account's point of view: cash leaves on a purchase. The sandbox charges no commission or fees.
      netAmount: money(buying ? -value : value),
      status: 'UNSETTLED',
    });
  }
}

export function orderOf(context: Context, assetClass: OrderRecord['assetClass']): OrderRecord {
  const record = context.state.orders.get(context.params.orderId);
  if (!record || record.assetClass !== assetClass) {
    throw unknownIdentifier(`${assetClass === 'equity' ? 'Equity' : 'Option'} order ${context.params.orderId}`);
  }
  return record;
}

export function checkRoom(context: Context, adding = 1): void {
  if (context.state.orders.size + adding > context.limits.orders) {
    throw new ApiError(
      422,
      'BUSINESS_RULE_VIOLATION',
      `This sandbox client holds ${context.limits.orders} orders, the most the sandbox keeps per client. POST /v1/sandbox/reset clears them.`,
    );
  }
}

export function checkPrices(body: JsonObject): void {
  const type = String(body.type);
  const wants = {
    limitPrice: type === 'LIMIT' || type === 'STOP_LIMIT',
    stopPrice: type === 'STOP' || type === 'STOP_LIMIT',
  };
  for (const [field, needed] of Object.entries(wants)) {
    const present = body[field] !== undefined && body[field] !== null;
    if (present && !needed) {
      throw new ApiError(400, 'INVALID_FIELD', `${field} is not allowed on a ${type} order.`, [
        { field, issue: 'not_allowed' },
      ]);
    }
    if (!present && needed) {
      throw new ApiError(400, 'INVALID_FIELD', `${field} is required on a ${type} order.`, [
        { field, issue: 'required' },
      ]);
    }
  }
  if (type === 'MARKET' && body.timeInForce === 'GTC') {
    throw new ApiError(400, 'INVALID_FIELD', 'MARKET orders accept DAY, IOC and FOK, never GTC.', [
      { field: 'timeInForce', issue: 'invalid' },
    ]);
  }
}

export function newOrder(context: Context, fields: JsonObject): JsonObject {
  const now = iso(context.now);
  return {
    orderId: context.ids(),
    clientOrderId: null,
    kind: 'SINGLE',
    accountNumber: null,
    accountNumbers: null,
    parentOrderId: null,
    ...fields,
    limitPrice: fields.limitPrice ?? null,
    stopPrice: fields.stopPrice ?? null,
    status: 'PENDING_NEW',
    statusReason: null,
    filledQuantity: '0',
    leavesQuantity: fields.quantity,
    averageFillPrice: null,
    allocationStatus: fields.kind === 'BLOCK' ? 'UNALLOCATED' : null,
    allocations: fields.kind === 'BLOCK' ? [] : null,
    replacesOrderId: null,
    replacedByOrderId: null,
    createdAt: now,
    updatedAt: now,
  };
}

export function store(context: Context, record: OrderRecord, location: string): Answer {
  context.state.orders.set(String(record.order.orderId), record);
  track(context.state, record);
  return {
    status: 201,
    headers: { Location: `${context.base}${location}/${String(record.order.orderId)}` },
    body: record.order,
  };
}
