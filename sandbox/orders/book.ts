/**
 * The bookkeeping of a client's working orders that keeps each request's cost independent of how many there are:
 * a queue of when each order's next step is due, so that time visits only the orders it changes, and each account's
 * open order reserve, kept as orders are accepted, fill and end rather than summed over every working order.
 *
 * Whoever gives an order steps or changes them calls `schedule`; whoever changes what an order reserves (its
 * `leavesQuantity`, or whether it is working) calls `settleReserve`. `track` does both for an order that starts
 * working.
 */
import type { ClientState, OrderRecord } from '../state';

/**
 * A binary min-heap of (moment, order): each order's next step, by when it is due. An order has at most one valid
 * entry, the one whose moment is its `dueAt`; an entry left behind by a change of steps is dropped when it comes up
 * (or when too many have piled up), so a change costs O(log n) and never a search.
 */
export class DueQueue {
  private ats: number[] = [];
  private records: OrderRecord[] = [];
  /** Entries no longer valid, about: when they are most of the heap, it is rebuilt without them. */
  private stale = 0;

  get size(): number {
    return this.ats.length;
  }

  /** Queues the order's next step, or none: its first step's moment, or no step (or no moment) at all. */
  schedule(record: OrderRecord): void {
    const first = record.steps.length > 0 ? record.steps[0].at : undefined;
    // A moment that is not a number (NaN) is never due: `at <= now` is false for it, as in a plain walk.
    const at = first !== undefined && first <= Infinity ? first : undefined;
    if (at === record.dueAt) return;
    if (record.dueAt !== undefined) this.stale += 1;
    record.dueAt = at;
    if (at === undefined) return;
    this.push(at, record);
    if (this.stale > 1024 && this.stale * 2 > this.ats.length) this.compact();
  }

  /**
   * The orders with a step due at `now` or before, taken out of the queue (`schedule` puts each back once its due
   * steps are applied), in the order they started working: the order time has always applied them in.
   */
  takeDue(now: number): OrderRecord[] {
    if (this.ats.length === 0 || this.ats[0] > now) return NONE;
    const due: OrderRecord[] = [];
    while (this.ats.length > 0 && this.ats[0] <= now) {
      const at = this.ats[0];
      const record = this.pop();
      if (record.dueAt !== at) {
        this.stale = Math.max(0, this.stale - 1);
        continue;
      }
      record.dueAt = undefined;
      due.push(record);
    }
    if (due.length > 1) due.sort((a, b) => (a.workingSince ?? 0) - (b.workingSince ?? 0));
    return due;
  }

  /** Takes the order out of the queue if its next step is due at `now` or before; whether it did. */
  take(record: OrderRecord, now: number): boolean {
    if (record.dueAt === undefined || record.dueAt > now) return false;
    record.dueAt = undefined;
    this.stale += 1;
    return true;
  }

  clear(): void {
    this.ats = [];
    this.records = [];
    this.stale = 0;
  }

  private push(at: number, record: OrderRecord): void {
    const { ats, records } = this;
    let index = ats.length;
    ats.push(at);
    records.push(record);
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (ats[parent] <= at) break;
      ats[index] = ats[parent];
      records[index] = records[parent];
      index = parent;
    }
    ats[index] = at;
    records[index] = record;
  }

  private pop(): OrderRecord {
    const { ats, records } = this;
    const top = records[0];
    const lastAt = ats.pop() as number;
    const lastRecord = records.pop() as OrderRecord;
    if (ats.length > 0) this.sift(0, lastAt, lastRecord);
    return top;
  }

  /** Puts (at, record) at `index` or below it, where the heap's order allows. */
  private sift(start: number, at: number, record: OrderRecord): void {
    const { ats, records } = this;
    const length = ats.length;
    let index = start;
    for (;;) {
      let child = 2 * index + 1;
      if (child >= length) break;
      if (child + 1 < length && ats[child + 1] < ats[child]) child += 1;
      if (ats[child] >= at) break;
      ats[index] = ats[child];
      records[index] = records[child];
      index = child;
    }
    ats[index] = at;
    records[index] = record;
  }

  /** The heap again with one entry per queued order, its valid one. */
  private compact(): void {
    const kept = new Set<OrderRecord>();
    const ats: number[] = [];
    const records: OrderRecord[] = [];
    for (let index = 0; index < this.ats.length; index += 1) {
      const record = this.records[index];
      if (record.dueAt !== this.ats[index] || kept.has(record)) continue;
      kept.add(record);
      ats.push(this.ats[index]);
      records.push(record);
    }
    this.ats = ats;
    this.records = records;
    this.stale = 0;
    for (let index = (ats.length >> 1) - 1; index >= 0; index -= 1) this.sift(index, ats[index], records[index]);
  }
}

const NONE: OrderRecord[] = [];

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
