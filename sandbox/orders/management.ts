/** Reading, searching, canceling and replacing orders (Orders API). */
import { type Handler, bodyOf, page } from '../context';
import { ApiError } from '../http';
import { type OrderRecord, type OrderStep, moveOrder, quantityText } from '../state';
import { stepsFor } from './execution';
import { WORKING, checkPrices, checkRoom, newOrder, orderOf } from './lifecycle';
import { priceOf } from './prices';

export const getOrder =
  (assetClass: OrderRecord['assetClass']): Handler =>
  (context) => ({
    status: 200,
    body: orderOf(context, assetClass).order,
  });

export const searchOrders =
  (assetClass: OrderRecord['assetClass']): Handler =>
  (context) => {
    const { accountNumber, symbol, clientOrderId } = context.query;
    const statuses =
      typeof context.query.status === 'string'
        ? context.query.status.split(',')
        : Array.isArray(context.query.status)
          ? context.query.status.map(String)
          : null;
    const to = typeof context.query.to === 'string' ? Date.parse(context.query.to) : context.now;
    const from = typeof context.query.from === 'string' ? Date.parse(context.query.from) : to - 7 * 86_400_000;
    if (to - from > 90 * 86_400_000 || from > to) {
      throw new ApiError(400, 'INVALID_FIELD', 'from and to may be at most 90 days apart, from first.', [
        { field: 'from', issue: 'range_too_long' },
      ]);
    }
    const items = [...context.state.orders.values()]
      .filter((record) => record.assetClass === assetClass)
      .map((record) => record.order)
      .filter((order) => {
        const created = Date.parse(String(order.createdAt));
        return (
          created >= from - 1000 &&
          created <= to + 1000 &&
          (!accountNumber ||
            order.accountNumber === accountNumber ||
            (Array.isArray(order.accountNumbers) && order.accountNumbers.includes(accountNumber))) &&
          (!symbol || order.symbol === symbol || order.underlying === symbol) &&
          (!statuses || statuses.includes(String(order.status))) &&
          // Only a version whose description has the filter lets it through validation (Trading API v2).
          (clientOrderId === undefined || order.clientOrderId === clientOrderId)
        );
      })
      .reverse();
    return { status: 200, body: page(context, items, { accountNumber, symbol, statuses, from, to, clientOrderId }) };
  };

export const cancelOrder =
  (assetClass: OrderRecord['assetClass']): Handler =>
  (context) => {
    const record = orderOf(context, assetClass);
    const status = String(record.order.status);
    if (record.order.kind === 'ALLOCATION' || !WORKING.has(status)) {
      throw new ApiError(
        409,
        'ORDER_NOT_MODIFIABLE',
        `Order ${String(record.order.orderId)} is ${status}; it can't be canceled.`,
      );
    }
    if (status !== 'PENDING_CANCEL') {
      // During PENDING_REPLACE the original is still the working version (the market has not confirmed the
      // replace, or the order would be REPLACED): the cancel is for it, and dropping its steps drops the
      // replacement, which only the confirmation would create. PENDING_CANCEL can't become REPLACED.
      moveOrder(context.descriptions.orderTransitions, record, 'PENDING_CANCEL', context.now);
      // A DAY order whose close comes first still ends EXPIRED (PENDING_CANCEL -> EXPIRED).
      record.steps = [{ at: context.now + context.timing.acknowledgeMs, status: 'CANCELED' }, ...expiryOf(record)].sort(
        (a, b) => a.at - b.at,
      );
      context.state.due.schedule(record);
    }
    return { status: 202, body: record.order };
  };

export const updateOrder =
  (assetClass: OrderRecord['assetClass']): Handler =>
  (context) => {
    const record = orderOf(context, assetClass);
    const status = String(record.order.status);
    if (record.order.kind === 'ALLOCATION' || !['NEW', 'PARTIALLY_FILLED'].includes(status)) {
      throw new ApiError(
        409,
        'ORDER_NOT_MODIFIABLE',
        `Order ${String(record.order.orderId)} is ${status}; it can't be replaced now.`,
      );
    }
    const changes = bodyOf(context);
    const merged = { ...record.order, ...changes };
    checkPrices(merged);
    const quantity = Number(merged.quantity);
    if (quantity <= Number(record.order.filledQuantity)) {
      throw new ApiError(
        422,
        'QUANTITY_BELOW_FILLED',
        `quantity must exceed the ${String(record.order.filledQuantity)} already filled.`,
      );
    }
    checkRoom(context);
    // The market confirms the replace at `at`, which creates the replacement: with the changed terms, the
    // same `clientOrderId`, and the fills so far (`quantity` is the new total, filled shares included).
    const at = context.now + context.timing.acknowledgeMs;
    const filled = Number(record.order.filledQuantity);
    const replacement = newOrder(
      { ...context, now: at },
      Object.fromEntries(
        Object.entries(merged).filter(
          ([key]) => !['orderId', 'status', 'createdAt', 'updatedAt', 'filledQuantity', 'leavesQuantity'].includes(key),
        ),
      ),
    );
    Object.assign(replacement, {
      replacesOrderId: record.order.orderId,
      filledQuantity: record.order.filledQuantity,
      leavesQuantity: quantityText(quantity - filled),
      averageFillPrice: record.order.averageFillPrice,
    });
    const price = assetClass === 'equity' ? priceOf(String(replacement.symbol), context.state.prices) : record.price;
    // Working at once: NEW, and PARTIALLY_FILLED when it carries fills (x-transitions has no shorter way).
    const working: OrderStep[] = [{ at, status: 'NEW' }];
    if (filled > 0) working.push({ at, status: 'PARTIALLY_FILLED' });
    const next: OrderRecord = {
      assetClass,
      order: replacement,
      price,
      multiplier: record.multiplier,
      triggered: record.triggered,
      steps: [],
    };
    next.steps = [...working, ...stepsFor({ ...context, now: at }, next).filter((step) => step.status !== 'NEW')];
    moveOrder(context.descriptions.orderTransitions, record, 'PENDING_REPLACE', context.now);
    // The close may come before the confirmation: then the original ends EXPIRED (PENDING_REPLACE -> EXPIRED).
    record.steps = [{ at, status: 'REPLACED', replacement: next }, ...expiryOf(record)].sort((a, b) => a.at - b.at);
    context.state.due.schedule(record);
    return { status: 202, body: record.order };
  };

/** The expiry step still ahead of an order (a DAY order before its close), if any. */
const expiryOf = (record: OrderRecord): OrderStep[] => record.steps.filter((step) => step.status === 'EXPIRED');
