// @ts-check
/**
 * A header set on the response a middleware's `next()` made. Hono's `c.header` makes that response again from
 * its body, which turns a body of bytes into a stream (on Node, @hono/node-server then copies the bytes and sends
 * them through a web stream instead of in one write: scripts/bench/server.mjs measured it). The headers are set in
 * place instead; a response whose headers cannot change (one fetched as it is) is made again, as `c.header` does.
 * @param {import('hono').Context} c
 * @param {string} name
 * @param {string} value
 */
export function setResponseHeader(c, name, value) {
  try {
    c.res.headers.set(name, value);
  } catch {
    c.header(name, value);
  }
}
