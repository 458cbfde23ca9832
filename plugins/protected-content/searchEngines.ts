/**
 * What search engines are told: the protected pages are neither in the sitemap nor to be crawled.
 * (Protected pages also carry `noindex`, rendered by the site; crawlers get the sign-in shell there.)
 */

/** The sitemap plugin's file (its default `filename`). */
export const SITEMAP_FILE = 'sitemap.xml';

/** A protected prefix as a URL path with the base URL: `/docs` under `/portal/` is `/portal/docs`; `/` is the base URL. */
function withBaseUrl(prefix: string, baseUrl: string): string {
  return prefix === '/' ? baseUrl : `${baseUrl}${prefix.replace(/^\/+/, '')}`;
}

/** A glob matching `path` in any letter case (the gate and the browser match protected paths so). */
function caseInsensitiveGlob(path: string): string {
  return path.replace(/[a-z]|[*?[\](){}!+@|\\]/gi, (character) =>
    /[a-z]/i.test(character) ? `[${character.toLowerCase()}${character.toUpperCase()}]` : `\\${character}`,
  );
}

/**
 * The sitemap plugin's `ignorePatterns` (globs on route paths, base URL included) leaving out every
 * route under a protected path, in any letter case.
 */
export function sitemapIgnorePatterns(baseUrl: string, protectedPaths: readonly string[]): string[] {
  return protectedPaths.flatMap((prefix) => {
    const glob = caseInsensitiveGlob(withBaseUrl(prefix, baseUrl).replace(/\/$/, ''));
    return glob === '' ? ['/**'] : [glob, `${glob}/**`];
  });
}

export interface RobotsInput {
  /** The origin, e.g. `https://docs.example.com`. */
  readonly siteUrl: string;
  readonly baseUrl: string;
  readonly protectedPaths: readonly string[];
  /** The sitemap's file name at the build root. */
  readonly sitemapFile: string;
}

/**
 * `robots.txt`: every crawler kept out of the protected paths (`/docs/`, `/api/`), and the sitemap.
 * Crawlers read it only at the origin's root, so under another base URL it is informative only.
 */
export function robotsTxt({ siteUrl, baseUrl, protectedPaths, sitemapFile }: RobotsInput): string {
  const disallowed = protectedPaths.map((prefix) => `Disallow: ${withBaseUrl(prefix, baseUrl).replace(/\/?$/, '/')}`);
  // An empty Disallow allows everything: the record stays well-formed when nothing is protected.
  return [
    'User-agent: *',
    ...(disallowed.length > 0 ? disallowed : ['Disallow:']),
    '',
    `Sitemap: ${siteUrl}${baseUrl}${sitemapFile}`,
    '',
  ].join('\n');
}
