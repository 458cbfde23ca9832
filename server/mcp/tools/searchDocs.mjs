// @ts-check
/**
 * `search_docs`: the site's search (docsSearch.mjs) for an assistant: each result's title, URL and snippet, and for a
 * field its anchor and the operations that take it.
 */
import * as z from 'zod';
import { pathWithinBase } from '../../basePath.mjs';
import { answerPart } from '../answerParts.mjs';
import { DOCUMENT_TYPE, searchDocs } from '../docsSearch.mjs';
import { pageKey } from '../siteData.mjs';
import { cell, operationPath, part, toolError, version } from '../toolContext.mjs';

/** Search results: the site's search box shows 8; an assistant may ask for up to this many. */
const MAX_SEARCH_RESULTS = 50;

/**
 * @param {import('@modelcontextprotocol/sdk/server/mcp.js').McpServer} server
 * @param {import('../toolContext.mjs').ToolContext} context
 */
export function registerSearchDocs(server, { site, absolute, docsVersion, versionLabel }) {
  server.registerTool(
    'search_docs',
    {
      title: 'Search the docs',
      description:
        'Search the developer docs (v1, or v2 with version) as the site search does: pages, sections, operations and fields (with their anchors) matching the words.',
      inputSchema: {
        query: z.string().min(1).max(200).describe('The words to find, such as "limitPrice" or "cancel an order".'),
        section: z
          .string()
          .optional()
          .describe('Only results in this section of the docs, such as "Trading API" or "Getting started".'),
        limit: z.number().int().min(1).max(MAX_SEARCH_RESULTS).optional().describe('How many results (default 10).'),
        version,
        part,
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ query, section, limit = 10, version: askedVersion, part: wanted }) => {
      const { version: searched, error } = await docsVersion(askedVersion);
      if (!searched) return /** @type {import('../toolContext.mjs').ToolAnswer} */ (error);
      const [index, pages, baseUrl, { operations }, label] = await Promise.all([
        site.searchIndex(searched),
        site.pages(searched),
        site.baseUrl(),
        site.catalog(searched),
        versionLabel(searched),
      ]);
      const sectionOf = new Map(pages.map((page) => [page.key, page.section]));
      const keyOf = (/** @type {string} */ url) => pageKey(pathWithinBase(url, baseUrl) ?? url);
      let sectionFilter = '';
      if (section) {
        const sections = [...new Set(pages.map((page) => page.section))];
        sectionFilter = sections.find((name) => name.toLowerCase() === section.trim().toLowerCase()) ?? '';
        if (!sectionFilter) {
          return toolError(`No section is named "${section}". Send one of: ${sections.join(', ')}; or no section.`);
        }
      }
      // With a section, the search looks further, so that a section's results are not crowded out by others.
      const hits = searchDocs(index, query, section ? MAX_SEARCH_RESULTS * 4 : limit)
        .filter((hit) => !sectionFilter || sectionOf.get(keyOf(hit.document.u)) === sectionFilter)
        .slice(0, limit);
      if (hits.length === 0) {
        return {
          content: [
            {
              type: 'text',
              text: `No results for "${query}"${section ? ` in ${sectionFilter}` : ''} in the ${label} docs.`,
            },
          ],
        };
      }
      const lines = hits.map((hit, position) => {
        const { document } = hit;
        const pageTitle = hit.page?.t ?? document.t;
        const anchor = document.h && document.h !== '#' ? document.h : '';
        const field = /^(\S+) \(([^)\s]+)\)$/.exec(document.t);
        const fieldAnchor = field && anchor === `#${field[2]}` ? field[2] : undefined;
        const pageOperations = operations.filter((operation) => operation.page === document.u);
        const usedBy = fieldAnchor
          ? pageOperations.filter((operation) =>
              [
                ...operation.parameters,
                ...(operation.request?.fields ?? []),
                ...operation.responses.flatMap((response) => response.fields),
              ].some((candidate) => candidate.anchor === fieldAnchor),
            )
          : pageOperations;
        const title = hit.type === DOCUMENT_TYPE.title ? document.t : `${pageTitle} › ${document.s ?? document.t}`;
        const snippet = fieldAnchor
          ? ([
              ...usedBy.flatMap((operation) =>
                [
                  ...operation.parameters,
                  ...(operation.request?.fields ?? []),
                  ...operation.responses.flatMap((r) => r.fields),
                ]
                  .filter((candidate) => candidate.anchor === fieldAnchor)
                  .map((candidate) => `${candidate.type}. ${candidate.description}`),
              ),
            ][0] ?? '')
          : snippetOf(document.t, hit.metadata);
        return [
          `${position + 1}. **${title}**`,
          `   URL: ${absolute(document.u)}${anchor}`,
          ...(fieldAnchor ? [`   Field anchor: ${fieldAnchor}`] : []),
          ...(usedBy.length > 0
            ? [
                `   Operation: ${usedBy.map((operation) => `${operation.operationId} (${operation.method} ${operationPath(operation)})`).join(', ')}`,
              ]
            : []),
          ...(snippet ? [`   ${cell(snippet).slice(0, 300)}`] : []),
        ].join('\n');
      });
      return answerPart(`Results for "${query}" in the ${label} docs, best first:\n\n${lines.join('\n')}`, {
        part: wanted,
        tool: 'search_docs',
      });
    },
  );
}

/**
 * A snippet of a search document around its first matched word, as the search box shows one.
 * @param {string} text
 * @param {import('../docsSearch.mjs').SearchHit['metadata']} metadata
 */
function snippetOf(text, metadata) {
  const positions = Object.values(metadata).flatMap((fields) => fields.t?.position ?? []);
  if (positions.length === 0) return text.slice(0, 200);
  const [start, length] = positions.sort((a, b) => a[0] - b[0])[0];
  const from = Math.max(0, start - 100);
  return `${from > 0 ? '…' : ''}${text.slice(from, start + length + 100)}${start + length + 100 < text.length ? '…' : ''}`;
}
