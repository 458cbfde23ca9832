#!/usr/bin/env node
/**
 * Times the docs' MCP server (server/mcp) on Node against a production build: each tool called with the
 * arguments an assistant sends, through the MCP SDK's client over the server's HTTP handler in this process
 * (the sign-in before it is the gate's and the provider's, measured elsewhere), with each tool's median and
 * p99; and what the search index costs: the first search, which builds it, and the heap and resident memory it
 * holds once built (measured with garbage collected before and after, so run with --expose-gc).
 *
 *   node --expose-gc scripts/bench/mcp.mjs [--calls=200] [--json] [build-dir=build]
 *
 * scripts/bench/run.mjs (the `mcp` section) runs this file with `--json` in a process of its own, so that nothing
 * else of the bench is on the heap it measures.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createMcpHandler } from '../../server/mcp/handler.mjs';
import { importFromText } from '../../server/mcp/requestCheck.mjs';
import { readAssetFromDirectory } from '../../server/node.mjs';
import { A_FRACTIONAL_OPTION_ORDER } from '../../server/__tests__/mcpFixtureBuild.mjs';
import { isMain } from './lib/stats.mjs';

const SITE = 'https://developers.clearing.test/';

/** What an assistant asks, per tool: the calls cycle through these. */
const TOOL_CALLS = {
  search_docs: [
    { query: 'limitPrice' },
    { query: 'cancel an order' },
    { query: 'W-9', limit: 5 },
    { query: 'rate limit', section: 'Getting started' },
    { query: 'trusted contact' },
  ],
  read_page: [
    { page: '/docs/trading-api/options/single-option-order' },
    { page: '/docs/getting-started/standard-errors' },
    { page: '/docs/accounts-api/endpoints/balance-summary' },
  ],
  list_operations: [{}, { api: 'orders' }, { api: 'accounts' }],
  get_operation: [
    { operationId: 'placeOptionOrder' },
    { operationId: 'placeEquityOrder', parts: ['parameters', 'responses'] },
    { operationId: 'placeOptionOrder', parts: ['samples'] },
  ],
  validate_request: [A_FRACTIONAL_OPTION_ORDER],
  explain_error: [
    { code: 'INSUFFICIENT_BUYING_POWER', status: 422 },
    { code: 'INVALID_FIELD', status: 400, operationId: 'placeOptionOrder' },
  ],
};

/** The p-th percentile (nearest rank) of `values`. */
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

const settle = () => {
  globalThis.gc?.();
  globalThis.gc?.();
  return process.memoryUsage();
};

/**
 * @param {{ buildDir: string, calls?: number }} options
 * @returns {Promise<{ calls: number, tools: Record<string, { median: number, p99: number }>, index: { firstSearchMs: number, heapBytes: number, rssBytes: number } }>}
 */
async function measureMcp({ buildDir, calls = 200 }) {
  if (typeof globalThis.gc !== 'function') throw new Error('run with node --expose-gc: the index memory needs it');
  const handler = createMcpHandler({
    readAsset: readAssetFromDirectory(path.resolve(buildDir)),
    siteUrl: SITE,
    loadModule: importFromText,
  });
  const client = new Client({ name: 'docs-bench', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${SITE}mcp`), {
      fetch: (url, init) => handler(new Request(url, init)),
    }),
  );
  const call = async (name, args) => {
    const result = await client.callTool({ name, arguments: args });
    if (result.isError) throw new Error(`${name} ${JSON.stringify(args)}: ${JSON.stringify(result.content)}`);
  };
  try {
    // The catalog and the page list, which every tool reads, loaded before memory is measured.
    await call('list_operations', {});
    await call('read_page', TOOL_CALLS.read_page[0]);
    const before = settle();
    let started = performance.now();
    await call('search_docs', TOOL_CALLS.search_docs[0]);
    const firstSearchMs = performance.now() - started;
    const after = settle();
    const index = {
      firstSearchMs,
      heapBytes: after.heapUsed - before.heapUsed,
      rssBytes: after.rss - before.rss,
    };

    /** @type {Record<string, { median: number, p99: number }>} */
    const tools = {};
    for (const [name, argumentLists] of Object.entries(TOOL_CALLS)) {
      // Each call once untimed: a tool's first call loads what it reads (a Try it module, a page).
      for (const args of argumentLists) await call(name, args);
      const times = [];
      for (let index = 0; index < calls; index += 1) {
        const args = argumentLists[index % argumentLists.length];
        started = performance.now();
        await call(name, args);
        times.push(performance.now() - started);
      }
      tools[name] = { median: percentile(times, 50), p99: percentile(times, 99) };
    }
    return { calls, tools, index };
  } finally {
    await client.close();
  }
}

if (isMain(import.meta.url)) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { calls: { type: 'string', default: '200' }, json: { type: 'boolean', default: false } },
  });
  const result = await measureMcp({ buildDir: positionals[0] ?? 'build', calls: Number(values.calls) });
  if (values.json) {
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } else {
    console.log(`MCP tools on Node, ${result.calls} calls each: median / p99`);
    for (const [name, { median, p99 }] of Object.entries(result.tools)) {
      console.log(`  ${name.padEnd(17)} ${median.toFixed(1).padStart(7)} ms  ${p99.toFixed(1).padStart(7)} ms`);
    }
    const mib = (bytes) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
    console.log(
      `Search index: first search ${result.index.firstSearchMs.toFixed(0)} ms; heap ${mib(result.index.heapBytes)}, resident ${mib(result.index.rssBytes)}`,
    );
  }
}
