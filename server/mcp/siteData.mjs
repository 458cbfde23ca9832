// @ts-check
/**
 * What the MCP tools read, all from the built site through `readAsset` (so Node and the Worker read the same):
 * the page list of `llms.txt` (title, description, section, `.md` file), the pages' Markdown, the search index and
 * the MCP catalog (contracts/mcp/catalog.ts). Each is read once per server (per process, or per Worker
 * isolate) when a tool first needs it; a failed read is retried by the next call.
 */
import { LLMS_INDEX_FILE } from '../../config/pageMarkdown.mjs';
import { MCP_CATALOG_FILE } from '../../contracts/mcp/catalog.ts';
import { pathWithinBase } from '../basePath.mjs';
import { GATE_MANIFEST_FILE } from '../gate/accessPolicy.mjs';
import { buildSearchIndex } from './docsSearch.mjs';

const SEARCH_INDEX_FILE = 'search-index.json';

/**
 * A docs page as `llms.txt` lists it.
 * @typedef {object} DocsPage
 * @property {string} key the page's path below the base URL, without `.md`, `index` or a final `/` (`docs/trading-api/options/single-option-order`)
 * @property {string} title
 * @property {string} description
 * @property {string} section the `llms.txt` section it is listed under (`Trading API`)
 * @property {string} markdownFile its `.md` file, relative to the build root
 * @property {string} path its URL path with the base URL (`/docs/trading-api/`)
 */

/** A file of the build that the site cannot do without. */
class MissingBuildFileError extends Error {
  /** @param {string} file */
  constructor(file) {
    super(`The build has no ${file}: build the site with \`npm run build\` before serving its MCP server.`);
    this.name = 'MissingBuildFileError';
  }
}

/**
 * @param {import('../app.mjs').ReadAsset} readAsset
 * @param {string} file
 * @returns {Promise<string | undefined>}
 */
async function readText(readAsset, file) {
  const found = await readAsset(file);
  return found && new Response(found.open()).text();
}

/**
 * A page's key from a path below the base URL (`/docs/x/`, `docs/x.md`, `docs/x/index.md`, `docs/`): the same key
 * for every spelling of one page.
 * @param {string} path
 */
export function pageKey(path) {
  return path
    .replace(/^\/+/, '')
    .replace(/\.md$/, '')
    .replace(/(^|\/)index$/, '$1')
    .replace(/\/+$/, '');
}

/**
 * The pages `llms.txt` lists, by section, as the build wrote them: `## Section`, then `- [Title](URL.md): description`.
 * @param {string} text
 * @param {string} baseUrl
 * @returns {DocsPage[]}
 */
export function pagesOfLlmsTxt(text, baseUrl) {
  /** @type {DocsPage[]} */
  const pages = [];
  let section = '';
  for (const line of text.split('\n')) {
    const heading = /^## (.+)$/.exec(line);
    if (heading) {
      section = heading[1].trim();
      continue;
    }
    const link = /^- \[(.+?)\]\((\S+?\.md)\)(?::\s*(.*))?$/.exec(line);
    if (!link) continue;
    const within = pathWithinBase(new URL(link[2], 'http://site.invalid').pathname, baseUrl);
    if (!within) continue;
    const markdownFile = decodeURIComponent(within.slice(1));
    const key = pageKey(markdownFile);
    if (pages.some((page) => page.key === key)) continue;
    const routePath = markdownFile.endsWith('index.md') ? markdownFile.slice(0, -'index.md'.length) : key;
    pages.push({
      key,
      title: link[1],
      description: (link[3] ?? '').trim(),
      section,
      markdownFile,
      path: `${baseUrl}${routePath}`,
    });
  }
  return pages;
}

/**
 * The build's data for the tools, each part read on first use.
 * @param {import('../app.mjs').ReadAsset} readAsset
 */
export function createSiteData(readAsset) {
  /** @type {Map<string, Promise<unknown>>} */
  const loaded = new Map();
  /**
   * @template T
   * @param {string} name
   * @param {() => Promise<T>} load
   * @returns {Promise<T>}
   */
  const once = (name, load) => {
    let promise = /** @type {Promise<T> | undefined} */ (loaded.get(name));
    if (!promise) {
      promise = load();
      loaded.set(name, promise);
      promise.catch(() => loaded.delete(name));
    }
    return promise;
  };
  /** @param {string} file */
  const required = async (file) => {
    const text = await readText(readAsset, file);
    if (text === undefined) throw new MissingBuildFileError(file);
    return text;
  };

  /** The build's base URL, from its gate manifest (`/` for a build without one). */
  const baseUrl = () =>
    once('baseUrl', async () => {
      const manifest = await readText(readAsset, GATE_MANIFEST_FILE);
      const base = manifest === undefined ? '/' : JSON.parse(manifest).baseUrl;
      return typeof base === 'string' && base.startsWith('/') && base.endsWith('/') ? base : '/';
    });

  return {
    baseUrl,
    /** @returns {Promise<DocsPage[]>} */
    pages: () => once('pages', async () => pagesOfLlmsTxt(await required(LLMS_INDEX_FILE), await baseUrl())),
    /** @param {DocsPage} page */
    markdown: (page) => required(page.markdownFile),
    /** @returns {Promise<import('./docsSearch.mjs').SearchIndex>} */
    searchIndex: () => once('search', async () => buildSearchIndex(JSON.parse(await required(SEARCH_INDEX_FILE)))),
    /** @returns {Promise<import('../../contracts/mcp/catalog.ts').McpCatalog>} */
    catalog: () => once('catalog', async () => JSON.parse(await required(MCP_CATALOG_FILE))),
    /**
     * A Try it module (contracts/tryIt/operation.ts) loaded by `load`, once per file; undefined when the build has none.
     * @param {string} file
     * @param {import('./requestCheck.mjs').ModuleLoader} load
     */
    tryItModule: (file, load) => once(`try-it:${file}`, () => load(file, () => readText(readAsset, file))),
  };
}

/** @typedef {ReturnType<typeof createSiteData>} SiteData */
