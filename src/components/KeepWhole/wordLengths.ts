/**
 * Issue 19's promise: at 1280 px no word of `KEPT_WORD_LENGTH` characters or fewer is broken across lines
 * in a table or field reference, and at 390 px none of `PHONE_WORD_LENGTH` or fewer. Longer tokens (long
 * patterns, URLs) wrap at their own separators. Shared by the docs build's rehype plugin and the components,
 * with the one rule that splits text into kept tokens and the rest (`keepWholePieces`).
 */
export const KEPT_WORD_LENGTH = 40;
export const PHONE_WORD_LENGTH = 16;

/**
 * Where a path, URL or list may wrap: after each run of these that follows something else (not after a leading
 * `/`). Never at a hyphen or underscore: `Idempotency-Key` and `PENDING_REPLACE` are one word each.
 */
const SEPARATORS = /(?<=[^/.|,&=?][/.|,&=?]+)(?=[^/.|,&=?])/u;

export interface TextPiece {
  readonly text: string;
  /** Whether the piece is a token to keep on one line. */
  readonly keep: boolean;
  /** Whether a line may break after the piece (the pieces of a token too long to keep). */
  readonly breakAfter?: boolean;
  /**
   * A kept token longer than `PHONE_WORD_LENGTH` that has separators: its pieces, which wrap only after
   * those separators where the token is let go (on a phone).
   */
  readonly parts?: readonly TextPiece[];
}

/**
 * A piece too long to keep and with no separator to wrap at wraps after its hyphens and underscores. A run with
 * none (a hash, a cursor) is one word: only a line narrower than it breaks it (`overflow-wrap: break-word`).
 */
const LAST_RESORT = /(?<=[^-_][-_]+)(?=[^-_])/u;
const inRuns = (segment: string): string[] =>
  segment.length <= KEPT_WORD_LENGTH ? [segment] : segment.split(LAST_RESORT);

/** Whether the browser could break a line inside the token: a character other than a letter or digit within it. */
const breaksInside = (token: string) => /[^\p{L}\p{N}\p{M}]/u.test(token.slice(1, -1));

/** Whether the browser could break a line inside a piece between separators: at a hyphen, a space or a bracket. */
const pieceBreaksInside = (piece: string) => /[^\p{L}\p{N}\p{M}_{}/.:?&=#,|]/u.test(piece.slice(1, -1));

/**
 * A pattern (`^[0-9]+(\.[0-9]{1,6})?$`) is not a path: its `.` and `,` are not separators. It wraps only after
 * an alternative's `|` or a group's closing bracket that no quantifier follows.
 */
const isPattern = (token: string) => /[\^$\\]|\[[^\]]*-/u.test(token);
const PATTERN_SEPARATORS = /(?<=[|)\]}])(?=[^|)\]}?*+{$])/u;

/** A token's pieces between its separators, each kept whole when the browser could break inside it. */
function segmentPieces(token: string): TextPiece[] {
  const segments = token.split(isPattern(token) ? PATTERN_SEPARATORS : SEPARATORS).flatMap(inRuns);
  return segments.map((text, index) => ({
    text,
    keep: pieceBreaksInside(text),
    ...(index < segments.length - 1 ? { breakAfter: true } : {}),
  }));
}

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
      const parts = part.length > PHONE_WORD_LENGTH ? segmentPieces(part) : [];
      pieces.push(parts.length > 1 ? { text: part, keep: true, parts } : { text: part, keep: true });
    } else {
      // Too long to keep: wraps after its separators, each piece between them whole.
      for (const piece of segmentPieces(part)) {
        if (piece.keep) {
          flush();
          pieces.push(piece);
        } else if (piece.breakAfter) {
          pieces.push({ text: rest + piece.text, keep: false, breakAfter: true });
          rest = '';
        } else rest += piece.text;
      }
    }
  }
  flush();
  return pieces;
}
