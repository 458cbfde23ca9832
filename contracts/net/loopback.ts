/**
 * The one rule for "this machine": which host names and origins reach the computer that asks, and nothing
 * else. The sandbox's Host and CORS checks, the development identity provider's Host check, the site's
 * settings and Content-Security-Policy, and the Try it panel all ask it, so they cannot disagree.
 *
 * A host is loopback when it is
 * - `localhost` or a name under `.localhost`, with or without one trailing dot (RFC 6761 §6.3: such names
 *   never leave the machine; browsers resolve them to loopback themselves, and nobody can register them);
 * - an IPv4 address in 127.0.0.0/8, written as the URL parser writes it (`127.1` reaches here as `127.0.0.1`);
 * - the IPv6 address `::1`, bracketed as in a URL (`[::1]`) or bare as a socket address (`::1`).
 * Case does not matter. Nothing else is: not `0.0.0.0` or `::` (every interface), not an IPv4-mapped address,
 * not a public name that resolves to 127.0.0.1 (DNS rebinding is exactly that).
 *
 * Plain code, no imports: the browser, the build, the Node server and the Worker all load it as it is.
 */

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** Whether `host` (a URL's `hostname`, a `Host` header's name, a socket address) names this machine only. */
export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) return !name.startsWith('.');
  if (name === '[::1]' || name === '::1') return true;
  const octets = IPV4.exec(name);
  return octets !== null && octets[1] === '127' && octets.slice(2).every((octet) => Number(octet) <= 255);
}

/** Whether an absolute URL (`http://localhost:3000/docs`) points at this machine; false when it does not parse. */
export function isLoopbackUrl(url: string | URL): boolean {
  try {
    return isLoopbackHost(new URL(url).hostname);
  } catch {
    return false;
  }
}

/**
 * Whether an `Origin` (`http://localhost:3000`, exactly an origin: scheme, host and port, nothing more) is a page
 * served on this machine, over http or https.
 */
export function isLoopbackOrigin(origin: string): boolean {
  try {
    const url = new URL(origin);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === origin && isLoopbackHost(url.hostname)
    );
  } catch {
    return false;
  }
}

/**
 * The hosts at which the Try it panel may reach `npm run sandbox`: those a Content-Security-Policy source can
 * name (`http://localhost:*`), so what the panel accepts is what the site's policy lets it connect to. A CSP
 * host cannot be an IPv6 literal, and a policy cannot list every name under `.localhost` or 127.0.0.0/8.
 */
export const LOCAL_SANDBOX_HOSTS = ['localhost', '127.0.0.1'] as const;

/** The Content-Security-Policy sources of `LOCAL_SANDBOX_HOSTS`, any port (SANDBOX_PORT can move it). */
export const LOCAL_SANDBOX_SOURCES = LOCAL_SANDBOX_HOSTS.map((host) => `http://${host}:*`);

/**
 * The origin of a local sandbox the reader typed (`http://localhost:4020/` → `http://localhost:4020`), or null when
 * it is not plain http on one of `LOCAL_SANDBOX_HOSTS` (never production, never a host the policy blocks).
 */
export function localSandboxOrigin(text: string): string | null {
  try {
    const url = new URL(text.trim());
    const host: string = url.hostname;
    return url.protocol === 'http:' && (LOCAL_SANDBOX_HOSTS as readonly string[]).includes(host) ? url.origin : null;
  } catch {
    return null;
  }
}
