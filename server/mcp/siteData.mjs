// @ts-check
/**
 * What the MCP tools read, all from the built site through `readAsset` (so Node and the Worker read the same),
 * per docs version (`v1`, the current docs at /docs; `v2`, the preview at /docs/v2): the page list of its llms
 * index (`llms.txt`, `llms-v2.txt`: title, description, section, `.md` file), the pages' Markdown, its search index
 * and its MCP catalog (contracts/mcp/catalog.ts), v1's of which names the versions the build includes. Each is
 * read once per server (per process, or per Worker isolate) when a tool first needs it; a failed read is retried
 * by the next call.
 */
import { llmsFileNames } from '../../config/pageMarkdown.mjs';
import { mcpCatalogFile } from '../../contracts/mcp/catalog.ts';
import { pathWithinBase } from '../basePath.mjs';
import { GATE_MANIFEST_FILE } from '../gate/accessPolicy.mjs';
import { buildSearchIndex } from './docsSearch.mjs';

/** The docs version a tool answers from when it is asked for none: the current docs, at /docs. */
export const DEFAULT_VERSION = 'v1';

/**
 * The files of a docs version (by its API version) in the build: v1's at the root (`llms.txt`,
 * `search-index.json`), a later version's named after it (`llms-v2.txt`) or under its docs (`docs/v2/…`), as
 * plugins/page-markdown and plugins/search-index write them.
 * @param {string} version
 */
function versionFiles(version) {
  const later = version !== DEFAULT_VERSION;
  return {
    llmsIndex: llmsFileNames(later ? version : '').index,
    searchIndex: later ? `docs/${version}/search-index.json` : 'search-index.json',
    catalog: mcpCatalogFile(version),
  };
}

/**
 * The docs version of a page's key (`docs/v2/trading-api` is v2's), when its path names one; v1's has none.
 * @param {string} key
 */
export function versionOfKey(key) {
  return /^docs\/(v\d+)(?:\/|$)/.exec(key)?.[1];
}

/**
 * A page's key in another docs version: `docs/v2/x` in v1 is `docs/x`, and `docs/x` in v2 is `docs/v2/x`.
 * @param {string} key
 * @param {string} version
 */
export function keyInVersion(key, version) {
  const current = key.replace(/^docs\/v\d+(?=\/|$)/, 'docs');
  if (version === DEFAULT_VERSION || !/^docs(?:\/|$)/.test(current)) return current;
  return current.replace(/^docs(?=\/|$)/, `docs/${version}`);
}

/**
 * A docs page as its version's llms index (`llms.txt`, `llms-v2.txt`) lists it.
 * @typedef {object} DocsPage
 * @property {string} version its docs version (`v1`, `v2`)
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
 * @param {string} [version] the docs version whose index it is
 * @returns {DocsPage[]}
 */
export function pagesOfLlmsTxt(text, baseUrl, version = DEFAULT_VERSION) {
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
      version,
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

  /**
   * A docs version's MCP catalog.
   * @param {string} version
   * @returns {Promise<import('../../contracts/mcp/catalog.ts').McpCatalog>}
   */
  const catalog = (version = DEFAULT_VERSION) =>
    once(`catalog:${version}`, async () => JSON.parse(await required(versionFiles(version).catalog)));

  /** The docs versions the build includes, v1 first, as v1's catalog names them (v1 alone when it names none). */
  const versions = () =>
    once('versions', async () => {
      const { versions: named } = await catalog(DEFAULT_VERSION);
      return Array.isArray(named) && named.length > 0 ? named : [DEFAULT_VERSION];
    });

  /**
   * A docs version's pages.
   * @param {string} version
   * @returns {Promise<DocsPage[]>}
   */
  const pages = (version = DEFAULT_VERSION) =>
    once(`pages:${version}`, async () =>
      pagesOfLlmsTxt(await required(versionFiles(version).llmsIndex), await baseUrl(), version),
    );

  return {
    baseUrl,
    versions,
    pages,
    /** Every version's pages, v1's first. */
    allPages: async () => (await Promise.all((await versions()).map((version) => pages(version)))).flat(),
    /** @param {DocsPage} page */
    markdown: (page) => required(page.markdownFile),
    /**
     * A docs version's search index.
     * @param {string} version
     * @returns {Promise<import('./docsSearch.mjs').SearchIndex>}
     */
    searchIndex: (version = DEFAULT_VERSION) =>
      once(`search:${version}`, async () =>
        buildSearchIndex(JSON.parse(await required(versionFiles(version).searchIndex))),
      ),
    catalog,
    /**
     * A Try it module (contracts/tryIt/operation.ts) loaded by `load`, once per file; undefined when the build has none.
     * @param {string} file
     * @param {import('./requestCheck.mjs').ModuleLoader} load
     */
    tryItModule: (file, load) => once(`try-it:${file}`, () => load(file, () => readText(readAsset, file))),
  };
}

/** @typedef {ReturnType<typeof createSiteData>} SiteData */
