/**
 * A deprecated operation as its description declares it (`deprecated: true` and `x-deprecation`): the
 * `Deprecation` (RFC 9745), `Sunset` (RFC 8594) and `Link` headers of every answer, and from the sunset on a
 * `404 NOT_FOUND` that names the sunset and the replacement. Nothing here is restated by hand: the dates, the
 * replacement and the link are the description's.
 */
import { isObject, type JsonObject } from '../../openapi/document';
import { ApiError } from '../http';

export interface Deprecation {
  /** `since` and `sunset` of `x-deprecation`, as written (`2026-11-30`). */
  readonly since: string;
  readonly sunset: string;
  /** The sunset moment, midnight UTC of the sunset date (ms since the epoch). */
  readonly sunsetAt: number;
  readonly replacement: string;
  readonly link: string;
  /** The headers every answer of the operation carries. */
  readonly headers: Readonly<Record<'Deprecation' | 'Sunset' | 'Link', string>>;
}

/** Midnight UTC of a `YYYY-MM-DD` date, or NaN. */
const midnightUtc = (date: string): number =>
  /^\d{4}-\d{2}-\d{2}$/.test(date) ? Date.parse(`${date}T00:00:00Z`) : Number.NaN;

/** The deprecation an operation's definition declares, or `null` for one that is not deprecated. */
export function deprecationOf(definition: JsonObject): Deprecation | null {
  if (definition.deprecated !== true || !isObject(definition['x-deprecation'])) return null;
  const declared = definition['x-deprecation'];
  const text = (key: string): string => {
    const value = declared[key];
    if (typeof value !== 'string' || value === '') {
      throw new Error(`${String(definition.operationId)}: x-deprecation.${key} must be a non-empty string`);
    }
    return value;
  };
  const [since, sunset, replacement, link] = ['since', 'sunset', 'replacement', 'link'].map(text);
  const sinceAt = midnightUtc(since);
  const sunsetAt = midnightUtc(sunset);
  if (Number.isNaN(sinceAt) || Number.isNaN(sunsetAt) || sunsetAt <= sinceAt) {
    throw new Error(`${String(definition.operationId)}: x-deprecation needs dates since < sunset (YYYY-MM-DD)`);
  }
  return {
    since,
    sunset,
    sunsetAt,
    replacement,
    link,
    headers: {
      Deprecation: `@${sinceAt / 1000}`,
      Sunset: new Date(sunsetAt).toUTCString(),
      Link: `<${link}>; rel="deprecation"`,
    },
  };
}

/** The `Deprecation`, `Sunset` and `Link` headers of an operation's answers; `{}` when it is not deprecated. */
export function deprecationHeaders(definition: JsonObject): Readonly<Record<string, string>> {
  return deprecationOf(definition)?.headers ?? {};
}

/** The answer of a deprecated operation at or after its sunset (`now`, ms since the epoch); `null` before it. */
export function sunsetError(deprecation: Deprecation, method: string, path: string, now: number): ApiError | null {
  if (now < deprecation.sunsetAt) return null;
  return new ApiError(
    404,
    'NOT_FOUND',
    `${method} ${path} was sunset on ${deprecation.sunset} and no longer answers; use ${deprecation.replacement} instead.`,
    undefined,
    deprecation.headers,
  );
}

/** The same error with the deprecation headers added (an error thrown after the operation was matched). */
export const withHeaders = (error: ApiError, headers: Readonly<Record<string, string>>): ApiError =>
  new ApiError(error.status, error.code, error.message, error.details, { ...error.headers, ...headers });
