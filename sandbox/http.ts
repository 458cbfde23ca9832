/**
 * The sandbox's HTTP answers in the descriptions' error envelope, with schema problems named in each API's
 * `details[].issue` vocabulary (`ValidationIssue`, or `OrderValidationIssue` for orders) as contracts/openapi/issues.ts maps them.
 */
import { issueOf, type Problem } from '../contracts/openapi/issues';
import type { ApiName } from '../openapi/descriptions';

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

/** Schema problems as the `details` of a `400 INVALID_FIELD`, in the API's own issue names (contracts/openapi/issues.ts). */
function detailsOf(api: ApiName, problems: readonly Problem[]): Detail[] {
  const vocabulary = api === 'orders' ? 'OrderValidationIssue' : 'ValidationIssue';
  return problems.map((problem) => ({ field: problem.field || 'body', issue: issueOf(vocabulary, problem) }));
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
