import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import type { DocsVersion } from '../../config/docsVersions';
import { mcpCatalogFile } from '../../contracts/mcp/catalog';
import { API_NAMES, apisIn, loadDereferenced, type ApiName, type JsonObject } from '../../openapi/descriptions';
import { mcpCatalog } from './catalog';

/**
 * Writes the docs' MCP catalog (contracts/mcp/catalog.ts) of each docs version the build includes into the build:
 * the one file per version the MCP server (server/mcp) needs beyond the pages' Markdown and the search index. A
 * version's catalog holds the descriptions its pages document: its API version's where the API has one, else v1's
 * (as v2's docs pages do). It holds the descriptions' content, so plugins/protected-content lists it as protected,
 * and it lies under the docs' protected path as well.
 * @param docsVersions the docs versions the build includes (config/docsVersions.ts `includedDocsVersions`)
 */
export default function mcpCatalogPlugin(docsVersions: readonly DocsVersion[]) {
  return function mcpCatalogWriter(context: LoadContext): Plugin {
    return {
      name: 'mcp-catalog',
      async postBuild({ outDir }) {
        // The description worker bundled the descriptions while the content loaded; this reads its cache file.
        for (const docsVersion of docsVersions) {
          const own = apisIn(docsVersion.apiVersion);
          const apiVersions = Object.fromEntries(
            API_NAMES.map((api) => [api, own.includes(api) ? docsVersion.apiVersion : 'v1'] as const),
          );
          const descriptions = Object.fromEntries(
            API_NAMES.map((api) => [api, loadDereferenced(api, apiVersions[api])]),
          ) as Record<ApiName, JsonObject>;
          const catalog = mcpCatalog(descriptions, context.siteConfig.baseUrl, {
            docsVersion,
            versions: docsVersions,
            apiVersions,
          });
          const file = path.join(outDir, mcpCatalogFile(docsVersion.apiVersion));
          await mkdir(path.dirname(file), { recursive: true });
          await writeFile(file, JSON.stringify(catalog));
        }
      },
    };
  };
}
