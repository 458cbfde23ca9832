// @ts-check
/**
 * An MCP SDK client of the docs' MCP server (server/mcp) over real Fetch API requests, on the fixture build
 * (mcpFixtureBuild.mjs).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

import { createMcpHandler } from '../mcp/handler.mjs';
import { importFromText } from '../mcp/requestCheck.mjs';
import { MCP_FILES, readAssetFromMemory, SITE } from './mcpFixtureBuild.mjs';

export * from './mcpFixtureBuild.mjs';

/**
 * An MCP client connected to `handler` over Fetch API requests (no network), or to a `fetch` (a Worker's).
 * @param {(request: Request) => Promise<Response>} handler
 * @param {string} [endpoint]
 */
export async function connectClient(handler, endpoint = `${SITE}/mcp`) {
  const client = new Client({ name: 'docs-test-client', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(endpoint), {
    fetch: (url, init) => handler(new Request(url, init)),
  });
  await client.connect(transport);
  return client;
}

/** The fixture site's handler and a client of it. */
export async function fixtureClient() {
  const handler = createMcpHandler({ readAsset: readAssetFromMemory(MCP_FILES), loadModule: importFromText });
  return { handler, client: await connectClient(handler) };
}

/**
 * The text of a tool's answer, and whether it is a tool error.
 * @param {Client} client
 * @param {string} name
 * @param {Record<string, unknown>} args
 */
export async function callText(client, name, args) {
  const result = /** @type {{ content: { type: string, text: string }[], isError?: boolean }} */ (
    await client.callTool({ name, arguments: args })
  );
  return { text: result.content.map((item) => item.text).join('\n'), isError: result.isError === true };
}
