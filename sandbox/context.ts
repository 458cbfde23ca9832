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
  /** The operation being answered (its description is `descriptions`' for the version asked). */
  readonly operationId: string;
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
  /** The URL of the version's prefix (`https://…/v1`), for `Location` headers. */
  readonly base: string;
}

export type Handler = (context: Context) => Answer;

export const amountOf = (value: unknown): number | null =>
  isObject(value) && typeof value.amount === 'string' ? Number(value.amount) : null;

export const bodyOf = (context: Context): JsonObject => (isObject(context.body) ? context.body : {});

/**
 * One page of a list, with a cursor that carries the offset, the filters it was made for and when it was made:
 * it expires `x-cursor-lifetime-hours` later, in sandbox time (a move of the sandbox clock ages it too).
 */
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
    const issue = context.api === 'orders' ? 'invalid' : 'invalid_value';
    if (decoded && context.now - decoded.issuedAt > context.descriptions.cursorLifetimeHours * HOUR_MS) {
      throw new ApiError(
        400,
        'INVALID_FIELD',
        `cursor expired ${context.descriptions.cursorLifetimeHours} hours after its page: start again from the first page.`,
        [{ field: 'cursor', issue }],
      );
    }
    if (!decoded || decoded.filters !== fingerprint) {
      throw new ApiError(
        400,
        'INVALID_FIELD',
        'cursor does not belong to this query: keep every filter identical while you follow nextCursor.',
        [{ field: 'cursor', issue }],
      );
    }
    offset = decoded.offset;
  }
  const data = items.slice(offset, offset + limit);
  const next =
    offset + limit < items.length
      ? encodeCursor({ offset: offset + limit, filters: fingerprint, issuedAt: context.now })
      : null;
  return { data, nextCursor: next };
}

const HOUR_MS = 3_600_000;

interface Cursor {
  readonly offset: number;
  readonly filters: string;
  /** Sandbox time (ms) of the page that returned it. */
  readonly issuedAt: number;
}

const encodeCursor = (value: Cursor): string => Buffer.from(JSON.stringify(value)).toString('base64url');

function decodeCursor(cursor: string): Cursor | null {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (
      isObject(value) &&
      Number.isInteger(value.offset) &&
      typeof value.filters === 'string' &&
      Number.isFinite(value.issuedAt)
    ) {
      return { offset: Number(value.offset), filters: value.filters, issuedAt: Number(value.issuedAt) };
    }
  } catch {
    // Not a cursor this sandbox made.
  }
  return null;
}
