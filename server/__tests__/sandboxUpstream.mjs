// @ts-check
/**
 * A real sandbox (sandbox/app.ts) on an ephemeral loopback port, as the Try it proxy's upstream in tests, with
 * a switch for the failures a hosted sandbox can have: `down` drops every connection at once, `hang` never
 * answers. It remembers the headers of the last request it was sent.
 *
 *   const upstream = await startSandboxUpstream();
 *   createSiteApp({ …, apiProxy: upstream.settings });
 */
import { once } from 'node:events';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';

import { getRequestListener } from '@hono/node-server';

const require = createRequire(import.meta.url);
const jiti = require('jiti')(import.meta.filename, { interopDefault: true });

/**
 * The routes the build writes into the gate manifest (openapi/apiProxyTable.ts), from the real descriptions.
 * @returns {Promise<import('../apiProxy.mjs').ApiProxyManifest>}
 */
export async function apiProxyManifestFromDescriptions() {
  const { bundleDescriptions } = jiti('../../openapi/descriptions.ts');
  const { apiProxyTable } = jiti('../../openapi/apiProxyTable.ts');
  return apiProxyTable((await bundleDescriptions()).dereferenced);
}

/** @param {{ rateLimit?: false }} [options] */
export async function startSandboxUpstream(options = {}) {
  await apiProxyManifestFromDescriptions();
  const { createSandbox } = jiti('../../sandbox/app.ts');
  const sandbox = createSandbox({ rateLimit: options.rateLimit ?? false, processingMs: 0 });
  const listener = getRequestListener(sandbox.fetch);
  const upstream = {
    /** @type {'sandbox' | 'down' | 'hang'} */
    mode: 'sandbox',
    /** @type {import('node:http').IncomingHttpHeaders | undefined} */
    lastHeaders: undefined,
    /** @type {string | undefined} */
    lastUrl: undefined,
    origin: '',
    /** What the site's proxy is started with to reach this sandbox. @type {import('../apiProxy.mjs').ApiProxySettings} */
    settings: {},
    close: async () => {},
  };
  const server = createServer((request, response) => {
    if (upstream.mode === 'down') return void request.socket.destroy();
    if (upstream.mode === 'hang') return;
    upstream.lastHeaders = request.headers;
    upstream.lastUrl = request.url;
    void listener(request, response);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  upstream.origin = `http://127.0.0.1:${port}`;
  upstream.settings = { apiUrl: `${upstream.origin}/v1`, tokenUrl: `${upstream.origin}/connect/token` };
  upstream.close = async () => {
    server.closeAllConnections();
    server.close();
    await once(server, 'close');
  };
  return upstream;
}
