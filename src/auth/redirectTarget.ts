/**
 * Checks a stored or requested return address before the site follows it. Only a page of this site
 * (same origin, under the base URL, not a file and not the Try it proxy) is followed; anything else
 * falls back to the docs home.
 */
import { API_PROXY_PREFIX } from '../../config/apiProxyPath.mjs';

export interface SiteLocation {
  /** The site's origin, e.g. `https://docs.example.com`. */
  readonly origin: string;
  /** The site's base URL, starting and ending with `/`. */
  readonly baseUrl: string;
}

function docsHome({ baseUrl }: Pick<SiteLocation, 'baseUrl'>): string {
  return `${baseUrl}docs`;
}

// Control characters and backslashes have no place in a path we would follow; browsers treat `\`
// like `/`, so `/\evil.example` would leave the site.
// eslint-disable-next-line no-control-regex
const SUSPICIOUS = /[\u0000-\u001f\u007f\\]/;

/** Returns `candidate` as a site-relative path (path, query and hash) if it is safe, otherwise the docs home. */
export function safeReturnPath(candidate: unknown, site: SiteLocation): string {
  const fallback = docsHome(site);
  if (typeof candidate !== 'string') return fallback;
  const value = candidate.trim();
  if (value === '' || SUSPICIOUS.test(value) || value.startsWith('//')) return fallback;

  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return fallback;
  }
  if (SUSPICIOUS.test(decoded)) return fallback;

  let url: URL;
  try {
    url = new URL(value, site.origin);
  } catch {
    return fallback;
  }
  if (url.origin !== site.origin) return fallback;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return fallback;
  const pathname = url.pathname;
  const withinBase = pathname === site.baseUrl.replace(/\/$/, '') || pathname.startsWith(site.baseUrl);
  if (!withinBase) return fallback;
  // The parser normalises `/.//x`, `/%2e//x` and `/x/..//x` into `//x`, which a browser would
  // follow to another host: the normalised result is checked, not only the raw input.
  if (leavesTheSite(pathname)) return fallback;
  if (!isPagePath(pathname, site.baseUrl)) return fallback;
  return `${pathname}${url.search}${url.hash}`;
}

/** The Try it proxy's prefix without its slash: `api-proxy` itself is refused too. */
const PROXY_SEGMENT = API_PROXY_PREFIX.replace(/\/$/, '');

/**
 * Whether a path under the base URL names a page: not the Try it proxy (what it answers is the sandbox's data,
 * never a page of the site), and not a file (a script, an image, JSON): a page's path has no extension or ends
 * in `.html`, as the server decides (server/app.mjs). Judged as written and once decoded.
 */
function isPagePath(pathname: string, baseUrl: string): boolean {
  const decoded = decodeURIComponent(pathname);
  return [pathname, decoded].every((path) => {
    const below = path.slice(baseUrl.length).toLowerCase();
    const isProxy = below === PROXY_SEGMENT || below.startsWith(`${PROXY_SEGMENT}/`);
    const isFile = /\.[a-z0-9]+$/i.test(path) && !/\.html$/i.test(path);
    return !isProxy && !isFile;
  });
}

/** Whether a path, as written or once decoded, starts like a scheme-relative URL (`//host`, `/\\host`). */
function leavesTheSite(pathname: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return true;
  }
  return [pathname, decoded].some((path) => /^[/\\]{2}/.test(path) || SUSPICIOUS.test(path));
}
