/**
 * The versions of the docs: each a version of Docusaurus's docs plugin and the major version of the APIs it
 * documents. v1 is `docs/` itself, at /docs, what a reader who has chosen nothing reads; v2, the preview, is
 * generated from `docs/` and the pages `versions/v2/` replaces (plugins/docs-versions), at /docs/v2. The
 * plugins that read the descriptions for a page pick the version by where the page is.
 */
import type { ApiVersion } from '../openapi/descriptions';

export interface DocsVersion {
  /** The docs plugin's name for it: `current` for `docs/`, else its folder `versioned_docs/version-<name>`. */
  readonly name: string;
  /** The API major version its pages document (an API without that version is documented as in v1). */
  readonly apiVersion: ApiVersion;
  readonly label: string;
  /** Below /docs: '' for /docs itself. */
  readonly path: string;
  readonly banner: 'none' | 'unreleased';
}

export const DOCS_VERSIONS = [
  { name: 'current', apiVersion: 'v1', label: 'v1', path: '', banner: 'none' },
  { name: 'v2', apiVersion: 'v2', label: 'v2 (preview)', path: 'v2', banner: 'unreleased' },
] as const satisfies readonly DocsVersion[];

/** Where the generated versions' pages are, as Docusaurus expects them. */
export const VERSIONED_DOCS_DIR = 'versioned_docs';
/** Where a writer keeps the pages a later version replaces, `versions/<name>/` mirroring `docs/`. */
export const VERSION_OVERLAYS_DIR = 'versions';

/** The docs version of a page's file (any path containing `versioned_docs/version-<name>/`), else v1's. */
export function docsVersionOfFile(file: string): DocsVersion {
  const match = /(?:^|[\\/])versioned_docs[\\/]version-([^\\/]+)[\\/]/.exec(file);
  return DOCS_VERSIONS.find((version) => version.name === match?.[1]) ?? DOCS_VERSIONS[0];
}

/** `/docs/trading-api` as the same page of `version`: `/docs/v2/trading-api`. */
export function docsPathIn(version: DocsVersion, docsPath: string): string {
  if (version.path === '') return docsPath;
  return docsPath.replace(/^\/docs(?=\/|$)/, `/docs/${version.path}`);
}

/** The docs versions a build includes: `DOCS_VERSIONS` setting (`current,v2`), all of them by default. */
export function includedDocsVersions(setting: string | undefined): DocsVersion[] {
  if (!setting?.trim()) return [...DOCS_VERSIONS];
  const names = setting.split(',').map((name) => name.trim());
  const unknown = names.filter((name) => !DOCS_VERSIONS.some((version) => version.name === name));
  if (unknown.length > 0 || !names.includes('current')) {
    throw new Error(
      `DOCS_VERSIONS=${setting}: name docs versions from ${DOCS_VERSIONS.map((version) => version.name).join(', ')}, ` +
        'current among them (it is the default a reader lands on)',
    );
  }
  return DOCS_VERSIONS.filter((version) => names.includes(version.name));
}
