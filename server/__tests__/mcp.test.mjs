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
  MCP_FILES_V1_ONLY,
  OPTION_ORDER_PAGE,
  readAssetFromMemory,
  SITE,
  V2_CANCEL_PAGE,
  V2_ERRORS_PAGE,
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
    assert.match(
      text,
      /Field anchor: request\.limitPrice\n\s+Operation: placeOptionOrder \(POST \/v1\/orders\/options\)/,
    );
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
      /\| POST \| `\/v1\/orders\/options` \| `placeOptionOrder` \| Place a single option order \| orders\.write \| https:\/\/developers\.clearing\.test\/docs\/trading-api\/options\/single-option-order \|/,
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
    assert.match(text, /^valid: the request passes the checks of placeOptionOrder in the v1 docs\./);
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

describe('the docs versions (version: "v1", the default, or "v2", the preview)', () => {
  const header = { 'Idempotency-Key': '0b6f3c53-3d53-4a43-9a1f-1a8f0b7e2c11' };

  test('every tool takes an optional version, described as the docs version, v1 current and v2 preview', async () => {
    const { tools } = await fixture.client.listTools();
    for (const tool of tools) {
      const property = /** @type {{ type?: string, description?: string } | undefined} */ (
        tool.inputSchema.properties?.version
      );
      assert.equal(property?.type, 'string', tool.name);
      assert.match(property?.description ?? '', /docs version: "v1", the current one.*"v2", the preview/, tool.name);
      assert.ok(!(tool.inputSchema.required ?? []).includes('version'), tool.name);
    }
  });

  test("search_docs searches the asked version's index: v2's field, page and operation on /v2", async () => {
    const v2 = await callText(fixture.client, 'search_docs', { query: 'clientOrderId', version: 'v2' });
    assert.equal(v2.isError, false);
    assert.match(v2.text, /^Results for "clientOrderId" in the v2 \(preview\) docs/);
    assert.match(
      v2.text,
      /URL: https:\/\/developers\.clearing\.test\/docs\/v2\/trading-api\/options\/single-option-order#request\.clientOrderId\n\s+Field anchor: request\.clientOrderId\n\s+Operation: placeOptionOrder \(POST \/v2\/orders\/options\)/,
    );
    assert.match(v2.text, /Your own ID of the order/);
    // v1's index has no clientOrderId, and a v1 search names no v2 page.
    const v1 = await callText(fixture.client, 'search_docs', { query: 'clientOrderId' });
    assert.equal(v1.text, 'No results for "clientOrderId" in the v1 docs.');
    const cancel = await callText(fixture.client, 'search_docs', { query: 'cancel', version: 'v2' });
    assert.match(cancel.text, /docs\/v2\/trading-api\/options\/cancel-option-order/);
  });

  test("read_page finds a v2 page by its /docs/v2 path without the argument, and v2's page of a v1 path with it", async () => {
    const byPath = await callText(fixture.client, 'read_page', { page: '/docs/v2/getting-started/standard-errors' });
    assert.equal(byPath.text, V2_ERRORS_PAGE);
    const byUrl = await callText(fixture.client, 'read_page', {
      page: `${SITE}/docs/v2/trading-api/options/cancel-option-order.md`,
    });
    assert.equal(byUrl.text, V2_CANCEL_PAGE);
    const asked = await callText(fixture.client, 'read_page', {
      page: '/docs/getting-started/standard-errors',
      version: 'v2',
    });
    assert.equal(asked.text, V2_ERRORS_PAGE);
    const byTitle = await callText(fixture.client, 'read_page', { page: 'Standard errors', version: 'v2' });
    assert.equal(byTitle.text, V2_ERRORS_PAGE);
    // Without the argument a v1 path is v1's page, and a page v2 lacks is named with v2's pages.
    assert.equal(
      (await callText(fixture.client, 'read_page', { page: '/docs/getting-started/standard-errors' })).text,
      ERRORS_PAGE,
    );
    const missing = await callText(fixture.client, 'read_page', { page: '/docs/v2/getting-started/changelog' });
    assert.equal(missing.isError, true);
    assert.match(missing.text, /docs\/v2\/getting-started\/standard-errors/);
  });

  test("the resources are every version's pages, v2's under docs://docs/v2/", async () => {
    const { resources } = await fixture.client.listResources();
    const uris = resources.map((resource) => resource.uri);
    assert.ok(uris.includes('docs://docs/getting-started/standard-errors'), uris.join(', '));
    assert.ok(uris.includes('docs://docs/v2/getting-started/standard-errors'), uris.join(', '));
    assert.equal(
      resources.find((resource) => resource.uri === 'docs://docs/v2/getting-started/standard-errors')?.title,
      'Standard errors (v2)',
    );
    const { contents } = await fixture.client.readResource({ uri: 'docs://docs/v2/getting-started/standard-errors' });
    assert.equal(/** @type {{ text: string }} */ (contents[0]).text, V2_ERRORS_PAGE);
  });

  test('list_operations of v2 lists Trading API v2 with its paths on /v2: the cancel is POST …/cancel', async () => {
    const { text } = await callText(fixture.client, 'list_operations', { version: 'v2' });
    assert.match(text, /^2 operations of the v2 \(preview\) docs \(orders API v2; the other APIs as in v1\):/);
    assert.match(
      text,
      /\| POST \| `\/v2\/orders\/options\/\{orderId\}\/cancel` \| `cancelOptionOrder` \| Cancel an option order \| orders\.write \| https:\/\/developers\.clearing\.test\/docs\/v2\/trading-api\/options\/cancel-option-order \|/,
    );
    assert.doesNotMatch(text, /DELETE|\/v1\//);
    const v1 = await callText(fixture.client, 'list_operations', {});
    assert.match(
      v1.text,
      /\| DELETE \| `\/v1\/orders\/options\/\{orderId\}` \| `cancelOptionOrder` \| Cancel an option order \(deprecated\) \|/,
    );
  });

  test('get_operation of a deprecated v1 operation says since when, its sunset and its replacement; v2 has none', async () => {
    const v1 = await callText(fixture.client, 'get_operation', { operationId: 'cancelOptionOrder' });
    assert.match(
      v1.text,
      /`DELETE \/v1\/orders\/options\/\{orderId\}` \(`cancelOptionOrder`, orders API v1, in the v1 docs\)/,
    );
    assert.match(
      v1.text,
      /\*\*Deprecated\*\* since 2026-11-30; sunset on 2028-03-01, when it stops working\. Use `POST \/v2\/orders\/options\/\{orderId\}\/cancel` instead\. Announcement: https:\/\/developer\.clearing\.example\/docs\/getting-started\/changelog#trading-api-1-5-0/,
    );
    const v2 = await callText(fixture.client, 'get_operation', { operationId: 'cancelOptionOrder', version: 'v2' });
    assert.match(
      v2.text,
      /`POST \/v2\/orders\/options\/\{orderId\}\/cancel` \(`cancelOptionOrder`, orders API v2, in the v2 \(preview\) docs\)/,
    );
    assert.match(
      v2.text,
      /- URL: https:\/\/sandbox\.api\.clearing\.example\/v2\/orders\/options\/\{orderId\}\/cancel \(sandbox\)/,
    );
    assert.match(
      v2.text,
      /- Page: https:\/\/developers\.clearing\.test\/docs\/v2\/trading-api\/options\/cancel-option-order/,
    );
    assert.doesNotMatch(v2.text, /Deprecated/);
    const placed = await callText(fixture.client, 'get_operation', { operationId: 'placeOptionOrder', version: 'v2' });
    assert.match(placed.text, /- `clientOrderId` \(string, required\), anchor `request\.clientOrderId`/);
    const unknown = await callText(fixture.client, 'get_operation', { operationId: 'getOptionOrder', version: 'v2' });
    assert.equal(unknown.isError, true);
    assert.match(unknown.text, /No operation of the v2 docs has the operationId "getOptionOrder"/);
  });

  test("validate_request checks a v2 request against v2's Try it module: clientOrderId is required", async () => {
    const order = { operationId: 'placeOptionOrder', header, body: { quantity: '2' } };
    const v2 = await callText(fixture.client, 'validate_request', { ...order, version: 'v2' });
    assert.match(v2.text, /^invalid: .*in the v2 \(preview\) docs/);
    assert.match(
      v2.text,
      /- field `clientOrderId`: issue `required` .*, see https:\/\/developers\.clearing\.test\/docs\/v2\/trading-api\/options\/single-option-order#request\.clientOrderId/,
    );
    const v1 = await callText(fixture.client, 'validate_request', order);
    assert.match(v1.text, /^valid: the request passes the checks of placeOptionOrder in the v1 docs\./);
    const fixed = await callText(fixture.client, 'validate_request', {
      ...order,
      body: { quantity: '2', clientOrderId: 'order-1' },
      version: 'v2',
    });
    assert.match(fixed.text, /^valid: the request passes the checks of placeOptionOrder in the v2 \(preview\) docs\./);
  });

  test('explain_error knows DUPLICATE_CLIENT_ORDER_ID in v2, with its errors page row, and not in v1', async () => {
    const v2 = await callText(fixture.client, 'explain_error', { code: 'duplicate_client_order_id', version: 'v2' });
    assert.equal(v2.isError, false);
    assert.match(v2.text, /^# 409 DUPLICATE_CLIENT_ORDER_ID\n\nIn the v2 \(preview\) docs:/);
    assert.match(v2.text, /orders API \(1 operations\): A working order already has this clientOrderId\./);
    assert.match(
      v2.text,
      /## Standard errors \(https:\/\/developers\.clearing\.test\/docs\/v2\/getting-started\/standard-errors\)/,
    );
    assert.match(v2.text, /Remedy: Find the first order with the clientOrderId search filter/);
    const v1 = await callText(fixture.client, 'explain_error', { code: 'DUPLICATE_CLIENT_ORDER_ID' });
    assert.equal(v1.isError, true);
    assert.match(v1.text, /No error DUPLICATE_CLIENT_ORDER_ID is documented in the v1 docs/);
  });

  test('an unknown version is a tool error naming the versions the build has', async () => {
    for (const [tool, args] of /** @type {const} */ ([
      ['search_docs', { query: 'limitPrice' }],
      ['read_page', { page: '/docs/getting-started/standard-errors' }],
      ['list_operations', {}],
      ['get_operation', { operationId: 'placeOptionOrder' }],
      ['validate_request', { operationId: 'placeOptionOrder' }],
      ['explain_error', { code: 'INVALID_FIELD' }],
    ])) {
      const { text, isError } = await callText(fixture.client, tool, { ...args, version: 'v3' });
      assert.equal(isError, true, tool);
      assert.match(text, /^No docs version "v3": this build has the docs versions v1, v2\./, tool);
    }
  });

  test('a build of v1 only (DOCS_VERSIONS=current) says so when asked for v2, by argument or by path', async () => {
    const client = await connectClient(
      createMcpHandler({ readAsset: readAssetFromMemory(MCP_FILES_V1_ONLY), loadModule: importFromText }),
    );
    const listed = await callText(client, 'list_operations', { version: 'v2' });
    assert.equal(listed.isError, true);
    assert.match(listed.text, /^No docs version "v2": this build has v1 only\./);
    const page = await callText(client, 'read_page', { page: '/docs/v2/getting-started/standard-errors' });
    assert.equal(page.isError, true);
    assert.match(page.text, /this build has v1 only/);
    // v1 answers as ever, and the resources are v1's.
    assert.equal((await callText(client, 'read_page', { page: 'Standard errors' })).text, ERRORS_PAGE);
    const { resources } = await client.listResources();
    assert.ok(resources.every((resource) => !resource.uri.startsWith('docs://docs/v2/')));
    await client.close();
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
