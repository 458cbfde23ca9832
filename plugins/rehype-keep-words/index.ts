/**
 * Keeps the words of tables and field references whole (issue 19). The browser may break a line after a
 * hyphen, a slash or around a bracket, so `X-Request-Id`, `non-US` or `^[0-9A-Z]{8}$` came apart in a
 * narrow column. Each such token of at most `KEPT_WORD_LENGTH` characters inside a table cell or a field
 * reference is wrapped in a `KeepWhole` element, which does not wrap; longer ones (long patterns, URLs)
 * still wrap at their own separators. Only elements are added: the text, and so copy and search, stay
 * byte for byte what they were.
 */
import type { Element, ElementContent, Root, RootContent, Text } from 'hast';
import type { MdxJsxTextElementHast } from 'mdast-util-mdx-jsx';
import { KEPT_WORD_LENGTH } from '../../src/components/KeepWhole/wordLengths';

/** The MDX component a kept token is wrapped in (`src/components/KeepWhole`, registered in MDXComponents). */
export const KEEP_WHOLE = 'KeepWhole';
/** Where words are kept whole: table cells and the field reference's components. */
const CELLS = new Set(['td', 'th']);
const FIELD_COMPONENTS = new Set(['ApiFieldList', 'ApiField']);

export interface TextPiece {
  readonly text: string;
  /** Whether the piece is a token to keep on one line. */
  readonly keep: boolean;
}

/** Whether the browser could break a line inside the token: a character other than a letter or digit within it. */
const breaksInside = (token: string) => /[^\p{L}\p{N}\p{M}]/u.test(token.slice(1, -1));

/** Splits text into the tokens to keep whole and what lies between them; joined, the pieces are the text. */
export function keepWholePieces(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let rest = '';
  for (const part of text.split(/(\s+)/)) {
    if (!part) continue;
    if (!/\s/.test(part) && part.length <= KEPT_WORD_LENGTH && breaksInside(part)) {
      if (rest) pieces.push({ text: rest, keep: false });
      pieces.push({ text: part, keep: true });
      rest = '';
    } else rest += part;
  }
  if (rest) pieces.push({ text: rest, keep: false });
  return pieces;
}

type Parent = Root | Element | MdxJsxTextElementHast | { type: string; name?: string | null; children: RootContent[] };

const keepWhole = (child: ElementContent): MdxJsxTextElementHast => ({
  type: 'mdxJsxTextElement',
  name: KEEP_WHOLE,
  attributes: [],
  children: [child],
});

/**
 * Inline code is kept whole around it, never inside: the theme renders a `code` whose children are not
 * all text as a code block. Code of several tokens is left as it is.
 */
function keptCode(code: Element): RootContent {
  const text = code.children.every((child) => child.type === 'text') ? code.children.map((c) => c.value).join('') : '';
  const [piece, ...more] = keepWholePieces(text);
  return piece?.keep && !more.length ? (keepWhole(code) as RootContent) : code;
}

function isParent(node: RootContent): node is RootContent & { children: RootContent[] } {
  return 'children' in node && Array.isArray(node.children);
}

function opensScope(node: RootContent): boolean {
  if (node.type === 'element') return CELLS.has(node.tagName);
  return (
    (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && FIELD_COMPONENTS.has(node.name ?? '')
  );
}

function visit(parent: Parent, inScope: boolean) {
  const children: RootContent[] = [];
  for (const child of parent.children as RootContent[]) {
    if (child.type === 'text' && inScope) {
      children.push(
        ...keepWholePieces(child.value).map(({ text, keep }): RootContent =>
          keep
            ? (keepWhole({ type: 'text', value: text }) as RootContent)
            : ({ type: 'text', value: text } satisfies Text),
        ),
      );
      continue;
    }
    if (child.type === 'element' && child.tagName === 'code' && inScope) {
      children.push(keptCode(child));
      continue;
    }
    const isKept = child.type === 'mdxJsxTextElement' && child.name === KEEP_WHOLE;
    const isCode = child.type === 'element' && child.tagName === 'pre';
    if (isParent(child) && !isKept && !isCode) visit(child, inScope || opensScope(child));
    children.push(child);
  }
  (parent as { children: ElementContent[] | RootContent[] }).children = children as ElementContent[];
}

/** The rehype plugin: keeps the words of every table and field reference of a docs page whole. */
export default function rehypeKeepWords() {
  return (tree: Root) => visit(tree, false);
}
