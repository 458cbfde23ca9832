// @ts-check
/** The one byte range a `Range` header asks for (RFC 9110, section 14). */

/** @typedef {{ start: number, end: number }} ByteRange first and last byte, inclusive */

const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/i;

/**
 * @param {string | undefined} header
 * @param {number} size the length of the representation
 * @returns {ByteRange | 'unsatisfiable' | undefined} undefined: send the whole file (no header, a malformed
 *   one, or several ranges, which a server may ignore)
 */
export function requestedRange(header, size) {
  const match = header?.trim().match(SINGLE_RANGE);
  if (!match) return undefined;
  const [, first, last] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') {
    const suffixLength = Number(last);
    if (suffixLength === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(size - suffixLength, 0), end: size - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}
