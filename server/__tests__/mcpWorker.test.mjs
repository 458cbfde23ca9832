// @ts-check
// The docs' MCP server (server/mcp) on the real workerd runtime (miniflare, offline): bundled as the site's Worker
// is (esbuild, for workerd, no Node built-ins), it answers an MCP SDK client's calls on the fixture build.
// Run: node --test server/__tests__/mcpWorker.test.mjs
import { strict as assert } from 'node:assert';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';

import { build } from 'esbuild';
import { Miniflare } from 'miniflare';

import { callText, connectClient, ERRORS_PAGE, SITE, V2_ERRORS_PAGE } from './mcpFixture.mjs';
import { MCP_FILES } from './mcpFixtureBuild.mjs';
import { bundledBuildPlugin, readWorkerConfig } from './workerSite.mjs';

const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * A message's headers as pairs, to hand from Node's Fetch API to miniflare's and back.
 * @param {{ forEach(callback: (value: string, name: string) => void): void }} headers
 */
function headerList(headers) {
  /** @type {[string, string][]} */
  const pairs = [];
  headers.forEach((value, name) => pairs.push([name, value]));
  return pairs;
}

/** @type {Miniflare} */
let miniflare;
/** @type {import('esbuild').Metafile} */
let metafile;
/** @type {import('@modelcontextprotocol/sdk/client/index.js').Client} */
let client;
/** The fixture build's Try it modules as files, for the Worker's bundle. */
let buildDir = '';

before(async () => {
  const config = await readWorkerConfig();
  buildDir = await mkdtemp(path.join(tmpdir(), 'mcp-worker-build-'));
  // v1's module and v2's (docs/try-it/v2/), as a build of both docs versions has them.
  for (const tryItFile of /** @type {const} */ ([
    'docs/try-it/placeOptionOrder.js',
    'docs/try-it/v2/placeOptionOrder.js',
  ])) {
    await mkdir(path.join(buildDir, path.dirname(tryItFile)), { recursive: true });
    await writeFile(path.join(buildDir, tryItFile), MCP_FILES[tryItFile]);
  }
  const bundle = await build({
    // A Worker serving the MCP server on the fixture build. As in the site's Worker, no code is loaded from data:
    // validate_request runs the build's Try it modules bundled into the Worker.
    stdin: {
      contents: `
        import { createMcpHandler } from '../mcp/handler.mjs';
        import { importBundledTryItModule } from '../mcp/bundledTryIt.mjs';
        import { MCP_FILES, readAssetFromMemory } from './mcpFixtureBuild.mjs';
        const handler = createMcpHandler({ readAsset: readAssetFromMemory(MCP_FILES), loadModule: importBundledTryItModule });
        export default { fetch: (request) => handler(request) };
      `,
      resolveDir: path.join(PROJECT_ROOT, 'server/__tests__'),
      sourcefile: 'mcp-worker.mjs',
    },
    outfile: path.join(PROJECT_ROOT, 'mcp-worker.bundle.mjs'),
    write: false,
    bundle: true,
    metafile: true,
    format: 'esm',
    platform: 'neutral',
    conditions: ['workerd', 'worker', 'browser'],
    mainFields: ['browser', 'module', 'main'],
    target: 'es2022',
    plugins: [bundledBuildPlugin(config, buildDir)],
  });
  metafile = bundle.metafile;
  miniflare = new Miniflare({
    modules: [
      {
        type: 'ESModule',
        path: path.join(PROJECT_ROOT, 'mcp-worker.bundle.mjs'),
        contents: bundle.outputFiles[0].text,
      },
    ],
    compatibilityDate: config.compatibilityDate,
  });
  await miniflare.ready;
  client = await connectClient(async (request) => {
    const response = await miniflare.dispatchFetch(request.url, {
      method: request.method,
      headers: headerList(request.headers),
      body: request.method === 'POST' ? await request.text() : undefined,
    });
    return new Response(await response.text(), {
      status: response.status,
      headers: headerList(response.headers),
    });
  });
});
after(async () => {
  await client?.close();
  await miniflare?.dispose();
  if (buildDir) await rm(buildDir, { recursive: true, force: true });
});

describe('the MCP server on workerd', () => {
  test('bundles without Node built-ins and without the SDK’s Express or Node HTTP servers', () => {
    const inputs = Object.keys(metafile.inputs);
    assert.deepEqual(
      inputs.filter((input) =>
        /^node:|node_modules\/(express|@hono\/node-server|raw-body|cross-spawn|eventsource)\//.test(input),
      ),
      [],
    );
  });

  test('lists the tools and answers them from the build', async () => {
    const { tools } = await client.listTools();
    assert.equal(tools.length, 6);
    const search = await callText(client, 'search_docs', { query: 'limitPrice' });
    assert.match(search.text, /Field anchor: request\.limitPrice/);
    const page = await callText(client, 'read_page', { page: `${SITE}/docs/getting-started/standard-errors` });
    assert.equal(page.text, ERRORS_PAGE);
    const explained = await callText(client, 'explain_error', { code: 'INSUFFICIENT_BUYING_POWER' });
    assert.match(explained.text, /Remedy: Reduce the quantity/);
  });

  test('validate_request runs the Try it checks bundled into the Worker', async () => {
    const header = { 'Idempotency-Key': '0b6f3c53-3d53-4a43-9a1f-1a8f0b7e2c11' };
    const fractional = await callText(client, 'validate_request', {
      operationId: 'placeOptionOrder',
      header,
      body: { quantity: '1.5' },
    });
    assert.notEqual(fractional.isError, true);
    assert.match(fractional.text, /- field `quantity`: issue `whole_number`.*#request\.quantity/);
    const whole = await callText(client, 'validate_request', {
      operationId: 'placeOptionOrder',
      header,
      body: { quantity: '2' },
    });
    assert.match(whole.text, /^valid: /);
    assert.ok(
      Object.keys(metafile.inputs).some((input) => input.endsWith('docs/try-it/placeOptionOrder.js')),
      'the build module is in the bundle',
    );
  });

  test("answers from v2 when asked: its pages, search, operations, checks (v2's bundled module) and errors", async () => {
    const page = await callText(client, 'read_page', { page: '/docs/v2/getting-started/standard-errors' });
    assert.equal(page.text, V2_ERRORS_PAGE);
    const search = await callText(client, 'search_docs', { query: 'clientOrderId', version: 'v2' });
    assert.match(search.text, /Operation: placeOptionOrder \(POST \/v2\/orders\/options\)/);
    const listed = await callText(client, 'list_operations', { version: 'v2' });
    assert.match(listed.text, /\| POST \| `\/v2\/orders\/options\/\{orderId\}\/cancel` \| `cancelOptionOrder` \|/);
    const deprecated = await callText(client, 'get_operation', { operationId: 'cancelOptionOrder' });
    assert.match(
      deprecated.text,
      /\*\*Deprecated\*\* since 2026-11-30; sunset on 2028-03-01.*Use `POST \/v2\/orders\/options\/\{orderId\}\/cancel` instead/,
    );
    const order = {
      operationId: 'placeOptionOrder',
      header: { 'Idempotency-Key': '0b6f3c53-3d53-4a43-9a1f-1a8f0b7e2c11' },
      body: { quantity: '2' },
    };
    const v2 = await callText(client, 'validate_request', { ...order, version: 'v2' });
    assert.match(v2.text, /- field `clientOrderId`: issue `required`/);
    assert.match((await callText(client, 'validate_request', order)).text, /^valid: /);
    assert.ok(
      Object.keys(metafile.inputs).some((input) => input.endsWith('docs/try-it/v2/placeOptionOrder.js')),
      "v2's module is in the bundle",
    );
    const explained = await callText(client, 'explain_error', { code: 'DUPLICATE_CLIENT_ORDER_ID', version: 'v2' });
    assert.match(explained.text, /^# 409 DUPLICATE_CLIENT_ORDER_ID/);
    const unknown = await callText(client, 'search_docs', { query: 'x', version: 'v9' });
    assert.equal(unknown.isError, true);
    assert.match(unknown.text, /this build has the docs versions v1, v2/);
  });

  test('validate_request on an operation whose module the build lacks says so', async () => {
    const { text, isError } = await callText(client, 'validate_request', { operationId: 'getOptionOrder' });
    assert.equal(isError, true);
    assert.match(text, /The build has no checks for getOptionOrder/);
  });
});
