// @ts-check
// The docs' MCP server (server/mcp) on the real test build (scripts/build-for-tests.mjs writes it): each tool's
// answer checked against the built site's own files (each tool's time: scripts/bench/mcp.mjs, in npm run bench).
// `npm test` runs it right after that build (the `built` layer); skipped, saying so, when there is no test build.
// Run: node scripts/build-for-tests.mjs && node --test server/__tests__/built/mcpBuild.test.mjs
import { strict as assert } from 'node:assert';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';

import { MCP_CATALOG_FILE, mcpCatalogFile } from '../../../contracts/mcp/catalog.ts';
import { BUILD_DIR } from '../../../tests/e2e/environment.mjs';
import { createSiteApp } from '../../app.mjs';
import { createMcpHandler } from '../../mcp/handler.mjs';
import { importFromText } from '../../mcp/requestCheck.mjs';
import { pagesOfLlmsTxt } from '../../mcp/siteData.mjs';
import { readAssetFromDirectory } from '../../node.mjs';
import { A_FRACTIONAL_OPTION_ORDER, callText, connectClient } from '../mcpFixture.mjs';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const BUILD = path.join(ROOT, BUILD_DIR);
const SKIP = existsSync(path.join(BUILD, MCP_CATALOG_FILE))
  ? false
  : `no test build with the MCP catalog in ${BUILD_DIR}/: run node scripts/build-for-tests.mjs first`;
const SITE = 'https://developers.clearing.test/';

/** @type {import('@modelcontextprotocol/sdk/client/index.js').Client} */
let client;
before(async () => {
  if (SKIP) return;
  const handler = createMcpHandler({
    readAsset: readAssetFromDirectory(BUILD),
    siteUrl: SITE,
    loadModule: importFromText,
  });
  client = await connectClient(handler, `${SITE}mcp`);
});
after(() => client?.close());

describe('the MCP server on the test build', { skip: SKIP }, () => {
  test('reads a catalog that the gate serves to signed-in readers only', async () => {
    const manifest = JSON.parse(await readFile(path.join(BUILD, 'gate-manifest.json'), 'utf8'));
    assert.equal(manifest.files[MCP_CATALOG_FILE], 'protected');
    const site = createSiteApp({ readAsset: readAssetFromDirectory(BUILD), log: () => {} });
    const V2_CATALOG_FILE = mcpCatalogFile('v2');
    assert.equal(manifest.files[V2_CATALOG_FILE], 'protected');
    for (const file of [MCP_CATALOG_FILE, `${MCP_CATALOG_FILE}.br`, V2_CATALOG_FILE, `${V2_CATALOG_FILE}.br`]) {
      const response = await site.request(`/${file}`, { headers: { 'Accept-Encoding': 'br, gzip' } });
      assert.equal(response.status, 401, file);
      assert.ok(!(await response.text()).includes('placeOptionOrder'), file);
    }
  });

  test('search_docs "limitPrice" gives the operations that take it, each with its field anchor', async () => {
    const { text } = await callText(client, 'search_docs', { query: 'limitPrice', limit: 20 });
    for (const [page, operationId] of [
      ['trading-api/equity/single-equity-order', 'placeEquityOrder'],
      ['trading-api/options/single-option-order', 'placeOptionOrder'],
      ['trading-api/options/block-option-order', 'placeBlockOptionOrder'],
    ]) {
      assert.match(
        text,
        new RegExp(
          `URL: ${SITE}docs/${page}#request\\.limitPrice\\n\\s+Field anchor: request\\.limitPrice\\n\\s+Operation: ${operationId} `,
        ),
        text,
      );
    }
  });

  test("read_page answers every page's Markdown exactly as its .md file", async () => {
    const pages = pagesOfLlmsTxt(await readFile(path.join(BUILD, 'llms.txt'), 'utf8'), '/');
    assert.ok(pages.length > 50);
    for (const page of pages) {
      const markdown = await readFile(path.join(BUILD, page.markdownFile), 'utf8');
      // Long pages come in parts: the first part is the start of the file.
      const { text } = await callText(client, 'read_page', { page: page.path });
      if (markdown.length <= 20_000) assert.equal(text, markdown, page.path);
      else assert.ok(markdown.startsWith(text.slice(0, text.lastIndexOf('\n\n[Part 1 of'))), page.path);
    }
  });

  test("read_page answers every v2 page's Markdown, found by its /docs/v2 path, exactly as its .md file", async () => {
    const pages = pagesOfLlmsTxt(await readFile(path.join(BUILD, 'llms-v2.txt'), 'utf8'), '/', 'v2');
    assert.ok(pages.length > 50);
    assert.ok(pages.every((page) => page.path.startsWith('/docs/v2/')));
    for (const page of pages) {
      const markdown = await readFile(path.join(BUILD, page.markdownFile), 'utf8');
      const { text } = await callText(client, 'read_page', { page: page.path });
      if (markdown.length <= 20_000) assert.equal(text, markdown, page.path);
      else assert.ok(markdown.startsWith(text.slice(0, text.lastIndexOf('\n\n[Part 1 of'))), page.path);
    }
  });

  test('the v2 docs: search, the cancel on /v2, the v1 cancel deprecated, the required clientOrderId, its 409', async () => {
    const search = await callText(client, 'search_docs', { query: 'cancel an equity order', version: 'v2' });
    assert.match(search.text, /^Results for "cancel an equity order" in the v2 \(preview\) docs/);
    assert.match(search.text, new RegExp(`URL: ${SITE}docs/v2/trading-api/equity/cancel-equity-order`));
    assert.doesNotMatch(search.text, new RegExp(`URL: ${SITE}docs/(?!v2/)`));

    const listed = await callText(client, 'list_operations', { api: 'orders', version: 'v2' });
    assert.match(listed.text, /\| POST \| `\/v2\/orders\/equity\/\{orderId\}\/cancel` \| `cancelEquityOrder` \|/);
    assert.doesNotMatch(listed.text, /\| DELETE \|/);
    const accounts = await callText(client, 'list_operations', { api: 'accounts', version: 'v2' });
    // The APIs v2 leaves alone are v1's, on v2's pages.
    assert.ok(
      accounts.text.includes(
        `| GET | \`/v1/accounts/{accountNumber}\` | \`getAccount\` | Get an account | accounts.read | ${SITE}docs/v2/accounts-api/endpoints/get-account |`,
      ),
      accounts.text,
    );

    const deprecated = await callText(client, 'get_operation', { operationId: 'cancelEquityOrder', parts: [] });
    assert.match(
      deprecated.text,
      /\*\*Deprecated\*\* since 2026-11-30; sunset on 2028-03-01, when it stops working\. Use `POST \/v2\/orders\/equity\/\{orderId\}\/cancel` instead\./,
    );

    const order = {
      operationId: 'placeEquityOrder',
      header: { 'Idempotency-Key': '0b6f3c53-3d53-4a43-9a1f-1a8f0b7e2c11' },
      body: {
        accountNumber: '5GT10001',
        symbol: 'XMPL',
        side: 'BUY',
        type: 'MARKET',
        quantity: '10',
        timeInForce: 'DAY',
      },
    };
    const v1 = await callText(client, 'validate_request', order);
    assert.match(v1.text, /^valid: /);
    const v2 = await callText(client, 'validate_request', { ...order, version: 'v2' });
    assert.match(v2.text, /^invalid: /);
    assert.match(v2.text, /- field `clientOrderId`: issue `required`/);
    assert.match(v2.text, new RegExp(`${SITE}docs/v2/trading-api/equity/single-equity-order#request\\.clientOrderId`));

    const explained = await callText(client, 'explain_error', { code: 'DUPLICATE_CLIENT_ORDER_ID', version: 'v2' });
    assert.equal(explained.isError, false);
    assert.match(explained.text, /^# 409 DUPLICATE_CLIENT_ORDER_ID\n\nIn the v2 \(preview\) docs:/);
    assert.match(explained.text, /A working order already has this `clientOrderId`/);
    const inV1 = await callText(client, 'explain_error', { code: 'DUPLICATE_CLIENT_ORDER_ID' });
    assert.equal(inV1.isError, true);
  });

  test('validate_request flags a fractional option quantity with the issue the errors page gives', async () => {
    const { text } = await callText(client, 'validate_request', A_FRACTIONAL_OPTION_ORDER);
    assert.match(text, /^invalid: /);
    assert.match(text, /- field `quantity`: issue `whole_number` /);
    assert.match(text, /docs\/trading-api\/options\/single-option-order#request\.quantity/);
    const errorsPage = await readFile(path.join(BUILD, 'docs/getting-started/standard-errors.md'), 'utf8');
    assert.match(
      errorsPage,
      /\| `whole_number` \| The value must be a whole number, such as a block quantity or a contract quantity\. \|/,
    );
    const whole = await callText(client, 'validate_request', {
      ...A_FRACTIONAL_OPTION_ORDER,
      body: { ...A_FRACTIONAL_OPTION_ORDER.body, quantity: '2' },
    });
    assert.match(whole.text, /^valid: /);
  });

  test("explain_error gives the option errors page's meaning and remedy", async () => {
    const { text } = await callText(client, 'explain_error', {
      code: 'INSUFFICIENT_BUYING_POWER',
      status: 422,
      operationId: 'placeOptionOrder',
    });
    assert.match(
      text,
      /## Option order errors \(https:\/\/developers\.clearing\.test\/docs\/trading-api\/options\/appendix\/errors\)/,
    );
    assert.match(text, /What to do: Reduce the contracts or add funds\./);
  });

  test('an unknown page gets the closest titles', async () => {
    const { text, isError } = await callText(client, 'read_page', { page: 'docs/getting-started/authentification' });
    assert.equal(isError, true);
    assert.match(text, /- Authentication: https:\/\/developers\.clearing\.test\/docs\/getting-started\/authentication/);
  });

  test('a long page comes in parts that join into its .md file', async () => {
    const page = 'docs/trading-api/options/single-option-order';
    const markdown = await readFile(path.join(BUILD, `${page}.md`), 'utf8');
    assert.ok(markdown.length > 20_000, 'the page is longer than one part');
    const parts = [];
    for (let part = 1; part <= 10; part += 1) {
      const { text } = await callText(client, 'read_page', { page, part });
      const footer = /\n\n\[Part \d+ of (\d+)[^\]]*\]$/.exec(text);
      assert.ok(footer, text.slice(-200));
      parts.push(text.slice(0, footer.index));
      if (part === Number(footer[1])) break;
    }
    assert.ok(parts.length >= 2);
    assert.equal(parts.join('\n'), markdown.replace(/\n$/, ''));
  });
});
