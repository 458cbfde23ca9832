import type { Plugin } from '@docusaurus/types';
import { DESCRIPTION_DOWNLOAD_FILES } from '../api-reference/downloads';
import { HEALTH_JSON_FILE } from '../health-json';
import { PAGE_MARKDOWN_OUTPUTS } from '../page-markdown/outputs';
import { SEARCH_INDEX_FILES } from '../search-index';
import { MCP_CATALOG_FILE, MCP_CATALOG_FILES } from '../../contracts/mcp/catalog';
import { TRY_IT_MODULE_FILES } from '../../contracts/tryIt/operation';
import { BundleGraphRecorder, type BundleGraph } from './bundleGraph';
import { gateAdmissionHeadScript } from './gateAdmission';
import type { OutputRule } from './classify';
import { writeProtectedContent, type ProtectedContentOptions } from './postBuild';
import { SITEMAP_FILE } from './searchEngines';

export type { ProtectedContentOptions } from './postBuild';
export { sitemapIgnorePatterns } from './searchEngines';

/**
 * Files other plugins write in their postBuild. Docusaurus runs every plugin's postBuild at once, so
 * they may not exist yet when this one lists the build: they are classified by name.
 */
export const OTHER_PLUGINS_OUTPUTS: readonly OutputRule[] = [
  { writtenBy: 'plugins/health-json', access: 'public', files: [HEALTH_JSON_FILE] },
  { writtenBy: '@docusaurus/plugin-sitemap', access: 'public', files: [SITEMAP_FILE] },
  // The documents of every docs page and API reference page.
  { writtenBy: 'plugins/search-index', access: 'protected', files: ['search-index.json'], pattern: SEARCH_INDEX_FILES },
  // Each API reference page's description (YAML, JSON) and Postman collection: partner documentation.
  { writtenBy: 'plugins/api-reference', access: 'protected', files: DESCRIPTION_DOWNLOAD_FILES },
  // Every docs page as Markdown, and the llms files that gather them.
  { writtenBy: 'plugins/page-markdown', access: 'protected', ...PAGE_MARKDOWN_OUTPUTS },
  // The Try it panel's module of each operation (fields, examples, checks): emitted into the client build
  // without a chunk or a source file, so only this rule can tell that they hold the descriptions.
  { writtenBy: 'plugins/try-it', access: 'protected', files: [], pattern: TRY_IT_MODULE_FILES },
  // The operations and error codes of the descriptions, for the docs' MCP server (server/mcp): one per docs version.
  { writtenBy: 'plugins/mcp-catalog', access: 'protected', files: [MCP_CATALOG_FILE], pattern: MCP_CATALOG_FILES },
];

/**
 * Classifies every file of the build as public or protected for the gate in the production server
 * (`server/gate/`), and writes what it needs: `gate-manifest.json`, the sign-in shell, `robots.txt`.
 * The client compilation is recorded (which source files went into which chunk) for the
 * classification at postBuild; see `postBuild.ts`.
 */
export default function protectedContentPlugin(options: ProtectedContentOptions) {
  return function protectedContent(): Plugin {
    let graph: BundleGraph | undefined;
    return {
      name: 'protected-content',
      configureWebpack(_config, isServer) {
        if (isServer) return {};
        return { plugins: [new BundleGraphRecorder((recorded) => (graph = recorded))] };
      },
      // Marks a page the gate admitted before its body is parsed (contracts/auth/gateAdmission.ts); the
      // Content-Security-Policy written at postBuild allows it by hash, as every inline script.
      injectHtmlTags() {
        return { headTags: [{ tagName: 'script', innerHTML: gateAdmissionHeadScript() }] };
      },
      async postBuild({ outDir, siteDir, generatedFilesDir, routesPaths, i18n }) {
        const lang = i18n.localeConfigs[i18n.currentLocale]?.htmlLang ?? i18n.currentLocale;
        const { counts } = await writeProtectedContent(
          { outDir, siteDir, generatedFilesDir, routesPaths, lang },
          options,
          graph,
          OTHER_PLUGINS_OUTPUTS,
        );
        console.info(`[protected-content] ${counts.public} public and ${counts.protected} protected files.`);
      },
    };
  };
}
