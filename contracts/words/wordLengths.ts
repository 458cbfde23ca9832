/**
 * The docs' promise: at 1280 px no word of `KEPT_WORD_LENGTH` characters or fewer is broken across lines in a
 * table or field reference, and at 390 px none of `PHONE_WORD_LENGTH` or fewer. Longer tokens (long patterns,
 * URLs) wrap at their own separators. One rule (`keepWholePieces`) splits text into kept tokens and the rest,
 * for the docs build (plugins/rehype-keep-words, plugins/api-reference) and the components alike.
 */
export const KEPT_WORD_LENGTH = 40;
export const PHONE_WORD_LENGTH = 16;
/**
 * The longest kept token held together with the brackets and punctuation touching it (Chrome breaks a line
 * between a bracket and an inline block). A longer one (a UUID) may be wider than a phone's line and must stay
 * free to wrap inside, which a token held together is not.
 */
export const TOGETHER_LENGTH = 28;

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
}

/**
 * A piece too long to keep and with no separator to wrap at wraps after its hyphens and underscores. A run with
 * none (a hash, a cursor) is one word: only a line narrower than it breaks it (`overflow-wrap: break-word`).
 */
const LAST_RESORT = /(?<=[^-_][-_]+)(?=[^-_])/u;
const inRuns = (segment: string): string[] =>
  segment.length <= KEPT_WORD_LENGTH ? [segment] : segment.split(LAST_RESORT);

/**
 * Whether the browser could break a line inside the token: a character other than a letter, digit or
 * underscore within it (`PENDING_REPLACE` is one word to a browser's line breaker).
 */
const breaksInside = (token: string) => /[^\p{L}\p{N}\p{M}_]/u.test(token.slice(1, -1));

/** Whether the browser could break a line inside a piece between separators: at a hyphen, a space or a bracket. */
const pieceBreaksInside = (piece: string) => /[^\p{L}\p{N}\p{M}_{}/.:?&=#,|]/u.test(piece.slice(1, -1));

/**
 * A pattern (`^[0-9]+(\.[0-9]{1,6})?$`) is not a path: its `.` and `,` are not separators. It wraps only after
 * an alternative's `|`, a group's closing bracket that no quantifier follows, or a path's `/`
 * (`^/v1/onboarding/applications/[0-9a-f-]{36}$`), and never inside a character class (`[0-9a-f-]`).
 */
const isPattern = (token: string) => /[\^$\\]|\[[^\]]*-/u.test(token);
const CLOSING = new Set(['|', ')', ']', '}']);
const QUANTIFIED = /[|)\]}?*+{$/]/u;

function patternSegments(pattern: string): string[] {
  const segments: string[] = [];
  let start = 0;
  let inClass = false;
  for (let index = 0; index < pattern.length; index += 1) {
    const character = pattern[index];
    const next = pattern[index + 1];
    if (character === '\\') {
      index += 1;
      continue;
    }
    if (inClass) {
      inClass = character !== ']';
      if (inClass) continue;
    } else if (character === '[') {
      inClass = true;
      continue;
    }
    const closes = CLOSING.has(character) && next !== undefined && !QUANTIFIED.test(next);
    const endsPathPart =
      character === '/' && /[\p{L}\p{N}_}\])-]/u.test(pattern[index - 1] ?? '') && next !== undefined && next !== '/';
    if (closes || endsPathPart) {
      segments.push(pattern.slice(start, index + 1));
      start = index + 1;
    }
  }
  return [...segments, pattern.slice(start)].filter(Boolean);
}

/** A token's pieces between its separators, each kept whole when the browser could break inside it. */
function segmentPieces(token: string): TextPiece[] {
  const segments = (isPattern(token) ? patternSegments(token) : token.split(SEPARATORS)).flatMap(inRuns);
  return segments.map((text, index) => ({
    text,
    keep: pieceBreaksInside(text),
    ...(index < segments.length - 1 ? { breakAfter: true } : {}),
  }));
}

/** An opening bracket standing alone before a space (`{ "amount": …`): kept with what follows it. */
const LONE_OPENING = /^[([{<]+$/u;

/** Splits text into the tokens to keep whole and what lies between them; joined, the pieces are the text. */
export function keepWholePieces(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let rest = '';
  const flush = () => {
    if (rest) pieces.push({ text: rest, keep: false });
    rest = '';
  };
  const parts = text.split(/(\s+)/).filter(Boolean);
  for (let index = 0; index < parts.length; index += 1) {
    let part = parts[index];
    if (LONE_OPENING.test(part) && /^[^\S\n]+$/u.test(parts[index + 1] ?? '\n') && parts[index + 2]) {
      part += parts[index + 1] + parts[index + 2];
      index += 2;
      flush();
      pieces.push({ text: part, keep: true });
      continue;
    }
    // A word the browser cannot break (letters and digits, a hash) stays plain text.
    if (/\s/.test(part) || !breaksInside(part)) rest += part;
    else if (part.length <= PHONE_WORD_LENGTH || segmentPieces(part).length === 1) {
      flush();
      pieces.push({ text: part, keep: true });
    } else {
      // A path, URL or list: wraps after its separators, each piece between them whole.
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
