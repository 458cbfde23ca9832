import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { MCP_CATALOG_FILE } from '../../contracts/mcp/catalog';
import { API_NAMES, loadDereferenced, type ApiName, type JsonObject } from '../../openapi/descriptions';
import { mcpCatalog } from './catalog';

/**
 * Writes the docs' MCP catalog (contracts/mcp/catalog.ts) into the build: the one file the MCP server
 * (server/mcp) needs beyond the pages' Markdown and the search index. It holds the descriptions' content, so
 * plugins/protected-content lists it as protected, and it lies under the docs' protected path as well.
 */
export default function mcpCatalogPlugin() {
  return function mcpCatalogWriter(context: LoadContext): Plugin {
    return {
      name: 'mcp-catalog',
      async postBuild({ outDir }) {
        // The description worker bundled the descriptions while the content loaded; this reads its cache file.
        const descriptions = Object.fromEntries(API_NAMES.map((api) => [api, loadDereferenced(api)])) as Record<
          ApiName,
          JsonObject
        >;
        const file = path.join(outDir, MCP_CATALOG_FILE);
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(file, JSON.stringify(mcpCatalog(descriptions, context.siteConfig.baseUrl)));
      },
    };
  };
}
