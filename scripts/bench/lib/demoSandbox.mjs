/**
 * A local sandbox for the sandbox benchmark, served on a free loopback port, with the demo client's token and an
 * individual account opened from its description's example and funded: what lib/sandboxServer.mjs serves to the load
 * and what scripts/bench/sandbox.mjs fills with 10,000 orders.
 */
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { serve } from '@hono/node-server';

const require = createRequire(import.meta.url);
const jiti = require('jiti')(import.meta.filename, { interopDefault: true });
const { createSandbox } = jiti('../../../sandbox/app.ts');
const { bundleDescriptions } = jiti('../../../openapi/descriptions.ts');

/**
 * @param {object} options the sandbox's options (`createSandbox`)
 * @param {number} deposits how many deposits of 1,000,000.00 USD the account gets
 */
export async function startDemoSandbox(options, deposits) {
  // As sandbox/cli.mjs does: the bundle may be older than the descriptions (the writers' loop edits one and puts it
  // back, and the sandbox refuses a stale bundle).
  await bundleDescriptions();
  const sandbox = createSandbox(options);
  const server = await new Promise((resolve) => {
    const started = serve({ fetch: sandbox.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
  });
  const origin = `http://127.0.0.1:${server.address().port}`;
  /** A request to the sandbox in this process (no network), with a fresh Idempotency-Key; its JSON answer. */
  const call = async (method, path, body, headers = {}) => {
    const response = await sandbox.fetch(
      new Request(`${origin}${path}`, {
        method,
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID(), ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
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
  const openAccount = sandbox.descriptions.operations.find((operation) => operation.operationId === 'openAccount');
  const application = structuredClone(
    openAccount.definition.requestBody.content['application/json'].examples.individual.value,
  );
  delete application.accountNumber;
  const { accountNumber } = await call('POST', '/v1/accounts', application, auth);
  for (let index = 0; index < deposits; index += 1) {
    const deposit = { amount: { amount: '1000000.00', currency: 'USD' } };
    await call('POST', `/v1/sandbox/accounts/${accountNumber}/deposits`, deposit, auth);
  }
  return {
    sandbox,
    origin,
    token,
    auth,
    accountNumber,
    call,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
