/**
 * The sandbox's HTTP answers in the descriptions' error envelope, and the mapping of schema problems to
 * each API's `details[].issue` vocabulary (`ValidationIssue`, or `OrderValidationIssue` for orders).
 */
import type { ApiName } from '../openapi/descriptions';
import type { Problem } from './spec';

export interface Answer {
  readonly status: number;
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
  /** A body sent as is (the PDF of a document), instead of JSON. */
  readonly raw?: { readonly text: string; readonly contentType: string };
}

export interface Detail {
  readonly field: string;
  readonly issue: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: readonly Detail[],
    readonly headers?: Readonly<Record<string, string>>,
  ) {
    super(message);
  }
}

/** The error envelope: `{ error: { code, message, requestId, details? } }`. */
export function errorBody(error: ApiError, requestId: string): unknown {
  return {
    error: {
      code: error.code,
      message: error.message,
      requestId,
      ...(error.details && error.details.length > 0 ? { details: error.details } : {}),
    },
  };
}

const COMMON_ISSUES: Record<string, string> = {
  required: 'required',
  additionalProperties: 'not_allowed',
  unevaluatedProperties: 'not_allowed',
  false: 'not_allowed',
  pattern: 'invalid_format',
  format: 'invalid_format',
  type: 'invalid_format',
  enum: 'invalid_value',
  const: 'invalid_value',
  maxLength: 'too_long',
  minimum: 'out_of_range',
  maximum: 'out_of_range',
  exclusiveMinimum: 'out_of_range',
  exclusiveMaximum: 'out_of_range',
  minItems: 'out_of_range',
  maxItems: 'out_of_range',
  // A file part over its `x-max-bytes` (sandbox/requests/body.ts checks it; JSON Schema has no keyword for it).
  'x-max-bytes': 'too_large',
};

const ORDER_ISSUES: Record<string, string> = {
  required: 'required',
  additionalProperties: 'not_allowed',
  unevaluatedProperties: 'not_allowed',
  false: 'not_allowed',
  pattern: 'format',
  format: 'format',
  type: 'format',
  enum: 'enum',
  const: 'enum',
  minimum: 'minimum',
  exclusiveMinimum: 'minimum',
  minItems: 'min_items',
  uniqueItems: 'duplicate',
};

/**
 * What a decimal string that fails a pattern for numbers breaks, in `OrderValidationIssue` names (Standard errors):
 * a fraction where the pattern takes whole numbers only (`whole_number`, such as `"10.5"` shares of a block),
 * more decimal places than it takes (`precision`, such as a quantity with seven), or zero where it takes only
 * numbers from one (`minimum`, such as an allocation of `"0"`). Anything else is `format`.
 */
export function orderPatternIssue(pattern: string, value: unknown): string {
  if (typeof value !== 'string' || !/^[0-9]+(\.[0-9]+)?$/.test(value)) return 'format';
  const accepts = (text: string) => new RegExp(pattern, 'u').test(text);
  const [whole, fraction = ''] = value.split('.');
  if (fraction !== '' && accepts('1') && !accepts('1.5')) return 'whole_number';
  for (let places = fraction.length - 1; places >= 1; places -= 1) {
    if (accepts(`${whole}.${fraction.slice(0, places)}`)) return 'precision';
  }
  if (/^0+(\.0+)?$/.test(value) && accepts('1')) return 'minimum';
  return 'format';
}

/** Schema problems as the `details` of a `400 INVALID_FIELD`, in the API's own issue names. */
export function detailsOf(api: ApiName, problems: readonly Problem[]): Detail[] {
  const table = api === 'orders' ? ORDER_ISSUES : COMMON_ISSUES;
  const fallback = api === 'orders' ? 'invalid' : 'invalid_value';
  return problems.map((problem) => ({
    field: problem.field || 'body',
    issue:
      api === 'orders' && problem.keyword === 'pattern' && problem.pattern !== undefined
        ? orderPatternIssue(problem.pattern, problem.value)
        : (table[problem.keyword] ?? fallback),
  }));
}

export const invalidField = (api: ApiName, problems: readonly Problem[]): ApiError =>
  new ApiError(
    400,
    'INVALID_FIELD',
    problems
      .slice(0, 3)
      .map((problem) => problem.message)
      .join('; '),
    detailsOf(api, problems),
  );

export const notFound = (what: string): ApiError => new ApiError(404, 'NOT_FOUND', `${what} was not found.`);

/** A JSON response. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/** `1048576` → `1 MB`. */
export function megabytes(bytes: number): string {
  return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
}
