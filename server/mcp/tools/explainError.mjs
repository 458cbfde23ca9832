// @ts-check
/**
 * `explain_error`: an error code's meaning from the descriptions (the MCP catalog) and what to do from the rows of
 * the errors pages' tables that name it.
 */
import * as z from 'zod';
import { answerPart } from '../answerParts.mjs';
import { closest } from '../closest.mjs';
import { part, toolError, version } from '../toolContext.mjs';

/**
 * @param {import('@modelcontextprotocol/sdk/server/mcp.js').McpServer} server
 * @param {import('../toolContext.mjs').ToolContext} context
 */
export function registerExplainError(server, { site, absolute, docsVersion, versionLabel, findOperation }) {
  server.registerTool(
    'explain_error',
    {
      title: 'Explain an API error',
      description:
        'What an API error (HTTP status and error.code) means and what to do about it, from the errors pages and the descriptions of v1 or v2.',
      inputSchema: {
        code: z.string().min(1).max(100).describe('The error.code of the answer, such as "INSUFFICIENT_BUYING_POWER".'),
        status: z.number().int().min(100).max(599).optional().describe('The HTTP status, such as 422.'),
        operationId: z.string().optional().describe('The operation that answered, for its own advice.'),
        version,
        part,
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ code: askedCode, status, operationId, version: askedVersion, part: wanted }) => {
      const chosen = await docsVersion(askedVersion);
      if (!chosen.version) return /** @type {import('../toolContext.mjs').ToolAnswer} */ (chosen.error);
      const code = askedCode.trim().toUpperCase();
      const [{ errors }, pages, label] = await Promise.all([
        site.catalog(chosen.version),
        site.pages(chosen.version),
        versionLabel(chosen.version),
      ]);
      /** @type {import('../../../contracts/mcp/catalog.ts').CatalogOperation | undefined} */
      let operation;
      if (operationId) {
        const { found, error } = await findOperation(operationId, chosen.version);
        if (!found) return /** @type {import('../toolContext.mjs').ToolAnswer} */ (error);
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
          `No error ${status ?? ''} ${code} is documented${operation ? ` for ${operation.operationId}` : ''} in the ${label} docs`.replace(
            /\s+/g,
            ' ',
          ) +
            `. Send one of these codes: ${closest(code, codes, (candidate) => [candidate], 8).join(', ')}` +
            (status === undefined ? '.' : `, or no status (the code may come with another one).`),
        );
      }
      const lines = [
        `# ${documented[0].status ?? status ?? ''} ${code}`.replace('#  ', '# '),
        '',
        `In the ${label} docs:`,
        '',
      ];
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
}

/**
 * The rows of a page's Markdown tables whose first cells name `code` (and `status`, when given and in the row),
 * each with its table's header: `HTTP status: … | Code: … | Meaning: … | What to do: …`.
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
