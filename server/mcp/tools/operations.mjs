// @ts-check
/**
 * `list_operations` and `get_operation`: the API reference from the MCP catalog (contracts/mcp/catalog.ts),
 * with each field's anchor on its endpoint page.
 */
import * as z from 'zod';
import { answerPart } from '../answerParts.mjs';
import { DEFAULT_VERSION } from '../siteData.mjs';
import { cell, operationPath, part, toolError, version } from '../toolContext.mjs';

/**
 * @param {import('@modelcontextprotocol/sdk/server/mcp.js').McpServer} server
 * @param {import('../toolContext.mjs').ToolContext} context
 */
export function registerOperations(server, { site, absolute, docsVersion, versionLabel, findOperation }) {
  /**
   * Which descriptions a later version's catalog holds, for the answer's first line: ` (orders API v2; the other APIs as in v1)`.
   * @param {import('../../../contracts/mcp/catalog.ts').McpCatalog} catalog
   */
  const apisOf = (catalog) => {
    const later = [
      ...new Set(
        catalog.operations
          .filter((operation) => operation.apiVersion !== DEFAULT_VERSION)
          .map((operation) => operation.api),
      ),
    ];
    return later.length === 0
      ? ''
      : ` (${later.map((api) => `${api} API ${catalog.version}`).join(', ')}; the other APIs as in ${DEFAULT_VERSION})`;
  };

  server.registerTool(
    'list_operations',
    {
      title: 'List the API operations',
      description:
        'List the API operations of the v1 or v2 docs: method, path, operationId, summary, scope and docs page, optionally of one API or tag.',
      inputSchema: {
        api: z.string().optional().describe('Only this API description: accounts, onboarding, orders or documents.'),
        tag: z.string().optional().describe('Only operations with this tag, such as "Equity orders".'),
        version,
        part,
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ api, tag, version: askedVersion, part: wanted }) => {
      const { version: listedVersion, error } = await docsVersion(askedVersion);
      if (!listedVersion) return /** @type {import('../toolContext.mjs').ToolAnswer} */ (error);
      const catalog = await site.catalog(listedVersion);
      const { operations } = catalog;
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
          `\`${operationPath(operation)}\``,
          `\`${operation.operationId}\``,
          operation.deprecation ? `${operation.summary} (deprecated)` : operation.summary,
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
      const label = await versionLabel(listedVersion);
      return answerPart(`${listed.length} operations of the ${label} docs${apisOf(catalog)}:\n\n${table.join('\n')}`, {
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
        'One API operation of the v1 or v2 docs: parameters, request body fields and responses with their anchors, examples, curl/JavaScript/Python samples, deprecation.',
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
        version,
        part,
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({
      operationId,
      parts = [...OPERATION_PARTS],
      languages = ['curl', 'javascript', 'python'],
      version: askedVersion,
      part: wanted,
    }) => {
      const chosen = await docsVersion(askedVersion);
      if (!chosen.version) return /** @type {import('../toolContext.mjs').ToolAnswer} */ (chosen.error);
      const { found: operation, error } = await findOperation(operationId, chosen.version);
      if (!operation) return /** @type {import('../toolContext.mjs').ToolAnswer} */ (error);
      const label = await versionLabel(chosen.version);
      const { deprecation } = operation;
      /** @param {readonly import('../../../contracts/mcp/catalog.ts').CatalogField[]} fields */
      const fieldLines = (fields) =>
        fields.map(
          (field) =>
            `- \`${field.name}\` (${field.type}, ${field.required ? 'required' : 'optional'}), anchor \`${field.anchor}\`${field.description ? `: ${cell(field.description)}` : ''}`,
        );
      const lines = [
        `# ${operation.summary || operation.operationId}`,
        '',
        `\`${operation.method} ${operationPath(operation)}\` (\`${operation.operationId}\`, ${operation.api} API ${operation.apiVersion || DEFAULT_VERSION}, in the ${label} docs)`,
        '',
        ...(deprecation
          ? [
              `> **Deprecated**${deprecation.since ? ` since ${deprecation.since}` : ''}${deprecation.sunset ? `; sunset on ${deprecation.sunset}, when it stops working` : ''}.` +
                `${deprecation.replacement ? ` Use \`${deprecation.replacement}\` instead.` : ''}${deprecation.link ? ` Announcement: ${deprecation.link}` : ''}`,
              '',
            ]
          : []),
        ...(operation.serverUrl ? [`- URL: ${operation.serverUrl}${operation.path} (sandbox)`] : []),
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
}
