// @ts-check
/**
 * The order of the operation and field documents in the index. Lunr returns documents of equal score in the
 * order of their ids, and every field of one name scores alike (`limitPrice (request.limitPrice)` on each
 * page that has one), so their ids decide which come first in the search box. Numbered in page order, the
 * first `limitPrice` was a response field of "Allocate a block equity order", and "Place a single equity
 * order" came eighth of eight. Here a field comes first where a reader writes it (the request body), then
 * parameters, the data blocks that define it, the response bodies and the statuses; and within each, in the
 * order of the docs sidebar, which puts each API's everyday operation first.
 */

/** @typedef {{ readonly h?: unknown, readonly u?: unknown, readonly [key: string]: unknown }} FieldDocument */

/**
 * Where a document's anchor says it sits: 0 for an operation (its anchor is a heading's), then request body
 * fields, parameters, data block fields (`EquityOrder.limitPrice`), response body fields, statuses.
 * @param {string} hash the document's anchor, `#…`
 */
export function fieldRole(hash) {
  const anchor = hash.replace(/^#/, '');
  const [first = ''] = anchor.split('.');
  if (!anchor.includes('.')) return 0;
  if (first === 'request') return 1;
  if (first === 'path' || first === 'query' || first === 'header') return 2;
  if (/^[A-Z]/.test(first)) return 3;
  if (first === 'response') return 4;
  if (first === 'status') return 5;
  return 6;
}

/**
 * The field documents of all pages, in the order they are numbered in (a stable sort: a page's own order
 * is kept among equals).
 * @template {FieldDocument} T
 * @param {readonly T[]} documents in page order
 * @param {(url: string) => number} pageOrder a page's place in the sidebar (pages not in it last)
 * @returns {T[]}
 */
export function orderFieldDocuments(documents, pageOrder) {
  return documents
    .map((document, index) => ({
      document,
      index,
      role: fieldRole(String(document.h ?? '')),
      page: pageOrder(String(document.u ?? '')),
    }))
    .sort((a, b) => a.role - b.role || a.page - b.page || a.index - b.index)
    .map(({ document }) => document);
}

/**
 * @typedef {{ type: string, id?: string, items?: readonly SidebarItem[], link?: { type: string, id?: string } }} SidebarItem
 */

/**
 * Each docs page's place in its version's sidebars, read from the docs plugin's loaded content, as a
 * function of its URL (Infinity for a page no sidebar lists).
 * @param {readonly { name: string, content?: unknown }[]} plugins the build's loaded plugins (postBuild's props)
 * @returns {(url: string) => number}
 */
export function sidebarPageOrder(plugins) {
  /** @type {Map<string, number>} */
  const order = new Map();
  for (const plugin of plugins) {
    if (plugin.name !== 'docusaurus-plugin-content-docs') continue;
    const { loadedVersions = [] } = /** @type {{ loadedVersions?: any[] }} */ (plugin.content ?? {});
    for (const version of loadedVersions) {
      /** @type {Map<string, string>} */
      const permalinks = new Map(version.docs.map((/** @type {any} */ doc) => [doc.id, doc.permalink]));
      /** @param {string | undefined} id */
      const add = (id) => {
        const url = id === undefined ? undefined : permalinks.get(id);
        if (url !== undefined && !order.has(url)) order.set(url, order.size);
      };
      /** @param {readonly SidebarItem[]} items */
      const walk = (items) => {
        for (const item of items) {
          if (item.type === 'doc' || item.type === 'ref') add(item.id);
          if (item.type === 'category') {
            if (item.link?.type === 'doc') add(item.link.id);
            walk(item.items ?? []);
          }
        }
      };
      for (const sidebar of Object.values(version.sidebars ?? {})) walk(/** @type {SidebarItem[]} */ (sidebar));
    }
  }
  return (url) => order.get(url) ?? Number.POSITIVE_INFINITY;
}
