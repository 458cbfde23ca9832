/**
 * The first paragraph of a description's `info.description`, as plain text (links and code become their
 * text): what the reference page shows, prerendered, before Redoc has drawn the whole introduction. It is
 * the page's largest text at first paint, so the page's main content does not wait for Redoc.
 *
 * Only inline Markdown is read (links, code, emphasis), from the first block that is a paragraph; the
 * Markdown libraries the site has are ES modules, which the plugin's unit tests (Jest) cannot load.
 */
import type { JsonObject } from '../../openapi/document';

/** Blocks that are not a paragraph: a heading, a list item, a quote, a fence, a table row, an HTML block. */
const NOT_A_PARAGRAPH = /^\s*(#|[-*+]\s|\d+[.)]\s|>|```|~~~|\||<)/;

/** The first paragraph of Markdown, as one line of text ('' when it has none). */
export function firstParagraphText(markdown: string): string {
  const paragraph = markdown.split(/\n\s*\n/).find((block) => block.trim() && !NOT_A_PARAGRAPH.test(block));
  // Links (whose text may hold code) become their text; then code spans are kept as they are written and
  // only the text between them loses its emphasis.
  return (paragraph ?? '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .split(/(`[^`]*`)/)
    .map((piece) => (piece.startsWith('`') && piece.endsWith('`') ? piece.slice(1, -1) : withoutEmphasis(piece)))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Text outside code with its emphasis marks removed. */
function withoutEmphasis(markdown: string): string {
  return markdown
    .replace(/(\*\*|\*)(\S(?:.*?\S)?)\1/g, '$2')
    .replace(/(?<![\p{L}\p{N}])(__|_)(\S(?:.*?\S)?)\1(?![\p{L}\p{N}])/gu, '$2'); // `_` inside a word is not emphasis
}

/** The first paragraph of `info.description` as one line of text. */
export function introductionOf(description: JsonObject): string {
  const info = description.info as JsonObject | undefined;
  return firstParagraphText(typeof info?.description === 'string' ? info.description : '');
}
