// @ts-check
/**
 * The llms files (llmstxt.org): `llms.txt`, an index of every docs page's Markdown grouped by the
 * sidebar's sections; `llms-full.txt`, every page's Markdown in sidebar order, for tools that index
 * the whole documentation; and one file per section (`llms-trading-api.txt`) for a reader who needs one
 * API only. A section whose file would be larger than an assistant holds is split along its
 * categories (`llms-accounts-api-endpoints.txt`), so that every file llms.txt offers can be attached.
 */
import { LLMS_ATTACHABLE_MAX_BYTES, llmsFileNames } from '../../config/pageMarkdown.mjs';
import { MCP_GUIDE_PATH, MCP_PATH } from '../../contracts/mcp/resource.ts';

/**
 * @typedef {object} LlmsPage
 * @property {string} title
 * @property {string | undefined} description
 * @property {string} markdownUrl the absolute URL of the page's Markdown
 * @property {string} article the page's Markdown without front matter (starts with its `# title`)
 * @property {string} pageUrl the page's absolute URL
 */

/**
 * A sidebar category inside a section: its pages and categories in sidebar order.
 * @typedef {object} LlmsCategory
 * @property {string} title the category's label
 * @property {readonly (LlmsPage | LlmsCategory)[]} items
 */

/**
 * @typedef {object} LlmsSection
 * @property {string} id names the section's file: `llms-<id>.txt`
 * @property {string} title the sidebar category's label
 * @property {readonly (LlmsPage | LlmsCategory)[]} items its pages and categories in sidebar order
 */

/**
 * One file an assistant can be given: a whole section, or a part of one too large for a file.
 * @typedef {object} LlmsPart
 * @property {string} id names its file: `llms-<id>.txt`
 * @property {string} title the labels of its place in the sidebar (`Accounts API / Endpoints`)
 * @property {readonly LlmsPage[]} pages in sidebar order
 * @property {string} text the file's text
 * @property {number} bytes the text's size in UTF-8
 */

/**
 * @typedef {object} LlmsSite
 * @property {string} title
 * @property {string} summary
 * @property {string} siteUrl the site's absolute URL with its base URL, ending in `/`
 */

/**
 * The docs version a set of llms files holds (config/docsVersions.ts), and where the other versions' sets are.
 * @typedef {object} LlmsVersion
 * @property {string} path the version's path below /docs (`''` for v1), which names its files (config/pageMarkdown.mjs)
 * @property {string} label `v1`, `v2 (preview)`
 * @property {readonly { label: string, indexUrl: string }[]} others every other version's label and llms index URL
 */

/** v1 alone: the set of a build with one docs version. @type {LlmsVersion} */
const ONLY_VERSION = { path: '', label: '', others: [] };

/**
 * A section's id, which names its file: its title in lower case, words joined by hyphens
 * (`Accounts API` → `accounts-api`, so `llms-accounts-api.txt`).
 * @param {string} title
 */
export function llmsSectionId(title) {
  const id = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (id === '' || id === 'full')
    throw new Error(`page-markdown: no llms file can be named after the section "${title}".`);
  return id;
}

/** One line of text, for a Markdown link's text or a description. @param {string} text */
function oneLine(text) {
  return text.replace(/\s+/g, ' ').trim();
}

/** @param {LlmsPage} page */
function pageLink(page) {
  const text = oneLine(page.title).replace(/([[\]\\])/g, '\\$1');
  const description = page.description ? `: ${oneLine(page.description)}` : '';
  return `- [${text}](${page.markdownUrl})${description}`;
}

/** A page inside a file of many: its article, with the page's address under its title. @param {LlmsPage} page */
function pageInFull(page) {
  const [title = '', ...rest] = page.article.split('\n');
  return [title, '', `Source: ${page.pageUrl}`, ...rest].join('\n').trim();
}

/** The site's title, with the version's label when the build has more than one: `Docs v2 (preview)`. @param {LlmsSite} site @param {LlmsVersion} version */
function titleOf(site, version) {
  return version.others.length === 0 ? site.title : `${site.title} ${version.label}`;
}

/** @param {LlmsSite} site @param {LlmsVersion} version @param {string} scope */
function fullHeader(site, version, scope) {
  return `# ${titleOf(site, version)}: ${scope}\n\n> ${oneLine(site.summary)}\n\nThe documentation's pages as Markdown, in the order of its sidebar. Index: ${site.siteUrl}${llmsFileNames(version.path).index}`;
}

/** @param {LlmsPage | LlmsCategory} item @returns {item is LlmsCategory} */
function isCategory(item) {
  return 'items' in item;
}

/** @param {readonly (LlmsPage | LlmsCategory)[]} items @returns {LlmsPage[]} */
function pagesOf(items) {
  return items.flatMap((item) => (isCategory(item) ? pagesOf(item.items) : [item]));
}

/** @param {string} text */
function bytesOf(text) {
  return Buffer.byteLength(text, 'utf8');
}

/** About how many tokens a text of this size is, at 4 bytes a token: `327k`. @param {number} bytes */
function tokensAbout(bytes) {
  return `${Math.max(1, Math.round(bytes / 4000))}k`;
}

/** @param {LlmsSite} site @param {LlmsVersion} version @param {string} id @param {string} title @param {readonly LlmsPage[]} pages @returns {LlmsPart} */
function partOf(site, version, id, title, pages) {
  const text = `${[fullHeader(site, version, title), ...pages.map(pageInFull)].join('\n\n')}\n`;
  return { id, title, pages, text, bytes: bytesOf(text) };
}

/**
 * The files a section's pages are given in: the whole section when its file is at most `limit` bytes;
 * otherwise one file for the pages directly in it and the files of each of its categories, split the
 * same way, each named after its path of labels (`accounts-api-endpoints`). Pages with no category
 * left to split along go in consecutive files of at most `limit` bytes (`-1`, `-2`); a page larger
 * than `limit` alone is a file of its own, the one file larger than `limit`.
 * @param {LlmsSite} site
 * @param {LlmsVersion} version
 * @param {LlmsSection} section
 * @param {number} limit
 * @returns {LlmsPart[]}
 */
function sectionParts(site, version, section, limit) {
  /** @type {LlmsPart[]} */
  const parts = [];
  /** @param {string} id @param {readonly string[]} labels @param {readonly (LlmsPage | LlmsCategory)[]} items */
  const split = (id, labels, items) => {
    const pages = pagesOf(items);
    if (pages.length === 0) return;
    const title = labels.map(oneLine).join(' / ');
    const whole = partOf(site, version, id, title, pages);
    const categories = items.filter(isCategory);
    if (whole.bytes <= limit || pages.length === 1) {
      parts.push(whole);
    } else if (categories.length > 0) {
      split(
        id,
        labels,
        items.filter((item) => !isCategory(item)),
      );
      for (const category of categories) {
        split(`${id}-${llmsSectionId(category.title)}`, [...labels, category.title], category.items);
      }
    } else {
      /** @type {LlmsPage[][]} */
      const runs = [[]];
      for (const page of pages) {
        const run = runs[runs.length - 1] ?? [];
        if (run.length > 0 && partOf(site, version, id, title, [...run, page]).bytes > limit) runs.push([page]);
        else run.push(page);
      }
      runs.forEach((run, index) =>
        parts.push(partOf(site, version, `${id}-${index + 1}`, `${title} (${index + 1} of ${runs.length})`, run)),
      );
    }
  };
  split(section.id, [section.title], section.items);
  return parts;
}

/**
 * Every section's files, in sidebar order; two of one name stop the build.
 * @param {LlmsSite} site
 * @param {readonly LlmsSection[]} sections in sidebar order
 * @param {number} [limit] the most bytes of a file an assistant is told to attach
 * @param {LlmsVersion} [version] the docs version the sections are of (v1 alone by default)
 * @returns {{ section: LlmsSection, parts: LlmsPart[] }[]}
 */
export function llmsParts(site, sections, limit = LLMS_ATTACHABLE_MAX_BYTES, version = ONLY_VERSION) {
  const split = sections.map((section) => ({ section, parts: sectionParts(site, version, section, limit) }));
  const ids = split.flatMap(({ parts }) => parts.map((part) => part.id));
  const repeated = ids.filter((id, index) => ids.indexOf(id) !== index);
  if (repeated.length > 0) {
    throw new Error(`page-markdown: two sidebar sections would share the llms file of "${repeated.join('", "')}".`);
  }
  return split;
}

/**
 * The lines of llms.txt naming a section's file, or its files.
 * @param {LlmsSite} site @param {(id: string) => string} sectionFile @param {readonly LlmsPart[]} parts
 */
function sectionFileLines(site, sectionFile, parts) {
  const [only] = parts;
  if (parts.length === 1 && only !== undefined) {
    return [`All of this section in one file: ${site.siteUrl}${sectionFile(only.id)}`];
  }
  return [
    `All of this section in ${parts.length} files, too much for one: attach the ones you need.`,
    '',
    ...parts.map(
      (part) =>
        `- [${part.title.replace(/([[\]\\])/g, '\\$1')}](${site.siteUrl}${sectionFile(part.id)}): ` +
        `${part.pages.length} ${part.pages.length === 1 ? 'page' : 'pages'}, about ${tokensAbout(part.bytes)} tokens`,
    ),
  ];
}

/**
 * @param {LlmsSite} site
 * @param {readonly LlmsSection[]} sections in sidebar order
 * @param {{ limit?: number, warn?: (message: string) => void, version?: LlmsVersion }} [options] `limit`: the
 *   most bytes of a file an assistant is told to attach; `warn`: told of each page larger than that alone;
 *   `version`: the docs version the sections are of, which names the files (v1 alone by default)
 * @returns {Map<string, string>} each file's name (at the build root) and text
 */
export function llmsFiles(
  site,
  sections,
  { limit = LLMS_ATTACHABLE_MAX_BYTES, warn = console.warn, version = ONLY_VERSION } = {},
) {
  const names = llmsFileNames(version.path);
  const split = llmsParts(site, sections, limit, version);
  const allPages = sections.flatMap((section) => pagesOf(section.items));
  const full = `${[fullHeader(site, version, 'all pages'), ...allPages.map(pageInFull)].join('\n\n')}\n`;
  // The MCP server serves every version's pages (server/mcp reads each from its own index): a later version's
  // when its tools are asked for it.
  const mcp =
    `An assistant that speaks MCP can read them itself, once the reader signs in from it: the MCP server ${site.siteUrl}${MCP_PATH}` +
    `${version.path === '' ? '' : `, whose tools read these pages when asked for version: "${version.path}"`} ` +
    `(how to connect one: ${site.siteUrl}${MCP_GUIDE_PATH}.md).`;
  const versions =
    version.others.length === 0
      ? []
      : [
          `These are the pages of ${version.label}. Other versions of the documentation have their own files: ` +
            `${version.others.map((other) => `${other.label}, index ${other.indexUrl}`).join('; ')}.`,
          '',
        ];
  const index = [
    `# ${titleOf(site, version)}`,
    '',
    `> ${oneLine(site.summary)}`,
    '',
    ...versions,
    'Every page of the documentation as Markdown, by section. These pages are private: an assistant cannot fetch ' +
      "them, so give it the text: a section's file below, or a page's.",
    '',
    mcp,
    '',
    `Every page in one file, for tools that index the whole documentation: ${site.siteUrl}${names.full}; ` +
      `about ${tokensAbout(bytesOf(full))} tokens, more than an assistant holds: attach a section's file, or connect the MCP server.`,
    ...split.flatMap(({ section, parts }) => [
      '',
      `## ${oneLine(section.title)}`,
      '',
      ...sectionFileLines(site, names.section, parts),
      '',
      ...pagesOf(section.items).map(pageLink),
    ]),
  ];
  const files = new Map([[names.index, `${index.join('\n')}\n`]]);
  files.set(names.full, full);
  for (const part of split.flatMap(({ parts }) => parts)) {
    const [page] = part.pages;
    if (part.bytes > limit && page !== undefined) {
      warn(
        `[page-markdown] ${page.markdownUrl} alone is ${part.bytes} bytes, more than an assistant is told to attach ` +
          `(${limit}); it is ${names.section(part.id)} by itself, as a page cannot be split.`,
      );
    }
    files.set(names.section(part.id), part.text);
  }
  return files;
}
