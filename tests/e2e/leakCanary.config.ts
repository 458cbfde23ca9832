/**
 * The site's own configuration, plus a canary sentence in one docs page and in one API description,
 * for the build the browser tests and the leak crawl run against (scripts/build-for-tests.mjs). The
 * crawl (tests/e2e/leak-crawl.spec.ts) proves that no file an anonymous visitor can fetch holds it.
 */
import type { Config, LoadContext, Plugin, PluginModule } from '@docusaurus/types';
import type { Root } from 'mdast';
import siteConfig from '../../docusaurus.config';
import { LEAK_CANARY } from './environment.mjs';

/**
 * The docs page (in every docs version: `docs/` and `versioned_docs/version-<name>/`) and the API descriptions (the
 * Trading API's v1 and v2 reference pages) that carry the canary.
 */
const CANARY_DOCS_PAGE = 'trading-api/equity/single-equity-order.mdx';
const CANARY_DOCS_FOLDERS = /(?:^|\/)(?:docs|versioned_docs\/version-[^/]+)\/$/;
const CANARY_API_PLUGINS = new Set(['api-reference-orders', 'api-reference-orders-v2']);

/** Appends the canary to the one docs page, in each docs version, as an ordinary paragraph. */
function remarkLeakCanary() {
  return (tree: Root, file: { path?: string }) => {
    const filePath = file.path?.replaceAll('\\', '/') ?? '';
    if (!filePath.endsWith(CANARY_DOCS_PAGE)) return;
    if (!CANARY_DOCS_FOLDERS.test(filePath.slice(0, -CANARY_DOCS_PAGE.length))) return;
    tree.children.push({ type: 'paragraph', children: [{ type: 'text', value: LEAK_CANARY }] });
  };
}

/** The orders reference plugins (v1, v2), with the canary at the end of its description's introduction. */
function withCanaryInDescription(plugin: unknown): unknown {
  if (typeof plugin !== 'function') return plugin;
  const create = plugin as PluginModule;
  return async function withLeakCanary(context: LoadContext, options: unknown): Promise<Plugin | null> {
    const created = await create(context, options as never);
    if (!created || !CANARY_API_PLUGINS.has(created.name) || !created.loadContent) return created;
    const loadContent = created.loadContent.bind(created);
    return {
      ...created,
      async loadContent() {
        const description = (await loadContent()) as { info: { description?: string } };
        description.info.description = `${description.info.description ?? ''}\n\n${LEAK_CANARY}`;
        return description;
      },
    };
  };
}

type PresetEntry = [string, { docs: { beforeDefaultRemarkPlugins?: unknown[] } }];

const [classic, ...otherPresets] = siteConfig.presets as unknown as PresetEntry[];
const [presetName, presetOptions] = classic;

export default {
  ...siteConfig,
  presets: [
    [
      presetName,
      {
        ...presetOptions,
        docs: {
          ...presetOptions.docs,
          beforeDefaultRemarkPlugins: [...(presetOptions.docs.beforeDefaultRemarkPlugins ?? []), remarkLeakCanary],
        },
      },
    ],
    ...otherPresets,
  ],
  plugins: siteConfig.plugins.map(withCanaryInDescription),
} as Config;
