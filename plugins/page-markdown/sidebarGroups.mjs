// @ts-check
/**
 * The docs sidebar as the llms files need it: its top-level items, each with its pages and its
 * categories nested as the sidebar nests them, so that a section too large for one file can be split
 * along its categories (plugins/page-markdown/llmsTxt.mjs).
 */

/**
 * The sidebar items this reads (the docs plugin's loaded sidebar items; links and HTML items hold no
 * docs page and are left out).
 * @typedef {{ type: 'doc' | 'ref', id: string, label?: string }
 *   | { type: 'category', label: string, link?: { type: string, id?: string }, items: readonly SidebarInput[] }
 *   | { type: 'link' | 'html' }} SidebarInput
 */

/**
 * A docs page, or a category of the sidebar with its pages and categories in sidebar order (its own
 * page, the one its label links to, first).
 * @typedef {{ type: 'doc', id: string } | SidebarCategory} SidebarGroupItem
 * @typedef {{ type: 'category', label: string, items: SidebarGroupItem[] }} SidebarCategory
 */

/**
 * One top-level sidebar item. `label` is the item's label in the sidebar: a category's, or a top-level
 * doc's when it has one (a category holding only its own page becomes such a doc, under the category's
 * label). `docIds` are all its pages in sidebar order; `items` the same pages with the categories
 * that hold them.
 * @typedef {{ label: string | undefined, docIds: string[], items: SidebarGroupItem[] }} SidebarGroup
 */

/**
 * The item's pages and categories; a category without any docs page is left out.
 * @param {SidebarInput} item
 * @returns {SidebarGroupItem[]}
 */
function groupItems(item) {
  if (item.type === 'doc' || item.type === 'ref') return [{ type: 'doc', id: item.id }];
  if (item.type !== 'category') return [];
  /** @type {SidebarGroupItem[]} */
  const own = item.link?.type === 'doc' && item.link.id !== undefined ? [{ type: 'doc', id: item.link.id }] : [];
  const items = [...own, ...item.items.flatMap(groupItems)];
  return items.length === 0 ? [] : [{ type: 'category', label: item.label, items }];
}

/** @param {readonly SidebarGroupItem[]} items @returns {string[]} */
function docIdsOf(items) {
  return items.flatMap((item) => (item.type === 'doc' ? [item.id] : docIdsOf(item.items)));
}

/**
 * The docs in sidebar order, grouped by the sidebar's top-level items (a top-level doc is its own group).
 * @param {readonly SidebarInput[]} sidebar
 * @returns {SidebarGroup[]}
 */
export function sidebarGroups(sidebar) {
  return sidebar.map((item) => {
    const [grouped] = groupItems(item);
    /** @type {SidebarGroupItem[]} */
    const items = grouped === undefined ? [] : grouped.type === 'category' ? grouped.items : [grouped];
    const label = item.type === 'category' || item.type === 'doc' || item.type === 'ref' ? item.label : undefined;
    return { label, docIds: docIdsOf(items), items };
  });
}
