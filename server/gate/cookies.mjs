// @ts-check
/**
 * Reading a cookie from a request's `Cookie` header (RFC 6265: `name=value` pairs separated by `;`).
 * Runs on any Fetch-API runtime: no Node modules.
 */
import { parse } from 'hono/utils/cookie';

/** A longer header is refused unread: browsers send at most a few KiB, and parsing costs time. */
export const MAX_COOKIE_HEADER_LENGTH = 16 * 1024;

/**
 * The value of every well-formed cookie called `name`, in header order, unquoted and percent-decoded;
 * none when the header is too long. Every one, not the first: a sibling subdomain can plant a cookie of
 * the same name, which the browser may send before the reader's own. Malformed pairs are skipped.
 * Never throws.
 * @param {string | undefined} cookieHeader
 * @param {string} name
 * @returns {string[]}
 */
export function readCookies(cookieHeader, name) {
  if (typeof cookieHeader !== 'string' || cookieHeader.length > MAX_COOKIE_HEADER_LENGTH || !name) return [];
  if (!cookieHeader.includes(name)) return [];
  return cookieHeader.split(';').flatMap((pair) => {
    const value = parse(pair, name)[name];
    return value === undefined ? [] : [value];
  });
}
