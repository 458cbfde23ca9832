/**
 * Where a reader who followed a link to a docs page that one version does not have can go instead: the same page in
 * another version, or the start of the version the link was in. Plain data in, plain data out; the not-found page
 * calls it with the docs plugin's versions once it is in the browser (the page is rendered once, as /404.html).
 */
export interface VersionPages {
  readonly label: string;
  /** Where the version's pages are, e.g. `/docs` or `/docs/v2` (with the base URL). */
  readonly path: string;
  /** Every page of the version (with the base URL). */
  readonly docs: readonly { readonly path: string }[];
  /** The version's start page. */
  readonly mainDocPath: string;
}

export type OtherVersionPage =
  | { readonly kind: 'same-page'; readonly label: string; readonly to: string }
  | { readonly kind: 'version-start'; readonly label: string; readonly to: string };

const withoutSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

export function otherVersionPage(pathname: string, versions: readonly VersionPages[]): OtherVersionPage | null {
  const path = withoutSlash(pathname);
  // The version the address is in: the longest version path it starts with (/docs/v2 before /docs).
  const here = [...versions]
    .sort((a, b) => b.path.length - a.path.length)
    .find((version) => path === withoutSlash(version.path) || path.startsWith(`${withoutSlash(version.path)}/`));
  if (!here) return null;
  const rest = path.slice(withoutSlash(here.path).length);
  for (const other of versions) {
    if (other === here) continue;
    const candidate = withoutSlash(`${withoutSlash(other.path)}${rest}`);
    if (other.docs.some((doc) => withoutSlash(doc.path) === candidate)) {
      return { kind: 'same-page', label: other.label, to: candidate };
    }
  }
  return { kind: 'version-start', label: here.label, to: here.mainDocPath };
}
