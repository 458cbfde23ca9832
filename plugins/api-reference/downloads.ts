/**
 * The files a reader downloads from an API reference page: the bundled description as YAML and as
 * JSON, and a Postman collection converted from it (`postmanCollection.ts`). Written into the build
 * beside the page at build time; the gate protects them like the page (plugins/protected-content).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { stringify } from 'yaml';
import { REFERENCE_PAGES, type ApiReferencePage, type VersionedReferencePage } from '../../config/apiReference';
import type { JsonObject } from '../../openapi/document';
import { postmanCollection } from './postmanCollection';

export type DownloadFormat = 'yaml' | 'json' | 'postman';

export interface DescriptionDownload {
  readonly format: DownloadFormat;
  /** Relative to the build root, with `/`: `api/orders-api/orders-api.openapi.yaml`. */
  readonly file: string;
  /** The link text on the page. */
  readonly label: string;
}

/** What names a reference page's downloads: its route, label and API version (v1 when not given). */
type DownloadsPage = Pick<ApiReferencePage, 'route' | 'label'> & Partial<Pick<VersionedReferencePage, 'apiVersion'>>;

/**
 * The three downloads of a reference page, named after its route (`orders-api`), and its API version after v1
 * (`orders-api-v2`): a reader who keeps both versions' files tells them apart.
 */
export function descriptionDownloads({ route, label, apiVersion = 'v1' }: DownloadsPage): DescriptionDownload[] {
  const folder = route.replace(/^\//, '').replace(/\/$/, '');
  const name = apiVersion === 'v1' ? path.posix.basename(folder) : `${path.posix.basename(folder)}-${apiVersion}`;
  return [
    { format: 'yaml', file: `${folder}/${name}.openapi.yaml`, label: `${label} OpenAPI description (YAML)` },
    { format: 'json', file: `${folder}/${name}.openapi.json`, label: `${label} OpenAPI description (JSON)` },
    { format: 'postman', file: `${folder}/${name}.postman_collection.json`, label: `${label} Postman collection` },
  ];
}

/** Every download of every reference page (of every API version), relative to the build root: protected. */
export const DESCRIPTION_DOWNLOAD_FILES: readonly string[] = REFERENCE_PAGES.flatMap((page) =>
  descriptionDownloads(page).map(({ file }) => file),
);

/** The content of each download of a description. */
export async function downloadContents(description: JsonObject): Promise<Record<DownloadFormat, string>> {
  return {
    yaml: stringify(description, { lineWidth: 0 }),
    json: `${JSON.stringify(description, null, 2)}\n`,
    postman: `${JSON.stringify(await postmanCollection(description), null, 2)}\n`,
  };
}

/** Writes the downloads of one reference page into the build. */
export async function writeDescriptionDownloads(
  outDir: string,
  page: DownloadsPage,
  description: JsonObject,
): Promise<void> {
  await writeDownloadFiles(outDir, page, await downloadContents(description));
}

/** Writes the downloads of one reference page into the build, given their contents (`downloadContents`). */
export async function writeDownloadFiles(
  outDir: string,
  page: DownloadsPage,
  contents: Readonly<Record<DownloadFormat, string>>,
): Promise<void> {
  for (const download of descriptionDownloads(page)) {
    const target = path.join(outDir, ...download.file.split('/'));
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, contents[download.format], 'utf8');
  }
}
