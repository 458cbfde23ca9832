// @ts-check
/**
 * Search documents that land where the answer is: one per operation (method, path and summary, at the
 * page's operation block) and one per field or parameter (its name, at its row's anchor), read from a
 * built docs page. The anchors are the ones the page already has: the operation heading's and each
 * field's `id` (contracts/content/fieldAnchor.ts); none is made up here.
 */
import { select } from 'hast-util-select';
import { toText } from 'hast-util-to-text';
import { elementsWhere, firstElementWhere, hasClass } from '../lib/hastElements.mjs';
import { ARTICLE_CLASS } from '../page-markdown/htmlToMarkdown.mjs';

/**
 * @typedef {object} ContentDocument a document of the theme's content part: found after the page titles
 *   and headings, so a general word still lists the pages about it first
 * @property {number} i its id
 * @property {string} t the indexed text
 * @property {string} s what the result is titled with (here the same as `t`)
 * @property {string} u the page's URL path
 * @property {string} h the anchor, `#…`
 * @property {number} p the id of the page's title document
 */

/** @typedef {import('../page-markdown/htmlToMarkdown.mjs').Element} Element */

/** The field lists' class (`ul.api-field-list`, plugins/remark-api-reference, src/components/ApiFieldList). */
const FIELD_LIST_CLASS = 'api-field-list';

/**
 * @param {import('../page-markdown/htmlToMarkdown.mjs').Root} tree a built docs page, parsed (not changed)
 * @param {{ url: string, pageId: number, nextId: () => number }} page where the documents point, and new ids
 * @returns {ContentDocument[]}
 */
export function fieldDocuments(tree, { url, pageId, nextId }) {
  const article = firstElementWhere(tree, (element) => hasClass(element, ARTICLE_CLASS));
  if (!article) return [];
  /** @type {ContentDocument[]} */
  const documents = [];
  // The article's headings (`h2[id], h3[id]`) and operation blocks (`section[aria-label^="Operation "]`), in
  // document order: an operation's anchor is the last heading before its block.
  /** @param {Element} element */
  const isHeading = ({ tagName, properties }) => (tagName === 'h2' || tagName === 'h3') && properties.id !== undefined;
  /** @param {Element} element */
  const isOperation = ({ tagName, properties }) =>
    tagName === 'section' && String(properties.ariaLabel ?? '').startsWith('Operation ');
  /** @type {{ operation: Element, heading: Element | undefined }[]} */
  const operations = [];
  /** @type {Element | undefined} */
  let heading;
  for (const element of elementsWhere(article, (candidate) => isHeading(candidate) || isOperation(candidate))) {
    if (isHeading(element)) heading = element;
    else operations.push({ operation: element, heading });
  }
  // `ul.api-field-list > li[id]`
  const fields = elementsWhere(
    article,
    (element, parent) =>
      element.tagName === 'li' &&
      element.properties.id !== undefined &&
      parent.type === 'element' &&
      parent.tagName === 'ul' &&
      hasClass(parent, FIELD_LIST_CLASS),
  );

  // The operation: `POST /orders/equity Place a single equity order`, at the heading above its block.
  for (const { operation, heading } of operations) {
    const request = select('p', operation);
    const summary = select('dd', operation);
    if (!request || !summary) continue;
    const words = request.children.flatMap((child) => (child.type === 'element' ? [toText(child).trim()] : []));
    const text = `${words.join(' ')} ${toText(summary)
      .replace(/\s*\(.*\)\s*$/, '')
      .trim()}`;
    const line = text.replace(/\s+/g, ' ');
    documents.push({
      i: nextId(),
      t: line,
      s: line,
      u: url,
      h: `#${heading?.properties.id ?? ''}`,
      p: pageId,
    });
  }

  // Each field or parameter: its name, and where it sits (`request.limitPrice`), at its row.
  for (const field of fields) {
    const name = select('code', field);
    if (!name) continue;
    const anchor = String(field.properties.id);
    const line = `${toText(name).trim()} (${anchor})`;
    documents.push({ i: nextId(), t: line, s: line, u: url, h: `#${anchor}`, p: pageId });
  }
  return documents;
}
