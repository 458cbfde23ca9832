/**
 * What the build makes from the API descriptions alone, run in the description worker
 * (`descriptionWorker.ts`): the bundled descriptions themselves, the changelog the docs pages show
 * (openapi/changes/changelog.ts), the Try it panel's modules (plugins/try-it) and a reference page's downloads
 * (plugins/api-reference/downloads.ts). The first job bundles the descriptions (`bundleDescriptions`, which keeps them
 * for the next jobs and leaves them in its cache file for the main thread); the others return what the plugins use.
 */
import { isProtectedPath } from '../../config/protectedPaths.mjs';
import { computeChangelog, type ChangelogRelease } from '../../openapi/changes/changelog';
import type { DescriptionChange } from '../../openapi/changes/describeChanges';
import { versionChanges, versionChangesSignature, versionSteps } from '../../openapi/changes/migration';
import {
  API_VERSIONS,
  apisIn,
  bundleDescriptions,
  descriptionsSignature,
  isObject,
  loadBundled,
  operationsOf,
  type ApiName,
  type ApiVersion,
} from '../../openapi/descriptions';
import { TRY_IT_MODULE_FILES, tryItModuleFile } from '../../contracts/tryIt/operation';
import { docsRootOf, withDocsLinksUnder } from '../api-reference/docsLinks';
import { downloadContents, type DownloadFormat } from '../api-reference/downloads';
import { stopEsbuild, tryItEsModule } from '../try-it/esModule';
import { tryItModules } from '../try-it/tryItOperation';

export interface TryItModulesJob {
  readonly baseUrl: string;
  /** The gate's protected prefixes: every module must lie under one. */
  readonly protectedPaths: readonly string[];
  /** Where the modules' imports of Ajv's runtime helpers are resolved from. */
  readonly siteDir: string;
}

/**
 * One standalone ES module per operation of the four descriptions and of each later version's (`apisIn`), by file under the build root
 * (`tryItModuleFile`). Throws when an operation id cannot name a file or a module would lie outside the gate.
 */
export async function tryItModuleFiles({
  baseUrl,
  protectedPaths,
  siteDir,
}: TryItModulesJob): Promise<Record<string, string>> {
  await bundleDescriptions();
  const modules: Record<string, Promise<string>> = {};
  // v1's APIs, then each later version's (their modules under `docs/try-it/<version>/`).
  const apis = API_VERSIONS.flatMap((version) => apisIn(version).map((api) => ({ api, version })));
  for (const { api, version } of apis) {
    const write = tryItModules(loadBundled(api, { dereferenced: false, version }));
    const description = loadBundled(api, { dereferenced: true, version });
    const servers = Array.isArray(description.servers) ? description.servers.filter(isObject) : [];
    const serverUrl = String(servers[0]?.url ?? '');
    for (const operation of operationsOf(api, description)) {
      const file = tryItModuleFile(operation.operationId, version);
      if (!TRY_IT_MODULE_FILES.test(file)) {
        throw new Error(`try-it: the operation id "${operation.operationId}" cannot name a file (${file}).`);
      }
      if (!isProtectedPath(`${baseUrl}${file}`, baseUrl, protectedPaths)) {
        throw new Error(`try-it: ${baseUrl}${file} would be public; it holds protected documentation.`);
      }
      modules[file] = tryItEsModule({ ...operation, serverUrl }, write, siteDir);
    }
  }
  const files = Object.keys(modules);
  const codes = await Promise.all(Object.values(modules)).finally(stopEsbuild);
  return Object.fromEntries(files.map((file, index) => [file, codes[index]]));
}

export interface DownloadsJob {
  readonly api: ApiName;
  /** The API version of the description (v1 when not given): its docs links go into that version's docs. */
  readonly version?: ApiVersion;
  /** The site's whole URL with its base URL and a final `/`: the downloads' links to the docs are made absolute. */
  readonly siteUrl: string;
}

/** The content of each download of one description (`downloads.ts`). */
export async function descriptionDownloadContents({
  api,
  version = 'v1',
  siteUrl,
}: DownloadsJob): Promise<Record<DownloadFormat, string>> {
  await bundleDescriptions();
  return downloadContents(
    withDocsLinksUnder(loadBundled(api, { dereferenced: false, version }), siteUrl, docsRootOf(version)),
  );
}

/** The changes from one major version of an API to the next (`versionChanges`), with their signature. */
export interface ComputedVersionChanges {
  readonly api: ApiName;
  readonly from: ApiVersion;
  readonly to: ApiVersion;
  /** `versionChangesSignature` of the two descriptions compared. */
  readonly signature: string;
  readonly changes: DescriptionChange[];
}

/**
 * The changelog, with the signature of the description files (`descriptionsSignature`) it was computed beside, and
 * the changes between each API's consecutive major versions, which a migration guide shows.
 */
export interface ComputedChangelog {
  readonly signature: string;
  readonly releases: ChangelogRelease[];
  readonly versionChanges: readonly ComputedVersionChanges[];
}

/**
 * The changelog (`computeChangelog`) and the changes between major versions (`versionChanges`) for the docs pages'
 * compile (plugins/remark-api-reference), which would otherwise parse every released description and compare the
 * versions on the main thread. Computed once the descriptions are bundled: it would otherwise hold up the bundling,
 * which the site's load waits for.
 */
export async function changelogHere(): Promise<ComputedChangelog> {
  await bundleDescriptions();
  const signature = descriptionsSignature();
  return {
    signature,
    releases: computeChangelog(),
    versionChanges: versionSteps().map(({ api, from, to }) => ({
      api,
      from,
      to,
      signature: versionChangesSignature(api, from, to),
      changes: versionChanges(api, from, to),
    })),
  };
}

/**
 * Bundles the descriptions (`bundleDescriptions`), which leaves them in its cache file for the main thread, and
 * answers with their signature.
 */
export async function bundleDescriptionsHere(): Promise<string> {
  return (await bundleDescriptions()).signature;
}

/** The jobs the description worker runs, by name. */
export const DESCRIPTION_JOBS = {
  bundle: bundleDescriptionsHere,
  changelog: changelogHere,
  tryItModules: tryItModuleFiles,
  downloads: descriptionDownloadContents,
};

export type DescriptionJobs = typeof DESCRIPTION_JOBS;
export type DescriptionJobName = keyof DescriptionJobs;
