// @ts-check
/**
 * The docs' MCP tools and resources, registered on one McpServer. Each tool answers in Markdown text, bounded
 * (answerParts.mjs), from the built site only (siteData.mjs). A call that names no page or operation is a tool
 * error naming the closest ones, so the assistant can correct itself.
 */
import * as z from 'zod';
import {
  ListResourcesRequestSchema,
  ReadResourceRequestSchema,
  McpError,
  ErrorCode,
} from '@modelcontextprotocol/sdk/types.js';
import { tryItAnchor } from '../../contracts/tryIt/anchor.ts';
import { pathWithinBase } from '../basePath.mjs';
import { answerPart } from './answerParts.mjs';
import { closest } from './closest.mjs';
import { DOCUMENT_TYPE, searchDocs } from './docsSearch.mjs';
import { markdownHeadings, markdownSection } from './markdown.mjs';
import { checkRequest } from './requestCheck.mjs';
import { pageKey } from './siteData.mjs';

/** The tools, by name: what a client may call (anything else is refused before the server sees it). */
export const TOOL_NAMES = /** @type {const} */ ([
  'search_docs',
  'read_page',
  'list_operations',
  'get_operation',
  'validate_request',
  'explain_error',
]);

/** Resources per page of `resources/list`. */
const RESOURCES_PER_PAGE = 50;
/** Search results: the site's search box shows 8; an assistant may ask for up to this many. */
const MAX_SEARCH_RESULTS = 50;
/** The URI scheme of a page as a resource: `docs://docs/trading-api/options/single-option-order`. */
const RESOURCE_SCHEME = 'docs://';

const part = z
  .number()
  .int()
  .min(1)
  .optional()
  .describe(
    'Which part of a long answer to return (1, the default, is the first); an answer says when there is a next part.',
  );

/** @typedef {{ content: { type: 'text', text: string }[], isError?: boolean }} ToolAnswer */

/** @param {string} text @returns {ToolAnswer} */
const toolError = (text) => ({ content: [{ type: 'text', text }], isError: true });

/** A Markdown table cell: one line, pipes escaped. */
const cell = (/** @type {string} */ text) => text.replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim();

/**
 * @param {import('@modelcontextprotocol/sdk/server/mcp.js').McpServer} server
 * @param {{ site: import('./siteData.mjs').SiteData, siteUrl: string, loadModule?: import('./requestCheck.mjs').ModuleLoader }} options
 *   `siteUrl`: the site's whole URL with its base URL and a final `/`, for the URLs in answers
 */
export function registerDocsTools(server, { site, siteUrl, loadModule }) {
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
    const { operations } = await site.catalogue();
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

  server.registerTool(
    'search_docs',
    {
      title: 'Search the docs',
      description:
        'Search the developer docs as the site search does: pages, sections, operations and fields (with their anchors) matching the words.',
      inputSchema: {
        query: z.string().min(1).max(200).describe('The words to find, such as "limitPrice" or "cancel an order".'),
        section: z
          .string()
          .optional()
          .describe('Only results in this section of the docs, such as "Trading API" or "Getting started".'),
        limit: z.number().int().min(1).max(MAX_SEARCH_RESULTS).optional().describe('How many results (default 10).'),
        part,
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ query, section, limit = 10, part: wanted }) => {
      const [index, pages, baseUrl, { operations }] = await Promise.all([
        site.searchIndex(),
        site.pages(),
        site.baseUrl(),
        site.catalogue(),
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
          content: [{ type: 'text', text: `No results for "${query}"${section ? ` in ${sectionFilter}` : ''}.` }],
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
                `   Operation: ${usedBy.map((operation) => `${operation.operationId} (${operation.method} ${operation.path})`).join(', ')}`,
              ]
            : []),
          ...(snippet ? [`   ${cell(snippet).slice(0, 300)}`] : []),
        ].join('\n');
      });
      return answerPart(`Results for "${query}", best first:\n\n${lines.join('\n')}`, {
        part: wanted,
        tool: 'search_docs',
      });
    },
  );

  server.registerTool(
    'read_page',
    {
      title: 'Read a docs page',
      description:
        "Read a docs page's Markdown (the same text as its .md file), whole or one section, by its URL, path or title.",
      inputSchema: {
        page: z
          .string()
          .min(1)
          .max(500)
          .describe(
            'The page: its URL, its path (/docs/getting-started/standard-errors), its .md, or its title; a #anchor picks a section.',
          ),
        anchor: z
          .string()
          .optional()
          .describe('A heading anchor (such as "validation-details") to return that section only.'),
        part,
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ page: asked, anchor: anchorArgument, part: wanted }) => {
      const { page, anchor: urlAnchor, pages } = await findPage(asked);
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

  server.registerTool(
    'list_operations',
    {
      title: 'List the API operations',
      description:
        'List the API operations: method, path, operationId, summary, scope and docs page, optionally of one API or tag.',
      inputSchema: {
        api: z.string().optional().describe('Only this API description: accounts, onboarding, orders or documents.'),
        tag: z.string().optional().describe('Only operations with this tag, such as "Equity orders".'),
        part,
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ api, tag, part: wanted }) => {
      const { operations } = await site.catalogue();
      const apis = [...new Set(operations.map((operation) => operation.api))];
      if (api && !apis.includes(api.toLowerCase())) {
        return toolError(`No API is named "${api}". Send one of: ${apis.join(', ')}; or no api.`);
      }
      const tags = [...new Set(operations.flatMap((operation) => operation.tags))];
      const tagName = tag && tags.find((candidate) => candidate.toLowerCase() === tag.trim().toLowerCase());
      if (tag && !tagName)
        return toolError(`No operation has the tag "${tag}". Send one of: ${tags.join(', ')}; or no tag.`);
      const listed = operations.filter(
        (operation) => (!api || operation.api === api.toLowerCase()) && (!tagName || operation.tags.includes(tagName)),
      );
      const rows = listed.map((operation) =>
        [
          operation.method,
          `\`${operation.path}\``,
          `\`${operation.operationId}\``,
          operation.summary,
          operation.scopes.map((scopes) => scopes.join(' + ')).join(' or ') || 'none',
          operation.page ? absolute(operation.page) : '',
        ]
          .map(cell)
          .join(' | '),
      );
      const table = [
        '| Method | Path | operationId | Summary | Scope | Page |',
        '| - | - | - | - | - | - |',
        ...rows.map((row) => `| ${row} |`),
      ];
      return answerPart(`${listed.length} operations:\n\n${table.join('\n')}`, {
        part: wanted,
        tool: 'list_operations',
      });
    },
  );

  const OPERATION_PARTS = /** @type {const} */ (['parameters', 'request', 'responses', 'examples', 'samples']);
  server.registerTool(
    'get_operation',
    {
      title: 'Describe an operation',
      description:
        'One API operation from its description: parameters, request body fields and responses with their anchors, examples and curl/JavaScript/Python samples.',
      inputSchema: {
        operationId: z
          .string()
          .min(1)
          .max(200)
          .describe('The operationId, such as "placeOptionOrder" (list_operations lists them).'),
        parts: z
          .array(z.enum(OPERATION_PARTS))
          .optional()
          .describe('Which parts to include (default all): parameters, request, responses, examples, samples.'),
        languages: z
          .array(z.enum(['curl', 'javascript', 'python']))
          .optional()
          .describe("The samples' languages (default all three)."),
        part,
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({
      operationId,
      parts = [...OPERATION_PARTS],
      languages = ['curl', 'javascript', 'python'],
      part: wanted,
    }) => {
      const { found: operation, error } = await findOperation(operationId);
      if (!operation) return /** @type {ToolAnswer} */ (error);
      /** @param {readonly import('../../contracts/mcp/catalogue.ts').CatalogueField[]} fields */
      const fieldLines = (fields) =>
        fields.map(
          (field) =>
            `- \`${field.name}\` (${field.type}, ${field.required ? 'required' : 'optional'}), anchor \`${field.anchor}\`${field.description ? `: ${cell(field.description)}` : ''}`,
        );
      const lines = [
        `# ${operation.summary || operation.operationId}`,
        '',
        `\`${operation.method} ${operation.path}\` (\`${operation.operationId}\`, ${operation.api} API)`,
        '',
        `- Scope: ${operation.scopes.map((scopes) => scopes.join(' + ')).join(' or ') || 'none'}`,
        ...(operation.page ? [`- Page: ${absolute(operation.page)} (field anchors are fragments of it)`] : []),
        ...(operation.tags.length > 0 ? [`- Tags: ${operation.tags.join(', ')}`] : []),
        '',
        operation.description,
      ];
      if (parts.includes('parameters') && operation.parameters.length > 0) {
        lines.push('', '## Parameters', '', ...fieldLines(operation.parameters));
      }
      if (parts.includes('request') && operation.request) {
        lines.push(
          '',
          '## Request body',
          '',
          `\`${operation.request.contentType}\`, ${operation.request.required ? 'required' : 'optional'}. ${operation.request.description}`.trim(),
          '',
          ...fieldLines(operation.request.fields),
        );
      }
      if (parts.includes('responses')) {
        lines.push('', '## Responses', '');
        for (const response of operation.responses) {
          lines.push(`- ${response.status} (anchor \`status.${response.status}\`): ${cell(response.description)}`);
        }
        for (const response of operation.responses.filter((candidate) => candidate.fields.length > 0)) {
          lines.push('', `### Response body (${response.status})`, '', ...fieldLines(response.fields));
        }
      }
      if (parts.includes('examples') && operation.examples.length > 0) {
        lines.push('', '## Request examples');
        for (const example of operation.examples) {
          lines.push(
            '',
            `### ${example.summary || example.name}`,
            '',
            '```json',
            JSON.stringify(example.value, null, 2),
            '```',
          );
        }
      }
      if (parts.includes('samples') && operation.samples.length > 0) {
        lines.push('', '## Request samples');
        for (const sample of operation.samples.filter((candidate) =>
          languages.includes(/** @type {never} */ (candidate.language)),
        )) {
          const fence = sample.language === 'curl' ? 'bash' : sample.language;
          lines.push('', `### ${sample.language}`, '', `\`\`\`${fence}`, sample.code.trimEnd(), '```');
        }
      }
      return answerPart(lines.join('\n'), { part: wanted, tool: 'get_operation' });
    },
  );

  const parameterValues = z
    .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.union([z.string(), z.number()]))]))
    .optional();
  server.registerTool(
    'validate_request',
    {
      title: 'Check a request',
      description:
        "Check a request against an operation's description, as the docs' Try it panel does: each problem with its field and documented issue code, or valid.",
      inputSchema: {
        operationId: z.string().min(1).max(200).describe('The operationId, such as "placeOptionOrder".'),
        path: parameterValues.describe('Path parameters by name, such as {"orderId": "…"}.'),
        query: parameterValues.describe('Query parameters by name; an array is sent comma-separated.'),
        header: parameterValues.describe('Header parameters by name, such as {"Idempotency-Key": "…"}.'),
        body: z.unknown().optional().describe('The JSON request body, as a JSON value (or its text).'),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ operationId, path, query, header, body }) => {
      const { found: operation, error } = await findOperation(operationId);
      if (!operation) return /** @type {ToolAnswer} */ (error);
      if (!loadModule) {
        return toolError(
          `This server cannot run the checks of ${operationId}; use the Try it panel on ${absolute(operation.page)}#${tryItAnchor(operationId)}, which runs the same checks.`,
        );
      }
      const module = await site.tryItModule(operation.tryItModule, loadModule);
      if (!module) return toolError(`The build has no checks for ${operationId} (${operation.tryItModule}).`);
      let parsedBody = body;
      if (typeof body === 'string' && operation.request?.contentType.includes('json')) {
        try {
          parsedBody = JSON.parse(body);
        } catch (parseError) {
          return toolError(
            `body is not valid JSON (${/** @type {Error} */ (parseError).message}): send the body as a JSON value.`,
          );
        }
      }
      const { problems, ignored } = checkRequest(module, operation.issueVocabulary, {
        path,
        query,
        header,
        ...(parsedBody === undefined ? {} : { body: parsedBody }),
      });
      const notes =
        ignored.length > 0
          ? `\n\nNot parameters of ${operationId} (left out of the check): ${ignored.join(', ')}.`
          : '';
      if (problems.length === 0) {
        return { content: [{ type: 'text', text: `valid: the request passes the checks of ${operationId}.${notes}` }] };
      }
      const lines = problems.map(
        (problem) =>
          `- field \`${problem.field}\`: issue \`${problem.issue}\` (${problem.message})${problem.anchor && operation.page ? `, see ${absolute(operation.page)}#${problem.anchor}` : ''}`,
      );
      return {
        content: [
          {
            type: 'text',
            text:
              `invalid: the API would answer 400 INVALID_FIELD with these details (${operation.issueVocabulary}):\n` +
              `${lines.join('\n')}${notes}`,
          },
        ],
      };
    },
  );

  server.registerTool(
    'explain_error',
    {
      title: 'Explain an API error',
      description:
        'What an API error (HTTP status and error.code) means and what to do about it, from the errors pages and the descriptions.',
      inputSchema: {
        code: z.string().min(1).max(100).describe('The error.code of the answer, such as "INSUFFICIENT_BUYING_POWER".'),
        status: z.number().int().min(100).max(599).optional().describe('The HTTP status, such as 422.'),
        operationId: z.string().optional().describe('The operation that answered, for its own advice.'),
        part,
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ code: askedCode, status, operationId, part: wanted }) => {
      const code = askedCode.trim().toUpperCase();
      const [{ errors }, pages] = await Promise.all([site.catalogue(), site.pages()]);
      /** @type {import('../../contracts/mcp/catalogue.ts').CatalogueOperation | undefined} */
      let operation;
      if (operationId) {
        const { found, error } = await findOperation(operationId);
        if (!found) return /** @type {ToolAnswer} */ (error);
        operation = found;
      }
      const documented = errors.filter(
        (entry) =>
          entry.code === code &&
          (status === undefined || entry.status === null || entry.status === status) &&
          (!operation || entry.operationIds.includes(operation.operationId)),
      );
      if (documented.length === 0) {
        const codes = [
          ...new Set(
            errors
              .filter((entry) => !operation || entry.operationIds.includes(operation.operationId))
              .map((entry) => entry.code),
          ),
        ];
        return toolError(
          `No error ${status ?? ''} ${code} is documented${operation ? ` for ${operation.operationId}` : ''}`.replace(
            /\s+/g,
            ' ',
          ) +
            `. Send one of these codes: ${closest(code, codes, (candidate) => [candidate], 8).join(', ')}` +
            (status === undefined ? '.' : `, or no status (the code may come with another one).`),
        );
      }
      const lines = [`# ${documented[0].status ?? status ?? ''} ${code}`.replace('#  ', '# '), ''];
      for (const entry of documented) {
        lines.push(`- ${entry.api} API (${entry.operationIds.length} operations): ${entry.meaning}`);
      }
      // The rows of the errors pages' tables that name the code: what it means and what to do.
      const errorPages = pages.filter(
        (page) =>
          page.key.endsWith('/errors') ||
          page.key.endsWith('standard-errors') ||
          (operation && page.path === operation.page),
      );
      for (const page of errorPages) {
        const markdown = await site.markdown(page);
        const rows = tableRowsNaming(markdown, code, status);
        if (rows.length === 0) continue;
        lines.push('', `## ${page.title} (${absolute(page.path)})`, '', ...rows);
      }
      return answerPart(lines.join('\n'), { part: wanted, tool: 'explain_error' });
    },
  );

  // Every docs page as a resource, listed a page at a time.
  server.server.registerCapabilities({ resources: {} });
  server.server.setRequestHandler(ListResourcesRequestSchema, async (request) => {
    const pages = await site.pages();
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
        title: page.title,
        description: page.description,
        mimeType: 'text/markdown',
      })),
      ...(next < pages.length ? { nextCursor: String(next) } : {}),
    };
  });
  server.server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const { uri } = request.params;
    const { page, pages } = await findPage(uri);
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

/**
 * A snippet of a search document around its first matched word, as the search box shows one.
 * @param {string} text
 * @param {import('./docsSearch.mjs').SearchHit['metadata']} metadata
 */
function snippetOf(text, metadata) {
  const positions = Object.values(metadata).flatMap((fields) => fields.t?.position ?? []);
  if (positions.length === 0) return text.slice(0, 200);
  const [start, length] = positions.sort((a, b) => a[0] - b[0])[0];
  const from = Math.max(0, start - 100);
  return `${from > 0 ? '…' : ''}${text.slice(from, start + length + 100)}${start + length + 100 < text.length ? '…' : ''}`;
}

/**
 * The rows of a page's Markdown tables whose first cells name `code` (and `status`, when given and in the row),
 * each with its table's header: `Code: … | HTTP status: … | Meaning: … | Remedy: …`.
 * @param {string} markdown
 * @param {string} code
 * @param {number | undefined} status
 */
function tableRowsNaming(markdown, code, status) {
  const lines = markdown.split('\n');
  /** @type {string[]} */
  const rows = [];
  /** @type {string[]} */
  let header = [];
  const cells = (/** @type {string} */ line) =>
    line
      .replace(/^\s*\|/, '')
      .replace(/\|\s*$/, '')
      .split(/(?<!\\)\|/)
      .map((value) => value.trim());
  for (const [index, line] of lines.entries()) {
    if (!line.trimStart().startsWith('|')) {
      header = [];
      continue;
    }
    if (/^\s*\|(\s*:?-+:?\s*\|)+\s*$/.test(line)) continue;
    if (header.length === 0 && /^\s*\|(\s*:?-+:?\s*\|)+\s*$/.test(lines[index + 1] ?? '')) {
      header = cells(line);
      continue;
    }
    const values = cells(line);
    const unquoted = values.map((value) => value.replace(/`/g, ''));
    if (!unquoted.slice(0, 3).includes(code)) continue;
    const statusCell = unquoted.slice(0, 3).find((value) => /^\d{3}$/.test(value));
    if (status !== undefined && statusCell !== undefined && Number(statusCell) !== status) continue;
    rows.push(
      `- ${values.map((value, position) => (header[position] ? `${header[position]}: ${value}` : value)).join(' | ')}`,
    );
  }
  return rows;
}
