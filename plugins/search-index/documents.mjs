// @ts-check
/**
 * The documents of the search index file, numbered as the local-search theme's own build step numbers
 * them (its `scanDocuments`): its five parts (titles, headings, descriptions, keywords, content) from what
 * the theme reads of each page (`themeParse.mjs`), then the operations and fields of the docs pages
 * (`fieldDocuments.mjs`) after the content part's own documents.
 */

import { orderFieldDocuments } from './fieldOrder.mjs';

/** @typedef {import('@easyops-cn/docusaurus-search-local/dist/server/server/utils/processDocInfos').DocInfoWithFilePath} DocInfo */
/** @typedef {{ readonly i: number, readonly t: string, readonly [key: string]: unknown }} SearchDocument */
/** @typedef {import('../lib/builtPageFacts.mjs').BuiltPageFacts} BuiltPageFacts */

/**
 * A section's anchor as the theme keeps it: `false` for a link to another page (the section is left out).
 * @param {string} hash
 * @param {string} url
 * @returns {string | false}
 */
function trimmedHash(hash, url) {
  if (hash && !hash.startsWith('#') && hash.includes('#')) {
    return hash.startsWith(url) && hash[url.length] === '#' ? hash.slice(url.length) : false;
  }
  return hash;
}

/**
 * The index file's five parts for one version's `pages`, from each page's facts (same order). `ids.last` is
 * the theme's counter, which runs on from one version to the next; the field documents are numbered on
 * from the version's last id.
 * @param {readonly DocInfo[]} pages
 * @param {readonly BuiltPageFacts[]} facts
 * @param {{ last: number }} ids
 * @param {(url: string) => number} [pageOrder] each page's place in the sidebar, which orders the field
 *   documents (fieldOrder.mjs); page order when not given
 * @returns {SearchDocument[][]}
 */
export function searchIndexParts(pages, facts, ids, pageOrder = () => 0) {
  /** @type {SearchDocument[][]} */
  const parts = [[], [], [], [], []];
  const [titles = [], headings = [], descriptions = [], keywordsPart = [], content = []] = parts;
  /** @type {{ titleId: number, fields: readonly SearchDocument[] }[]} */
  const fieldsOf = [];
  for (const [index, { url }] of pages.entries()) {
    const { search, fields = [] } = facts[index] ?? {};
    if (!search) continue;
    const { pageTitle, description, keywords, sections, breadcrumb } = search;
    const titleId = (ids.last += 1);
    titles.push({ i: titleId, t: pageTitle, u: url, b: breadcrumb });
    if (description) descriptions.push({ i: titleId, t: description, s: pageTitle, u: url, p: titleId });
    if (keywords) keywordsPart.push({ i: titleId, t: keywords, s: pageTitle, u: url, p: titleId });
    for (const section of sections) {
      const hash = trimmedHash(section.hash, url);
      if (hash === false) continue;
      if (section.title !== pageTitle)
        headings.push({ i: (ids.last += 1), t: section.title, u: url, h: hash, p: titleId });
      if (section.content) {
        content.push({
          i: (ids.last += 1),
          t: section.content,
          s: section.title || pageTitle,
          u: url,
          h: hash,
          p: titleId,
        });
      }
    }
    fieldsOf.push({ titleId, fields });
  }
  let lastId = Math.max(0, ...parts.flatMap((part) => part.map(({ i }) => i)));
  const fields = fieldsOf.flatMap(({ titleId, fields }) => fields.map((document) => ({ ...document, p: titleId })));
  for (const document of orderFieldDocuments(fields, pageOrder)) content.push({ ...document, i: (lastId += 1) });
  return parts;
}
