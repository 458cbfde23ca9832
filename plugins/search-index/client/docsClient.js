/**
 * `@docusaurus/plugin-content-docs/client` as the local-search theme's search box imports it
 * (`client/theme/SearchBar/SearchBar.jsx`, 0.55), put in its place by `plugins/search-index` at bundle time.
 * One hook differs: off the docs pages (home, /api, /search) the theme's `useActiveVersion` finds no version, so
 * the box searched the last version's index (v1) whatever the reader had chosen. Here it is the reader's preferred
 * version there (`docs-preferred-version-<plugin>` in localStorage, which the version dropdown sets), v1 when they
 * have none. On a docs page it is the page's version, as before.
 */
import { useActiveVersion as usePageVersion, useDocsPreferredVersion } from '@docusaurus/plugin-content-docs/client';

export * from '@docusaurus/plugin-content-docs/client';

/** The page's docs version, else the reader's preferred one (read after hydration), else none (the last). */
export function useActiveVersion(pluginId) {
  const pageVersion = usePageVersion(pluginId);
  const { preferredVersion } = useDocsPreferredVersion(pluginId);
  return pageVersion ?? preferredVersion ?? undefined;
}
