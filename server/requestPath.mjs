// @ts-check
/**
 * From a request's URL path to the build files that may answer it. Docusaurus writes a route either as
 * `route/index.html` or as `route.html`; both `/route` and `/route/` serve it, without a redirect.
 */

/**
 * @typedef {{ ok: true, candidates: string[] } | { ok: false }} RequestFiles
 * `candidates` are paths relative to the build directory, to try in order; `ok: false` means the path
 * tries to leave the build directory or is not decodable (answer 400).
 */

/**
 * A decoded segment that could change directory (`.`, `..`, `/`, `\`) or end a file name early (NUL and
 * the other control characters).
 * @param {string} segment
 */
function isUnsafeSegment(segment) {
  if (segment === '.' || segment === '..') return true;
  for (let index = 0; index < segment.length; index++) {
    const code = segment.charCodeAt(index);
    if (code < 0x20 || code === 0x7f || segment[index] === '/' || segment[index] === '\\') return true;
  }
  return false;
}

/**
 * @param {string} pathname the percent-encoded path of the request URL, as `new URL(...).pathname` gives it
 * @returns {RequestFiles}
 */
export function filesForPath(pathname) {
  if (!pathname.startsWith('/')) return { ok: false };
  const encodedSegments = pathname.slice(1).split('/');
  const trailingSlash = encodedSegments.at(-1) === '';
  if (trailingSlash) encodedSegments.pop();

  /** @type {string[]} */
  const segments = [];
  for (const encoded of encodedSegments) {
    let segment;
    try {
      segment = decodeURIComponent(encoded);
    } catch {
      return { ok: false };
    }
    if (isUnsafeSegment(segment)) return { ok: false };
    segments.push(segment);
  }
  // `//` inside a path names no file the build writes.
  if (segments.includes('')) return { ok: true, candidates: [] };
  if (segments.length === 0) return { ok: true, candidates: ['index.html'] };

  const route = segments.join('/');
  const pageFiles = [`${route}/index.html`, `${route}.html`];
  return { ok: true, candidates: trailingSlash ? pageFiles : [route, ...pageFiles] };
}
