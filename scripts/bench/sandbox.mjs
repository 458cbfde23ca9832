#!/usr/bin/env node
/**
 * The local sandbox under load (runnable alone: `node scripts/bench/sandbox.mjs [--seconds=10]`):
 * requests per second and p99 latency of a read (balance summary) and of an order placement, with
 * autocannon against the sandbox served on a free loopback port, and the heap the sandbox holds for one
 * client with 10,000 orders. The rate limit is off for the run (it would cap every figure at 50/s).
 */
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parseArgs } from 'node:util';
import { serve } from '@hono/node-server';
import autocannon from 'autocannon';
import { assertPinnedNode } from '../../config/nodeRuntime.mjs';

assertPinnedNode();

const require = createRequire(import.meta.url);
const jiti = require('jiti')(import.meta.filename, { interopDefault: true });
const { createSandbox } = jiti('../../sandbox/app.ts');

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '10' } } });
const seconds = Number(values.seconds);

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc');
const heapMb = () => {
  gc();
  return process.memoryUsage().heapUsed / 1024 / 1024;
};

/** A sandbox on a free port, with a token and a funded, approved account of the demo client. */
async function startSandbox(options) {
  const sandbox = createSandbox({ rateLimit: false, timing: { reviewMs: 0 }, ...options });
  const server = await new Promise((resolve) => {
    const started = serve({ fetch: sandbox.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
  });
  const origin = `http://127.0.0.1:${server.address().port}`;
  const call = async (method, path, body, headers = {}) => {
    const response = await sandbox.fetch(
      new Request(`${origin}${path}`, {
        method,
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID(), ...headers },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      }),
    );
    return response.json();
  };
  const basic = Buffer.from('sandbox-demo:sandbox-demo-secret').toString('base64');
  const { access_token: token } = await call('POST', '/connect/token', 'grant_type=client_credentials', {
    Authorization: `Basic ${basic}`,
    'Content-Type': 'application/x-www-form-urlencoded',
  });
  const auth = { Authorization: `Bearer ${token}` };
  const { accountNumber } = await call('POST', '/v1/accounts', openAccountBody(sandbox), auth);
  for (let index = 0; index < 5; index += 1) {
    await call(
      'POST',
      `/v1/sandbox/accounts/${accountNumber}/deposits`,
      { amount: { amount: '1000000.00', currency: 'USD' } },
      auth,
    );
  }
  return { sandbox, server, origin, call, auth, accountNumber };
}

function openAccountBody(sandbox) {
  const operation = sandbox.descriptions.operations.find((candidate) => candidate.operationId === 'openAccount');
  const example = structuredClone(
    operation.definition.requestBody.content['application/json'].examples.individual.value,
  );
  delete example.accountNumber;
  return example;
}

/** An order that stays working (XNFL never fills) and reserves 25.00 USD of buying power. */
const workingOrder = (accountNumber) => ({
  accountNumber,
  symbol: 'XNFL',
  side: 'BUY',
  type: 'LIMIT',
  quantity: '1',
  limitPrice: { amount: '25.00', currency: 'USD' },
  timeInForce: 'DAY',
});

function load(url, options) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: 10, duration: seconds, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

const row = (name, result) =>
  `${name.padEnd(34)} ${String(Math.round(result.requests.average)).padStart(8)} req/s   p99 ${String(result.latency.p99).padStart(4)} ms   ${result.non2xx} non-2xx of ${result.requests.total}`;

// Reads and placements, on a sandbox without the per-client order limit.
const bench = await startSandbox({ limits: { orders: 10_000_000 } });
const read = await load(`${bench.origin}/v1/accounts/${bench.accountNumber}/balances/summary`, {
  headers: bench.auth,
});
const place = await load(`${bench.origin}/v1/orders/equity`, {
  method: 'POST',
  requests: [
    {
      setupRequest: (request) => ({
        ...request,
        headers: {
          ...bench.auth,
          'Content-Type': 'application/json',
          'Idempotency-Key': randomUUID(),
        },
        body: JSON.stringify(workingOrder(bench.accountNumber)),
      }),
    },
  ],
});
await new Promise((resolve) => bench.server.close(resolve));

// The heap one client's 10,000 orders take (the default limit per client).
const before = heapMb();
const held = await startSandbox({});
const started = heapMb();
for (let index = 0; index < 10_000; index += 1) {
  await held.call('POST', '/v1/orders/equity', workingOrder(held.accountNumber), held.auth);
}
const orders = held.sandbox.stateOf('sandbox-demo').orders.size;
const full = heapMb();
const refused = await held.call('POST', '/v1/orders/equity', workingOrder(held.accountNumber), held.auth);
await new Promise((resolve) => held.server.close(resolve));

console.log(`Local sandbox, ${seconds} s per load test, 10 connections, Node ${process.version}, rate limit off`);
console.log(row('GET balance summary (read)', read));
console.log(row('POST /orders/equity (placement)', place));
console.log(
  `Heap: ${(started - before).toFixed(1)} MB for an empty sandbox, ${(full - started).toFixed(1)} MB more with ${orders} orders (${(((full - started) * 1024) / orders).toFixed(2)} KB each); order ${orders + 1}: ${refused.error?.code}`,
);
