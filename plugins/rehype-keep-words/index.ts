/**
 * Keeps the words of tables and field references whole (issue 19). The browser may break a line after a
 * hyphen or around a bracket, so `X-Request-Id`, `non-US` or `^[0-9A-Z]{8}$` came apart in a narrow
 * column. Each such token of at most `KEPT_WORD_LENGTH` characters inside a table cell or a field
 * reference, in prose or in inline code, is wrapped in a `KeepWhole` element, which does not wrap.
 * A longer token (a long path, pattern or URL) gets a line-break opportunity (`<wbr>`) after each of its
 * separators, so it wraps there and nowhere else; a run of over 40 characters with no separator (a hash)
 * wraps every 16 characters. Only elements are added: the text, and so copy and
 * search, stay byte for byte what they were.
 */
import type { Element, ElementContent, Root, RootContent, Text } from 'hast';
import type { MdxJsxTextElementHast } from 'mdast-util-mdx-jsx';
import { keepWholePieces } from '../../src/components/KeepWhole/wordLengths';

export { keepWholePieces, type TextPiece } from '../../src/components/KeepWhole/wordLengths';

/** The MDX component a kept token is wrapped in (`src/components/KeepWhole`, registered in MDXComponents). */
export const KEEP_WHOLE = 'KeepWhole';
/** Where words are kept whole: table cells and the field reference's components. */
const CELLS = new Set(['td', 'th']);
const FIELD_COMPONENTS = new Set(['ApiFieldList', 'ApiField']);
type Parent = Root | Element | MdxJsxTextElementHast | { type: string; name?: string | null; children: RootContent[] };

const keepWhole = (child: ElementContent): MdxJsxTextElementHast => ({
  type: 'mdxJsxTextElement',
  name: KEEP_WHOLE,
  attributes: [],
  children: [child],
});

/** Text as kept pieces, each followed by a line-break opportunity where one is allowed. */
function keptText(value: string): RootContent[] {
  return keepWholePieces(value).flatMap(({ text, keep, breakAfter }): RootContent[] => {
    const piece: RootContent = keep
      ? (keepWhole({ type: 'text', value: text }) as RootContent)
      : ({ type: 'text', value: text } satisfies Text);
    return breakAfter ? [piece, { type: 'element', tagName: 'wbr', properties: {}, children: [] }] : [piece];
  });
}

/**
 * Inline code is kept like text, inside the `code` element (the site's `InlineCode` draws such code
 * inline; the theme's would take it for a code block). Code holding anything but text is left alone.
 */
function keptCode(code: Element): Element {
  if (!code.children.every((child) => child.type === 'text')) return code;
  const children = keptText(code.children.map((child) => (child as Text).value).join(''));
  const changed = children.some((child) => child.type !== 'text');
  return changed ? { ...code, children: children as ElementContent[] } : code;
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
      children.push(...keptText(child.value));
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
