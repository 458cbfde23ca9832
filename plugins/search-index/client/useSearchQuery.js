/**
 * The local-search theme's search page query (`client/theme/hooks/useSearchQuery.js`, 0.55), as its search page
 * imports it, put in its place by `plugins/search-index` at bundle time. One thing differs: a /search address
 * without `version=` (the search box's "See all results" link names the version it searched) searches the
 * reader's preferred docs version, as the search box does off the docs pages (docsClient.js), not always v1.
 *
 * The preference is read from storage in the same render that first reads the query (once in the browser): the
 * docs plugin's own preferred-version state arrives a render later, and the page would search v1 first and could
 * show that answer last.
 */
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import useIsBrowser from '@docusaurus/useIsBrowser';
import { useDocsData } from '@docusaurus/plugin-content-docs/client';
import { createStorageSlot } from '@docusaurus/theme-common';
import useThemeSearchQuery from '@easyops-cn/docusaurus-search-local/dist/client/client/theme/hooks/useSearchQuery';

/** The docs plugin's id (the site has one docs plugin) and where it keeps the reader's version. */
const DOCS_PLUGIN_ID = 'default';
const PREFERRED_VERSION_KEY = `docs-preferred-version-${DOCS_PLUGIN_ID}`;

export default function useSearchQuery() {
  const query = useThemeSearchQuery();
  const isBrowser = useIsBrowser();
  const { versions } = useDocsData(DOCS_PLUGIN_ID);
  const {
    siteConfig: { baseUrl },
  } = useDocusaurusContext();
  if (query.searchVersion || !isBrowser) return query;
  const name = createStorageSlot(PREFERRED_VERSION_KEY).get();
  const preferred = versions.find((version) => version.name === name);
  if (!preferred || preferred.isLast) return query;
  // As the search box names it: the version's path below the base URL, with its slash (`docs/v2/`).
  return { ...query, searchVersion: `${preferred.path.slice(baseUrl.length)}/` };
}
