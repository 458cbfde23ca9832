/**
 * The sandbox's behaviour as the descriptions state it, as data a program reads: the rows of
 * `x-sandbox-test-values` (each a `trigger` and an `expect` beside the `when` and `outcome` the pages show), and
 * the rules of `info.x-identifier-errors`, the `Idempotency-Key` parameters' `x-replay`, the `x-dates` of
 * `accounts#Trade`, the order updates' `x-replacement`, the block allocations' `x-allocation`, the owner schemas'
 * `x-business-rules`, the generated forms' `x-document-fits`, and `orders#TimeInForce`'s `x-time-in-force` and
 * `orders#OrderType`'s `x-stop-trigger`. One schema for each, checked in
 * `openapi/__tests__/sandboxBehaviour.test.ts`; the contract suite (`tests/contract/`) runs every row. WRITING.md
 * describes the fields.
 */
import Ajv2020 from 'ajv/dist/2020';
import { isObject, type JsonObject } from './document';

/** A field of a request or a resource in the Standard errors' dot notation: `owners[0].familyName`. */
export type FieldPath = string;

export interface TestValueRow {
  /** The prose the pages show in their "You send" column. */
  readonly when: string;
  /** `api#Enum: VALUE` pairs, the page's "Outcome" column. */
  readonly outcome: Readonly<Record<string, string>>;
  readonly trigger: {
    /**
     * Fields laid over the operation's first request example; `null` removes the field. Account numbers in
     * the example are replaced with the account `account` describes.
     */
    readonly request: Readonly<Record<FieldPath, unknown>>;
    /** The account the request names: `ACTIVE` (approved) or `PENDING`, with test cash (`funded`) or none. */
    readonly account?: { readonly status: 'ACTIVE' | 'PENDING'; readonly funded?: boolean };
  };
  readonly expect: {
    /** The HTTP status of the operation's answer. */
    readonly status: number;
    /** The answer's `error.code`, for an error status. */
    readonly code?: string;
    /** Fields of the resource at the answer's `Location`, which hold once it settles (polled, with a deadline). */
    readonly state?: Readonly<Record<FieldPath, unknown>>;
    /** Sandbox time (ISO 8601 duration) that must pass before `state` holds; only a movable clock gets there in seconds. */
    readonly after?: string;
  };
}

const FIELD_PATH = '^[A-Za-z][A-Za-z0-9]*(\\[\\d+\\])?(\\.[A-Za-z][A-Za-z0-9]*(\\[\\d+\\])?)*$';

/** The JSON Schema of one row of `x-sandbox-test-values`. */
const TEST_VALUE_ROW_SCHEMA = {
  type: 'object',
  required: ['when', 'outcome', 'trigger', 'expect'],
  additionalProperties: false,
  properties: {
    when: { type: 'string', minLength: 1 },
    outcome: {
      type: 'object',
      minProperties: 1,
      propertyNames: { pattern: '^(accounts|onboarding|orders|documents)#[A-Z][A-Za-z]+$' },
      additionalProperties: { type: 'string', pattern: '^[A-Z][A-Z0-9_]*$' },
    },
    trigger: {
      type: 'object',
      required: ['request'],
      additionalProperties: false,
      properties: {
        request: { type: 'object', propertyNames: { pattern: FIELD_PATH } },
        account: {
          type: 'object',
          required: ['status'],
          additionalProperties: false,
          properties: { status: { enum: ['ACTIVE', 'PENDING'] }, funded: { type: 'boolean' } },
        },
      },
    },
    expect: {
      type: 'object',
      required: ['status'],
      additionalProperties: false,
      properties: {
        status: { type: 'integer', minimum: 200, maximum: 599 },
        code: { type: 'string', pattern: '^[A-Z][A-Z0-9_]*$' },
        state: { type: 'object', minProperties: 1, propertyNames: { pattern: FIELD_PATH } },
        after: { type: 'string', pattern: '^PT(\\d+H)?(\\d+M)?(\\d+S)?$' },
      },
      // An error answer names its code and creates nothing to follow; a success names the state it reaches.
      if: { properties: { status: { minimum: 400 } } },
      then: { required: ['code'], not: { anyOf: [{ required: ['state'] }, { required: ['after'] }] } },
      else: { required: ['state'], not: { required: ['code'] } },
    },
  },
} as const;

/** `info.x-identifier-errors`: what a path identifier or an account in a body that names nothing the client may see gets. */
const IDENTIFIER_ERRORS_SCHEMA = {
  type: 'object',
  required: ['status', 'code', 'path', 'body'],
  additionalProperties: false,
  properties: {
    status: { const: 404 },
    code: { const: 'NOT_FOUND' },
    path: { type: 'array', items: { enum: ['malformed', 'unknown', 'another-firm'] }, uniqueItems: true },
    body: { type: 'array', items: { type: 'string' }, uniqueItems: true },
  },
} as const;

/** `x-replay` of the `Idempotency-Key` parameters: the answers a key replays (`stored`) and those it runs again. */
const REPLAY_SCHEMA = {
  type: 'object',
  required: ['stored', 'notStored', 'otherBody'],
  additionalProperties: false,
  properties: {
    stored: { type: 'array', items: { type: 'string', pattern: '^[1-5](XX|\\d\\d)$' }, minItems: 1 },
    notStored: { type: 'array', items: { type: ['string', 'integer'], pattern: '^[1-5](XX|\\d\\d)( .+)?$' } },
    otherBody: { type: 'string', pattern: '^409 [A-Z_]+$' },
  },
} as const;

/** `x-dates` of `accounts#Trade`: how a trade's dates follow from when it executed. */
const TRADE_DATES_SCHEMA = {
  type: 'object',
  required: ['tradeDate', 'settlementDate'],
  additionalProperties: false,
  properties: {
    tradeDate: {
      type: 'object',
      required: ['of', 'timeZone', 'weekend'],
      additionalProperties: false,
      properties: {
        of: { const: 'executedAt' },
        timeZone: { type: 'string' },
        weekend: { const: 'next-business-day' },
      },
    },
    settlementDate: {
      type: 'object',
      required: ['of', 'businessDaysAfter'],
      additionalProperties: false,
      properties: { of: { const: 'tradeDate' }, businessDaysAfter: { type: 'integer', minimum: 0 } },
    },
  },
} as const;

const STATUS_AND_CODE = { type: 'string', pattern: '^[1-5]\\d\\d [A-Z_]+$' } as const;

/** `x-replacement` of the order updates: which orders can be replaced, and what the replacement carries. */
const REPLACEMENT_SCHEMA = {
  type: 'object',
  required: ['from', 'otherwise', 'quantity', 'carries', 'links'],
  additionalProperties: false,
  properties: {
    from: { type: 'array', items: { type: 'string' }, minItems: 1 },
    otherwise: STATUS_AND_CODE,
    quantity: { const: 'total-including-filled' },
    carries: { type: 'array', items: { type: 'string' }, minItems: 1 },
    links: {
      type: 'object',
      required: ['original', 'replacement'],
      additionalProperties: false,
      properties: { original: { type: 'string' }, replacement: { type: 'string' } },
    },
  },
} as const;

/** `x-allocation` of the block allocations: which blocks can be allocated, how often, and what each allocation is. */
const ALLOCATION_SCHEMA = {
  type: 'object',
  required: ['from', 'otherwise', 'again', 'creates'],
  additionalProperties: false,
  properties: {
    from: {
      type: 'object',
      required: ['status', 'filledQuantityAbove', 'allocationStatus'],
      additionalProperties: false,
      properties: {
        status: { type: 'array', items: { type: 'string' }, minItems: 1 },
        filledQuantityAbove: { type: 'number' },
        allocationStatus: { type: 'string' },
      },
    },
    otherwise: STATUS_AND_CODE,
    again: STATUS_AND_CODE,
    creates: {
      type: 'object',
      required: ['kind', 'status', 'sameAsBlock', 'link'],
      additionalProperties: false,
      properties: {
        kind: { type: 'string' },
        status: { type: 'string' },
        sameAsBlock: { type: 'array', items: { type: 'string' } },
        link: { type: 'string' },
      },
    },
  },
} as const;

const ACCOUNT_TYPES = { type: 'array', items: { type: 'string', pattern: '^[A-Z][A-Z_]*$' }, minItems: 1 } as const;

/**
 * `x-business-rules` of an owner schema (onboarding): rules of one of its fields that a JSON Schema cannot state
 * (an age) or that the account type adds (`MARRIED` on a community property account). An application or an
 * update that breaks one gets `422 BUSINESS_RULE_VIOLATION` with `message` and the field (`out_of_range` for an
 * age, `invalid_value` for a value).
 */
const BUSINESS_RULES_SCHEMA = {
  type: 'array',
  minItems: 1,
  items: {
    type: 'object',
    required: ['field', 'message'],
    additionalProperties: false,
    properties: {
      field: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9]*$' },
      minimumAge: { type: 'integer', minimum: 1 },
      equals: { type: 'string' },
      message: { type: 'string', minLength: 1 },
    },
    oneOf: [{ required: ['minimumAge'] }, { required: ['equals'] }],
  },
} as const;

/**
 * `x-document-fits` of `generateAccountDocument`: the account types each form fits (`accountTypes`) or does not
 * (`exceptAccountTypes`); a form not named fits every type. Any other gets `422 BUSINESS_RULE_VIOLATION` with
 * `message`.
 */
const DOCUMENT_FITS_SCHEMA = {
  type: 'object',
  minProperties: 1,
  propertyNames: { pattern: '^[A-Z][A-Z0-9_]*$' },
  additionalProperties: {
    type: 'object',
    required: ['message'],
    additionalProperties: false,
    properties: {
      accountTypes: ACCOUNT_TYPES,
      exceptAccountTypes: ACCOUNT_TYPES,
      message: { type: 'string', minLength: 1 },
    },
    oneOf: [{ required: ['accountTypes'] }, { required: ['exceptAccountTypes'] }],
  },
} as const;

const TIME_IN_FORCE_RULE = {
  type: 'object',
  required: ['rest'],
  additionalProperties: false,
  properties: {
    rest: { enum: ['EXPIRED', 'CANCELED', 'WORKING'] },
    at: { enum: ['once', 'close-of-trade-date', 'close-of-expiration-date'] },
    allOrNone: { type: 'boolean' },
  },
  // A rest that ends says when; one that works on does not.
  if: { properties: { rest: { const: 'WORKING' } } },
  then: { not: { required: ['at'] } },
  else: { required: ['at'] },
} as const;

/**
 * `x-time-in-force` of `orders#TimeInForce`: the regular session's close, and what each time in force does with
 * the quantity that has not filled (`rest`: `EXPIRED` or `CANCELED`, and when: `once`, at the close of the trade
 * date, or at the close of an option contract's expiration date; or `WORKING` on), `allOrNone` when it fills in
 * full or not at all; `optionContracts`, the end of every option order still working.
 */
const TIME_IN_FORCE_SCHEMA = {
  type: 'object',
  required: ['close', 'DAY', 'GTC', 'IOC', 'FOK', 'optionContracts'],
  additionalProperties: false,
  properties: {
    close: {
      type: 'object',
      required: ['time', 'timeZone', 'days'],
      additionalProperties: false,
      properties: {
        time: { type: 'string', pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' },
        timeZone: { type: 'string', minLength: 1 },
        days: { const: 'weekdays' },
      },
    },
    DAY: TIME_IN_FORCE_RULE,
    GTC: TIME_IN_FORCE_RULE,
    IOC: TIME_IN_FORCE_RULE,
    FOK: TIME_IN_FORCE_RULE,
    optionContracts: TIME_IN_FORCE_RULE,
  },
} as const;

/**
 * `x-stop-trigger` of `orders#OrderType`: the price that triggers a stop (`field`), in which direction for a buy
 * (a side that starts with `BUY`) and for a sell (every other side), and what each stop type works as once
 * triggered.
 */
const STOP_TRIGGER_SCHEMA = {
  type: 'object',
  required: ['field', 'buy', 'sell', 'becomes'],
  additionalProperties: false,
  properties: {
    field: { type: 'string', pattern: '^[a-z][A-Za-z]*$' },
    buy: { enum: ['at-or-above', 'at-or-below'] },
    sell: { enum: ['at-or-above', 'at-or-below'] },
    becomes: {
      type: 'object',
      minProperties: 1,
      propertyNames: { pattern: '^[A-Z][A-Z_]*$' },
      additionalProperties: { enum: ['MARKET', 'LIMIT'] },
    },
  },
} as const;

export interface TimeInForceRule {
  readonly rest: 'EXPIRED' | 'CANCELED' | 'WORKING';
  readonly at?: 'once' | 'close-of-trade-date' | 'close-of-expiration-date';
  readonly allOrNone?: boolean;
}

export interface TimeInForceRules {
  readonly close: { readonly time: string; readonly timeZone: string; readonly days: 'weekdays' };
  readonly DAY: TimeInForceRule;
  readonly GTC: TimeInForceRule;
  readonly IOC: TimeInForceRule;
  readonly FOK: TimeInForceRule;
  readonly optionContracts: TimeInForceRule;
}

export interface StopTrigger {
  readonly field: string;
  readonly buy: 'at-or-above' | 'at-or-below';
  readonly sell: 'at-or-above' | 'at-or-below';
  readonly becomes: Readonly<Record<string, 'MARKET' | 'LIMIT'>>;
}

/** Whether a price triggers a stop of a side (`BUY…` buys, every other side sells), as `x-stop-trigger` says. */
export function stopTriggered(rule: StopTrigger, side: string, price: number, stop: number): boolean {
  const direction = side.startsWith('BUY') ? rule.buy : rule.sell;
  return direction === 'at-or-above' ? price >= stop : price <= stop;
}

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** The close (`x-time-in-force`'s `close`) on a date, in ms: that wall-clock time in its time zone. */
export function closeOn(close: TimeInForceRules['close'], date: string): number {
  const [hours, minutes] = close.time.split(':').map(Number);
  const wall = Date.parse(`${date}T00:00:00Z`) + (hours * 60 + minutes) * MINUTE_MS;
  // The zone's offset at that moment: the wall time read there, less the moment (two tries settle a DST change).
  let at = wall;
  for (let round = 0; round < 2; round++) at = wall - (zoned(at, close.timeZone) - at);
  return at;
}

/** One formatter per time zone: making one costs more than the rest of a placement (a profile under load). */
const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

function wallClockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    wallClockFormats.set(timeZone, format);
  }
  return format;
}

/** A moment's wall-clock time in a time zone, as if it were UTC (ms, to the minute). */
function zoned(ms: number, timeZone: string): number {
  const parts = Object.fromEntries(
    wallClockFormat(timeZone)
      .formatToParts(ms)
      .map((part) => [part.type, part.value]),
  );
  return Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
  );
}

/**
 * The last close `closeAfter` found, by rule, and the moment it was asked for: no close lies between the two, so
 * every moment from `from` until that close has it as its next one. Placements come in time order, so most find
 * their close here without reading a clock in the time zone (three reads a placement, the most of its own work in a
 * profile under load).
 */
const lastCloses = new Map<string, { readonly from: number; readonly at: number }>();

/** The first close after `ms` on a weekday: when a `DAY` order placed at `ms` ends. */
export function closeAfter(close: TimeInForceRules['close'], ms: number): number {
  const rule = `${close.timeZone} ${close.time}`;
  const last = lastCloses.get(rule);
  if (last && last.from <= ms && ms < last.at) return last.at;
  let day = Math.floor(zoned(ms, close.timeZone) / DAY_MS) * DAY_MS;
  for (; ; day += DAY_MS) {
    if ([0, 6].includes(new Date(day).getUTCDay())) continue;
    const at = closeOn(close, new Date(day).toISOString().slice(0, 10));
    if (at > ms) {
      lastCloses.set(rule, { from: ms, at });
      return at;
    }
  }
}

export interface BusinessRule {
  readonly field: string;
  readonly minimumAge?: number;
  readonly equals?: string;
  readonly message: string;
}

export interface DocumentFit {
  readonly accountTypes?: readonly string[];
  readonly exceptAccountTypes?: readonly string[];
  readonly message: string;
}

/** Whole years from a date of birth to a date (`YYYY-MM-DD` both). */
function ageOn(dateOfBirth: string, today: string): number {
  const [born, now] = [dateOfBirth, today].map((date) => date.split('-').map(Number));
  const birthdayPassed = now[1] > born[1] || (now[1] === born[1] && now[2] >= born[2]);
  return now[0] - born[0] - (birthdayPassed ? 0 : 1);
}

/** The issue a field's value breaks a rule with (`today` for an age), or null when it keeps the rule. */
export function ruleBroken(rule: BusinessRule, value: unknown, today: string): 'out_of_range' | 'invalid_value' | null {
  if (value === undefined || value === null) return null;
  if (rule.minimumAge !== undefined) {
    return typeof value === 'string' && ageOn(value, today) < rule.minimumAge ? 'out_of_range' : null;
  }
  return value === rule.equals ? null : 'invalid_value';
}

/** Whether a form fits an account type, by its entry of `x-document-fits` (none: every type). */
export const documentFits = (fit: DocumentFit | undefined, accountType: string): boolean =>
  !fit ||
  (fit.accountTypes ? fit.accountTypes.includes(accountType) : !(fit.exceptAccountTypes ?? []).includes(accountType));

/** `x-replacement` as the suite reads it. */
export interface Replacement {
  readonly from: readonly string[];
  readonly otherwise: string;
  readonly carries: readonly string[];
  readonly links: { readonly original: string; readonly replacement: string };
}

/** `x-allocation` as the suite reads it. */
export interface Allocation {
  readonly from: { readonly status: readonly string[]; readonly filledQuantityAbove: number };
  readonly otherwise: string;
  readonly again: string;
  readonly creates: {
    readonly kind: string;
    readonly status: string;
    readonly sameAsBlock: readonly string[];
    readonly link: string;
  };
}

const ajv = new Ajv2020({ strict: false, allErrors: true });
const validators = {
  row: ajv.compile(TEST_VALUE_ROW_SCHEMA),
  identifiers: ajv.compile(IDENTIFIER_ERRORS_SCHEMA),
  replay: ajv.compile(REPLAY_SCHEMA),
  tradeDates: ajv.compile(TRADE_DATES_SCHEMA),
  replacement: ajv.compile(REPLACEMENT_SCHEMA),
  allocation: ajv.compile(ALLOCATION_SCHEMA),
  businessRules: ajv.compile(BUSINESS_RULES_SCHEMA),
  timeInForce: ajv.compile(TIME_IN_FORCE_SCHEMA),
  stopTrigger: ajv.compile(STOP_TRIGGER_SCHEMA),
  documentFits: ajv.compile(DOCUMENT_FITS_SCHEMA),
};

/** What is wrong with a value against one of the schemas above, as `path message` lines (none when it is valid). */
export function problemsOf(kind: keyof typeof validators, value: unknown): string[] {
  const validate = validators[kind];
  if (validate(value)) return [];
  return (validate.errors ?? [])
    .filter((error) => !['if', 'then', 'else'].includes(error.keyword))
    .map((error) => `${error.instancePath || '/'} ${error.message ?? 'is invalid'}`);
}

/** The values an `outcome` names that its `expect` does not (a row whose prose and data disagree). */
export function outcomeNotExpected(row: TestValueRow): string[] {
  const expected = new Set<unknown>([row.expect.code, ...Object.values(row.expect.state ?? {})]);
  return Object.entries(row.outcome)
    .filter(([, value]) => !expected.has(value))
    .map(([schema, value]) => `${schema}: ${value}`);
}

/** Reads a field path (`requiredActions[0].type`) of a JSON value. */
export function readField(value: unknown, path: FieldPath): unknown {
  return path.split(/\.|(?=\[)/).reduce<unknown>((current, part) => {
    const index = /^\[(\d+)\]$/.exec(part);
    if (index) return Array.isArray(current) ? current[Number(index[1])] : undefined;
    return isObject(current) ? current[part] : undefined;
  }, value);
}

/** A copy of `value` with the field at `path` set, or removed when `field` is `null`. */
export function withField(value: JsonObject, path: FieldPath, field: unknown): JsonObject {
  const copy = structuredClone(value);
  const parts = path.split(/\.|(?=\[)/).map((part) => /^\[(\d+)\]$/.exec(part)?.[1] ?? part);
  let current: unknown = copy;
  for (const part of parts.slice(0, -1)) {
    const next = (current as Record<string, unknown>)[part];
    if (!isObject(next) && !Array.isArray(next)) throw new Error(`${path}: no ${part} to set a field in`);
    current = next;
  }
  const last = parts[parts.length - 1];
  if (field === null && !Array.isArray(current)) delete (current as Record<string, unknown>)[last];
  else (current as Record<string, unknown>)[last] = field;
  return copy;
}

/** Milliseconds of an ISO 8601 duration of hours, minutes and seconds (`PT10M`). */
export function durationMs(duration: string): number {
  const match = /^PT(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?$/.exec(duration);
  if (!match) throw new Error(`not a duration: ${duration}`);
  return ((Number(match[1] ?? 0) * 60 + Number(match[2] ?? 0)) * 60 + Number(match[3] ?? 0)) * 1000;
}
