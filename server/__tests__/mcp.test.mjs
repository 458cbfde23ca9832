// @ts-check
// The docs' MCP server (server/mcp) on a fixture build (mcpFixture.mjs): an MCP SDK client over real Fetch API
// requests lists and calls each tool, and sends what a confused or hostile client would.
// Run: node --test server/__tests__/mcp.test.mjs
import { strict as assert } from 'node:assert';
import { after, before, describe, test } from 'node:test';

import { PART_CHARS } from '../mcp/answerParts.mjs';
import { createMcpHandler } from '../mcp/handler.mjs';
import { importFromText } from '../mcp/requestCheck.mjs';
import { headingSlug, markdownSection } from '../mcp/markdown.mjs';
import { createSiteApp } from '../app.mjs';
import {
  callText,
  connectClient,
  ERRORS_PAGE,
  fixtureClient,
  LONG_PAGE,
  MCP_FILES,
  OPTION_ORDER_PAGE,
  readAssetFromMemory,
  SITE,
} from './mcpFixture.mjs';

/** @type {Awaited<ReturnType<typeof fixtureClient>>} */
let fixture;
before(async () => {
  fixture = await fixtureClient();
});
after(() => fixture.client.close());

/** A JSON-RPC request to the handler, as a client sends one. */
function rpc(
  /** @type {Record<string, unknown>} */ message,
  /** @type {Record<string, string>} */ headers = {},
  url = `${SITE}/mcp`,
) {
  return new Request(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      'MCP-Protocol-Version': '2025-11-25',
      ...headers,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 7, ...message }),
  });
}

describe('the tools a client lists', () => {
  test('are the six tools, each with a one-line description and a schema of its arguments', async () => {
    const { tools } = await fixture.client.listTools();
    assert.deepEqual(
      tools.map((tool) => tool.name),
      ['search_docs', 'read_page', 'list_operations', 'get_operation', 'validate_request', 'explain_error'],
    );
    for (const tool of tools) {
      assert.ok(tool.description && !tool.description.includes('\n') && tool.description.length < 200, tool.name);
      assert.equal(tool.inputSchema.type, 'object', tool.name);
      assert.equal(tool.annotations?.readOnlyHint, true, tool.name);
    }
    const search = tools.find((tool) => tool.name === 'search_docs');
    assert.deepEqual(search?.inputSchema.required, ['query']);
  });
});

describe('search_docs', () => {
  test('finds the operations that use a field, with the field anchor, as the site search ranks them', async () => {
    const { text, isError } = await callText(fixture.client, 'search_docs', { query: 'limitPrice' });
    assert.equal(isError, false);
    // The field's own document ranks before the paragraph that mentions it (lunr scores the short one higher).
    const field = text.indexOf(`${SITE}/docs/trading-api/options/single-option-order#request.limitPrice`);
    const paragraph = text.indexOf(`${SITE}/docs/trading-api/options/single-option-order#request-body`);
    assert.ok(field > 0 && paragraph > field, text);
    assert.match(text, /Field anchor: request\.limitPrice\n\s+Operation: placeOptionOrder \(POST \/orders\/options\)/);
    assert.match(text, /object \(Money\)\. The worst premium you accept\./);
  });

  test('finds a word as it is being typed, and within one section only', async () => {
    const typed = await callText(fixture.client, 'search_docs', { query: 'validation deta' });
    assert.match(typed.text, /Standard errors › Validation details/);
    const inTrading = await callText(fixture.client, 'search_docs', { query: 'errors', section: 'trading api' });
    assert.ok(!inTrading.text.includes('/docs/getting-started/'), inTrading.text);
    assert.match(inTrading.text, /single-option-order#errors/);
  });

  test('names the sections when asked for one that does not exist', async () => {
    const { text, isError } = await callText(fixture.client, 'search_docs', { query: 'errors', section: 'Trading' });
    assert.equal(isError, true);
    assert.match(text, /Send one of: Getting started, Trading API/);
  });
});

describe('read_page', () => {
  test("answers a page's Markdown as its .md file holds it, by URL, path, .md or docs:// URI", async () => {
    for (const page of [
      `${SITE}/docs/getting-started/standard-errors`,
      '/docs/getting-started/standard-errors/',
      'docs/getting-started/standard-errors.md',
      'docs://docs/getting-started/standard-errors',
      'Standard errors',
    ]) {
      const { text, isError } = await callText(fixture.client, 'read_page', { page });
      assert.equal(isError, false, page);
      assert.equal(text, ERRORS_PAGE, page);
    }
    const index = await callText(fixture.client, 'read_page', { page: '/docs/trading-api/' });
    assert.equal(index.text, MCP_FILES['docs/trading-api/index.md']);
  });

  test('answers one section by its heading anchor, given apart or in the URL', async () => {
    const section = markdownSection(ERRORS_PAGE, 'validation-details');
    assert.ok(section?.startsWith('## Validation details') && !section.includes('## Error codes'));
    const apart = await callText(fixture.client, 'read_page', {
      page: '/docs/getting-started/standard-errors',
      anchor: 'validation-details',
    });
    assert.equal(apart.text, section);
    const inUrl = await callText(fixture.client, 'read_page', {
      page: `${SITE}/docs/getting-started/standard-errors#error-codes`,
    });
    assert.match(inUrl.text, /^## Error codes\n/);
  });

  test('names the closest pages when none is at the address, and the anchors when no section has one', async () => {
    const page = await callText(fixture.client, 'read_page', { page: '/docs/getting-started/standard-erors' });
    assert.equal(page.isError, true);
    assert.match(
      page.text,
      /^No docs page is at .*\n- Standard errors: https:\/\/developers\.clearing\.test\/docs\/getting-started\/standard-errors\n/,
    );
    const anchor = await callText(fixture.client, 'read_page', { page: 'Standard errors', anchor: 'nope' });
    assert.equal(anchor.isError, true);
    assert.match(anchor.text, /- validation-details \(Validation details\)\n- error-codes \(Error codes\)/);
  });

  test('answers a long page in parts, each saying how to get the next, that join into the page', async () => {
    const page = '/docs/getting-started/changelog';
    const parts = [];
    for (let part = 1; ; part += 1) {
      const { text } = await callText(fixture.client, 'read_page', { page, part });
      const footer =
        /\n\n\[Part (\d+) of (\d+)(?:\. Call read_page again with the same arguments and part: (\d+) for the next part|, the last)\.\]$/.exec(
          text,
        );
      assert.ok(footer, `part ${part} ends with where it stands`);
      assert.equal(Number(footer[1]), part);
      assert.ok(text.length <= PART_CHARS + 200);
      parts.push(text.slice(0, footer.index));
      if (!footer[3]) break;
      assert.equal(Number(footer[3]), part + 1);
    }
    assert.ok(parts.length >= 2);
    // Parts are cut at line ends; each part's own last line end is left off before its footer.
    assert.equal(parts.join('\n'), LONG_PAGE.replace(/\n$/, ''));
    const beyond = await callText(fixture.client, 'read_page', { page, part: parts.length + 1 });
    assert.equal(beyond.isError, true);
    assert.match(
      beyond.text,
      new RegExp(`has ${parts.length} parts: call read_page again with part 1 to ${parts.length}`),
    );
  });
});

describe('list_operations and get_operation', () => {
  test('list each operation with its method, path, operationId, summary, scope and page', async () => {
    const { text } = await callText(fixture.client, 'list_operations', { api: 'orders', tag: 'option orders' });
    assert.match(
      text,
      /\| POST \| `\/orders\/options` \| `placeOptionOrder` \| Place a single option order \| orders\.write \| https:\/\/developers\.clearing\.test\/docs\/trading-api\/options\/single-option-order \|/,
    );
    const unknown = await callText(fixture.client, 'list_operations', { api: 'trading' });
    assert.equal(unknown.isError, true);
    assert.match(unknown.text, /Send one of: orders; or no api\./);
  });

  test('describe one operation: its fields with their anchors, and the parts asked for', async () => {
    const { text } = await callText(fixture.client, 'get_operation', {
      operationId: 'placeOptionOrder',
      parts: ['request', 'samples'],
      languages: ['python'],
    });
    assert.match(text, /- `quantity` \(string, required\), anchor `request\.quantity`: Whole contracts\./);
    assert.match(text, /### python\n\n```python\nrequests\.post/);
    assert.ok(!text.includes('## Parameters') && !text.includes('curl -X'), text);
  });

  test('name the closest operationIds for one that does not exist', async () => {
    const { text, isError } = await callText(fixture.client, 'get_operation', { operationId: 'placeOptionOrdr' });
    assert.equal(isError, true);
    assert.match(text, /Send one of these.*\n- placeOptionOrder: Place a single option order\n/);
  });
});

describe('validate_request', () => {
  const header = { 'idempotency-key': '0b6f3c53-3d53-4a43-9a1f-1a8f0b7e2c11' };

  test('flags a fractional contract quantity as the documented issue, at its field and anchor', async () => {
    const { text } = await callText(fixture.client, 'validate_request', {
      operationId: 'placeOptionOrder',
      header,
      body: { quantity: '1.5' },
    });
    assert.match(text, /^invalid: .*OrderValidationIssue/);
    assert.match(
      text,
      /- field `quantity`: issue `whole_number` \(.*\), see https:\/\/developers\.clearing\.test\/docs\/trading-api\/options\/single-option-order#request\.quantity/,
    );
    // The issue is one the errors page documents.
    assert.match(ERRORS_PAGE, /\| `whole_number` \|/);
  });

  test('answers valid, and names what the operation does not take', async () => {
    const { text } = await callText(fixture.client, 'validate_request', {
      operationId: 'placeOptionOrder',
      header,
      query: { dryRun: true },
      body: JSON.stringify({ quantity: '2' }),
    });
    assert.match(text, /^valid: the request passes the checks of placeOptionOrder\./);
    assert.match(text, /Not parameters of placeOptionOrder \(left out of the check\): dryRun \(query\)\./);
  });

  test('names each missing field', async () => {
    const { text } = await callText(fixture.client, 'validate_request', { operationId: 'placeOptionOrder' });
    assert.match(text, /- field `body`: issue `required`/);
    assert.match(text, /- field `Idempotency-Key`: issue `required`.*#header\.Idempotency-Key/);
  });

  test('points to Try it where the runtime cannot run the checks', async () => {
    const handler = createMcpHandler({ readAsset: readAssetFromMemory(MCP_FILES) });
    const client = await connectClient(handler);
    const { text, isError } = await callText(client, 'validate_request', { operationId: 'placeOptionOrder' });
    await client.close();
    assert.equal(isError, true);
    assert.match(text, /single-option-order#try-it-placeOptionOrder/);
  });
});

describe('explain_error', () => {
  test("gives the descriptions' meaning and the errors pages' rows for a code", async () => {
    const { text } = await callText(fixture.client, 'explain_error', {
      code: 'insufficient_buying_power',
      status: 422,
      operationId: 'placeOptionOrder',
    });
    assert.match(text, /^# 422 INSUFFICIENT_BUYING_POWER\n/);
    assert.match(text, /orders API \(1 operations\): The account can't pay the premium of a buy\./);
    assert.match(text, /Remedy: Reduce the quantity, or wait for a deposit to settle\./);
    assert.match(
      text,
      /## Place a single option order .*\n\n- Status: 422 \| Code: INSUFFICIENT_BUYING_POWER \| What to do: Reduce the contracts or add funds\./,
    );
  });

  test('names the closest documented codes for one that is not', async () => {
    const { text, isError } = await callText(fixture.client, 'explain_error', {
      code: 'INSUFFICIENT_FUNDS',
      status: 422,
    });
    assert.equal(isError, true);
    assert.match(text, /Send one of these codes: INSUFFICIENT_BUYING_POWER/);
  });
});

describe('resources', () => {
  test('list every page with its title and description, and read its Markdown', async () => {
    const { resources, nextCursor } = await fixture.client.listResources();
    assert.equal(nextCursor, undefined);
    assert.deepEqual(resources[0], {
      uri: 'docs://docs/getting-started/standard-errors',
      name: 'docs/getting-started/standard-errors',
      title: 'Standard errors',
      description: 'The error envelope every API returns.',
      mimeType: 'text/markdown',
    });
    const read = await fixture.client.readResource({ uri: 'docs://docs/trading-api/options/single-option-order' });
    assert.equal(/** @type {{ text: string }} */ (read.contents[0]).text, OPTION_ORDER_PAGE);
    await assert.rejects(
      fixture.client.readResource({ uri: 'docs://docs/nope' }),
      /No docs page is at docs:\/\/docs\/nope\. Send one of/,
    );
  });
});

describe('what a confused or hostile client sends', () => {
  test('an unknown tool is a JSON-RPC error that lists the tools', async () => {
    const response = await fixture.handler(
      rpc({ method: 'tools/call', params: { name: 'delete_docs', arguments: {} } }),
    );
    const answer = await response.json();
    assert.equal(answer.id, 7);
    assert.equal(answer.error.code, -32602);
    assert.match(
      answer.error.message,
      /Unknown tool "delete_docs": call one of search_docs, read_page, list_operations, get_operation, validate_request, explain_error/,
    );
  });

  test('missing or wrong arguments are a tool error naming the argument', async () => {
    const missing = await callText(fixture.client, 'search_docs', {});
    assert.equal(missing.isError, true);
    assert.match(missing.text, /Invalid arguments for tool search_docs/);
    assert.match(missing.text, /query/);
    const wrong = await callText(fixture.client, 'get_operation', {
      operationId: 'placeOptionOrder',
      parts: ['everything'],
    });
    assert.equal(wrong.isError, true);
    assert.match(wrong.text, /parameters.*request.*responses.*examples.*samples/s);
  });

  test('a body that is not JSON is a JSON-RPC parse error', async () => {
    const response = await fixture.handler(
      new Request(`${SITE}/mcp`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
        body: '{"jsonrpc": "2.0", "method": "tools/list", ',
      }),
    );
    assert.equal(response.status, 400);
    assert.equal((await response.json()).error.code, -32700);
  });

  test('a body over the limit is refused unread with 413, saying what to send', async () => {
    const handler = createMcpHandler({ readAsset: readAssetFromMemory(MCP_FILES), maxRequestBytes: 1024 });
    const response = await handler(
      rpc({ method: 'tools/call', params: { name: 'validate_request', arguments: { body: 'x'.repeat(2000) } } }),
    );
    assert.equal(response.status, 413);
    const answer = await response.json();
    assert.equal(answer.error.code, -32600);
    assert.match(answer.error.message, /over 1024 bytes: send one JSON-RPC message at a time/);
  });

  test('a body that never finishes is given up on, not waited for', async () => {
    const handler = createMcpHandler({ readAsset: readAssetFromMemory(MCP_FILES), requestBodyDeadlineMs: 50 });
    const stalled = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"jsonrpc":"2.0",'));
      },
    });
    const started = Date.now();
    const response = await handler(
      new Request(`${SITE}/mcp`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
        body: stalled,
        // @ts-expect-error Node's fetch needs it for a streamed body; the DOM types do not know it.
        duplex: 'half',
      }),
    );
    assert.equal(response.status, 408);
    assert.ok(Date.now() - started < 2000);
  });

  test('a GET or DELETE is refused with 405: the server is stateless, holds no stream and no session', async () => {
    for (const method of ['GET', 'DELETE']) {
      const response = await fixture.handler(
        new Request(`${SITE}/mcp`, {
          method,
          headers: { Accept: 'text/event-stream', 'MCP-Protocol-Version': '2025-11-25' },
        }),
      );
      assert.equal(response.status, 405, method);
      assert.equal(response.headers.get('Allow'), 'POST');
      assert.match((await response.json()).error.message, /send JSON-RPC messages with POST/);
    }
  });
});

describe('heading anchors', () => {
  test('are the ones Docusaurus gives the headings', () => {
    assert.equal(headingSlug('Response body (201)'), 'response-body-201');
    assert.equal(headingSlug('Use `limitPrice` with [LIMIT](/docs/x) orders'), 'use-limitprice-with-limit-orders');
    assert.equal(headingSlug("What's new in v1.2"), 'whats-new-in-v12');
  });
});

describe('what the access log is told', () => {
  test("each message's method and tool, never its arguments", async () => {
    /** @type {unknown[]} */
    const seen = [];
    const handler = createMcpHandler({
      readAsset: readAssetFromMemory(MCP_FILES),
      observe: (calls) => seen.push(calls),
    });
    const secret = 'ACCOUNT-5GT10001';
    await handler(rpc({ method: 'tools/call', params: { name: 'search_docs', arguments: { query: secret } } }));
    await handler(rpc({ method: 'tools/list' }));
    assert.deepEqual(seen, [[{ method: 'tools/call', tool: 'search_docs' }], [{ method: 'tools/list' }]]);
    assert.ok(!JSON.stringify(seen).includes(secret));
  });
});

describe('a build at a base URL', () => {
  /** The fixture's files as a build at /developers/ writes them: every site URL under the base. */
  const atBase = Object.fromEntries(
    Object.entries(MCP_FILES).map(([file, text]) => [
      file,
      file === 'gate-manifest.json'
        ? JSON.stringify({ baseUrl: '/developers/' })
        : text.replaceAll(`${SITE}/docs/`, `${SITE}/developers/docs/`).replaceAll('"/docs/', '"/developers/docs/'),
    ]),
  );

  test('finds pages and answers with URLs under the base', async () => {
    const client = await connectClient(
      createMcpHandler({ readAsset: readAssetFromMemory(atBase), loadModule: importFromText }),
      `${SITE}/developers/mcp`,
    );
    const page = await callText(client, 'read_page', {
      page: `${SITE}/developers/docs/getting-started/standard-errors`,
    });
    assert.equal(page.text, ERRORS_PAGE);
    const byPath = await callText(client, 'read_page', { page: 'docs/getting-started/standard-errors' });
    assert.equal(byPath.text, ERRORS_PAGE);
    const search = await callText(client, 'search_docs', { query: 'limitPrice' });
    assert.match(
      search.text,
      /URL: https:\/\/developers\.clearing\.test\/developers\/docs\/trading-api\/options\/single-option-order#request\.limitPrice\n\s+Field anchor: request\.limitPrice\n\s+Operation: placeOptionOrder/,
    );
    const { resources } = await client.listResources();
    assert.equal(resources[0].uri, 'docs://docs/getting-started/standard-errors');
    await client.close();
  });
});

describe('the endpoint in the site app', () => {
  /** A build with nothing to protect (served at `/`): the app serves the MCP server at `/mcp` to anyone. */
  function openSite() {
    /** @type {import('../accessLog.mjs').LogEntry[]} */
    const lines = [];
    const app = createSiteApp({
      readAsset: readAssetFromMemory(MCP_FILES),
      access: 'open',
      log: (entry) => lines.push(entry),
    });
    return { app, lines };
  }

  test('answers at /mcp and leaves every other path to the site', async () => {
    const { app } = openSite();
    const inside = await app.request(rpc({ method: 'tools/list' }, {}, `${SITE}/mcp`));
    assert.equal(inside.status, 200);
    assert.equal((await inside.json()).result.tools.length, 6);
    for (const other of [`${SITE}/developers/mcp`, `${SITE}/mcp/x`]) {
      assert.notEqual((await app.request(rpc({ method: 'tools/list' }, {}, other))).status, 200, other);
    }
  });

  test('logs one line per call naming the tool, never its arguments', async () => {
    const { app, lines } = openSite();
    const call = {
      method: 'tools/call',
      params: { name: 'search_docs', arguments: { query: 'secret-word-limitPrice' } },
    };
    const answer = await app.request(rpc(call, {}, `${SITE}/mcp`));
    assert.equal(answer.status, 200);
    await answer.text();
    const line = lines.find((entry) => entry.path === '/mcp');
    assert.equal(line?.mcp, 'tools/call:search_docs');
    assert.doesNotMatch(JSON.stringify(lines), /secret-word/);
  });
});
