// @ts-check
/**
 * Finding elements in a hast tree with a test written as a function: what hast-util-select's `selectAll`
 * and `select` find for a simple selector, in one walk without its selector engine, which cost more than
 * parsing the page when the build ran a few selectors over each of its pages.
 */

/**
 * @typedef {import('../page-markdown/htmlToMarkdown.mjs').Root} Root
 * @typedef {import('../page-markdown/htmlToMarkdown.mjs').Element} Element
 */

/** Whether `element` has the class `name`. @param {Element} element @param {string} name */
export function hasClass(element, name) {
  const { className } = element.properties;
  return Array.isArray(className) && className.includes(name);
}

/**
 * Every element below `node` (not `node` itself) that `test` accepts, in document order.
 * @param {Root | Element} node
 * @param {(element: Element, parent: Root | Element) => boolean} test
 * @returns {Element[]}
 */
export function elementsWhere(node, test) {
  /** @type {Element[]} */
  const found = [];
  /** @param {Root | Element} parent */
  const walk = (parent) => {
    for (const child of parent.children) {
      if (child.type !== 'element') continue;
      if (test(child, parent)) found.push(child);
      walk(child);
    }
  };
  walk(node);
  return found;
}

/**
 * The first element below `node` (not `node` itself) in document order that `test` accepts.
 * @param {Root | Element} node
 * @param {(element: Element) => boolean} test
 * @returns {Element | undefined}
 */
export function firstElementWhere(node, test) {
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    if (test(child)) return child;
    const found = firstElementWhere(child, test);
    if (found) return found;
  }
  return undefined;
}
