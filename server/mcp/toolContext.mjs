// @ts-check
/**
 * What the docs' MCP tools share: how a client names a page or an operation, and what it is told when it names
 * none (the closest ones); the `part` argument of a bounded answer; the shape of an answer.
 */
import * as z from 'zod';
import { pathWithinBase } from '../basePath.mjs';
import { closest } from './closest.mjs';
import { pageKey } from './siteData.mjs';

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

/** @typedef {{ content: { type: 'text', text: string }[], isError?: boolean }} ToolAnswer */

/** @param {string} text @returns {ToolAnswer} */
export const toolError = (text) => ({ content: [{ type: 'text', text }], isError: true });

/** A Markdown table cell: one line, pipes escaped. */
export const cell = (/** @type {string} */ text) => text.replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim();

/**
 * @param {{ site: import('./siteData.mjs').SiteData, siteUrl: string, loadModule?: import('./requestCheck.mjs').ModuleLoader }} options
 *   `siteUrl`: the site's whole URL with its base URL and a final `/`, for the URLs in answers
 */
export function createToolContext({ site, siteUrl, loadModule }) {
  const origin = new URL(siteUrl).origin;
  /** A page's URL path (with the base URL) as a whole URL. */
  const absolute = (/** @type {string} */ path) => `${origin}${path}`;

  /**
   * The page a client names: a whole URL, a path with or without the base URL or `.md`, a `docs://` URI, or a title.
   * @param {string} asked
   */
  async function findPage(asked) {
    const pages = await site.pages();
    const baseUrl = await site.baseUrl();
    const [withoutAnchor, anchor = ''] = asked.trim().split('#');
    let path = withoutAnchor;
    if (path.startsWith(RESOURCE_SCHEME)) path = `${baseUrl}${path.slice(RESOURCE_SCHEME.length)}`;
    else if (/^https?:\/\//.test(path)) path = new URL(path).pathname;
    else if (!path.startsWith('/')) path = `${baseUrl}${path}`;
    const within = pathWithinBase(path, baseUrl) ?? path;
    const key = pageKey(within);
    const page =
      pages.find((candidate) => candidate.key === key) ??
      pages.find((candidate) => candidate.title.toLowerCase() === asked.trim().toLowerCase());
    return { page, anchor, pages };
  }

  /** @param {string} asked @param {import('./siteData.mjs').DocsPage[]} pages */
  const unknownPage = (asked, pages) =>
    toolError(
      `No docs page is at "${asked}". Send one of these URLs (or search_docs to find the page):\n` +
        closest(asked, pages, (page) => [page.title, page.key, page.key.split('/').pop() ?? ''])
          .map((page) => `- ${page.title}: ${absolute(page.path)}`)
          .join('\n'),
    );

  /** @param {string} operationId */
  async function findOperation(operationId) {
    const { operations } = await site.catalog();
    const found = operations.find((operation) => operation.operationId === operationId);
    if (found) return { found };
    const suggestions = closest(operationId, operations, (operation) => [operation.operationId, operation.summary]);
    return {
      error: toolError(
        `No operation has the operationId "${operationId}". Send one of these (list_operations lists them all):\n` +
          suggestions.map((operation) => `- ${operation.operationId}: ${operation.summary}`).join('\n'),
      ),
    };
  }

  return { site, loadModule, absolute, findPage, unknownPage, findOperation };
}

/** @typedef {ReturnType<typeof createToolContext>} ToolContext */
