/**
 * Build files and the URLs they are served at. A build file is named relative to the build root
 * (`docs/intro/index.html`, `/` separators); the build root is served at the base URL.
 */
import { isProtectedPath } from '../../config/protectedPaths.mjs';

export interface SitePaths {
  /** Starts and ends with `/`. */
  readonly baseUrl: string;
  /** Prefixes relative to the base URL, e.g. `/docs`, matched as the browser's guard matches them. */
  readonly protectedPaths: readonly string[];
}

/**
 * The URL path of the page an HTML file holds: `docs/intro/index.html` is `/docs/intro/`,
 * `docs/intro.html` (Docusaurus's output with `trailingSlash: false`) is `/docs/intro`.
 */
export function routeOfHtmlFile(file: string, baseUrl: string): string {
  if (file === 'index.html') return baseUrl;
  if (file.endsWith('/index.html')) return `${baseUrl}${file.slice(0, -'index.html'.length)}`;
  return `${baseUrl}${file.replace(/\.html$/, '')}`;
}

/** The URL path a build file is served at. */
export function urlOfFile(file: string, baseUrl: string): string {
  return file.endsWith('.html') ? routeOfHtmlFile(file, baseUrl) : `${baseUrl}${file}`;
}

/** Whether a URL path is under a protected path: the rule the browser's guard and the gate apply too. */
export function isProtectedUrl(pathname: string, { baseUrl, protectedPaths }: SitePaths): boolean {
  return isProtectedPath(pathname, baseUrl, protectedPaths);
}

/** Whether a build file is served under a protected path. */
export function isServedUnderProtectedPath(file: string, site: SitePaths): boolean {
  return isProtectedUrl(urlOfFile(file, site.baseUrl), site);
}

/**
 * A route path as Docusaurus lists it (`routesPaths`) and as an HTML file's route is compared with it:
 * without a trailing slash or `.html` (`/404.html` is the route of `404.html`).
 */
export function normaliseRoute(route: string): string {
  return route.replace(/\.html$/, '').replace(/\/+$/, '') || '/';
}

/**
 * The build file a `src` or `href` of a page points at, or `undefined` for anything that is not a file
 * of this site (another origin, `data:`, a path outside the base URL). `pageUrl` is the page's URL path,
 * for references relative to it; `siteOrigin` lets a full URL of this site count too.
 */
export function fileOfReference(
  reference: string,
  { pageUrl, baseUrl, siteOrigin }: { pageUrl: string; baseUrl: string; siteOrigin: string },
): string | undefined {
  let url: URL;
  try {
    url = new URL(reference, `${siteOrigin}${pageUrl}`);
  } catch {
    return undefined;
  }
  if (url.origin !== siteOrigin || !url.pathname.startsWith(baseUrl)) return undefined;
  let file = url.pathname.slice(baseUrl.length);
  try {
    file = decodeURIComponent(file);
  } catch {
    // Kept as written: no build file has an undecodable name.
  }
  return file === '' || file.endsWith('/') ? `${file}index.html` : file;
}
