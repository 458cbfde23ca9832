// @ts-check
/**
 * A built docs page as Markdown: the page's article (`.theme-doc-markdown`) read from the HTML the
 * reader gets, so that the Markdown says what the page says, generated parts included (operation
 * blocks, field lists, request samples, error tables). The theme's widgets become plain Markdown
 * first (tabs: each panel under its label; admonitions: a quote that names its kind; code blocks: a
 * fence with the language and the title above it; diagrams: their Mermaid source, which the page keeps
 * hidden beside the drawing), then
 * `rehype-remark` and `remark-stringify` write the rest.
 */
import { h } from 'hastscript';
import { defaultHandlers } from 'mdast-util-to-markdown';
import { select } from 'hast-util-select';
import { toText } from 'hast-util-to-text';
import rehypeRemark from 'rehype-remark';
import remarkGfm from 'remark-gfm';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';
import { DIAGRAM_SOURCE_ATTRIBUTE, SCHEMA_ATTRIBUTES } from '../../config/pageMarkdown.mjs';
import { elementsWhere, firstElementWhere, hasClass } from '../lib/hastElements.mjs';
import { parseHtml } from '../lib/parseHtml.mjs';
import { checkBeforeEscaping } from './escapeCheck.mjs';
import { markdownFile } from './markdownFile.mjs';
import { schemaMarks } from './sharedSchemas.mjs';

/**
 * The trees' types, named through the packages that work on them (`hast` and `mdast` are type-only
 * packages: their types come with `@types/hast` and `@types/mdast`).
 * @typedef {Parameters<typeof toText>[0]} HastNode
 * @typedef {Extract<HastNode, { type: 'element' }>} Element
 * @typedef {Element['children'][number]} ElementContent
 * @typedef {Extract<HastNode, { type: 'root' }>} Root
 * @typedef {ReturnType<typeof import('mdast-util-from-markdown').fromMarkdown>} MarkdownRoot
 */

/**
 * @typedef {object} PageMarkdownInput
 * @property {string} html the page's built HTML
 * @property {string} pageUrl the page's absolute URL (links and images are made absolute against it)
 * @property {string} title
 * @property {string | undefined} description
 */

export class PageMarkdownError extends Error {
  /** @param {string} pageUrl @param {string} problem */
  constructor(pageUrl, problem) {
    super(`page-markdown: ${pageUrl}: ${problem}`);
    this.name = 'PageMarkdownError';
  }
}

/** The article's content's class: what the docs theme renders from the MDX (breadcrumbs, TOC and pager are outside it). */
export const ARTICLE_CLASS = 'theme-doc-markdown';

/** @param {Element} element */
function classes(element) {
  const className = element.properties?.className;
  return Array.isArray(className) ? className.map(String) : [];
}

/** @param {Element} element @param {string} prefix a CSS-module class's name before its hash */
function hasClassPrefix(element, prefix) {
  return classes(element).some((name) => name === prefix || name.startsWith(`${prefix}_`));
}

/**
 * Removes every comment below `parent` (a plain walk: unist-util-visit took longer than the Markdown's
 * own selectors on the site's pages).
 * @param {Root | Element} parent
 */
function removeComments(parent) {
  for (let index = parent.children.length - 1; index >= 0; index -= 1) {
    const child = parent.children[index];
    if (child?.type === 'comment') parent.children.splice(index, 1);
    else if (child?.type === 'element') removeComments(child);
  }
}

/** A `<div>` with a CSS module's class named `prefix`. @param {Element} element @param {string} prefix */
function isDivOf(element, prefix) {
  return element.tagName === 'div' && hasClassPrefix(element, prefix);
}

/**
 * Replaces every element `test` accepts by what `replace` returns (nothing removes it), outermost first;
 * a replacement is itself transformed again (so a tab panel's code block is), and so are its descendants.
 * @param {Root | Element} parent
 * @param {(element: Element) => boolean} test
 * @param {(element: Element) => ElementContent[]} replace
 */
function replaceElements(parent, test, replace) {
  /** @param {ElementContent[]} nodes @returns {ElementContent[]} */
  const transform = (nodes) =>
    nodes.flatMap((node) => {
      if (node.type !== 'element') return [node];
      if (test(node)) return transform(replace(node));
      node.children = transform(node.children);
      return [node];
    });
  parent.children = transform(/** @type {ElementContent[]} */ (parent.children));
}

/** A code block's text: one line per `.token-line` (Prism's spans and `<br>`s are dropped). @param {Element} pre */
function codeText(pre) {
  const lines = elementsWhere(pre, (element) => hasClass(element, 'token-line'));
  const text =
    lines.length > 0
      ? lines.map((line) => toText(line, { whitespace: 'pre' }).replace(/\n$/, '')).join('\n')
      : toText(pre, { whitespace: 'pre' });
  return text.replace(/\n+$/, '');
}

/** A paragraph with a bold label, for a code block's title or a tab's name. @param {string} label */
function label(label) {
  return h('p', [h('strong', label)]);
}

/** @param {Element} container a `.theme-code-block` @returns {ElementContent[]} */
function codeBlock(container) {
  const pre = firstElementWhere(container, (element) => element.tagName === 'pre');
  if (!pre) return [];
  const language = classes(pre)
    .find((name) => name.startsWith('language-'))
    ?.slice('language-'.length);
  const title = firstElementWhere(container, (element) => isDivOf(element, 'codeBlockTitle'));
  const code = h('pre', [h('code', { className: language ? [`language-${language}`] : [] }, codeText(pre))]);
  return title ? [label(toText(title).trim()), code] : [code];
}

/** Tabs as a label above each panel, every panel shown. @param {Element} container */
function tabs(container) {
  const names = elementsWhere(container, (element) => element.properties.role === 'tab').map((tab) =>
    toText(tab).trim(),
  );
  const panels = elementsWhere(container, (element) => element.properties.role === 'tabpanel');
  return panels.flatMap((panel, index) => [label(names[index] ?? `Tab ${index + 1}`), ...panel.children]);
}

/** An admonition as a quote whose first line names its kind ("Tip", "Warning"). @param {Element} admonition */
function admonition(admonition) {
  const heading = firstElementWhere(admonition, (element) => isDivOf(element, 'admonitionHeading'));
  const content = firstElementWhere(admonition, (element) => isDivOf(element, 'admonitionContent'));
  const kind = heading ? toText(heading).trim() : '';
  const title = kind ? `${kind.charAt(0).toUpperCase()}${kind.slice(1)}` : 'Note';
  return [h('blockquote', [label(title), ...(content?.children ?? [])])];
}

/**
 * A field's or parameter's head (name, type, where, whether required) as one line:
 * `` `limitPrice` (object (Money) or null, optional) ``.
 * @param {Element} head
 */
function fieldHead(head) {
  const name = head.children.find((child) => child.type === 'element' && child.tagName === 'code');
  const facts = head.children
    .filter((child) => child.type === 'element' && child.tagName === 'span')
    .map((span) => toText(span).trim())
    .filter(Boolean);
  return [h('p', [...(name ? [name] : []), ...(facts.length > 0 ? [` (${facts.join(', ')})`] : [])])];
}

/**
 * A definition list (an operation's facts) as a list of "**term**: definition" items: Markdown has no
 * definition lists.
 * @param {Element} list
 */
function definitionList(list) {
  /** @type {Element[]} */
  const items = [];
  for (const child of list.children) {
    if (child.type !== 'element') continue;
    if (child.tagName === 'dt') items.push(h('li', [h('strong', toText(child).trim()), ': ']));
    else if (child.tagName === 'dd') items.at(-1)?.children.push(...child.children);
  }
  return [h('ul', items)];
}

/** An operation's request line ("POST /orders/equity") as inline code. @param {Element} request */
function requestLine(request) {
  const words = request.children
    .filter((child) => child.type === 'element' && (child.tagName === 'span' || child.tagName === 'code'))
    .map((child) => toText(child).trim());
  return [h('p', [h('code', words.join(' '))])];
}

/** A `data-*` attribute's hast property name (`data-schema` → `dataSchema`). @param {string} name */
const propertyName = (name) => name.replace(/-([a-z])/g, (_, letter) => letter.toUpperCase());

/** A hast element's attribute by its HTML name (`data-schema`). @param {Element} element @param {string} name */
function attributeOf(element, name) {
  const value = element.properties?.[propertyName(name)];
  return value === undefined || value === null ? undefined : String(value);
}

/**
 * Marks what the page says of each shared schema (`data-schema`, config/pageMarkdown.mjs), as comments the
 * Markdown keeps, for plugins/page-markdown/sharedSchemas.mjs to keep once and link to elsewhere: a field's own
 * fields (with its description when that is the schema's own), a list of a schema's fields, and where a page shows
 * a schema on purpose.
 * @param {Root} root the article
 */
function markSharedSchemas(root) {
  const marks = schemaMarks();
  /** @param {string} value @returns {ElementContent} */
  const comment = (value) => ({ type: 'comment', value });
  replaceElements(
    root,
    (element) => element.tagName === 'ul' && attributeOf(element, SCHEMA_ATTRIBUTES.schema) !== undefined,
    (list) => {
      const key = /** @type {string} */ (attributeOf(list, SCHEMA_ATTRIBUTES.schema));
      // Marked once: the list that replaces it is looked at again.
      delete list.properties[propertyName(SCHEMA_ATTRIBUTES.schema)];
      return attributeOf(list, SCHEMA_ATTRIBUTES.home) === 'true'
        ? [comment(marks.home(key)), list]
        : [comment(marks.start(key)), list, comment(marks.end)];
    },
  );
  for (const field of elementsWhere(
    root,
    (element) => element.tagName === 'li' && attributeOf(element, SCHEMA_ATTRIBUTES.schema) !== undefined,
  )) {
    const key = /** @type {string} */ (attributeOf(field, SCHEMA_ATTRIBUTES.schema));
    const described = attributeOf(field, SCHEMA_ATTRIBUTES.described) === 'true';
    const start = field.children.findIndex(
      (child) => child.type === 'element' && (child.tagName === 'details' || (described && child.tagName === 'p')),
    );
    if (start === -1) continue;
    field.children.splice(start, 0, comment(marks.start(key)));
    field.children.push(comment(marks.end));
  }
}

/** An operation block (src/components/ApiEndpoint). @param {Element} element */
const isOperationBlock = (element) =>
  element.tagName === 'section' && String(element.properties?.ariaLabel ?? '').startsWith('Operation ');

/** An operation block's paragraph that links the operation in the API reference. @param {Element} element */
const isReferenceLink = (element) => element.tagName === 'p' && hasClassPrefix(element, 'reference');

/**
 * The absolute API reference addresses (`…/api/orders-api#operation/placeEquityOrder`) of the operations the
 * page's operation blocks document: a link to one of them from any page's Markdown goes to this page's instead.
 * @param {Root} tree the parsed page (read only)
 * @param {Pick<PageMarkdownInput, 'pageUrl'>} input
 */
export function operationReferences(tree, { pageUrl }) {
  return elementsWhere(tree, isOperationBlock).flatMap((block) =>
    elementsWhere(block, isReferenceLink).flatMap((paragraph) =>
      elementsWhere(paragraph, (element) => element.tagName === 'a' && element.properties.href !== undefined).map(
        (link) => new URL(String(link.properties.href), pageUrl).href,
      ),
    ),
  );
}

/**
 * @param {Root} tree the parsed page (changed: the article's widgets are replaced)
 * @param {Pick<PageMarkdownInput, 'pageUrl'>} input
 * @returns {Root} the article's content, in plain HTML that `rehype-remark` writes faithfully
 */
function simplifyArticle(tree, input) {
  const article = firstElementWhere(tree, (element) => hasClass(element, ARTICLE_CLASS));
  if (!article) throw new PageMarkdownError(input.pageUrl, `no .${ARTICLE_CLASS} element in the page`);
  /** @type {Root} */
  const root = { type: 'root', children: article.children };
  // React's text separators (`<!-- -->`) and any other comment.
  removeComments(root);

  // Widgets' chrome: heading and field anchors, buttons, icons; and an operation block's link into the API
  // reference, which the Markdown has no copy of: the page's Markdown is where that operation is documented.
  replaceElements(
    root,
    (element) =>
      ['button', 'svg', 'dialog', 'script', 'style'].includes(element.tagName) ||
      isReferenceLink(element) ||
      (element.tagName === 'a' && classes(element).includes('hash-link')) ||
      (element.tagName === 'a' && String(element.properties?.ariaLabel ?? '').startsWith('Link to ')),
    () => [],
  );

  markSharedSchemas(root);

  // A diagram (src/components/DiagramViewer) is drawn in the browser; its figure keeps the source, hidden.
  const diagrams = elementsWhere(root, (element) => element.tagName === 'figure').filter((figure) =>
    figure.children.some((child) => child.type === 'element' && hasClassPrefix(child, 'inline')),
  );
  /** @type {Map<Element, string>} */
  const sources = new Map();
  for (const figure of diagrams) {
    const source = select(`pre[${DIAGRAM_SOURCE_ATTRIBUTE}]`, figure);
    if (!source) throw new PageMarkdownError(input.pageUrl, 'a diagram without its Mermaid source in the page');
    sources.set(figure, toText(source, { whitespace: 'pre' }).replace(/\n+$/, ''));
  }

  replaceElements(
    root,
    (element) =>
      sources.has(element) ||
      classes(element).includes('theme-code-block') ||
      classes(element).includes('tabs-container') ||
      classes(element).includes('theme-admonition') ||
      hasClassPrefix(element, 'request') ||
      element.tagName === 'dl' ||
      (isDivOf(element, 'head') && firstElementWhere(element, (child) => child.tagName === 'code') !== undefined),
    (element) => {
      const source = sources.get(element);
      if (source !== undefined) return [h('pre', [h('code', { className: ['language-mermaid'] }, source)])];
      if (classes(element).includes('theme-code-block')) return codeBlock(element);
      if (classes(element).includes('tabs-container')) return tabs(element);
      if (classes(element).includes('theme-admonition')) return admonition(element);
      if (hasClassPrefix(element, 'request')) return requestLine(element);
      if (element.tagName === 'dl') return definitionList(element);
      return fieldHead(element);
    },
  );

  // Links and images that work wherever the Markdown is read.
  // `a[href], img[src]`
  const linked = elementsWhere(
    root,
    ({ tagName, properties }) =>
      (tagName === 'a' && properties.href !== undefined) || (tagName === 'img' && properties.src !== undefined),
  );
  for (const element of linked) {
    const attribute = element.tagName === 'a' ? 'href' : 'src';
    const value = String(element.properties[attribute]);
    try {
      element.properties[attribute] = new URL(value, input.pageUrl).href;
    } catch {
      // Left as written: not a URL a reader could follow anyway.
    }
  }
  return root;
}

/**
 * The page's article as Markdown, without front matter (it starts with the page's `# title`).
 * @param {PageMarkdownInput} input
 */
export function articleMarkdown(input) {
  return treeArticleMarkdown(parseHtml(input.html), input);
}

/**
 * The root's handler of `mdast-util-to-markdown`, which first gives the serialization the check of its texts before
 * they are escaped (`escapeCheck.mjs`).
 * @type {import('mdast-util-to-markdown').Handle}
 */
function root(node, parent, state, info) {
  checkBeforeEscaping(state);
  return defaultHandlers.root(node, parent, state, info);
}

/**
 * {@link articleMarkdown} of a page already parsed. The tree is changed: read it for anything else first.
 * @param {Root} tree
 * @param {Pick<PageMarkdownInput, 'pageUrl'>} input
 */
export function treeArticleMarkdown(tree, input) {
  const article = simplifyArticle(tree, input);
  const processor = unified()
    .use(rehypeRemark)
    .use(remarkGfm, { tablePipeAlign: false })
    .use(remarkStringify, { bullet: '-', fences: true, rule: '-', listItemIndent: 'one', handlers: { root } });
  const body = processor.stringify(/** @type {MarkdownRoot} */ (processor.runSync(article)));
  return `${body.trim()}\n`;
}

/** @param {PageMarkdownInput} input @returns {string} the page's Markdown file */
export function htmlToMarkdown(input) {
  return markdownFile(input, articleMarkdown(input));
}
