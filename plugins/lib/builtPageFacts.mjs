// @ts-check
/**
 * What the build derives from one built page, from one parse of its HTML: what the local-search theme
 * reads of it and its field documents (plugins/search-index), and its article as Markdown
 * (plugins/page-markdown). Run in the workers of `builtPages.ts`.
 */
import { operationReferences, treeArticleMarkdown } from '../page-markdown/htmlToMarkdown.mjs';
import { fieldDocuments } from '../search-index/fieldDocuments.mjs';
import { parseBuiltPage } from '../search-index/themeParse.mjs';
import { parseHtml, withoutCodeTokens } from './parseHtml.mjs';

/**
 * @typedef {object} BuiltPage a built page and what to derive from it
 * @property {string} file its HTML file
 * @property {{ readonly pageUrl: string }} [markdown] its article as Markdown, links made absolute against `pageUrl`
 * @property {SearchRequest} [search] what the search theme reads of it
 * @typedef {object} SearchRequest
 * @property {string} url the page's URL path
 * @property {import('../search-index/themeParse.mjs').PageType} type
 * @property {import('../search-index/themeParse.mjs').ParseOptions} options the theme's processed options
 * @property {boolean} fields whether the page's operations and fields are documents too (docs pages)
 * @typedef {object} BuiltPageFacts
 * @property {string} [markdown]
 * @property {string[]} [operations] with the Markdown: the API reference addresses of the operations it documents
 * @property {import('../search-index/themeParse.mjs').ParsedPage | null} [search] `null`: the theme leaves the page out
 * @property {import('../search-index/fieldDocuments.mjs').ContentDocument[]} [fields] numbered 0, for the index to number
 */

/**
 * @param {string} html
 * @param {Omit<BuiltPage, 'file'>} page
 * @returns {BuiltPageFacts}
 */
export function builtPageFacts(html, { markdown, search }) {
  const tree = parseHtml(withoutCodeTokens(html));
  /** @type {BuiltPageFacts} */
  const facts = {};
  // The search reads the tree as it is; the Markdown changes it, so it comes last.
  if (search) {
    facts.search = parseBuiltPage(tree, search.type, search.options);
    if (search.fields) facts.fields = fieldDocuments(tree, { url: search.url, pageId: 0, nextId: () => 0 });
  }
  if (markdown) {
    facts.operations = operationReferences(tree, markdown);
    facts.markdown = treeArticleMarkdown(tree, markdown);
  }
  return facts;
}
