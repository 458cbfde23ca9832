#!/usr/bin/env node
/**
 * The local sandbox served alone in this process, for scripts/bench/sandbox.mjs to load from another one (so the load
 * generator never shares the sandbox's event loop or CPU): the rate limit off, no limit on one client's orders, a token
 * of the demo client and a funded, approved account. Prints one line of JSON, `{ origin, token, accountNumber }`,
 * when it is ready, and serves until it is stopped.
 */
import { startDemoSandbox } from './demoSandbox.mjs';

const { origin, token, accountNumber, close } = await startDemoSandbox(
  { rateLimit: false, timing: { reviewMs: 0 }, limits: { orders: 10_000_000 } },
  5,
);
process.stdout.write(`${JSON.stringify({ origin, token, accountNumber })}\n`);
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => close().then(() => process.exit(0)));
