/**
 * The API descriptions link to the docs pages with root-relative Markdown links, such as
 * `[Authentication](/docs/getting-started/authentication)`: a description can't know where the site is
 * served. Redoc renders them as plain `<a href>`, without the site's base URL, so the reference plugin
 * puts the base URL in front of each one before the description becomes route data (and the site's whole
 * URL in front of each one in the downloads, which are read outside the site).
 */

import { DOCS_VERSIONS, docsPathIn } from '../../config/docsVersions';
import type { ApiVersion } from '../../openapi/descriptions';

/** Where a description of `apiVersion` links into: the docs of that version, `/docs` (v1) or `/docs/v2`. */
export function docsRootOf(apiVersion: ApiVersion): string {
  const version = DOCS_VERSIONS.find((candidate) => candidate.apiVersion === apiVersion);
  if (!version) throw new Error(`No docs version documents API ${apiVersion} (config/docsVersions.ts)`);
  return docsPathIn(version, '/docs');
}

/** A Markdown link target or an HTML `href` that starts with `/docs`: `](/docs/…)`, `](/docs)`, `href="/docs/…"`. */
const ROOT_RELATIVE_DOCS_LINK = /(\]\(\s*<?|\bhref=["'])\/docs(?=[/#?)"'>\s]|$)/g;

/** `/developers/` → `/developers/`, `https://example.com/developers` → `https://example.com/developers/`. */
const withTrailingSlash = (base: string): string => (base.endsWith('/') ? base : `${base}/`);

/**
 * The text with every root-relative docs link under `base` (a base URL such as `/developers/`, or a whole URL), and
 * into the docs at `docsRoot`: `/docs` (v1), or a later version's, `/docs/v2` (`docsPathIn`), for a description of
 * that version.
 */
export function docsLinksUnder(text: string, base: string, docsRoot = '/docs'): string {
  const prefix = withTrailingSlash(base);
  const docs = docsRoot.replace(/^\//, '');
  return text.replace(ROOT_RELATIVE_DOCS_LINK, (_link, opening: string) => `${opening}${prefix}${docs}`);
}

/**
 * A copy of a description in which every string (descriptions, summaries, `x-` texts) has its
 * root-relative docs links under `base` (and `docsRoot`). Other strings, such as `x-docs-path` values, are not links in
 * Markdown and stay as they are.
 */
export function withDocsLinksUnder<T>(value: T, base: string, docsRoot = '/docs'): T {
  if (typeof value === 'string') return docsLinksUnder(value, base, docsRoot) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => withDocsLinksUnder(item, base, docsRoot)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, withDocsLinksUnder(item, base, docsRoot)]),
    ) as T;
  }
  return value;
}
