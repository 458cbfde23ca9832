// @ts-check
/**
 * How long browsers and CDNs may keep a file. Docusaurus names the files it bundles after their content,
 * under `assets/`: `assets/js/main.3ff00f2d.js`, `assets/css/styles.85ea60aa.css`,
 * `assets/images/logo-5d2a4b3c1e.png`. A new build gives changed content a new name, so those never change;
 * everything else (pages, `search-index.json`, `sitemap.xml`, `img/…`) keeps its name and is revalidated.
 */

/** Under `assets/`, a file name with a run of 8 or more lowercase hex digits between `.`/`-` and `.`. */
const CONTENT_HASHED = /^assets\/(?:[^/]+\/)*[^/]*[.-][0-9a-f]{8,}\.[^/]+$/;

const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** @param {string} file path relative to the build directory */
function isContentHashed(file) {
  return CONTENT_HASHED.test(file);
}

/** @param {string} file path relative to the build directory */
export function cacheControlFor(file) {
  return isContentHashed(file) ? IMMUTABLE : REVALIDATE;
}
