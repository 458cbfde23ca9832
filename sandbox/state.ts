/**
 * What the sandbox remembers for each API client, in memory: reserved numbers, accounts with their
 * applications, cash, positions and activity, orders, documents and idempotency keys. Time moves the
 * state lazily: an application is decided and an order fills when a request reads it after its moment
 * has come, so no timers run and an idle sandbox does nothing. Order statuses move only along the
 * `x-transitions` of `orders#OrderStatus`.
 */
import type { JsonObject } from '../openapi/document';
import type { AccountChange, AccountProfile } from './accounts/profile';
import { DueQueue } from './orders/dueQueue';

export interface Limits {
  /** Orders one client may hold (single, block and allocation orders together). */
  readonly orders: number;
  /** Accounts one client may open. */
  readonly accounts: number;
  /** Documents one client may add or generate. */
  readonly documents: number;
  /**
   * Bytes of remembered answers per client, keys and fingerprints included. Keys are kept for the replay window
   * (24 hours); beyond this many bytes within it, the oldest are forgotten first (the Sandbox page says so).
   */
  readonly idempotencyBytes: number;
  /** Reserved account numbers a client may hold at a time (`x-` rule of reserveAccountNumber: 1,000). */
  readonly reservations: number;
}

export interface Timing {
  /** From an application to its decision ("within seconds"). */
  readonly reviewMs: number;
  /** From `PENDING_NEW` to `NEW`, and from a cancel or replace request to its outcome. */
  readonly acknowledgeMs: number;
  /** From placement to the fill. */
  readonly fillMs: number;
}

export interface Reservation {
  readonly accountNumber: string;
  readonly accountType: string;
  status: 'RESERVED' | 'USED' | 'EXPIRED';
  readonly reservedAt: number;
  readonly expiresAt: number;
}

/** What the review decides once no action is left open (`PENDING`: it never decides). */
export type ReviewOutcome =
  | { readonly status: 'APPROVED' }
  | { readonly status: 'PENDING' }
  | { readonly status: 'REJECTED'; readonly reason: string };

/** A required action of an application (`accounts#RequiredAction`), with when your response to it arrived. */
export interface OnboardingAction {
  readonly actionId: string;
  readonly type: 'DOCUMENT_REQUIRED' | 'INFORMATION_REQUIRED';
  readonly documentType: string | null;
  readonly partyId: string | null;
  readonly field: string | null;
  readonly message: string;
  /** When the upload or correction that answers it arrived; `null` while none has. */
  answeredAt: number | null;
}

export interface Application {
  readonly applicationId: string;
  readonly accountNumber: string;
  readonly accountType: string;
  readonly submittedAt: number;
  /** When the review decides, or raises its actions. */
  readonly decideAt: number;
  readonly outcome: ReviewOutcome;
  /** The actions raised at `decideAt` (sandbox/onboarding/review.ts). */
  readonly actions: OnboardingAction[];
  /** How long the actions may stay open once raised. */
  readonly actionWindowMs: number;
  /** For the review of an account update, the update's `operationId`: one review per account and operation. */
  readonly update?: string;
  /** For the review of an account update, the change it applies once approved, and whether it has. */
  readonly change?: AccountChange;
  applied?: boolean;
}

interface Position {
  quantity: number;
  cost: number;
  readonly assetClass: 'EQUITY' | 'OPTION';
}

export interface AccountRecord {
  readonly accountNumber: string;
  readonly accountType: string;
  readonly applicationId: string;
  /** The application as sent. */
  readonly request: JsonObject;
  /** What Get account shows of its parties and blocks, with every change applied so far (sandbox/accounts/profile.ts). */
  readonly profile: AccountProfile;
  cash: number;
  readonly positions: Map<string, Position>;
  readonly activity: JsonObject[];
  readonly trades: JsonObject[];
}

export interface OrderStep {
  readonly at: number;
  readonly status: string;
  /** Quantity that fills with this step. */
  readonly fill?: number;
  readonly reason?: string;
  /** The price the fill of this step is at; without one, the order's `price`. */
  readonly price?: number;
  /**
   * The order that replaces this one (a step to `REPLACED`). It exists from this step on, as the market's
   * confirmation creates it: a cancel that drops the step before then leaves no replacement behind.
   */
  readonly replacement?: OrderRecord;
}

export interface OrderRecord {
  readonly assetClass: 'equity' | 'options';
  /** The order as the API returns it; `status` and the fill fields change as it works. */
  readonly order: JsonObject;
  /** The market price when the order was placed: its fills unless a price change set another, and its reserve. */
  readonly price: number;
  /** Whether a `STOP` or `STOP_LIMIT` order has triggered: the price traded at or through `stopPrice`. */
  triggered?: boolean;
  /** What a fill moves per unit of quantity (100 for an option contract, 1 for a share). */
  readonly multiplier: number;
  /** What is ahead, by time. After changing them, `schedule` them (sandbox/orders/book.ts). */
  steps: OrderStep[];
  /** Bookkeeping of sandbox/orders/book.ts: when the order's queued next step is due, if one is queued. */
  dueAt?: number;
  /** Bookkeeping of sandbox/orders/book.ts: the order's share of its account's reserve, if it has one. */
  reserved?: bigint;
  /** Bookkeeping of sandbox/orders/book.ts: how many orders of the client had started working before this one. */
  workingSince?: number;
}

export interface DocumentRecord {
  readonly documentId: string;
  readonly accountNumber: string;
  readonly body: JsonObject;
}

/**
 * What the sandbox remembers of an idempotent request: a hash of what was asked (never the body), and, once it
 * is answered, the answer to replay: a response body, or for a `4xx` the error's code, message and details (a
 * replayed error gets the retry's own request ID, as every error body carries its response's `X-Request-Id`).
 */
export type IdempotencyEntry =
  | { readonly state: 'running'; readonly fingerprint: string }
  | {
      readonly state: 'done';
      readonly fingerprint: string;
      readonly status: number;
      readonly body: string;
      readonly headers: Record<string, string>;
      /** When it was answered: the replay window runs from here. */
      readonly at: number;
      /** Set for an error answer: `body` is then the JSON of its code, message and details. */
      readonly error?: true;
    };

export class ClientState {
  readonly reservations = new Map<string, Reservation>();
  readonly applications = new Map<string, Application>();
  readonly accounts = new Map<string, AccountRecord>();
  readonly orders = new Map<string, OrderRecord>();
  /**
   * Orders still working (`WORKING` statuses), in the order they started: those with steps ahead, which time
   * changes, and resting ones, which a price change can fill. Changed through sandbox/orders/book.ts only.
   */
  readonly working = new Set<OrderRecord>();
  /** How many orders have started working, ever: `OrderRecord.workingSince`. */
  workingCount = 0;
  /** The working orders with a step ahead, by when it is due (sandbox/orders/book.ts). */
  readonly due = new DueQueue<OrderRecord>();
  /** Each account's open order reserve, in the units of sandbox/orders/book.ts, for accounts that have one. */
  readonly reserves = new Map<string, bigint>();
  readonly documents = new Map<string, DocumentRecord>();
  /** Equity prices set with `PUT /v1/sandbox/prices/{symbol}`, by symbol; the others are the simulator's. */
  readonly prices = new Map<string, number>();
  readonly idempotency = new Map<string, IdempotencyEntry>();
  /** What `idempotency` holds, in bytes (`Limits.idempotencyBytes`). */
  idempotencyBytes = 0;
  nextAccountNumber = 10001;
  /**
   * How far this client's sandbox clock runs ahead of real time (`POST /v1/sandbox/clock`): reviews, fills,
   * expiry and every timestamp of the client's data follow it; tokens, the rate limit and idempotency keys keep
   * real time. A reset sets it back to zero.
   */
  clockOffsetMs = 0;
}

class TransitionError extends Error {}

/** Moves an order to `status` if `x-transitions` allows it; throws otherwise (a bug in the sandbox). */
export function moveOrder(
  transitions: Readonly<Record<string, readonly string[]>>,
  record: OrderRecord,
  status: string,
  at: number,
): void {
  const from = String(record.order.status);
  if (from === status) return;
  if (!(transitions[from] ?? []).includes(status)) {
    throw new TransitionError(`order ${String(record.order.orderId)} cannot move from ${from} to ${status}`);
  }
  record.order.status = status;
  record.order.updatedAt = iso(at);
}

export const iso = (ms: number): string => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
export const isoDate = (ms: number): string => iso(ms).slice(0, 10);

const DAY_MS = 86_400_000;
const EASTERN = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Whether a day (ms since the epoch at 00:00 UTC) is a Saturday or a Sunday. */
const isWeekend = (day: number): boolean => [0, 6].includes(new Date(day).getUTCDay());

/**
 * The US Eastern business date (`YYYY-MM-DD`) of a moment, as trade and activity dates are: its date in New
 * York, not in UTC, and on a Saturday or Sunday the Monday after. The docs name no market holidays, so none
 * are skipped.
 */
export function businessDate(ms: number): string {
  const parts = Object.fromEntries(EASTERN.formatToParts(ms).map((part) => [part.type, part.value]));
  let day = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day));
  while (isWeekend(day)) day += DAY_MS;
  return isoDate(day);
}

/** The settlement date of a trade date: T+1, the next business day (Friday's trades settle on Monday). */
export function settlementDate(tradeDate: string): string {
  let day = Date.parse(`${tradeDate}T00:00:00Z`) + DAY_MS;
  while (isWeekend(day)) day += DAY_MS;
  return isoDate(day);
}

/** A decimal string with at most `places` decimals and no trailing zeros (`"10"`, `"0.5"`). */
export function quantityText(value: number, places = 6): string {
  return String(Number(value.toFixed(places)));
}

export const money = (amount: number): { amount: string; currency: string } => ({
  amount: amount.toFixed(2),
  currency: 'USD',
});
