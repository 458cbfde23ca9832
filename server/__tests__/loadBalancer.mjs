// @ts-check
/**
 * A small load balancer for tests, as nginx or a cloud load balancer acts in front of several copies of the
 * server: round robin over the replicas, keep-alive connections to them, and a request that got no answer
 * (a refused or reset connection: the replica is stopping) tried again on the next replica, the failed one
 * left out for a while. Only GET and
 * HEAD, the server's own methods, are retried. Counts what each replica answered.
 *
 *   const balancer = await startLoadBalancer(['http://127.0.0.1:3001/', 'http://127.0.0.1:3002/']);
 *   await fetch(balancer.url);  balancer.answered  // [1, 0]
 *   await balancer.close();
 */
import { Agent, createServer, request as httpRequest } from 'node:http';
import { once } from 'node:events';

const DOWN_MS = 2_000;
/** Headers about one connection, which a proxy does not pass on (RFC 9110, 7.6.1). */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade'];

/** @param {import('node:http').IncomingHttpHeaders} headers */
function endToEnd(headers) {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.includes(name)));
}

/**
 * @param {string[]} replicas origins, each ending in `/`
 */
export async function startLoadBalancer(replicas) {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const answered = replicas.map(() => 0);
  let retried = 0;
  let next = 0;
  /** Until when each replica is left out, after a connection to it failed (nginx's `fail_timeout`). */
  const downUntil = replicas.map(() => 0);

  /** The next replica in turn that is not left out (any, when all are). */
  function pickReplica() {
    const now = Date.now();
    for (let tried = 0; tried < replicas.length; tried++) {
      const index = next++ % replicas.length;
      if (downUntil[index] <= now) return index;
    }
    return next++ % replicas.length;
  }

  /**
   * @param {import('node:http').IncomingMessage} incoming
   * @param {import('node:http').ServerResponse} outgoing
   * @param {number} attemptsLeft
   */
  function forward(incoming, outgoing, attemptsLeft) {
    const index = pickReplica();
    const target = new URL(incoming.url ?? '/', replicas[index]);
    const upstream = httpRequest(
      target,
      { method: incoming.method, headers: endToEnd(incoming.headers), agent },
      (response) => {
        answered[index]++;
        outgoing.writeHead(response.statusCode ?? 502, endToEnd(response.headers));
        // A response cut short is cut short for the client too: it is never passed on as complete.
        response.on('aborted', () => outgoing.destroy());
        response.on('error', () => outgoing.destroy());
        response.pipe(outgoing);
      },
    );
    upstream.on('error', () => {
      downUntil[index] = Date.now() + DOWN_MS;
      if (outgoing.headersSent) {
        outgoing.destroy();
      } else if (attemptsLeft > 1) {
        retried++;
        forward(incoming, outgoing, attemptsLeft - 1);
      } else {
        outgoing.writeHead(502).end('no replica answered');
      }
    });
    upstream.end();
  }

  const server = createServer((incoming, outgoing) => {
    if (incoming.method !== 'GET' && incoming.method !== 'HEAD') {
      outgoing.writeHead(405).end();
      return;
    }
    forward(incoming, outgoing, replicas.length * 3);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${port}/`,
    answered,
    /** How many requests were sent again to another replica. */
    get retried() {
      return retried;
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve(undefined));
        server.closeAllConnections();
        agent.destroy();
      }),
  };
}
