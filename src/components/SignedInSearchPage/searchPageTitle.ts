/** The search page's own title (the site's formatter adds ` | Site title`). */
export function searchPageTitle(query: string): string {
  const trimmed = query.trim();
  return trimmed ? `Search results for "${trimmed}"` : 'Search the documentation';
}

/** The `q` parameter of a location's query string. */
export function searchQueryOf(search: string): string {
  return new URLSearchParams(search).get('q') ?? '';
}
