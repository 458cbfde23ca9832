// @ts-check
/** Which precompressed variant of a file to send, from the request's `Accept-Encoding`. */
import { parseAccept } from 'hono/utils/accept';

/**
 * The codings the client accepts, best first: by its q-values, and on a tie in the server's order of
 * `available` (best first), then `identity`. A coding with q=0 is refused; a coding the header does not name
 * gets the q of `*`, and `identity` is acceptable unless refused (RFC 9110, section 12.5.3).
 * @template {string} Coding
 * @param {string | undefined} header
 * @param {readonly Coding[]} available
 * @returns {(Coding | 'identity')[]}
 */
export function preferredEncodings(header, available) {
  if (!header) return ['identity'];
  /** @type {Map<string, number>} */
  const quality = new Map();
  for (const { type, q } of parseAccept(header)) {
    const coding = type.toLowerCase();
    if (!quality.has(coding)) quality.set(coding, q);
  }
  const wildcard = quality.get('*');
  /** @type {(Coding | 'identity')[]} */
  const codings = [...available, 'identity'];
  const ranked = codings.map((coding, order) => ({
    coding,
    order,
    q: quality.get(coding) ?? wildcard ?? (coding === 'identity' ? 1 : 0),
  }));
  return ranked
    .filter(({ q }) => q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order)
    .map(({ coding }) => coding);
}
