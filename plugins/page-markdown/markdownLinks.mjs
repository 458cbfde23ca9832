// @ts-check
/**
 * The links of the pages' Markdown, pointed at what an assistant can read: a link to a docs page goes to that
 * page's Markdown (`.md`), and a link into the API reference (`/api/…`), which no Markdown file holds, goes to the
 * Markdown of the docs page that documents the operation (`#operation/<id>`), or for a whole reference page to the
 * llms file of the section that documents its operations. Run on the build's main thread once every page's Markdown
 * is back, since where an operation is documented is known only then.
 */

/**
 * @typedef {object} LinkedPage
 * @property {string} pageUrl the page's absolute URL
 * @property {string} markdownUrl the absolute URL of its Markdown
 * @property {readonly string[]} operations the absolute API reference addresses of the operations its operation
 * blocks document (`https://…/api/orders-api#operation/placeEquityOrder`)
 * @property {string} sectionFileUrl the absolute URL of the llms file of its section
 */

/** @param {string} url an absolute URL @returns {{ base: string, hash: string }} */
function split(url) {
  const at = url.indexOf('#');
  return at === -1 ? { base: url, hash: '' } : { base: url.slice(0, at), hash: url.slice(at) };
}

/** A page's URL with and without its trailing slash: a folder's index page is linked both ways. @param {string} url */
const withoutSlash = (url) => url.replace(/\/+$/, '');

/**
 * What a set of pages (one docs version's) makes of a link: the Markdown of the page, or of the page documenting the
 * operation, or the section file documenting most of a whole reference page's operations; undefined for any other.
 * @param {readonly LinkedPage[]} pages
 * @returns {(url: string) => string | undefined}
 */
function lookupOf(pages) {
  /** @type {Map<string, string>} */
  const pageMarkdown = new Map(pages.map((page) => [withoutSlash(page.pageUrl), page.markdownUrl]));
  /** @type {Map<string, string>} */
  const operationMarkdown = new Map();
  /** Per reference page, how many of its operations each section file documents. @type {Map<string, Map<string, number>>} */
  const referenceSections = new Map();
  for (const page of pages) {
    for (const operation of page.operations) {
      if (operationMarkdown.has(operation)) {
        throw new Error(`page-markdown: two pages document ${operation}, so a link to it has no one page to go to.`);
      }
      operationMarkdown.set(operation, page.markdownUrl);
      const reference = withoutSlash(split(operation).base);
      const sections = referenceSections.get(reference) ?? new Map();
      sections.set(page.sectionFileUrl, (sections.get(page.sectionFileUrl) ?? 0) + 1);
      referenceSections.set(reference, sections);
    }
  }
  /** @type {Map<string, string>} the section file documenting most of each reference page's operations */
  const referenceFile = new Map(
    [...referenceSections].map(([reference, sections]) => [
      reference,
      [...sections].reduce((best, entry) => (entry[1] > best[1] ? entry : best))[0],
    ]),
  );
  return (url) => {
    const operation = operationMarkdown.get(url);
    if (operation !== undefined) return operation;
    const { base, hash } = split(url);
    const page = pageMarkdown.get(withoutSlash(base));
    if (page !== undefined) return `${page}${hash}`;
    return referenceFile.get(withoutSlash(base));
  };
}

/**
 * Where each link of the Markdown should go.
 * @param {string} siteUrl the site's absolute URL with its base URL, ending in `/`
 * @param {readonly LinkedPage[]} pages every docs page of the version the Markdown is of
 * @param {readonly (readonly LinkedPage[])[]} [otherVersions] every other docs version's pages: a link into one of
 * them, or to an API reference address this version's pages do not document (another major version's), goes to
 * that version's Markdown
 * @returns {(url: string, where: string) => string} the address to link instead of `url` (`url` itself when it
 * leads neither to a docs page nor into the API reference); throws for a link into the API reference or the docs
 * that leads to no Markdown, naming `where` the link is
 */
export function markdownLinkTargets(siteUrl, pages, otherVersions = []) {
  const lookups = [pages, ...otherVersions].map(lookupOf);
  const apiPrefix = `${siteUrl}api/`;
  const docsPrefix = `${siteUrl}docs`;

  return (url, where) => {
    for (const lookup of lookups) {
      const target = lookup(url);
      if (target !== undefined) return target;
    }
    const { base } = split(url);
    if (url.startsWith(apiPrefix) || withoutSlash(base) === withoutSlash(apiPrefix)) {
      throw new Error(`page-markdown: ${where} links to ${url}, an API reference address no docs page documents.`);
    }
    const extensionless = !/\.[a-z0-9]+$/i.test(withoutSlash(base).slice(docsPrefix.length));
    if ((base === docsPrefix || base.startsWith(`${docsPrefix}/`)) && extensionless) {
      throw new Error(`page-markdown: ${where} links to ${url}, which is no docs page.`);
    }
    return url;
  };
}

/**
 * `markdown` with each link's and image's address replaced by what `target` says. The Markdown is what
 * `remark-stringify` writes: inline links `[text](address)` and `[text](address "title")`, autolinks `<address>`;
 * an address inside a code span or block is code, not a link, and is left as it is.
 * @param {string} markdown
 * @param {(url: string) => string} target
 */
export function relinkMarkdown(markdown, target) {
  // Code blocks and code spans first, so that what they hold is never taken for a link.
  const code =
    /(^|\n)( *)(`{3,}|~{3,})[^\n]*\n[\s\S]*?\n\2\3[ \t]*(?=\n|$)|(?<![\\`])(`+)(?:[^\n]|\n(?!\n))*?[^`\n]\4(?!`)/g;
  const link = /(\]\()(<[^>\n]*>|[^\s()]+)((?:\s+"[^"\n]*")?\))|<(https?:\/\/[^>\s]+)>/g;
  let result = '';
  let last = 0;
  for (const match of markdown.matchAll(code)) {
    result += relinkText(markdown.slice(last, match.index), link, target) + match[0];
    last = match.index + match[0].length;
  }
  return result + relinkText(markdown.slice(last), link, target);
}

/** @param {string} text Markdown without code @param {RegExp} link @param {(url: string) => string} target */
function relinkText(text, link, target) {
  return text.replace(link, (_link, open, address, close, autolink) => {
    if (autolink !== undefined) return `<${target(autolink)}>`;
    const bracketed = address.startsWith('<');
    const url = bracketed ? address.slice(1, -1) : address;
    const next = target(url);
    return `${open}${bracketed ? `<${next}>` : next}${close}`;
  });
}
