/**
 * The API descriptions link to the docs pages with root-relative Markdown links, such as
 * `[Authentication](/docs/getting-started/authentication)`: a description can't know where the site is
 * served. Redoc renders them as plain `<a href>`, without the site's base URL, so the reference plugin
 * puts the base URL in front of each one before the description becomes route data (and the site's whole
 * URL in front of each one in the downloads, which are read outside the site).
 */

/** A Markdown link target or an HTML `href` that starts with `/docs`: `](/docs/…)`, `](/docs)`, `href="/docs/…"`. */
const ROOT_RELATIVE_DOCS_LINK = /(\]\(\s*<?|\bhref=["'])\/docs(?=[/#?)"'>\s]|$)/g;

/** `/developers/` → `/developers/`, `https://example.com/developers` → `https://example.com/developers/`. */
const withTrailingSlash = (base: string): string => (base.endsWith('/') ? base : `${base}/`);

/** The text with every root-relative docs link under `base` (a base URL such as `/developers/`, or a whole URL). */
export function docsLinksUnder(text: string, base: string): string {
  const prefix = withTrailingSlash(base);
  return text.replace(ROOT_RELATIVE_DOCS_LINK, (_link, opening: string) => `${opening}${prefix}docs`);
}

/**
 * A copy of a description in which every string (descriptions, summaries, `x-` texts) has its
 * root-relative docs links under `base`. Other strings, such as `x-docs-path` values, are not links in
 * Markdown and stay as they are.
 */
export function withDocsLinksUnder<T>(value: T, base: string): T {
  if (typeof value === 'string') return docsLinksUnder(value, base) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => withDocsLinksUnder(item, base)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withDocsLinksUnder(item, base)])) as T;
  }
  return value;
}
