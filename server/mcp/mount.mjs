// @ts-check
/**
 * Where the docs' MCP server sits in the site's Hono app (server/app.mjs): at `<baseUrl>mcp`, as one middleware to
 * put before the app's method check (MCP clients POST) and its file pipeline. Who may call it is the `guard`'s
 * decision (the MCP sign-in's bearer-token check); without one, anyone may.
 */

/** The endpoint's path below the base URL. */
const MCP_PATH = 'mcp';

/**
 * The MCP endpoint as a Hono middleware: a request for `<baseUrl>mcp` (the build's base URL, as the handler read
 * it) goes through `guard` to `handler`; any other request goes on down the app.
 * @param {import('./handler.mjs').McpHandler} handler from `createMcpHandler`
 * @param {{ guard?: import('hono').MiddlewareHandler }} [options] `guard` answers a refused request itself
 *   (401 with `WWW-Authenticate`, 403) and calls `next()` to let it through
 * @returns {import('hono').MiddlewareHandler}
 */
export function mcpEndpoint(handler, { guard } = {}) {
  return async (c, next) => {
    const path = `${await handler.baseUrl()}${MCP_PATH}`;
    if (new URL(c.req.url).pathname !== path) return next();
    if (!guard) return handler(c.req.raw);
    let admitted = false;
    const refusal = await guard(c, async () => {
      admitted = true;
      c.res = await handler(c.req.raw);
    });
    return admitted ? c.res : (refusal ?? c.res);
  };
}
