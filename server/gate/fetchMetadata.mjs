// @ts-check
/**
 * Who asks for a file, as the browser states it in its Fetch Metadata headers (`Sec-Fetch-*`). A page on
 * another site, or on a sibling subdomain (same-site, so the `SameSite=Lax` cookie goes along), could
 * embed a protected chunk with `<script src>`; the gate refuses such requests. A top-level navigation
 * (a link followed, a bookmark) is the reader's own and stays allowed. Browsers that send no such headers
 * are not refused: the cookie still decides.
 */

/**
 * Whether a request for a protected file comes from another site or a sibling subdomain, other than as a
 * top-level navigation.
 * @param {(name: string) => string | undefined} header the request's header by name
 */
export function isForeignSubresourceRequest(header) {
  const site = header('Sec-Fetch-Site');
  if (site !== 'cross-site' && site !== 'same-site') return false;
  const topLevelNavigation = header('Sec-Fetch-Mode') === 'navigate' && header('Sec-Fetch-Dest') === 'document';
  return !topLevelNavigation;
}
