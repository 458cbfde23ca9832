/**
 * Issue 19's promise: at 1280 px no word of `KEPT_WORD_LENGTH` characters or fewer is broken across lines
 * in a table or field reference, and at 390 px none of `PHONE_WORD_LENGTH` or fewer. Longer tokens (long
 * patterns, URLs) wrap at their own separators. Shared by the docs build's rehype plugin and the components,
 * with the one rule that splits text into kept tokens and the rest (`keepWholePieces`).
 */
export const KEPT_WORD_LENGTH = 40;
export const PHONE_WORD_LENGTH = 16;

/** Where a token too long to keep may wrap: after each run of these that follows something else (not after a leading `/`). */
const SEPARATORS = /(?<=[^/.\-_|,&=?][/.\-_|,&=?]+)(?=[^/.\-_|,&=?])/u;

export interface TextPiece {
  readonly text: string;
  /** Whether the piece is a token to keep on one line. */
  readonly keep: boolean;
  /** Whether a line may break after the piece (the pieces of a token too long to keep). */
  readonly breakAfter?: boolean;
}

/** A run of characters too long to keep and with no separator to wrap at (a hash) wraps every `RUN` characters. */
const RUN = 16;
const inRuns = (segment: string): string[] =>
  segment.length <= KEPT_WORD_LENGTH ? [segment] : (segment.match(new RegExp(`.{1,${RUN}}`, 'gsu')) ?? [segment]);

/** Whether the browser could break a line inside the token: a character other than a letter or digit within it. */
const breaksInside = (token: string) => /[^\p{L}\p{N}\p{M}]/u.test(token.slice(1, -1));

/** Splits text into the tokens to keep whole and what lies between them; joined, the pieces are the text. */
export function keepWholePieces(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let rest = '';
  const flush = () => {
    if (rest) pieces.push({ text: rest, keep: false });
    rest = '';
  };
  for (const part of text.split(/(\s+)/)) {
    if (!part) continue;
    if (/\s/.test(part) || (!breaksInside(part) && part.length <= KEPT_WORD_LENGTH)) rest += part;
    else if (part.length <= KEPT_WORD_LENGTH) {
      flush();
      pieces.push({ text: part, keep: true });
    } else {
      const segments = part.split(SEPARATORS).flatMap(inRuns);
      rest += segments.shift();
      for (const segment of segments) {
        pieces.push({ text: rest, keep: false, breakAfter: true });
        rest = segment;
      }
    }
  }
  flush();
  return pieces;
}
