// @ts-check
/**
 * `validate_request`: an operation's Try it checks (requestCheck.mjs) on the values an assistant gives, answered as
 * the API's `400 INVALID_FIELD` details would name each problem, or "valid".
 */
import * as z from 'zod';
import { tryItAnchor } from '../../../contracts/tryIt/anchor.ts';
import { checkRequest } from '../requestCheck.mjs';
import { toolError, version } from '../toolContext.mjs';

/**
 * @param {import('@modelcontextprotocol/sdk/server/mcp.js').McpServer} server
 * @param {import('../toolContext.mjs').ToolContext} context
 */
export function registerValidateRequest(
  server,
  { site, absolute, docsVersion, versionLabel, findOperation, loadModule },
) {
  const parameterValues = z
    .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.union([z.string(), z.number()]))]))
    .optional();
  server.registerTool(
    'validate_request',
    {
      title: 'Check a request',
      description:
        "Check a request against an operation's v1 or v2 description, as the docs' Try it panel does: each problem with its field and documented issue code, or valid.",
      inputSchema: {
        operationId: z.string().min(1).max(200).describe('The operationId, such as "placeOptionOrder".'),
        path: parameterValues.describe('Path parameters by name, such as {"orderId": "…"}.'),
        query: parameterValues.describe('Query parameters by name; an array is sent comma-separated.'),
        header: parameterValues.describe('Header parameters by name, such as {"Idempotency-Key": "…"}.'),
        body: z.unknown().optional().describe('The JSON request body, as a JSON value (or its text).'),
        version,
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ operationId, path, query, header, body, version: askedVersion }) => {
      const chosen = await docsVersion(askedVersion);
      if (!chosen.version) return /** @type {import('../toolContext.mjs').ToolAnswer} */ (chosen.error);
      const { found: operation, error } = await findOperation(operationId, chosen.version);
      if (!operation) return /** @type {import('../toolContext.mjs').ToolAnswer} */ (error);
      const label = await versionLabel(chosen.version);
      const checks = `the checks of ${operationId} in the ${label} docs`;
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
        return { content: [{ type: 'text', text: `valid: the request passes ${checks}.${notes}` }] };
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
              `invalid: the API would answer 400 INVALID_FIELD with these details (${operation.issueVocabulary}, ${checks}):\n` +
              `${lines.join('\n')}${notes}`,
          },
        ],
      };
    },
  );
}
