// @ts-check
/**
 * The docs' MCP server (Model Context Protocol, Streamable HTTP transport) as one Fetch-API handler: stateless, a
 * fresh McpServer and transport per request, answering in JSON (no event stream is held open), so that any number
 * of copies can run side by side on Node or in a Worker. It reads the built site through `readAsset` only.
 *
 * Who may call it is not decided here: the app mounts it behind the MCP sign-in (bearer tokens).
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { createSiteData } from './siteData.mjs';
import { registerDocsTools, TOOL_NAMES } from './tools.mjs';

/** The largest request body read: a `validate_request` body with room to spare (an order is under 2 KB). */
const MAX_REQUEST_BYTES = 64 * 1024;
/** How long a client may take to send its request body: one that never finishes does not hold the server. */
const REQUEST_BODY_DEADLINE_MS = 10_000;

const SERVER_INFO = { name: 'clearing-developer-docs', version: '1.0.0' };
const INSTRUCTIONS =
  "The clearing provider's developer docs: search_docs to find a page, operation or field; read_page for a page's Markdown; " +
  'list_operations and get_operation for the API reference; validate_request to check a request before sending it; ' +
  'explain_error for an error answer. They answer from the current docs, v1, unless asked for version: "v2", the preview ' +
  '(Trading API v2); read_page takes a v2 page by its /docs/v2/ path too. ' +
  'Long answers come in parts: call again with part: 2, 3, … as the answer says.';

/**
 * A JSON-RPC error answer (HTTP status as the transport gives its own).
 * @param {number} status
 * @param {number} code
 * @param {string} message
 * @param {unknown} [id]
 */
function jsonRpcError(status, code, message, id = null) {
  return Response.json({ jsonrpc: '2.0', error: { code, message }, id }, { status });
}

/**
 * The request's body as text, read up to `maxBytes` and within `deadlineMs`.
 * @param {Request} request
 * @param {number} maxBytes
 * @param {number} deadlineMs
 * @returns {Promise<{ text: string } | { refused: 'too large' | 'too slow' }>}
 */
async function readBoundedBody(request, maxBytes, deadlineMs) {
  if (Number(request.headers.get('content-length')) > maxBytes) return { refused: 'too large' };
  if (!request.body) return { text: '' };
  const reader = request.body.getReader();
  const decoder = new TextDecoder();
  let received = 0;
  let text = '';
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  const deadline = new Promise((resolve) => {
    timer = setTimeout(() => resolve('deadline'), deadlineMs);
  });
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), deadline]);
      if (next === 'deadline') {
        await reader.cancel().catch(() => {});
        return { refused: 'too slow' };
      }
      const { done, value } = /** @type {ReadableStreamReadResult<Uint8Array>} */ (next);
      if (done) break;
      received += value.byteLength;
      if (received > maxBytes) {
        await reader.cancel().catch(() => {});
        return { refused: 'too large' };
      }
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    clearTimeout(timer);
  }
  return { text: text + decoder.decode() };
}

/**
 * The JSON-RPC messages of a request body (one, or a batch), or none when it is not JSON (the transport answers
 * that itself).
 * @param {string} text
 * @returns {Record<string, any>[]}
 */
function messagesOf(text) {
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  return (Array.isArray(parsed) ? parsed : [parsed]).filter(
    (message) => message !== null && typeof message === 'object' && !Array.isArray(message),
  );
}

/**
 * What each message asks for, without its arguments' values: its method, and for a tool call the tool's name.
 * @param {Record<string, any>[]} messages
 * @returns {McpCall[]}
 */
function callsOf(messages) {
  return messages
    .filter((message) => typeof message.method === 'string')
    .map((message) =>
      message.method === 'tools/call' && typeof message.params?.name === 'string'
        ? { method: message.method, tool: message.params.name }
        : { method: message.method },
    );
}

/**
 * The answer to a single `tools/call` of a tool the server does not have (a JSON-RPC error that lists the tools),
 * or undefined for anything else.
 * @param {Record<string, any>[]} messages
 */
function unknownToolAnswer(messages) {
  if (messages.length !== 1 || messages[0].method !== 'tools/call') return undefined;
  const [message] = messages;
  const name = message.params?.name;
  if (typeof name === 'string' && /** @type {readonly string[]} */ (TOOL_NAMES).includes(name)) return undefined;
  return jsonRpcError(
    200,
    -32602,
    `Unknown tool ${JSON.stringify(name)}: call one of ${TOOL_NAMES.join(', ')} (tools/list describes each and its arguments).`,
    message.id ?? null,
  );
}

/**
 * One JSON-RPC message of a request, as the access log may name it: never its arguments' values.
 * @typedef {{ method: string, tool?: string }} McpCall
 */

/**
 * The endpoint, and the build's base URL it reads (the endpoint is `<baseUrl>mcp`).
 * @typedef {((request: Request, observeRequest?: (calls: McpCall[]) => void) => Promise<Response>) & { baseUrl: () => Promise<string> }} McpHandler
 */

/**
 * @typedef {object} McpHandlerOptions
 * @property {import('../app.mjs').ReadAsset} readAsset the built site
 * @property {string} [siteUrl] the site's whole URL with its base URL (`https://developers.example/docs-site/`), for
 *   the URLs in answers; by default the request's origin and the build's base URL
 * @property {import('./requestCheck.mjs').ModuleLoader} [loadModule] runs the Try it modules' checks for
 *   `validate_request`: `importFromText` on Node, the bundled modules on a Worker (bundledTryIt.mjs); without
 *   one, the tool points to the Try it panel instead
 * @property {(calls: McpCall[]) => void} [observe] told what each request asks for (methods and tool names, no
 *   arguments), before it is answered: for the access log's line
 * @property {number} [maxRequestBytes]
 * @property {number} [requestBodyDeadlineMs]
 */

/**
 * The MCP endpoint: `(request) => response` for POST (JSON-RPC messages); any other method gets 405 (a stateless
 * server holds no event stream and no session).
 * @param {McpHandlerOptions} options
 * @returns {McpHandler}
 */
export function createMcpHandler({
  readAsset,
  siteUrl,
  loadModule,
  observe,
  maxRequestBytes = MAX_REQUEST_BYTES,
  requestBodyDeadlineMs = REQUEST_BODY_DEADLINE_MS,
}) {
  // The build's data is read once and shared by every request's server.
  const site = createSiteData(readAsset);
  /**
   * @param {Request} request
   * @param {(calls: McpCall[]) => void} [observeRequest] told what this request asks for, as `observe` is
   */
  async function handleMcpRequest(request, observeRequest) {
    if (request.method !== 'POST') {
      // The transport would open an event stream for a GET: a stateless server offers none (the specification
      // allows 405), so no connection is held open waiting for messages that never come.
      const notAllowed = jsonRpcError(
        405,
        -32000,
        'This MCP server is stateless: send JSON-RPC messages with POST (Streamable HTTP); it offers no event stream and no session.',
      );
      notAllowed.headers.set('Allow', 'POST');
      return notAllowed;
    }
    const body = await readBoundedBody(request, maxRequestBytes, requestBodyDeadlineMs);
    if ('refused' in body) {
      return body.refused === 'too large'
        ? jsonRpcError(
            413,
            -32600,
            `The request body is over ${maxRequestBytes} bytes: send one JSON-RPC message at a time, and a smaller validate_request body.`,
          )
        : jsonRpcError(
            408,
            -32600,
            `The request body did not arrive within ${requestBodyDeadlineMs / 1000} s: send it whole, at once.`,
          );
    }
    const messages = messagesOf(body.text);
    const calls = callsOf(messages);
    observe?.(calls);
    observeRequest?.(calls);
    const refusal = unknownToolAnswer(messages);
    if (refusal) return refusal;
    // The body, read once and bounded, for the transport to read again.
    const forwarded = new Request(request.url, { method: 'POST', headers: request.headers, body: body.text });
    const base = siteUrl ?? `${new URL(request.url).origin}${await site.baseUrl()}`;
    const server = new McpServer(SERVER_INFO, { instructions: INSTRUCTIONS });
    registerDocsTools(server, { site, siteUrl: base, loadModule });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      maxRequestBodySize: maxRequestBytes,
    });
    await server.connect(transport);
    try {
      return await transport.handleRequest(forwarded);
    } finally {
      await server.close();
    }
  }
  return Object.assign(handleMcpRequest, { baseUrl: site.baseUrl });
}
