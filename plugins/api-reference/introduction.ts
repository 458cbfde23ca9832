/**
 * The first paragraph of a description's `info.description`, as plain text (links and code become their
 * text): what the reference page shows, prerendered, before Redoc has drawn the whole introduction. It is
 * the page's largest text at first paint, so the page's main content does not wait for Redoc.
 */
import type { Nodes, Root } from 'mdast';
import type { JsonObject } from '../../openapi/document';

/** The text of a node and its descendants, as `mdast-util-to-string` reads it (that package is ESM only). */
function textOf(node: Nodes): string {
  if ('value' in node) return node.value;
  return 'children' in node ? node.children.map((child: Nodes) => textOf(child)).join('') : '';
}

/** The first paragraph of a parsed Markdown document, as one line of text ('' when it has none). */
export function firstParagraphText(root: Root): string {
  const first = root.children.find((node) => node.type === 'paragraph');
  return first ? textOf(first).replace(/\s+/g, ' ').trim() : '';
}

/** The first paragraph of `info.description` as one line of text. */
export async function introductionOf(description: JsonObject): Promise<string> {
  const info = description.info as JsonObject | undefined;
  const markdown = typeof info?.description === 'string' ? info.description : '';
  const { fromMarkdown } = await import('mdast-util-from-markdown');
  return firstParagraphText(fromMarkdown(markdown));
}
