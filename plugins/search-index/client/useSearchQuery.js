/**
 * The local-search theme's search page query (`client/theme/hooks/useSearchQuery.js`, 0.55), as its search page
 * imports it, put in its place by `plugins/search-index` at bundle time. One thing differs: a /search address
 * without `version=` (the search box's "See all results" link names the version it searched) searches the
 * reader's preferred docs version, as the search box does off the docs pages (docsClient.js), not always v1.
 */
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import { useDocsPreferredVersion } from '@docusaurus/plugin-content-docs/client';
import useThemeSearchQuery from '@easyops-cn/docusaurus-search-local/dist/client/client/theme/hooks/useSearchQuery';

export default function useSearchQuery() {
  const query = useThemeSearchQuery();
  const { preferredVersion } = useDocsPreferredVersion();
  const {
    siteConfig: { baseUrl },
  } = useDocusaurusContext();
  if (query.searchVersion || !preferredVersion || preferredVersion.isLast) return query;
  // As the search box names it: the version's path below the base URL, with its slash (`docs/v2/`).
  return { ...query, searchVersion: `${preferredVersion.path.slice(baseUrl.length)}/` };
}
