// @ts-check
import { LLMS_FILE_PATTERN } from './pageMarkdown.mjs';

/**
 * Whether a URL path needs a signed-in reader: the one rule for the browser (src/auth/protectedPaths.ts),
 * the build's classifier (plugins/protected-content) and the gate (server/gate). Plain JavaScript that
 * imports only another such file, so that the site's bundle, the build and the server on Node and
 * workerd all load it.
 *
 * In doubt, a path is protected. So the path is read as generously as any router or file server might
 * read it: percent-decoded once (an undecodable path is read as it is), `\` as `/`, repeated slashes as
 * one (before the base URL is matched: `//portal/docs/x` is under `/portal/`), and without case
 * (`/DOCS/x`).
 *
 * The llms files at the base URL (`llms.txt`, `llms-full.txt`, `llms-<api>.txt`) hold the docs' text, so
 * they are protected whatever the prefixes.
 *
 * @param {string} pathname the URL path, percent-encoded or not
 * @param {string} baseUrl the site's base URL: starts and ends with `/`
 * @param {readonly string[]} protectedPrefixes prefixes relative to the base URL, e.g. `/docs`; `/` protects everything
 * @returns {boolean}
 */
export function isProtectedPath(pathname, baseUrl, protectedPrefixes) {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // An undecodable path is checked as it is.
  }
  path = path
    .replace(/\\/g, '/')
    .replace(/\/{2,}/g, '/')
    .toLowerCase();
  const base = baseUrl.toLowerCase();
  if (!path.startsWith(base) && `${path}/` !== base) return false;
  const sitePath = `/${path.slice(base.length)}`;
  if (LLMS_FILE_PATTERN.test(sitePath.slice(1))) return true;
  return protectedPrefixes.some((prefix) => {
    const normalised = prefix.toLowerCase().replace(/\/+$/, '');
    return normalised === '' || sitePath === normalised || sitePath.startsWith(`${normalised}/`);
  });
}
