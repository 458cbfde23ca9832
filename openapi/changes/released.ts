/**
 * The released versions of each API description, kept in `openapi/released/`: `releases.yaml` lists each API's
 * versions, oldest first, with the day each shipped in production, and `<api>/<version>.yaml` is that version's
 * description as it shipped, bundled into one document (its references into `shared/` pulled in). A released file
 * is never edited: `npm run release:descriptions` writes both when a description gets a new version
 * (`scripts/release-descriptions.mjs`). The changelog is computed from these files, and the version check compares
 * today's descriptions with the last of them.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { CORE_SCHEMA, load } from 'js-yaml';
import { parse, stringify } from 'yaml';
import { API_NAMES, isObject, type ApiName, type JsonObject } from '../descriptions';

export const RELEASED_DIRECTORY = path.join(__dirname, '..', 'released');

const ROOT = path.join(__dirname, '..', '..');
/** A file's path as a writer finds it in the repository: `openapi/released/orders/1.4.0.yaml`. */
export const repositoryPath = (file: string) => path.relative(ROOT, file).split(path.sep).join('/');

export interface ReleasedVersion {
  readonly api: ApiName;
  /** `major.minor.patch`, the description's `info.version`. */
  readonly version: string;
  /** The day it shipped in production, `YYYY-MM-DD`. */
  readonly date: string;
  /** The released description's file. */
  readonly file: string;
}

/** A released description that is missing, does not parse or does not match its listing: names the file. */
export class ReleasedDescriptionError extends Error {
  override readonly name = 'ReleasedDescriptionError';
}

const VERSION = /^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Orders two `major.minor.patch` versions. */
export function compareVersions(a: string, b: string): number {
  const [x, y] = [a, b].map((version) => version.split('.').map(Number));
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
}

export const majorOf = (version: string) => Number(version.split('.')[0]);

export const releasedFile = (api: ApiName, version: string, directory = RELEASED_DIRECTORY) =>
  path.join(directory, api, `${version}.yaml`);

function readListing(listingFile: string, fail: (message: string) => never): Record<string, unknown> {
  if (!existsSync(listingFile)) fail('is missing: it lists the released versions of each API description');
  let listing: unknown;
  try {
    listing = parse(readFileSync(listingFile, 'utf8'));
  } catch (error) {
    fail(`does not parse: ${(error as Error).message.split('\n')[0]}`);
  }
  if (!isObject(listing)) fail('is not a mapping from each API to its list of released versions');
  const unknown = Object.keys(listing).filter((api) => !(API_NAMES as readonly string[]).includes(api));
  if (unknown.length > 0) fail(`names ${unknown.join(', ')}, which is not one of ${API_NAMES.join(', ')}`);
  return listing;
}

function versionsOf(
  api: ApiName,
  entries: unknown,
  directory: string,
  fail: (message: string) => never,
): ReleasedVersion[] {
  const listingFile = repositoryPath(path.join(directory, 'releases.yaml'));
  if (!Array.isArray(entries) || entries.length === 0) fail(`${api} has no released versions listed`);
  const versions = entries.map((entry, index) => {
    const at = `${api}[${index}]`;
    if (!isObject(entry)) fail(`${at} is not { version, date }`);
    const version = String(entry.version ?? '');
    const date = String(entry.date ?? '');
    if (!VERSION.test(version)) fail(`${at}: version "${version}" is not major.minor.patch, such as 1.4.0`);
    if (!DAY.test(date) || Number.isNaN(Date.parse(date))) fail(`${at}: date "${date}" is not a day, YYYY-MM-DD`);
    const file = releasedFile(api, version, directory);
    if (!existsSync(file)) {
      throw new ReleasedDescriptionError(
        `${repositoryPath(file)} is missing: ${listingFile} lists ${api} ${version} as released`,
      );
    }
    return { api, version, date, file };
  });
  versions.forEach((release, index) => {
    const before = versions[index - 1];
    if (!before) return;
    if (compareVersions(before.version, release.version) >= 0) {
      fail(`${api}: ${release.version} is listed after ${before.version}; list the versions oldest first`);
    }
    if (release.date < before.date) fail(`${api}: ${release.version} is dated before ${before.version}`);
  });
  return versions;
}

/**
 * Every API's released versions, oldest first, as `directory` (`openapi/released/`) keeps them. Stops, naming the
 * file, at anything missing or malformed.
 */
export function releasedVersions(
  directory = RELEASED_DIRECTORY,
): Readonly<Record<ApiName, readonly ReleasedVersion[]>> {
  const listingFile = path.join(directory, 'releases.yaml');
  const fail = (message: string): never => {
    throw new ReleasedDescriptionError(`${repositoryPath(listingFile)}: ${message}`);
  };
  const listing = readListing(listingFile, fail);
  return Object.fromEntries(API_NAMES.map((api) => [api, versionsOf(api, listing[api], directory, fail)])) as Record<
    ApiName,
    ReleasedVersion[]
  >;
}

/** Each released description read so far, by file, with the size and time of the file it was read from. */
const loadedReleases = new Map<string, { readonly stamp: string; readonly document: JsonObject }>();

/**
 * A released description. Stops, naming the file, if it does not parse or is not the version it is filed as.
 *
 * Parsed once per process (the changelog reads each release up to three times: as itself, and on each side of a
 * comparison) and shared: callers must not change it (`describeChanges` compares copies). A file changed since it was
 * read is read again. js-yaml with its core schema reads these files into the same values as the `yaml` package that
 * writes them (a test checks every released file), about six times as fast: the whole changelog's parse took 7.8 s
 * with `yaml`, 1.2 s with js-yaml.
 */
export function loadReleased(release: ReleasedVersion): JsonObject {
  const where = repositoryPath(release.file);
  const stats = statSync(release.file, { throwIfNoEntry: false });
  const stamp = `${stats?.size} ${stats?.mtimeMs}`;
  const loaded = loadedReleases.get(release.file);
  if (loaded?.stamp === stamp) return checkedRelease(loaded.document, release, where);
  let document: unknown;
  try {
    document = load(readFileSync(release.file, 'utf8'), { schema: CORE_SCHEMA, filename: where });
  } catch (error) {
    throw new ReleasedDescriptionError(`${where} does not parse: ${(error as Error).message.split('\n')[0]}`);
  }
  if (!isObject(document) || !isObject(document.info) || !isObject(document.paths)) {
    throw new ReleasedDescriptionError(`${where} is not an OpenAPI description (it has no info or paths)`);
  }
  loadedReleases.set(release.file, { stamp, document });
  return checkedRelease(document, release, where);
}

function checkedRelease(document: JsonObject, release: ReleasedVersion, where: string): JsonObject {
  const info = document.info as JsonObject;
  if (String(info.version) !== release.version) {
    throw new ReleasedDescriptionError(`${where} holds info.version ${String(info.version)}, not ${release.version}`);
  }
  return document;
}

/** A released description's file text: a line that says what it is, then the bundled description. */
export function releasedText(document: JsonObject): string {
  const info = isObject(document.info) ? document.info : {};
  return (
    `# ${String(info.title)} ${String(info.version)} as released, bundled: written by npm run release:descriptions, ` +
    'never edited (openapi/changes/released.ts).\n' +
    // Each repeated object in full (no YAML aliases), lines unfolded: the file reads like the description it was.
    stringify(document, { lineWidth: 0, aliasDuplicateObjects: false })
  );
}
