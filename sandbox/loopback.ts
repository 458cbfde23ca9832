/** The names by which a page or client on this machine reaches the sandbox. */

/** The host names the sandbox always answers (`allowedHosts` adds to them). */
export const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/** `http://localhost:…`, `http://127.0.0.1:…` or `http://[::1]:…`: a page served on this machine. */
export function isLoopbackOrigin(origin: string): boolean {
  return /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/.test(origin);
}
