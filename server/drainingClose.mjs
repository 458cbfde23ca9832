// @ts-check
/**
 * Stopping a Node HTTP server without cutting requests in flight: it stops accepting connections, closes
 * the idle ones, answers the requests still arriving on open connections with `Connection: close`, and
 * waits for the responses under way to finish. What is still open after `drainMs` is cut, so a client
 * that never reads its response cannot hold a shutdown (a load balancer's grace period) forever.
 */

/** How long a stopping server waits for responses under way, unless told otherwise. */
export const DRAIN_TIMEOUT_MS = 10_000;
const IDLE_SWEEP_MS = 100;

/**
 * Prepares `server` for a draining close, and returns that close.
 * @param {import('node:http').Server} server
 * @returns {(drainMs?: number) => Promise<void>} resolves once every connection has ended
 */
export function drainingClose(server) {
  let draining = false;
  server.prependListener('request', (_request, response) => {
    if (draining) response.setHeader('Connection', 'close');
  });
  return (drainMs = DRAIN_TIMEOUT_MS) =>
    new Promise((resolve, reject) => {
      draining = true;
      const cut = setTimeout(() => server.closeAllConnections(), drainMs);
      // A keep-alive connection whose response was under way becomes idle when it is sent: closed then.
      const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
      server.close((error) => {
        clearTimeout(cut);
        clearInterval(sweep);
        if (error) reject(error);
        else resolve();
      });
      server.closeIdleConnections();
    });
}
