/**
 * What a handler of an operation works on (one request over one client's state), and the readers every
 * resource shares: the body as an object, an amount of money, one page of a list.
 */
import type { ApiName } from '../openapi/descriptions';
import { type JsonObject, isObject } from '../openapi/document';
import { type Answer, ApiError } from './http';
import type { SandboxDescriptions } from './spec';
import type { ClientState, Limits, Timing } from './state';

export interface Context {
  readonly api: ApiName;
  readonly descriptions: SandboxDescriptions;
  readonly state: ClientState;
  readonly timing: Timing;
  readonly limits: Limits;
  readonly now: number;
  /** The source of every ID a handler makes (`SandboxOptions.ids`). */
  readonly ids: () => string;
  readonly params: Readonly<Record<string, string>>;
  readonly query: Readonly<Record<string, unknown>>;
  readonly body: unknown;
  /** The path below `/v1`, for `Location` headers. */
  readonly base: string;
}

export type Handler = (context: Context) => Answer;

export const amountOf = (value: unknown): number | null =>
  isObject(value) && typeof value.amount === 'string' ? Number(value.amount) : null;

export const bodyOf = (context: Context): JsonObject => (isObject(context.body) ? context.body : {});

/** One page of a list, with a cursor that carries the offset and the filters it was made for. */
export function page<T>(
  context: Context,
  items: readonly T[],
  filters: Readonly<Record<string, unknown>>,
): { data: T[]; nextCursor: string | null } {
  const limit = Number(context.query.limit ?? 50);
  const fingerprint = JSON.stringify(filters);
  let offset = 0;
  if (typeof context.query.cursor === 'string') {
    const decoded = decodeCursor(context.query.cursor);
    if (!decoded || decoded.filters !== fingerprint) {
      throw new ApiError(
        400,
        'INVALID_FIELD',
        'cursor does not belong to this query: keep every filter identical while you follow nextCursor.',
        [{ field: 'cursor', issue: context.api === 'orders' ? 'invalid' : 'invalid_value' }],
      );
    }
    offset = decoded.offset;
  }
  const data = items.slice(offset, offset + limit);
  const next = offset + limit < items.length ? encodeCursor({ offset: offset + limit, filters: fingerprint }) : null;
  return { data, nextCursor: next };
}

const encodeCursor = (value: { offset: number; filters: string }): string =>
  Buffer.from(JSON.stringify(value)).toString('base64url');

function decodeCursor(cursor: string): { offset: number; filters: string } | null {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (isObject(value) && Number.isInteger(value.offset) && typeof value.filters === 'string') {
      return { offset: Number(value.offset), filters: value.filters };
    }
  } catch {
    // Not a cursor this sandbox made.
  }
  return null;
}
