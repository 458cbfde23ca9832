#!/usr/bin/env node
/**
 * The local sandbox under load beside Prism's mock of the same operations (the peer a reader would use instead):
 * requests per second and p99 latency of a read (balance summary) and of an order placement, with autocannon
 * (10 connections), each server in a process of its own, alternating round by round, medians of the rounds. Where the
 * machine has two CPUs, the server under load has CPU 1 to itself and the load generator CPU 0 (`taskset`): "on one
 * core". Then the heap the sandbox holds for one client's 10,000 orders (the default limit), and the 10,001st refused.
 * The sandbox's rate limit is off for the run (it would cap every figure at 50/s).
 *
 *   node scripts/bench/sandbox.mjs [--seconds=10] [--rounds=3] [--json]
 *
 * scripts/bench/run.mjs (the `sandbox` section) runs this file with `--json` in a process of its own.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import os from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { assertPinnedNode } from '../../config/nodeRuntime.mjs';
import { startDemoSandbox } from './lib/demoSandbox.mjs';
import { median } from './lib/stats.mjs';

assertPinnedNode();

const require = createRequire(import.meta.url);
const jiti = require('jiti')(import.meta.filename, { interopDefault: true });
const { startPrismMocks } = jiti('../../openapi/prismMock.ts');

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    json: { type: 'boolean', default: false },
  },
});
const seconds = Number(values.seconds);
const rounds = Number(values.rounds);
const CONNECTIONS = 10;
const progress = (text) => process.stderr.write(`[sandbox bench] ${text}\n`);

/** Pins a process and its threads to one CPU; false where the machine cannot (one CPU, no taskset). */
const canPin = os.availableParallelism() >= 2 && spawnSync('taskset', ['--version']).status === 0;
const pin = (pid, cpu) => canPin && spawnSync('taskset', ['-a', '-cp', String(cpu), String(pid)]).status === 0;
const GENERATOR_CPU = 0;
const SERVER_CPU = 1;

/** The sandbox in a child process (lib/sandboxServer.mjs), ready with a token and a funded account. */
async function startSandboxProcess() {
  const child = spawn(process.execPath, [new URL('lib/sandboxServer.mjs', import.meta.url).pathname], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ready = await new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`the sandbox did not start in 120 s:\n${output}`)), 120_000);
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const line = output.split('\n').find((text) => text.startsWith('{'));
      if (line) {
        clearTimeout(timer);
        resolve(JSON.parse(line));
      }
    });
    child.once('exit', (code) => reject(new Error(`the sandbox exited (${code}):\n${output}`)));
  });
  return {
    ...ready,
    pids: [child.pid],
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
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

/** What is measured: the same request to the sandbox (`/v1/…`) and to the mock (its base URL replaces the server's). */
const CASES = [
  {
    key: 'read',
    name: 'GET balance summary (read)',
    request: (base, account) => ({ url: `${base}/accounts/${account.accountNumber}/balances/summary` }),
    api: 'accounts',
  },
  {
    key: 'place',
    name: 'POST /orders/equity (placement)',
    request: (base, account) => ({
      url: `${base}/orders/equity`,
      method: 'POST',
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            headers: { ...request.headers, 'Idempotency-Key': randomUUID() },
            body: JSON.stringify(workingOrder(account.accountNumber)),
          }),
        },
      ],
    }),
    api: 'orders',
  },
];

function load(options, token) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        connections: CONNECTIONS,
        duration: seconds,
        ...options,
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

/** The load on the sandbox and on the mock, alternating which goes first, round by round. */
async function throughput() {
  pin(process.pid, GENERATOR_CPU);
  progress('starting the sandbox and Prism mocks of the Accounts and Trading APIs');
  const sandbox = await startSandboxProcess();
  const mock = await startPrismMocks({ apis: ['accounts', 'orders'] });
  const pinned = [...sandbox.pids, ...mock.processIds].every((pid) => pin(pid, SERVER_CPU));
  const servers = {
    sandbox: { base: () => `${sandbox.origin}/v1` },
    mock: { base: (api) => mock.baseUrls[api] },
  };
  const figures = Object.fromEntries(
    CASES.map((c) => [
      c.key,
      Object.fromEntries(Object.keys(servers).map((s) => [s, { rps: [], p99: [], non2xx: 0, total: 0 }])),
    ]),
  );
  try {
    for (let round = 1; round <= rounds; round += 1) {
      const order = round % 2 === 1 ? ['sandbox', 'mock'] : ['mock', 'sandbox'];
      for (const c of CASES) {
        for (const key of order) {
          progress(`round ${round}/${rounds}: ${c.name} on the ${key}`);
          const result = await load(c.request(servers[key].base(c.api), sandbox), sandbox.token);
          const figure = figures[c.key][key];
          figure.rps.push(result.requests.average);
          figure.p99.push(result.latency.p99);
          figure.non2xx += result.non2xx + result.errors;
          figure.total += result.requests.total;
        }
      }
    }
  } finally {
    await sandbox.stop();
    await mock.stop();
  }
  return { pinned, cases: figures };
}

/** The heap one client's 10,000 orders take (the default limit per client), in this process. */
async function heldOrders() {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc');
  const heapMb = () => {
    gc();
    return process.memoryUsage().heapUsed / 2 ** 20;
  };
  const { sandbox, call, auth, accountNumber, close } = await startDemoSandbox(
    { rateLimit: false, timing: { reviewMs: 0 } },
    1,
  );
  const started = heapMb();
  for (let index = 0; index < 10_000; index += 1) {
    await call('POST', '/v1/orders/equity', workingOrder(accountNumber), auth);
  }
  const orders = sandbox.stateOf('sandbox-demo').orders.size;
  const ordersMb = heapMb() - started;
  const refused = await call('POST', '/v1/orders/equity', workingOrder(accountNumber), auth);
  await close();
  return { orders, ordersMb, refusedCode: refused.error?.code ?? null };
}

const measured = await throughput();
progress('the heap of 10,000 orders');
const result = {
  seconds,
  rounds,
  connections: CONNECTIONS,
  node: process.version,
  ...measured,
  heap: await heldOrders(),
};

if (values.json) {
  console.log(JSON.stringify(result));
} else {
  const ms = (list) => `${median(list).toFixed(0)} ms`;
  const rps = (list) => `${Math.round(median(list))} req/s`;
  console.log(
    `The local sandbox beside Prism's mock, ${seconds} s per load, ${CONNECTIONS} connections, medians of ${rounds} rounds, ` +
      `Node ${process.version}, ${result.pinned ? 'each server on one CPU of its own' : 'servers not pinned to a CPU'}`,
  );
  for (const c of CASES) {
    const { sandbox, mock } = result.cases[c.key];
    console.log(
      `${c.name.padEnd(34)} sandbox ${rps(sandbox.rps).padStart(11)}, p99 ${ms(sandbox.p99).padStart(6)}   ` +
        `mock ${rps(mock.rps).padStart(11)}, p99 ${ms(mock.p99).padStart(6)}   ` +
        `${(median(sandbox.rps) / median(mock.rps)).toFixed(2)}× the mock; non-2xx: ${sandbox.non2xx} and ${mock.non2xx}`,
    );
  }
  const { heap } = result;
  console.log(
    `Heap: ${heap.ordersMb.toFixed(1)} MiB for ${heap.orders} orders (${((heap.ordersMb * 1024) / heap.orders).toFixed(2)} KiB each); order ${heap.orders + 1}: ${heap.refusedCode}`,
  );
}
process.exit(0);
