// @ts-check
/**
 * The llms files (llmstxt.org): `llms.txt`, an index of every docs page's Markdown grouped by the
 * sidebar's sections; `llms-full.txt`, every page's Markdown in sidebar order; and one file per
 * section (`llms-trading-api.txt`) for a reader who needs one API only.
 */
import { LLMS_FULL_FILE, LLMS_INDEX_FILE, llmsSectionFile } from '../../config/pageMarkdown.mjs';
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
 * @typedef {object} LlmsSection
 * @property {string} id names the section's file: `llms-<id>.txt`
 * @property {string} title the sidebar category's label
 * @property {readonly LlmsPage[]} pages in sidebar order
 */

/**
 * @typedef {object} LlmsSite
 * @property {string} title
 * @property {string} summary
 * @property {string} siteUrl the site's absolute URL with its base URL, ending in `/`
 */

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

/** @param {LlmsSite} site @param {string} scope */
function fullHeader(site, scope) {
  return `# ${site.title}: ${scope}\n\n> ${oneLine(site.summary)}\n\nThe documentation's pages as Markdown, in the order of its sidebar. Index: ${site.siteUrl}${LLMS_INDEX_FILE}`;
}

/**
 * @param {LlmsSite} site
 * @param {readonly LlmsSection[]} sections in sidebar order
 * @returns {Map<string, string>} each file's name (at the build root) and text
 */
export function llmsFiles(site, sections) {
  const ids = sections.map((section) => section.id);
  const repeated = ids.filter((id, index) => ids.indexOf(id) !== index);
  if (repeated.length > 0) {
    throw new Error(`page-markdown: two sidebar sections would share the llms file of "${repeated.join('", "')}".`);
  }
  const index = [
    `# ${site.title}`,
    '',
    `> ${oneLine(site.summary)}`,
    '',
    'Every page of the documentation as Markdown, by section. These pages are private: an assistant cannot fetch ' +
      `them, so give it the text. All pages in one file: ${site.siteUrl}${LLMS_FULL_FILE}`,
    '',
    `An assistant that speaks MCP can read them itself, once the reader signs in from it: the MCP server ${site.siteUrl}${MCP_PATH} ` +
      `(how to connect one: ${site.siteUrl}${MCP_GUIDE_PATH}.md).`,
    ...sections.flatMap((section) => [
      '',
      `## ${oneLine(section.title)}`,
      '',
      `All of this section in one file: ${site.siteUrl}${llmsSectionFile(section.id)}`,
      '',
      ...section.pages.map(pageLink),
    ]),
  ];
  const files = new Map([[LLMS_INDEX_FILE, `${index.join('\n')}\n`]]);
  const allPages = sections.flatMap((section) => section.pages);
  files.set(LLMS_FULL_FILE, `${[fullHeader(site, 'all pages'), ...allPages.map(pageInFull)].join('\n\n')}\n`);
  for (const section of sections) {
    files.set(
      llmsSectionFile(section.id),
      `${[fullHeader(site, oneLine(section.title)), ...section.pages.map(pageInFull)].join('\n\n')}\n`,
    );
  }
  return files;
}
