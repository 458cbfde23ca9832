// @ts-check
/**
 * The local-search theme's reading of a built page (`@easyops-cn/docusaurus-search-local`,
 * `dist/server/server/utils/`: `parse.js`, `parseDocument.js`, `parsePage.js`, `getCondensedText.js`),
 * ported from cheerio to a hast tree, so that the build parses each page once and derives the search
 * documents, the field documents and the page's Markdown from the same tree. It gives what the theme's
 * `parse` gives, to the character: `__tests__/themeParse.test.mjs` runs both on real built pages, so an
 * upgrade of the theme that reads pages differently fails there.
 *
 * The tree is not changed: what the theme removes first (its ignored selectors, the docs' version
 * badge, a page's hidden anchors) is left out of a shallow copy that shares every untouched subtree.
 */
import { select, selectAll } from 'hast-util-select';
import { hasClass } from '../lib/hastElements.mjs';

/**
 * @typedef {import('../page-markdown/htmlToMarkdown.mjs').Root} Root
 * @typedef {import('../page-markdown/htmlToMarkdown.mjs').Element} Element
 * @typedef {Root | Root['children'][number]} Node
 * @typedef {'docs' | 'blog' | 'page'} PageType
 * @typedef {{ readonly title: string, readonly hash: string, readonly content: string }} Section
 * @typedef {object} ParsedPage what the theme's `parse` returns for a page it indexes
 * @property {string} pageTitle
 * @property {string} description
 * @property {string} keywords
 * @property {Section[]} sections
 * @property {string[]} breadcrumb
 * @typedef {{ readonly ignoreCssSelectors?: readonly string[], readonly forceIgnoreNoIndex?: boolean }} ParseOptions
 */

/** The theme's `HEADINGS` ("h1, h2, h3"): where a section starts. */
const HEADINGS = new Set(['h1', 'h2', 'h3']);
/** The blog post's container's id (`@docusaurus/utils-common`'s `blogPostContainerID`). */
const BLOG_POST_CONTAINER_ID = '__blog-post-container';

/**
 * Tags whose text the theme pads with spaces (`getCondensedText.js`). `script` and `style` are not
 * read at all there (cheerio's tree gives them a type of their own, not "tag").
 */
const BLOCK_TAGS = new Set(
  [
    'address article aside blockquote details dialog dd div dl dt fieldset figcaption figure footer form',
    'h1 h2 h3 h4 h5 h6 header hgroup hr li main nav ol p pre section table ul td th',
  ]
    .join(' ')
    .split(' '),
);
const UNREAD_TAGS = new Set(['script', 'style']);

/** @param {Node} node @returns {node is Element} */
const isElement = (node) => node.type === 'element';

/** cheerio's `.text()`: every text node's value, comments left out. @param {Node | readonly Node[]} node @returns {string} */
function textContent(node) {
  if (Array.isArray(node)) return node.map((item) => textContent(item)).join('');
  const one = /** @type {Node} */ (node);
  if (one.type === 'text') return one.value;
  return 'children' in one ? textContent(one.children) : '';
}

/** The theme's `getCondensedText`. @param {readonly Node[]} nodes */
function condensedText(nodes) {
  /** @param {Node} node @returns {string} */
  const text = (node) => {
    if (node.type === 'text') return node.value;
    if (!isElement(node) || UNREAD_TAGS.has(node.tagName)) return '';
    if (node.tagName === 'br') return ' ';
    const content = node.children.map(text).join('');
    return BLOCK_TAGS.has(node.tagName) ? ` ${content} ` : content;
  };
  return nodes.map(text).join('').trim().replace(/\s+/g, ' ');
}

/** A hash link, as the theme's `a.hash-link` selects it. @param {Node} node */
const isHashLink = (node) => isElement(node) && node.tagName === 'a' && hasClass(node, 'hash-link');

/** An attribute as cheerio's `.attr()` reads it ("" where absent). @param {Element | undefined} element @param {string} name */
const attribute = (element, name) => {
  const value = element?.properties[name];
  return value === undefined || value === null ? '' : String(value);
};

/**
 * `tree` without `removed` (and their descendants): elements above a removed one are copied with their
 * other children; every other node is shared.
 * @template {Root | Element} T
 * @param {T} node
 * @param {ReadonlySet<Node>} removed
 * @returns {T}
 */
function without(node, removed) {
  let changed = false;
  /** @type {Node[]} */
  const children = [];
  for (const child of node.children) {
    if (removed.has(child)) {
      changed = true;
      continue;
    }
    const kept = isElement(child) ? without(child, removed) : child;
    changed ||= kept !== child;
    children.push(kept);
  }
  return changed ? /** @type {T} */ ({ ...node, children }) : node;
}

/**
 * What the theme's selectors find in `tree`, in one walk (hast-util-select walks the whole tree for each
 * selector, which cost more than parsing the page): each element's parent, and the first match or all
 * matches of each selector, in document order.
 * @param {Root} tree
 */
function scan(tree) {
  /** @type {Map<Node, Root | Element>} */
  const parents = new Map();
  /** @type {Element[]} */
  const articleHeadings = [];
  /** @type {Element[]} */
  const titles = [];
  /** @type {Partial<Record<'articleH1' | 'h1' | 'main' | 'description' | 'keywords' | 'navbarActive' | 'menu' | 'blogPost', Element>>} */
  const first = {};
  /** @param {Root | Element} parent @param {boolean} inArticle @param {boolean} inMainWrapper */
  const walk = (parent, inArticle, inMainWrapper) => {
    for (const child of parent.children) {
      parents.set(child, parent);
      if (!isElement(child)) continue;
      const { tagName, properties } = child;
      if (inArticle && HEADINGS.has(tagName)) {
        articleHeadings.push(child);
        if (tagName === 'h1') first.articleH1 ??= child;
      }
      if (tagName === 'h1') first.h1 ??= child;
      else if (tagName === 'title') titles.push(child);
      else if (tagName === 'main') first.main ??= child;
      else if (tagName === 'meta' && properties.name === 'description') first.description ??= child;
      else if (tagName === 'meta' && properties.name === 'keywords') first.keywords ??= child;
      if (properties.id === BLOG_POST_CONTAINER_ID) first.blogPost ??= child;
      if (hasClass(child, 'navbar__link--active')) first.navbarActive ??= child;
      if (inMainWrapper && hasClass(child, 'menu')) first.menu ??= child;
      walk(child, inArticle || tagName === 'article', inMainWrapper || hasClass(child, 'main-wrapper'));
    }
  };
  walk(tree, false, false);
  return { parents, articleHeadings, titles, first };
}

/**
 * The theme's `parseDocument` (docs and blog pages): the title, description, keywords and breadcrumb,
 * and a section per heading of the article with the text up to the next heading.
 * @param {Root} tree
 * @returns {ParsedPage}
 */
function parseDocument(tree) {
  const { parents, articleHeadings, first } = scan(tree);
  const pageTitleElement = first.articleH1;
  const pageTitle = pageTitleElement ? textContent(pageTitleElement) : '';
  const description = attribute(first.description, 'content');
  const keywords = attribute(first.keywords, 'content').replace(/,/g, ', ');
  /** @type {string[]} */
  const breadcrumb = [];
  if (first.navbarActive) breadcrumb.push(textContent(first.navbarActive).trim());
  if (first.menu) {
    for (const item of selectAll('.menu__list-item-collapsible .menu__link--active', first.menu)) {
      breadcrumb.push(textContent(item).trim());
    }
  }

  /** The element siblings after `element`. @param {Element} element */
  const nextAll = (element) => {
    const siblings = parents.get(element)?.children ?? [];
    return siblings.slice(siblings.indexOf(element) + 1).filter(isElement);
  };
  /** The element siblings after `element`, up to the next heading. @param {Element} element */
  const nextUntilHeading = (element) => {
    const next = nextAll(element);
    const heading = next.findIndex((sibling) => HEADINGS.has(sibling.tagName));
    return heading === -1 ? next : next.slice(0, heading);
  };
  /** The element siblings before `element`, in document order. @param {Element} element */
  const previousAll = (element) => {
    const siblings = parents.get(element)?.children ?? [];
    return siblings.slice(0, siblings.indexOf(element)).filter(isElement);
  };

  /**
   * The page title's section: what follows it (or its `<header>`) up to the first heading, which may
   * sit deeper than the title. @param {Element} title @returns {Element[]}
   */
  const titleSection = (title) => {
    const header = parents.get(title);
    const start = header && isElement(header) && header.tagName === 'header' ? header : title;
    if (first.blogPost) {
      const postFirst = first.blogPost.children.find(isElement);
      return postFirst ? [postFirst, ...nextUntilHeading(postFirst)] : [];
    }
    const next = nextAll(start);
    if (next.some((sibling) => HEADINGS.has(sibling.tagName))) return nextUntilHeading(start);
    /** @type {Element[]} */
    const elements = [];
    for (const sibling of next) {
      const heading = select('h1, h2, h3', sibling);
      if (heading) return [...elements, ...previousAll(heading)];
      elements.push(sibling);
    }
    return elements;
  };

  /** @type {Section[]} */
  const sections = [];
  for (const heading of articleHeadings) {
    const title = textContent(heading.children.filter((child) => !isHashLink(child))).trim();
    const hash = attribute(select('a.hash-link', heading), 'href');
    const content = condensedText(heading === pageTitleElement ? titleSection(heading) : nextUntilHeading(heading));
    sections.push({ title, hash, content });
  }
  return { pageTitle, description, keywords, sections, breadcrumb };
}

/**
 * The theme's `parsePage` (a page that is not docs or blog): one section, the text of `<main>`.
 * @param {Root} tree
 * @returns {ParsedPage}
 */
function parsePage(tree) {
  const { titles, first } = scan(tree);
  const pageTitle = first.h1 ? textContent(first.h1) : textContent(titles);
  const { main } = first;
  return {
    pageTitle,
    description: attribute(first.description, 'content'),
    keywords: attribute(first.keywords, 'content'),
    sections: [{ title: pageTitle, hash: '', content: main ? condensedText([main]).trim() : '' }],
    breadcrumb: [],
  };
}

/** A tag name or a single class: the selectors the walk below matches itself. */
const SIMPLE_SELECTOR = /^(?:(?<tag>[a-zA-Z][\w-]*)|\.(?<className>[\w-]+))$/;

/**
 * What the theme's `parse` removes before reading the page: code blocks' copy buttons, the ignored
 * selectors, the docs' version badge, a page's hidden anchors. Tag and class selectors are matched in
 * one walk; any other selector by hast-util-select.
 * @param {Root} tree
 * @param {PageType} type
 * @param {readonly string[]} ignoreCssSelectors
 * @returns {Set<Node>}
 */
function removedBy(tree, type, ignoreCssSelectors) {
  /** @type {Set<Node>} */
  const removed = new Set();
  const simple = ignoreCssSelectors.map((selector) => SIMPLE_SELECTOR.exec(selector.trim())?.groups);
  const tags = new Set(simple.flatMap((groups) => (groups?.['tag'] ? [groups['tag'].toLowerCase()] : [])));
  const classNames = simple.flatMap((groups) => (groups?.['className'] ? [groups['className']] : []));
  for (const [index, selector] of ignoreCssSelectors.entries()) {
    if (!simple[index]) for (const element of selectAll(selector, tree)) removed.add(element);
  }
  /** @param {Root | Element} parent @param {boolean} inMdxCodeBlock */
  const walk = (parent, inMdxCodeBlock) => {
    for (const child of parent.children) {
      if (!isElement(child)) continue;
      const { tagName } = child;
      if (
        tags.has(tagName) ||
        classNames.some((name) => hasClass(child, name)) ||
        (tagName === 'button' && inMdxCodeBlock) ||
        (type === 'docs' &&
          tagName === 'span' &&
          hasClass(child, 'badge') &&
          textContent(child).startsWith('Version:')) ||
        (type === 'page' && tagName === 'a' && child.properties.ariaHidden === 'true')
      ) {
        removed.add(child);
      }
      const mdxCodeBlock =
        tagName === 'div' &&
        Array.isArray(child.properties.className) &&
        child.properties.className.join(' ').startsWith('mdxCodeBlock_');
      walk(child, inMdxCodeBlock || mdxCodeBlock);
    }
  };
  walk(tree, false);
  return removed;
}

/**
 * The theme's `parse`: what it indexes of a built page, or `null` for a page it leaves out (`noindex`).
 * @param {Root} tree the parsed page; not changed
 * @param {PageType} type
 * @param {ParseOptions} options the theme's processed options
 * @returns {ParsedPage | null}
 */
export function parseBuiltPage(tree, type, { ignoreCssSelectors = [], forceIgnoreNoIndex = false }) {
  if (!forceIgnoreNoIndex && attribute(select('meta[name="robots"]', tree), 'content').includes('noindex')) return null;
  const removed = removedBy(tree, type, ignoreCssSelectors);
  const kept = removed.size > 0 ? without(tree, removed) : tree;
  return type === 'page' ? parsePage(kept) : parseDocument(kept);
}
