// @ts-check
/**
 * Reading one cookie from a request's `Cookie` header (RFC 6265: `name=value` pairs separated by `;`).
 * Runs on any Fetch-API runtime: no Node modules.
 */
import { parse } from 'hono/utils/cookie';

/** A longer header is refused unread: browsers send at most a few KiB, and parsing costs time. */
export const MAX_COOKIE_HEADER_LENGTH = 16 * 1024;

/**
 * The value of the first well-formed cookie called `name`, unquoted and percent-decoded, or undefined
 * when there is none or the header is too long. Malformed pairs are skipped. Never throws.
 * @param {string | undefined} cookieHeader
 * @param {string} name
 * @returns {string | undefined}
 */
export function readCookie(cookieHeader, name) {
  if (typeof cookieHeader !== 'string' || cookieHeader.length > MAX_COOKIE_HEADER_LENGTH || !name) return undefined;
  return parse(cookieHeader, name)[name];
}
