// @ts-check
/**
 * The production server as a Cloudflare Worker (wrangler.toml): the same app as on Node, reading the build
 * from the Worker's static assets. Every request comes here first (`run_worker_first`), so the gate decides
 * for every file. Each request and error is a JSON line on the console (Workers Logs).
 */
import { writeJsonLines } from './accessLog.mjs';
import { createSiteApp } from './app.mjs';
import { apiProxySettingsFromEnv } from './apiProxy.mjs';
import { mcpAuthSettingsFromEnv } from './mcp/auth.mjs';
import { importBundledTryItModule } from './mcp/bundledTryIt.mjs';
import { readAssetFromBinding } from './workerAssets.mjs';

/**
 * The assets binding, and the Try it proxy's settings as Worker variables (SANDBOX_API_URL, SANDBOX_TOKEN_URL,
 * API_PROXY_TIMEOUT_MS, API_PROXY_RATE_LIMIT, API_PROXY_MAX_RESPONSE_BYTES: see server/apiProxy.mjs).
 * @typedef {{ ASSETS: import('./workerAssets.mjs').AssetsBinding } & Record<string, unknown>} Env
 */

/**
 * Built by the first request of an isolate; the binding is the same for all of them.
 * @type {ReturnType<typeof createSiteApp> | undefined}
 */
let app;

export default {
  /**
   * @param {Request} request
   * @param {Env} env
   * @param {import('hono').ExecutionContext} ctx
   */
  fetch(request, env, ctx) {
    app ??= createSiteApp({
      readAsset: readAssetFromBinding(env.ASSETS),
      log: writeJsonLines,
      apiProxy: apiProxySettingsFromEnv(env),
      // The MCP server's introspection client (MCP_INTROSPECTION_CLIENT_ID, and its secret as a Worker secret).
      // validate_request runs the Try it modules bundled into the Worker (a Worker loads no code from data).
      mcp: { ...mcpAuthSettingsFromEnv(env), loadModule: importBundledTryItModule },
      // Set by Cloudflare's edge, which replaces any a client sends (hono/cloudflare-workers' getConnInfo reads the
      // same header; that module is deprecated).
      clientAddress: (c) => c.req.header('CF-Connecting-IP'),
    });
    return app.fetch(request, env, ctx);
  },
};
