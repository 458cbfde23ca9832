/**
 * Keeps the words of a docs page whole (issues 19 and 39). The browser may break a line after a hyphen or
 * around a bracket, so `X-Request-Id`, `non-US` or `^[0-9A-Z]{8}$` came apart in a narrow column or at the
 * end of a line. Each such token of at most `KEPT_WORD_LENGTH` characters, in prose or in inline code
 * anywhere but in a code block, is wrapped in a `KeepWhole` element, which does not wrap; a path or URL among
 * them also gets a line-break opportunity (`<wbr>`) after each separator, used only on a phone. A longer
 * token gets those `<wbr>`s and wraps there and nowhere else. Only elements are added: the text, and so copy
 * and search, stay byte for byte what they were.
 */
import type { Element, ElementContent, Root, RootContent, Text } from 'hast';
import type { MdxJsxTextElementHast } from 'mdast-util-mdx-jsx';
import { keepWholePieces, type TextPiece } from '../../src/components/KeepWhole/wordLengths';

export { keepWholePieces, type TextPiece } from '../../src/components/KeepWhole/wordLengths';

/** The MDX component a kept token is wrapped in (`src/components/KeepWhole`, registered in MDXComponents). */
export const KEEP_WHOLE = 'KeepWhole';
type Parent = Root | Element | MdxJsxTextElementHast | { type: string; name?: string | null; children: RootContent[] };

const keepWhole = (child: ElementContent): MdxJsxTextElementHast => ({
  type: 'mdxJsxTextElement',
  name: KEEP_WHOLE,
  attributes: [],
  children: [child],
});

/** Pieces as text and kept tokens, each followed by a line-break opportunity where one is allowed. */
function piecesToNodes(pieces: readonly TextPiece[]): RootContent[] {
  return pieces.flatMap(({ text, keep, breakAfter, parts }): RootContent[] => {
    const textNode: Text = { type: 'text', value: text };
    const piece: RootContent = keep
      ? parts
        ? ({ ...keepWhole(textNode), children: piecesToNodes(parts) } as RootContent)
        : (keepWhole(textNode) as RootContent)
      : textNode;
    return breakAfter ? [piece, { type: 'element', tagName: 'wbr', properties: {}, children: [] }] : [piece];
  });
}

const keptText = (value: string): RootContent[] => piecesToNodes(keepWholePieces(value));

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

function visit(parent: Parent) {
  const children: RootContent[] = [];
  for (const child of parent.children as RootContent[]) {
    if (child.type === 'text') {
      children.push(...keptText(child.value));
      continue;
    }
    if (child.type === 'element' && child.tagName === 'code') {
      children.push(keptCode(child));
      continue;
    }
    const isKept = child.type === 'mdxJsxTextElement' && child.name === KEEP_WHOLE;
    const isCode = child.type === 'element' && child.tagName === 'pre';
    if (isParent(child) && !isKept && !isCode) visit(child);
    children.push(child);
  }
  (parent as { children: ElementContent[] | RootContent[] }).children = children as ElementContent[];
}

/** The rehype plugin: keeps the words of a docs page whole, everywhere but in code blocks. */
export default function rehypeKeepWords() {
  return (tree: Root) => visit(tree);
}
