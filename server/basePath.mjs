// @ts-check
/**
 * A site built with a base URL other than `/` (BASE_URL=/developers/) is written to the build directory
 * without it: the page `/developers/docs/x/` is the file `docs/x/index.html`. The server strips the base
 * from a request's path before it looks for a file; a path outside the base names no file of the build.
 */

/**
 * The request's path as the build sees it (starting with `/`), or undefined when it lies outside the base.
 * The base itself without its trailing slash (`/developers`) is the home page, as `/developers/` is.
 * @param {string} pathname the percent-encoded path of the request URL
 * @param {string} baseUrl the site's base URL: starts and ends with `/`
 * @returns {string | undefined}
 */
export function pathWithinBase(pathname, baseUrl) {
  if (baseUrl === '/') return pathname;
  if (pathname === baseUrl.slice(0, -1)) return '/';
  return pathname.startsWith(baseUrl) ? pathname.slice(baseUrl.length - 1) : undefined;
}
