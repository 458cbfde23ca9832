/**
 * The bookkeeping of a client's working orders that keeps each request's cost independent of how many there are:
 * a queue of when each order's next step is due, so that time visits only the orders it changes, and each account's
 * open order reserve, kept as orders are accepted, fill and end rather than summed over every working order.
 *
 * The queue is `DueQueue` (dueQueue.ts), held by the client's state. Whoever gives an order steps or changes them
 * calls `state.due.schedule`; whoever changes what an order reserves (its
 * `leavesQuantity`, or whether it is working) calls `settleReserve`. `track` does both for an order that starts
 * working.
 */
import type { ClientState, OrderRecord } from '../state';

/**
 * The reserve is kept in hundred-millionths of a dollar, as a bigint: adding an order's share and later taking the
 * same share back is exact, so the total never drifts from the sum of the working orders' shares, whatever the
 * order of the changes.
 */
const UNITS = 1e8;

/** What an order reserves of its account's buying power now: a working BUY's rest at its price, in `UNITS`. */
function shareOf(state: ClientState, record: OrderRecord): bigint {
  const { order } = record;
  if (!state.working.has(record) || typeof order.accountNumber !== 'string') return 0n;
  if (!String(order.side).startsWith('BUY')) return 0n;
  const value = Number(order.leavesQuantity) * record.price * record.multiplier;
  // The schemas allow only decimal quantities and prices, so the value is a finite number.
  return Number.isFinite(value) ? BigInt(Math.round(value * UNITS)) : 0n;
}

/** Brings the order's share of its account's reserve up to date (after it started working, filled or ended). */
export function settleReserve(state: ClientState, record: OrderRecord): void {
  const share = shareOf(state, record);
  const before = record.reserved ?? 0n;
  if (share === before) return;
  const accountNumber = String(record.order.accountNumber);
  const total = (state.reserves.get(accountNumber) ?? 0n) + share - before;
  if (total === 0n) state.reserves.delete(accountNumber);
  else state.reserves.set(accountNumber, total);
  record.reserved = share === 0n ? undefined : share;
}

/** The open order reserve of an account: the rest of its working BUY orders at their prices, in USD. */
export const reserveOf = (state: ClientState, accountNumber: string): number =>
  Number(state.reserves.get(accountNumber) ?? 0n) / UNITS;

/** An accepted order starts working: time applies its steps from now on, and a BUY reserves buying power. */
export function track(state: ClientState, record: OrderRecord): void {
  if (!state.working.has(record)) {
    record.workingSince = state.workingCount;
    state.workingCount += 1;
    state.working.add(record);
  }
  state.due.schedule(record);
  settleReserve(state, record);
}

/** Forgets every working order (a reset). */
export function clearBook(state: ClientState): void {
  state.working.clear();
  state.due.clear();
  state.reserves.clear();
}
