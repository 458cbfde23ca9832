// @ts-check
/**
 * The documents of the search index file: the local-search theme's five parts (titles, headings,
 * descriptions, keywords, content), gathered by its own `scanDocuments` one page at a time, with the
 * operations and fields of the docs pages (`fieldDocuments.mjs`) added to the content part. Run in a
 * worker thread of the build (`documentsWorker.mjs`).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { scanDocuments } from '@easyops-cn/docusaurus-search-local/dist/server/server/utils/scanDocuments.js';
import { fieldDocuments } from './fieldDocuments.mjs';

/** @typedef {import('@easyops-cn/docusaurus-search-local/dist/server/server/utils/processDocInfos').DocInfoWithFilePath} DocInfo */
/** @typedef {import('@easyops-cn/docusaurus-search-local/dist/server/server/utils/processPluginOptions').ProcessedPluginOptions} ScanOptions */
/** @typedef {{ readonly i: number, readonly t: string, readonly [key: string]: unknown }} SearchDocument */
/**
 * @typedef {object} SearchIndexJob what `documentsWorker.mjs` is started with
 * @property {readonly { readonly outDir: string, readonly paths: readonly DocInfo[] }[]} versions each index
 *   file's output folder and its pages (the theme's `processDocInfos`)
 * @property {ScanOptions} options the theme's options, processed (`processPluginOptions`)
 * @property {{ readonly outDir: string, readonly baseUrl: string }} site where the built pages are
 * @property {string} fileName the index file's name in each output folder
 */

/** The built HTML of a page's URL path (`/docs/x` and `/docs/x/` are both `docs/x/index.html`). */
function builtPageFile(/** @type {string} */ outDir, /** @type {string} */ baseUrl, /** @type {string} */ url) {
  return path.join(outDir, url.slice(baseUrl.length).replace(/\/?$/, '/index.html'));
}

/**
 * The theme's parts for `pages`, as one `scanDocuments` call over all of them gives them: the theme numbers the
 * documents in page order with a counter of its module, so one page at a time gives the same documents, without
 * holding every page's HTML at once.
 * @param {readonly DocInfo[]} pages
 * @param {ScanOptions} options
 * @returns {Promise<SearchDocument[][]>}
 */
async function themeParts(pages, options) {
  /** @type {SearchDocument[][]} */
  const parts = [[], [], [], [], []];
  for (const page of pages) {
    const pageParts = await scanDocuments([page], options);
    for (const [index, documents] of pageParts.entries()) parts[index]?.push(...documents);
  }
  return parts;
}

/**
 * The documents of the index file for `pages`, built into `outDir` at `baseUrl`: the theme's five parts, the docs
 * pages' operations and fields after the content part's own documents, numbered on from the theme's last id.
 * @param {readonly DocInfo[]} pages
 * @param {ScanOptions} options
 * @param {{ readonly outDir: string, readonly baseUrl: string }} site
 */
export async function searchDocuments(pages, options, { outDir, baseUrl }) {
  const parts = await themeParts(pages, options);
  const [titles, , , , content] = parts;
  let lastId = Math.max(0, ...parts.flatMap((part) => part.map(({ i }) => i)));
  for (const page of titles ?? []) {
    const url = String(page['u']);
    if (!url.startsWith(`${baseUrl}docs/`)) continue;
    const html = await readFile(builtPageFile(outDir, baseUrl, url), 'utf8');
    content?.push(...fieldDocuments(html, { url, pageId: page.i, nextId: () => (lastId += 1) }));
  }
  return parts;
}
