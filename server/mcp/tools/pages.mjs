// @ts-check
/**
 * `read_page`, and every docs page as a resource (`docs://<path>`): the page's Markdown as its `.md` file holds it,
 * whole, in parts, or one section.
 */
import * as z from 'zod';
import {
  ErrorCode,
  ListResourcesRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { answerPart } from '../answerParts.mjs';
import { closest } from '../closest.mjs';
import { markdownHeadings, markdownSection } from '../markdown.mjs';
import { DEFAULT_VERSION } from '../siteData.mjs';
import { part, RESOURCE_SCHEME, toolError, version } from '../toolContext.mjs';

/** Resources per page of `resources/list`. */
const RESOURCES_PER_PAGE = 50;

/**
 * @param {import('@modelcontextprotocol/sdk/server/mcp.js').McpServer} server
 * @param {import('../toolContext.mjs').ToolContext} context
 */
export function registerPages(server, { site, docsVersion, findPage, unknownPage }) {
  server.registerTool(
    'read_page',
    {
      title: 'Read a docs page',
      description:
        "Read a docs page's Markdown (the same text as its .md file), whole or one section, by its URL, path or title, in v1 or v2.",
      inputSchema: {
        page: z
          .string()
          .min(1)
          .max(500)
          .describe(
            "The page: its URL, its path (/docs/getting-started/standard-errors; v2's are /docs/v2/…), its .md, or its title; a #anchor picks a section.",
          ),
        version: version.describe(
          'The docs version: "v1", the current one, or "v2", the preview. By default the version the page\'s path names (/docs/v2/… is v2), else v1.',
        ),
        anchor: z
          .string()
          .optional()
          .describe('A heading anchor (such as "validation-details") to return that section only.'),
        part,
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ page: asked, anchor: anchorArgument, version: askedVersion, part: wanted }) => {
      const chosen = askedVersion === undefined ? undefined : await docsVersion(askedVersion);
      if (chosen?.error) return chosen.error;
      const { page, anchor: urlAnchor, pages, error } = await findPage(asked, chosen?.version);
      if (error) return error;
      if (!page) return unknownPage(asked, pages);
      const markdown = await site.markdown(page);
      const anchor = (anchorArgument ?? urlAnchor).replace(/^#/, '');
      if (!anchor) return answerPart(markdown, { part: wanted, tool: 'read_page' });
      const section = markdownSection(markdown, anchor);
      if (section === undefined) {
        const headings = markdownHeadings(markdown).filter((heading) => heading.level > 1);
        return toolError(
          `"${page.title}" has no section with the anchor "${anchor}". Send one of these anchors, or none for the whole page:\n` +
            headings.map((heading) => `- ${heading.anchor} (${heading.text})`).join('\n'),
        );
      }
      return answerPart(section, { part: wanted, tool: 'read_page' });
    },
  );

  // Every docs page of every version as a resource (v1's first, then v2's `docs://docs/v2/…`), a page at a time.
  server.server.registerCapabilities({ resources: {} });
  server.server.setRequestHandler(ListResourcesRequestSchema, async (request) => {
    const pages = await site.allPages();
    const start = request.params?.cursor === undefined ? 0 : Number(request.params.cursor);
    if (!Number.isInteger(start) || start < 0 || start >= pages.length) {
      throw new McpError(
        ErrorCode.InvalidParams,
        'Unknown cursor: send the nextCursor of the previous resources/list answer, or none.',
      );
    }
    const next = start + RESOURCES_PER_PAGE;
    return {
      resources: pages.slice(start, next).map((page) => ({
        uri: `${RESOURCE_SCHEME}${page.key}`,
        name: page.key,
        title: page.version === DEFAULT_VERSION ? page.title : `${page.title} (${page.version})`,
        description: page.description,
        mimeType: 'text/markdown',
      })),
      ...(next < pages.length ? { nextCursor: String(next) } : {}),
    };
  });
  server.server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const { uri } = request.params;
    const { page, pages, error } = await findPage(uri);
    if (error) throw new McpError(ErrorCode.InvalidParams, error.content[0].text);
    if (!page) {
      const suggestions = closest(uri, pages, (candidate) => [`${RESOURCE_SCHEME}${candidate.key}`, candidate.title]);
      throw new McpError(
        ErrorCode.InvalidParams,
        `No docs page is at ${uri}. Send one of: ${suggestions.map((candidate) => `${RESOURCE_SCHEME}${candidate.key}`).join(', ')}.`,
      );
    }
    return { contents: [{ uri, mimeType: 'text/markdown', text: await site.markdown(page) }] };
  });
}
