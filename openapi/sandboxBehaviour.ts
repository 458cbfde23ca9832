/**
 * The sandbox's behaviour as the descriptions state it, as data a program reads: the rows of
 * `x-sandbox-test-values` (each a `trigger` and an `expect` beside the `when` and `outcome` the pages show), and
 * the rules of `info.x-identifier-errors`, the `Idempotency-Key` parameters' `x-replay`, the `x-dates` of
 * `accounts#Trade`, and the order updates' `x-replacement` and block allocations' `x-allocation`. One schema for each, checked in `openapi/__tests__/sandboxBehaviour.test.ts`; the contract
 * suite (`tests/contract/`) runs every row. WRITING.md describes the fields.
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
export const TEST_VALUE_ROW_SCHEMA = {
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
export const IDENTIFIER_ERRORS_SCHEMA = {
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
export const REPLAY_SCHEMA = {
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
export const TRADE_DATES_SCHEMA = {
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
export const REPLACEMENT_SCHEMA = {
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
export const ALLOCATION_SCHEMA = {
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
