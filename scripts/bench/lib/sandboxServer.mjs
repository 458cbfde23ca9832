#!/usr/bin/env node
/**
 * The local sandbox served alone in this process, for scripts/bench/sandbox.mjs to load from another one (so the load
 * generator never shares the sandbox's event loop or CPU): the rate limit off, no limit on one client's orders, a token
 * of the demo client and a funded, approved account. Prints one line of JSON, `{ origin, token, accountNumber }`,
 * when it is ready, and serves until it is stopped.
 */
import { startDemoSandbox } from './demoSandbox.mjs';

// Funds for every order the load can place: each working order holds about 50 USD of buying power (XNFL's price), and
// 3 rounds of 10 s placed 100,000 orders (5 deposits ran out at the 99,980th: 10,837 answers of 422 in the run of
// 2026-12-01). 100 deposits hold 2,000,000 orders.
const DEPOSITS = 100;

const { origin, token, accountNumber, close } = await startDemoSandbox(
  { rateLimit: false, timing: { reviewMs: 0 }, limits: { orders: 10_000_000 } },
  DEPOSITS,
);
process.stdout.write(`${JSON.stringify({ origin, token, accountNumber })}\n`);
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => close().then(() => process.exit(0)));
