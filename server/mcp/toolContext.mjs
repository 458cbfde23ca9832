// @ts-check
/**
 * What the docs' MCP tools share: how a client names a page or an operation, and what it is told when it names
 * none (the closest ones); the `part` argument of a bounded answer; the shape of an answer.
 */
import * as z from 'zod';
import { pathWithinBase } from '../basePath.mjs';
import { closest } from './closest.mjs';
import { DEFAULT_VERSION, keyInVersion, pageKey, versionOfKey } from './siteData.mjs';

/** The URI scheme of a page as a resource: `docs://docs/trading-api/options/single-option-order`. */
export const RESOURCE_SCHEME = 'docs://';

export const part = z
  .number()
  .int()
  .min(1)
  .optional()
  .describe(
    'Which part of a long answer to return (1, the default, is the first); an answer says when there is a next part.',
  );

export const version = z
  .string()
  .optional()
  .describe(
    'The docs version: "v1", the current one (the default), or "v2", the preview (Trading API v2: POST …/cancel, a required clientOrderId).',
  );

/** @typedef {{ content: { type: 'text', text: string }[], isError?: boolean }} ToolAnswer */

/** @param {string} text @returns {ToolAnswer} */
export const toolError = (text) => ({ content: [{ type: 'text', text }], isError: true });

/** A Markdown table cell: one line, pipes escaped. */
export const cell = (/** @type {string} */ text) => text.replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim();

/**
 * An operation's path under its server's path, as a client calls it: `/v2/orders/equity/{orderId}/cancel`.
 * @param {import('../../contracts/mcp/catalog.ts').CatalogOperation} operation
 */
export function operationPath(operation) {
  let prefix = '';
  try {
    prefix = new URL(operation.serverUrl).pathname.replace(/\/+$/, '');
  } catch {
    // A catalog without the server's URL: the path as the description gives it.
  }
  return `${prefix}${operation.path}`;
}

/**
 * @param {{ site: import('./siteData.mjs').SiteData, siteUrl: string, loadModule?: import('./requestCheck.mjs').ModuleLoader }} options
 *   `siteUrl`: the site's whole URL with its base URL and a final `/`, for the URLs in answers
 */
export function createToolContext({ site, siteUrl, loadModule }) {
  const origin = new URL(siteUrl).origin;
  /** A page's URL path (with the base URL) as a whole URL. */
  const absolute = (/** @type {string} */ path) => `${origin}${path}`;

  /**
   * The docs version a client asks for (v1 when none), or a tool error naming the versions the build has.
   * @param {string | undefined} asked
   * @returns {Promise<{ version: string, error?: undefined } | { version?: undefined, error: ToolAnswer }>}
   */
  async function docsVersion(asked) {
    const versions = await site.versions();
    if (asked === undefined || asked.trim() === '') return { version: DEFAULT_VERSION };
    const named = asked.trim().toLowerCase();
    const wanted = named === 'current' ? DEFAULT_VERSION : /^\d+$/.test(named) ? `v${named}` : named;
    if (versions.includes(wanted)) return { version: wanted };
    const has =
      versions.length === 1
        ? `this build has ${versions[0]} only`
        : `this build has the docs versions ${versions.join(', ')}`;
    return {
      error: toolError(
        `No docs version "${asked}": ${has}. Send ${versions.map((name) => `version: "${name}"`).join(' or ')}, or no version for ${DEFAULT_VERSION}.`,
      ),
    };
  }

  /** The label of a docs version in answers: `v2 (preview)`. @param {string} version */
  const versionLabel = async (version) => (await site.catalog(version)).label || version;

  /**
   * The page a client names: a whole URL, a path with or without the base URL or `.md`, a `docs://` URI, or a title.
   * Its version is `version` when one is asked for (a path of another version names that page in this one), else
   * the version its path names (`/docs/v2/…`), else v1.
   * @param {string} asked
   * @param {string} [version]
   */
  async function findPage(asked, version) {
    const baseUrl = await site.baseUrl();
    const [withoutAnchor, anchor = ''] = asked.trim().split('#');
    let path = withoutAnchor;
    if (path.startsWith(RESOURCE_SCHEME)) path = `${baseUrl}${path.slice(RESOURCE_SCHEME.length)}`;
    else if (/^https?:\/\//.test(path)) path = new URL(path).pathname;
    else if (!path.startsWith('/')) path = `${baseUrl}${path}`;
    const within = pathWithinBase(path, baseUrl) ?? path;
    const key = pageKey(within);
    const ofPath = versionOfKey(key);
    if (!version && ofPath) {
      // A page of a version the build leaves out is no page of another version.
      const { error } = await docsVersion(ofPath);
      if (error) return { page: undefined, anchor, pages: [], error };
    }
    const pageVersion = version ?? ofPath ?? DEFAULT_VERSION;
    const pages = await site.pages(pageVersion);
    const page =
      pages.find((candidate) => candidate.key === key) ??
      pages.find((candidate) => candidate.key === keyInVersion(key, pageVersion)) ??
      pages.find((candidate) => candidate.title.toLowerCase() === asked.trim().toLowerCase());
    return { page, anchor, pages, error: undefined };
  }

  /** @param {string} asked @param {import('./siteData.mjs').DocsPage[]} pages */
  const unknownPage = (asked, pages) =>
    toolError(
      `No docs page is at "${asked}". Send one of these URLs (or search_docs to find the page):\n` +
        closest(asked, pages, (page) => [page.title, page.key, page.key.split('/').pop() ?? ''])
          .map((page) => `- ${page.title}: ${absolute(page.path)}`)
          .join('\n'),
    );

  /**
   * @param {string} operationId
   * @param {string} [version] the docs version whose catalog to read (v1 by default)
   */
  async function findOperation(operationId, version = DEFAULT_VERSION) {
    const { operations } = await site.catalog(version);
    const found = operations.find((operation) => operation.operationId === operationId);
    if (found) return { found };
    const suggestions = closest(operationId, operations, (operation) => [operation.operationId, operation.summary]);
    return {
      error: toolError(
        `No operation${version === DEFAULT_VERSION ? '' : ` of the ${version} docs`} has the operationId "${operationId}". Send one of these (list_operations lists them all):\n` +
          suggestions.map((operation) => `- ${operation.operationId}: ${operation.summary}`).join('\n'),
      ),
    };
  }

  return { site, loadModule, absolute, docsVersion, versionLabel, findPage, unknownPage, findOperation };
}

/** @typedef {ReturnType<typeof createToolContext>} ToolContext */
