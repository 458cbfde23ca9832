/**
 * The files a reader downloads from an API reference page: the bundled description as YAML and as
 * JSON, and a Postman collection converted from it (`postmanCollection.ts`). Written into the build
 * beside the page at build time; the gate protects them like the page (plugins/protected-content).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { stringify } from 'yaml';
import { API_REFERENCE_PAGES, type ApiReferencePage } from '../../config/apiReference';
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

/** The three downloads of a reference page, named after its route (`orders-api`). */
export function descriptionDownloads({
  route,
  label,
}: Pick<ApiReferencePage, 'route' | 'label'>): DescriptionDownload[] {
  const folder = route.replace(/^\//, '').replace(/\/$/, '');
  const name = path.posix.basename(folder);
  return [
    { format: 'yaml', file: `${folder}/${name}.openapi.yaml`, label: `${label} OpenAPI description (YAML)` },
    { format: 'json', file: `${folder}/${name}.openapi.json`, label: `${label} OpenAPI description (JSON)` },
    { format: 'postman', file: `${folder}/${name}.postman_collection.json`, label: `${label} Postman collection` },
  ];
}

/** Every download of every reference page, relative to the build root: partner documentation, protected. */
export const DESCRIPTION_DOWNLOAD_FILES: readonly string[] = API_REFERENCE_PAGES.flatMap((page) =>
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
  page: Pick<ApiReferencePage, 'route' | 'label'>,
  description: JsonObject,
): Promise<void> {
  await writeDownloadFiles(outDir, page, await downloadContents(description));
}

/** Writes the downloads of one reference page into the build, given their contents (`downloadContents`). */
export async function writeDownloadFiles(
  outDir: string,
  page: Pick<ApiReferencePage, 'route' | 'label'>,
  contents: Readonly<Record<DownloadFormat, string>>,
): Promise<void> {
  for (const download of descriptionDownloads(page)) {
    const target = path.join(outDir, ...download.file.split('/'));
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, contents[download.format], 'utf8');
  }
}
