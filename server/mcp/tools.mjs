// @ts-check
/**
 * The docs' MCP tools and resources, registered on one McpServer. Each tool answers in Markdown text, bounded
 * (answerParts.mjs), from the built site only (siteData.mjs). A call that names no page or operation is a tool
 * error naming the closest ones, so the assistant can correct itself.
 */
import { createToolContext } from './toolContext.mjs';
import { registerExplainError } from './tools/explainError.mjs';
import { registerOperations } from './tools/operations.mjs';
import { registerPages } from './tools/pages.mjs';
import { registerSearchDocs } from './tools/searchDocs.mjs';
import { registerValidateRequest } from './tools/validateRequest.mjs';

/** The tools, by name: what a client may call (anything else is refused before the server sees it). */
export const TOOL_NAMES = /** @type {const} */ ([
  'search_docs',
  'read_page',
  'list_operations',
  'get_operation',
  'validate_request',
  'explain_error',
]);

/**
 * @param {import('@modelcontextprotocol/sdk/server/mcp.js').McpServer} server
 * @param {Parameters<typeof createToolContext>[0]} options
 */
export function registerDocsTools(server, options) {
  const context = createToolContext(options);
  registerSearchDocs(server, context);
  registerPages(server, context);
  registerOperations(server, context);
  registerValidateRequest(server, context);
  registerExplainError(server, context);
}
