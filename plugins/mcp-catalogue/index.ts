import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { MCP_CATALOGUE_FILE } from '../../contracts/mcp/catalogue';
import { API_NAMES, loadDereferenced, type ApiName, type JsonObject } from '../../openapi/descriptions';
import { mcpCatalogue } from './catalogue';

/**
 * Writes the docs' MCP catalogue (contracts/mcp/catalogue.ts) into the build: the one file the MCP server
 * (server/mcp) needs beyond the pages' Markdown and the search index. It holds the descriptions' content, so
 * plugins/protected-content lists it as protected, and it lies under the docs' protected path as well.
 */
export default function mcpCataloguePlugin() {
  return function mcpCatalogueWriter(context: LoadContext): Plugin {
    return {
      name: 'mcp-catalogue',
      async postBuild({ outDir }) {
        // The description worker bundled the descriptions while the content loaded; this reads its cache file.
        const descriptions = Object.fromEntries(API_NAMES.map((api) => [api, loadDereferenced(api)])) as Record<
          ApiName,
          JsonObject
        >;
        const file = path.join(outDir, MCP_CATALOGUE_FILE);
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(file, JSON.stringify(mcpCatalogue(descriptions, context.siteConfig.baseUrl)));
      },
    };
  };
}
