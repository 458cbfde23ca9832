#!/usr/bin/env node
// `npm run sandbox`: the provider's sandbox on this machine, at http://localhost:4020 (SANDBOX_PORT to
// change it): the token endpoint at /connect/token and every operation of the four API descriptions
// under /v1 (Trading API v2 under /v2), with state kept per client in memory. Usage: npm run sandbox [-- --host 0.0.0.0]
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import { serve } from '@hono/node-server';
import { assertPinnedNode } from '../config/nodeRuntime.mjs';

assertPinnedNode();

const require = createRequire(import.meta.url);
const jiti = require('jiti')(import.meta.filename, { interopDefault: true });
// The sandbox reads the bundled descriptions; on a fresh clone nothing has bundled them yet (a build or Jest
// would have), so bundle them here. It is quick when they are already bundled from the same files.
await jiti('../openapi/descriptions.ts').bundleDescriptions();
const { createSandbox } = jiti('./app.ts');

const { values } = parseArgs({ options: { host: { type: 'string', default: '127.0.0.1' } } });
const port = Number(process.env.SANDBOX_PORT || 4020);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`SANDBOX_PORT must be a port number (0-65535), not "${process.env.SANDBOX_PORT}".`);
  process.exit(2);
}

// It answers requests addressed to this machine (contracts/net/loopback.ts), and to the --host given if it is
// a name or address of its own (not 0.0.0.0 or ::): any other Host gets 421.
const allowedHosts = ['0.0.0.0', '::', '127.0.0.1'].includes(values.host)
  ? []
  : [values.host.includes(':') ? `[${values.host}]` : values.host];
const sandbox = createSandbox({ allowedHosts });
const server = serve({ fetch: sandbox.fetch, port, hostname: values.host }, (info) => {
  const origin = `http://${values.host === '127.0.0.1' ? 'localhost' : values.host}:${info.port}`;
  console.log(`Sandbox listening on ${origin}`);
  console.log(`  BASE_URL=${origin}/v1`);
  console.log(`  TOKEN_URL=${origin}/connect/token`);
  console.log('Demo clients (client ID / secret: scopes):');
  for (const client of sandbox.clients) {
    console.log(`  ${client.clientId} / ${client.clientSecret}: ${client.scopes.join(' ')}`);
  }
  console.log('State is kept in memory per client; POST /v1/sandbox/reset clears it. Stop with Ctrl+C.');
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => server.close(() => process.exit(0)));
}
