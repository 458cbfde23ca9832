// The HTTP listener: 127.0.0.1 and ::1 on the same port, so that `localhost` works whichever
// address a client resolves it to, and a Host-header check against DNS rebinding.
import * as http from 'node:http';

import { isLoopbackHost } from '../../contracts/net/loopback.ts';

function listen(server, port, host) {
  return new Promise((resolve, reject) => {
    const onError = (error) => reject(error);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve(server.address().port);
    });
  });
}

export function closeServer(server) {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

const NO_IPV6 = new Set(['EADDRNOTAVAIL', 'EAFNOSUPPORT']);

/** Port 0 picks a free port (taken from 127.0.0.1). */
export async function listenOnLoopback(handler, port, attempts = 5) {
  const ipv4 = http.createServer(handler);
  const boundPort = await listen(ipv4, port, '127.0.0.1');
  const ipv6 = http.createServer(handler);
  try {
    await listen(ipv6, boundPort, '::1');
    return { port: boundPort, servers: [ipv4, ipv6] };
  } catch (error) {
    if (NO_IPV6.has(error.code)) return { port: boundPort, servers: [ipv4] };
    await closeServer(ipv4);
    // A random port may be free on 127.0.0.1 but taken on ::1: try another one.
    if (port === 0 && error.code === 'EADDRINUSE' && attempts > 1) {
      return listenOnLoopback(handler, port, attempts - 1);
    }
    throw error;
  }
}

/** The host name of a Host header (`name`, `name:port`, `[v6]:port`), lower-cased; null when malformed. */
function hostnameOf(hostHeader) {
  if (typeof hostHeader !== 'string' || hostHeader === '') return null;
  try {
    return new URL(`http://${hostHeader}`).hostname.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * Wraps a request handler so that only requests naming a loopback host (or, with the override,
 * the issuer's own host) reach it. A web page on another name that resolves to 127.0.0.1 (DNS
 * rebinding) gets 421 and nothing else.
 */
export function hostCheck(handler, { issuer }) {
  const issuerHost = new URL(issuer).hostname.toLowerCase();
  return (req, res) => {
    const hostname = hostnameOf(req.headers.host);
    if (hostname !== null && (isLoopbackHost(hostname) || hostname === issuerHost)) {
      handler(req, res);
      return;
    }
    res.statusCode = 421;
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store');
    res.end("Misdirected request: the development identity provider answers only to this machine's host names.\n");
  };
}
