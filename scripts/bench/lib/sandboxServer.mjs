#!/usr/bin/env node
/**
 * The local sandbox served alone in this process, for scripts/bench/sandbox.mjs to load from another one (so the load
 * generator never shares the sandbox's event loop or CPU): the rate limit off, no limit on one client's orders, a token
 * of the demo client and a funded, approved account. Prints one line of JSON, `{ origin, token, accountNumber }`,
 * when it is ready, and serves until it is stopped.
 */
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { serve } from '@hono/node-server';

const require = createRequire(import.meta.url);
const jiti = require('jiti')(import.meta.filename, { interopDefault: true });
const { createSandbox } = jiti('../../../sandbox/app.ts');

const sandbox = createSandbox({ rateLimit: false, timing: { reviewMs: 0 }, limits: { orders: 10_000_000 } });
const server = await new Promise((resolve) => {
  const started = serve({ fetch: sandbox.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
});
const origin = `http://127.0.0.1:${server.address().port}`;

async function call(method, path, body, headers = {}) {
  const response = await sandbox.fetch(
    new Request(`${origin}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID(), ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );
  return response.json();
}

const basic = Buffer.from('sandbox-demo:sandbox-demo-secret').toString('base64');
const { access_token: token } = await call('POST', '/connect/token', 'grant_type=client_credentials', {
  Authorization: `Basic ${basic}`,
  'Content-Type': 'application/x-www-form-urlencoded',
});
const auth = { Authorization: `Bearer ${token}` };
const openAccount = sandbox.descriptions.operations.find((operation) => operation.operationId === 'openAccount');
const application = structuredClone(
  openAccount.definition.requestBody.content['application/json'].examples.individual.value,
);
delete application.accountNumber;
const { accountNumber } = await call('POST', '/v1/accounts', application, auth);
for (let index = 0; index < 5; index += 1) {
  await call(
    'POST',
    `/v1/sandbox/accounts/${accountNumber}/deposits`,
    { amount: { amount: '1000000.00', currency: 'USD' } },
    auth,
  );
}
process.stdout.write(`${JSON.stringify({ origin, token, accountNumber })}\n`);
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => server.close(() => process.exit(0)));
