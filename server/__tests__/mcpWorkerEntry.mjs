// @ts-check
/**
 * A Worker that serves the docs' MCP server (server/mcp) on the fixture build (mcpFixtureBuild.mjs), for
 * mcpWorker.test.mjs to bundle and run on workerd. As in the site's Worker, no code is loaded from data, so
 * validate_request has no module loader.
 */
import { createMcpHandler } from '../mcp/handler.mjs';
import { MCP_FILES, readAssetFromMemory } from './mcpFixtureBuild.mjs';

const handler = createMcpHandler({ readAsset: readAssetFromMemory(MCP_FILES) });

export default {
  /** @param {Request} request */
  fetch(request) {
    return handler(request);
  },
};
