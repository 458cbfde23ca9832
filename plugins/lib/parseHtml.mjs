// @ts-check
/**
 * A built page's HTML as a hast tree, the way the build reads its pages: parse5 straight to hast, as rehype-parse
 * does (scripting off, so a <noscript> holds elements), but without the source position rehype-parse records on
 * every node. Nothing the build derives from a page reads a position, and leaving them out made the derivation of
 * the search documents and the Markdown from all built pages 23 % faster (one thread: 6.1 s with, 4.7 s without).
 */
import { fromParse5 } from 'hast-util-from-parse5';
import { parse } from 'parse5';

/** @typedef {import('../page-markdown/htmlToMarkdown.mjs').Root} Root */

/**
 * @param {string} html a whole HTML document
 * @returns {Root}
 */
export function parseHtml(html) {
  return /** @type {Root} */ (fromParse5(parse(html, { scriptingEnabled: false })));
}

/** A `<pre>` element, from its start tag to its end tag (no `<pre>` holds another). */
const PRE_ELEMENT = /<pre\b[^>]*>[\s\S]*?<\/pre>/g;
/** A `<span>` start or end tag; Prism's carry a class and a style, neither holding a `>`. */
const SPAN_TAG = /<\/?span\b[^>]*>/g;

/**
 * `html` without the `<span>`s inside its `<pre>` elements: the tokens Prism colours a code block with, each of its
 * words a span (on the site's built pages, 136,000 spans: 40 % of their elements and of their bytes). Nothing the build
 * derives from a page reads them: the page Markdown takes a code block's text line by line (its `.token-line`s and
 * `<br>`s stay), and the search leaves `pre` out. The text inside is kept as written, entities and all.
 * @param {string} html
 * @returns {string}
 */
export function withoutCodeTokens(html) {
  return html.replace(PRE_ELEMENT, (pre) => pre.replace(SPAN_TAG, ''));
}
