/**
 * The queue of when each working order's next step is due (sandbox/orders/book.ts keeps it with the reserves), apart
 * from the sandbox's state types so that the state can hold one without an import cycle.
 */

/** What the queue reads and keeps on an order (sandbox/state.ts `OrderRecord`). */
export interface QueuedOrder {
  readonly steps: readonly { readonly at: number }[];
  /** The queue's bookkeeping: when the order's queued next step is due, if one is queued. */
  dueAt?: number;
  /** How many orders of the client had started working before this one: due orders come out in this order. */
  readonly workingSince?: number;
}

/**
 * A binary min-heap of (moment, order): each order's next step, by when it is due. An order has at most one valid
 * entry, the one whose moment is its `dueAt`; an entry left behind by a change of steps is dropped when it comes up
 * (or when too many have piled up), so a change costs O(log n) and never a search.
 */
export class DueQueue<Queued extends QueuedOrder = QueuedOrder> {
  private ats: number[] = [];
  private records: Queued[] = [];
  /** Entries no longer valid, about: when they are most of the heap, it is rebuilt without them. */
  private stale = 0;

  get size(): number {
    return this.ats.length;
  }

  /** Queues the order's next step, or none: its first step's moment, or no step (or no moment) at all. */
  schedule(record: Queued): void {
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
  takeDue(now: number): Queued[] {
    if (this.ats.length === 0 || this.ats[0] > now) return [];
    const due: Queued[] = [];
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
  take(record: Queued, now: number): boolean {
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

  private push(at: number, record: Queued): void {
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

  private pop(): Queued {
    const { ats, records } = this;
    const top = records[0];
    const lastAt = ats.pop() as number;
    const lastRecord = records.pop() as Queued;
    if (ats.length > 0) this.sift(0, lastAt, lastRecord);
    return top;
  }

  /** Puts (at, record) at `index` or below it, where the heap's order allows. */
  private sift(start: number, at: number, record: Queued): void {
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
    const kept = new Set<Queued>();
    const ats: number[] = [];
    const records: Queued[] = [];
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
