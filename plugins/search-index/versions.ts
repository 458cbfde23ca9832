/**
 * One search index per docs version, each holding what a reader of that version reads. The local-search theme
 * writes an index per docs version (the last version's at the build root, the others' under their path, e.g.
 * `docs/v2/search-index.json`) with that version's docs pages, but every other page it indexes (here the /api
 * reference pages) in every index. Here a version's index keeps the reference pages of its API version instead:
 * each API's page in that version (`/api/v2/orders-api`), and v1's page of the APIs the version does not have.
 * A reference page no version names (none today) is kept in every index, as the theme would.
 */
import path from 'node:path';
import { API_REFERENCE_PAGES, referenceRoute, type ApiReferencePage } from '../../config/apiReference';
import { DOCS_VERSIONS, type DocsVersion } from '../../config/docsVersions';
import { API_VERSIONS, apisIn, type ApiName, type ApiVersion } from '../../openapi/descriptions';
import type { DocInfoWithFilePath } from '@easyops-cn/docusaurus-search-local/dist/server/server/utils/processDocInfos';

/** What the docs plugin's loaded content says of a version (postBuild's props), as far as this reads it. */
export interface LoadedVersion {
  readonly versionName: string;
  readonly path: string;
  readonly isLast: boolean;
}

/** A version's index as the theme plans it: its output folder and the pages it indexes. */
export interface VersionIndexPlan {
  readonly outDir: string;
  readonly paths: DocInfoWithFilePath[];
}

const withoutTrailingSlash = (url: string): string => (url.length > 1 ? url.replace(/\/$/, '') : url);

/**
 * The reference pages a reader of `apiVersion` searches (URL paths, below `baseUrl`): each API's page in that
 * version where the version has the API, else v1's page of it.
 */
export function referenceRoutesOf(
  apiVersion: ApiVersion,
  baseUrl: string,
  apis: readonly ApiName[] = apisIn(apiVersion),
  pages: readonly ApiReferencePage[] = API_REFERENCE_PAGES,
): Set<string> {
  return new Set(
    pages.map((page) =>
      path.posix.join(baseUrl, apis.includes(page.api) ? referenceRoute(page, apiVersion) : page.route),
    ),
  );
}

/** The docs version whose index the theme writes to `outDir` (its `processDocInfos` places them so). */
export function docsVersionOfOutDir(
  outDir: string,
  {
    siteOutDir,
    baseUrl,
    loadedVersions,
  }: { siteOutDir: string; baseUrl: string; loadedVersions: readonly LoadedVersion[] },
): DocsVersion {
  const loaded = loadedVersions.find(
    (version) =>
      path.resolve(
        version.isLast
          ? siteOutDir
          : path.join(siteOutDir, ...version.path.slice(baseUrl.length).split('/').filter(Boolean)),
      ) === path.resolve(outDir),
  );
  const docsVersion = DOCS_VERSIONS.find((version) => version.name === loaded?.versionName);
  if (!docsVersion) {
    throw new Error(
      `plugins/search-index: no docs version of config/docsVersions.ts writes its search index to ${outDir} ` +
        `(loaded versions: ${loadedVersions.map((version) => `${version.versionName} at ${version.path}`).join(', ')})`,
    );
  }
  return docsVersion;
}

/**
 * `plans` with each version's reference pages: those of its API version (`referenceRoutesOf`), none of another
 * version's. Docs pages are the theme's choice already (the version's own).
 */
export function pagesOfEachVersion(
  plans: readonly VersionIndexPlan[],
  context: { siteOutDir: string; baseUrl: string; loadedVersions: readonly LoadedVersion[] },
  routesOf: (apiVersion: ApiVersion) => Set<string> = (apiVersion) => referenceRoutesOf(apiVersion, context.baseUrl),
): (VersionIndexPlan & { readonly docsVersion: DocsVersion })[] {
  const everyVersionsReference = new Set(API_VERSIONS.flatMap((apiVersion) => [...routesOf(apiVersion)]));
  return plans.map(({ outDir, paths }) => {
    const docsVersion = docsVersionOfOutDir(outDir, context);
    const own = routesOf(docsVersion.apiVersion);
    return {
      outDir,
      docsVersion,
      paths: paths.filter(({ url, type }) => {
        if (type === 'docs') return true;
        const route = withoutTrailingSlash(url);
        return own.has(route) || !everyVersionsReference.has(route);
      }),
    };
  });
}

/**
 * Whether a page of `docsVersion`'s index is that version's own (its docs pages, its API version's reference
 * pages), not one it shares with v1: such a result says its version (`versionLabelled`).
 */
export function isOwnPageOfLaterVersion(url: string, docsVersion: DocsVersion, baseUrl: string): boolean {
  if (docsVersion.path === '') return false;
  const route = withoutTrailingSlash(url);
  const docsRoot = path.posix.join(baseUrl, 'docs', docsVersion.path);
  if (route === docsRoot || route.startsWith(`${docsRoot}/`)) return true;
  return route.startsWith(path.posix.join(baseUrl, 'api', docsVersion.apiVersion, '/'));
}

/** A search document of the theme's title part: `b` is the page's breadcrumb. */
interface TitleDocument {
  readonly i: number;
  readonly t: string;
  readonly u: string;
  readonly b?: readonly string[];
  readonly [key: string]: unknown;
}

/**
 * A title document of a later version's own page, saying its version: `v` is the label the search box shows
 * beside the result (plugins/search-index/client/suggestionTemplate.js), and the breadcrumb the search page
 * shows under it starts with it. Neither is indexed (only `t` is), so searching finds the same pages.
 */
export function versionLabelled<T extends TitleDocument>(
  document: T,
  label: string,
): T & { v: string; b: readonly string[] } {
  return { ...document, v: label, b: [label, ...(document.b ?? [])] };
}
