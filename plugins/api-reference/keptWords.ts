/**
 * Redoc draws the descriptions' Markdown in the browser, where the docs build's keep-words plugin
 * (`plugins/rehype-keep-words`) never sees it: `Idempotency-Key`, `new-account` or `YYYY-MM-DD` broke at their
 * hyphens in the reference on a phone. The copy of a description given to Redoc has the same tokens kept in
 * its Markdown, as inline HTML that Redoc passes through (it sanitizes only an untrusted description): a kept
 * token in a `<span class="kept-word" data-keep-whole>` (an inline block, `src/components/ApiReference`'s
 * styles), a `<wbr>` after each separator of a long path. The text Redoc shows is unchanged, and so is
 * everything Redoc reads as structure: headings (its section anchors), fenced code, link targets, tables'
 * cell separators and raw HTML. The downloads and the page Markdown keep the description as written.
 */
import { keepWholePieces, TOGETHER_LENGTH, type TextPiece } from '../../contracts/words/wordLengths';

/** The class Redoc's kept tokens carry (styled in `src/components/ApiReference/styles.module.css`). */
export const KEPT_WORD_CLASS = 'kept-word';
/** The class of kept code held together with the brackets and punctuation that touch it. */
export const KEPT_TOGETHER_CLASS = 'kept-together';

const kept = (inner: string) => `<span class="${KEPT_WORD_CLASS}" data-keep-whole>${inner}</span>`;

/** Whether pieces change anything: a kept token or a line-break opportunity. */
const changes = (pieces: readonly TextPiece[]) => pieces.some(({ keep, breakAfter }) => keep || breakAfter);

/**
 * Markdown text that must stay as it is: a bare URL or e-mail address (Markdown links it, and would stop at a
 * tag), or a token with Markdown's own characters, which could pair across a tag we add.
 */
const LEFT_AS_IS = /:\/\/|^www\.|@|[*_`[\]\\<>&|~]/u;

/** Plain Markdown text with its tokens kept: each word on its own, one with Markdown's characters as it is. */
function keptText(text: string): string {
  return text
    .split(/(\s+)/u)
    .map((word) =>
      /^\s*$/u.test(word) || LEFT_AS_IS.test(word)
        ? word
        : keepWholePieces(word)
            .map(({ text: piece, keep, breakAfter }) => `${keep ? kept(piece) : piece}${breakAfter ? '<wbr>' : ''}`)
            .join(''),
    )
    .join('');
}

/** Text inside HTML written into Markdown: escaped for HTML, and for Markdown, which still reads it. */
const escaped = (text: string) =>
  text
    .replace(/&/gu, '&amp;')
    .replace(/</gu, '&lt;')
    .replace(/>/gu, '&gt;')
    .replace(/[\\`*_[\]~|]/gu, (character) => `\\${character}`);

/** A code span's text as `<code>` HTML with its tokens kept, or the span as it was when nothing is kept. */
function keptCodeSpan(span: string, code: string): string {
  const pieces = keepWholePieces(code);
  if (!changes(pieces) || /:\/\/|www\.|@/u.test(code) || /^\s|\s$/u.test(code)) return span;
  return `<code>${pieces
    .map(({ text, keep, breakAfter }) => `${keep ? kept(escaped(text)) : escaped(text)}${breakAfter ? '<wbr>' : ''}`)
    .join('')}</code>`;
}

/** A URL's text with `<wbr>` after its separators (escaped for Markdown, which reads link text). */
const breakable = (url: string) =>
  keepWholePieces(url)
    .map(({ text, breakAfter }) => `${escaped(text)}${breakAfter ? '<wbr>' : ''}`)
    .join('');

/** In a line: code spans, links and images (their text kept, their target not), raw HTML and bare URLs. */
const INLINE = /(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)|(!?\[)([^\]]*)(\]\([^)]*\))|<[^>\s][^>]*>|https?:\/\/\S+/gu;

/** One line of Markdown text (not a heading, a fence or code) with its tokens kept. */
function keptLine(line: string): string {
  const parts: { raw: string; html: string; together?: boolean }[] = [];
  let last = 0;
  const text = (raw: string) => parts.push({ raw, html: keptText(raw) });
  for (const match of line.matchAll(INLINE)) {
    text(line.slice(last, match.index));
    const [whole, fence, code, opening, linkText, target] = match;
    if (fence) {
      const html = keptCodeSpan(whole, code);
      parts.push({ raw: whole, html, together: html !== whole && code.length <= TOGETHER_LENGTH });
    } else if (opening) parts.push({ raw: whole, html: `${opening}${keptLine(linkText)}${target}` });
    else if (/^https?:/u.test(whole)) {
      // A bare URL, as Markdown would link it, with a line-break opportunity after each separator.
      const url = whole.replace(/[.,;:!?)]+$/u, '');
      parts.push({ raw: url, html: `[${breakable(url)}](${url})` });
      parts.push({ raw: whole.slice(url.length), html: whole.slice(url.length) });
    } else parts.push({ raw: whole, html: whole });
    last = match.index + whole.length;
  }
  text(line.slice(last));
  // Kept code with the characters that touch it, in one span that does not wrap between them.
  for (let index = 0; index < parts.length; index += 1) {
    const part = parts[index];
    if (!part.together) continue;
    const previous = parts[index - 1];
    const next = parts[index + 1];
    const before = previous && !previous.together ? (/\S+$/u.exec(previous.raw)?.[0] ?? '') : '';
    const after = next && !next.together ? (/^\S+/u.exec(next.raw)?.[0] ?? '') : '';
    if (!before && !after) continue;
    if (before) {
      previous.raw = previous.raw.slice(0, -before.length);
      previous.html = keptText(previous.raw);
    }
    if (after) {
      next.raw = next.raw.slice(after.length);
      next.html = keptText(next.raw);
    }
    part.html = `<span class="${KEPT_TOGETHER_CLASS}">${before}${part.html}${after}</span>`;
  }
  return parts.map(({ html }) => html).join('');
}

/** A line Redoc or Markdown reads as structure: a heading, a table's delimiter row, raw HTML, a link definition. */
const STRUCTURE = /^\s*(#{1,6}\s|\|?\s*:?-{3,}|<|\[[^\]]+\]:)/u;
const FENCE = /^\s*(`{3,}|~{3,})/u;

/** A line that starts a block of its own, or is part of one that must keep its lines. */
const STARTS_BLOCK = /^\s*([-*+]\s|\d+[.)]\s|#|>|\||`{3}|~{3}|<|\[[^\]]+\]:)|^( {4}|\t)|^\s*$/u;

/**
 * The paragraphs' lines joined: a code span or link may run over a line break, where a line alone cannot
 * be read. Markdown shows a line break inside a paragraph as a space, so nothing a reader sees changes.
 */
function joinedParagraphs(markdown: string): string {
  const lines: string[] = [];
  let fence: string | null = null;
  for (const line of markdown.split('\n')) {
    const opening = FENCE.exec(line)?.[1];
    if (fence || opening) {
      if (fence && opening && opening[0] === fence[0] && opening.length >= fence.length) fence = null;
      else if (!fence && opening) fence = opening;
      lines.push(line);
      continue;
    }
    const previous = lines.at(-1);
    const joins =
      previous !== undefined &&
      !STARTS_BLOCK.test(line) &&
      previous.trim() !== '' &&
      !/^\s*(#|\||<|`{3}|~{3})/u.test(previous) &&
      !/ {2}$|\\$/u.test(previous);
    if (joins) lines[lines.length - 1] = `${previous} ${line.trim()}`;
    else lines.push(line);
  }
  return lines.join('\n');
}

/** A description's Markdown with its tokens kept; fenced and indented code, headings and HTML lines as they are. */
export function keptMarkdown(markdown: string): string {
  let fence: string | null = null;
  let previousBlank = true;
  /** Inside a code span or link text that runs over a line break. */
  let across = false;
  return joinedParagraphs(markdown)
    .split('\n')
    .map((line) => {
      const opening = FENCE.exec(line)?.[1];
      if (fence) {
        if (opening && opening[0] === fence[0] && opening.length >= fence.length) fence = null;
        return line;
      }
      if (opening) {
        fence = opening;
        return line;
      }
      const indentedCode = previousBlank && /^( {4}|\t)/u.test(line);
      previousBlank = line.trim() === '';
      // A code span or link that runs over a line break: its lines as they are.
      const opensAcross = (line.match(/`+/gu) ?? []).length % 2 === 1 || /\[[^\]]*$|^[^[]*\]/u.test(line);
      if (opensAcross) across = !across;
      if (across || opensAcross || indentedCode || STRUCTURE.test(line)) return line;
      // A table row: each cell on its own, the separators untouched.
      if (/^\s*\|/u.test(line))
        return line
          .split(/(?<!\\)(\|)/u)
          .map((cell) => (cell === '|' ? cell : keptLine(cell)))
          .join('');
      return keptLine(line);
    })
    .join('\n');
}

/** Keys whose values are data, never Markdown, whatever their own keys are named. */
const DATA = new Set(['example', 'examples', 'default', 'enum', 'const', 'x-sandbox-test-values']);

/** A copy of a description in which every `description` (Markdown, to Redoc) has its tokens kept. */
export function withKeptWords<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => withKeptWords(item)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        DATA.has(key)
          ? item
          : key === 'description' && typeof item === 'string'
            ? keptMarkdown(item)
            : withKeptWords(item),
      ]),
    ) as T;
  }
  return value;
}
