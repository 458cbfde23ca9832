/**
 * Keeps the words of a docs page whole. The browser may break a line after a hyphen or
 * around a bracket, so `X-Request-Id`, `non-US` or `^[0-9A-Z]{8}$` came apart in a narrow column or at the
 * end of a line. Each such token of at most `KEPT_WORD_LENGTH` characters, in prose or in inline code
 * anywhere but in a code block, is wrapped in a `KeepWhole` element, which does not wrap; a path or URL among
 * them also gets a line-break opportunity (`<wbr>`) after each separator, used only on a phone. A longer
 * token gets those `<wbr>`s and wraps there and nowhere else. Only elements are added: the text, and so copy
 * and search, stay byte for byte what they were.
 */
import type { Element, ElementContent, Root, RootContent, Text } from 'hast';
import type { MdxJsxTextElementHast } from 'mdast-util-mdx-jsx';
import { keepWholePieces, TOGETHER_LENGTH, type TextPiece } from '../../contracts/words/wordLengths';

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
  return pieces.flatMap(({ text, keep, breakAfter }): RootContent[] => {
    const textNode: Text = { type: 'text', value: text };
    const piece: RootContent = keep ? (keepWhole(textNode) as RootContent) : textNode;
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

/** Inline elements that may hold a kept token and so be kept with the characters touching them. */
const INLINE = new Set(['code', 'a', 'strong', 'em', 'b', 'i', 'kbd', 'span']);

const keptTokens = (node: RootContent | ElementContent): (RootContent | ElementContent)[] =>
  node.type === 'mdxJsxTextElement' && node.name === KEEP_WHOLE
    ? [node]
    : 'children' in node
      ? (node.children as RootContent[]).flatMap(keptTokens)
      : [];

const textOf = (node: RootContent | ElementContent): string =>
  node.type === 'text' ? node.value : 'children' in node ? (node.children as RootContent[]).map(textOf).join('') : '';

/** Whether a (visited) child is an inline element holding kept tokens short enough to hold together. */
const isKeptInline = (node: RootContent | undefined): node is Element =>
  node?.type === 'element' &&
  INLINE.has(node.tagName) &&
  keptTokens(node).length > 0 &&
  keptTokens(node).every((token) => textOf(token).length <= TOGETHER_LENGTH);

/**
 * An inline element holding a kept token, with the characters that touch it (`(`, `),`), kept together: the
 * browser breaks a line between a bracket and an inline block, and within this group it does not
 * (`KeepWhole`'s `together`); inside the element, lines still break where the element's text may.
 */
function together(before: string, element: Element, after: string): RootContent {
  if (!before && !after) return element;
  return {
    ...keepWhole(element),
    attributes: [{ type: 'mdxJsxAttribute', name: 'together', value: null }],
    children: [
      ...(before ? [{ type: 'text', value: before } satisfies Text] : []),
      element,
      ...(after ? [{ type: 'text', value: after } satisfies Text] : []),
    ],
  } as RootContent;
}

function visit(parent: Parent) {
  // First each child on its own: inline code kept, other elements visited, text left for the second pass.
  const visited = (parent.children as RootContent[]).map((child): RootContent => {
    if (child.type === 'element' && child.tagName === 'code') return keptCode(child);
    const isKept = child.type === 'mdxJsxTextElement' && child.name === KEEP_WHOLE;
    const isCode = child.type === 'element' && child.tagName === 'pre';
    if (isParent(child) && !isKept && !isCode) visit(child);
    return child;
  });
  // Then text, less the characters that touch a kept inline element, which go with that element.
  const children: RootContent[] = [];
  for (let index = 0; index < visited.length; index += 1) {
    const child = visited[index];
    if (child.type === 'text') {
      const touching = isKeptInline(visited[index + 1]) ? (/\S+$/u.exec(child.value)?.[0] ?? '') : '';
      children.push(...keptText(child.value.slice(0, child.value.length - touching.length)));
      if (touching) children.push({ type: 'text', value: touching });
      continue;
    }
    if (!isKeptInline(child)) {
      children.push(child);
      continue;
    }
    const previous = children.at(-1);
    const before = previous?.type === 'text' && /\S$/u.test(previous.value) ? (children.pop() as Text).value : '';
    const next = visited[index + 1];
    const after = next?.type === 'text' ? (/^\S+/u.exec(next.value)?.[0] ?? '') : '';
    if (after) visited[index + 1] = { type: 'text', value: (next as Text).value.slice(after.length) };
    children.push(together(before, child, after));
  }
  (parent as { children: ElementContent[] | RootContent[] }).children = children as ElementContent[];
}

/** The rehype plugin: keeps the words of a docs page whole, everywhere but in code blocks. */
export default function rehypeKeepWords() {
  return (tree: Root) => visit(tree);
}
