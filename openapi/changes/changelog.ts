/**
 * The changelog as the released descriptions tell it (`released.ts`): for each API and released version, the changes
 * from the version before it, classified by the versioning page's rules (`describeChanges.ts`). The changelog page
 * renders it (plugins/remark-changelog), with the notes a writer adds on why and what to do.
 *
 * Comparing two releases takes api-smart-diff a while, and a released file never changes: each comparison is kept
 * in `node_modules/.cache/description-changes/`, under the hash of both files and of the code that classifies.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { API_NAMES, operationsOf, type ApiName } from '../descriptions';
import { describeChanges, type DescriptionChange } from './describeChanges';
import { loadReleased, releasedVersions, type ReleasedVersion } from './released';

export interface ChangelogRelease {
  readonly api: ApiName;
  /** The API's title in that version (`Trading API`). */
  readonly title: string;
  readonly version: string;
  /** The day it shipped in production, `YYYY-MM-DD`. */
  readonly date: string;
  /** The released version it is compared with; null for the API's first release. */
  readonly previous: string | null;
  /** Every change from `previous`, in the order the description lists them; empty for a first release. */
  readonly changes: readonly DescriptionChange[];
  /** How many operations it has. */
  readonly operations: number;
}

const ROOT = path.join(__dirname, '..', '..');
const CACHE_DIRECTORY = path.join(ROOT, 'node_modules', '.cache', 'description-changes');

/** The code whose output the cache keeps: a change to any of it compares every release again. */
const CLASSIFIER_FILES = [
  'openapi/changes/describeChanges.ts',
  'openapi/changes/rules.ts',
  'contracts/content/fieldAnchor.ts',
  'plugins/remark-api-reference/schemaFields.ts',
  'node_modules/api-smart-diff/package.json',
];

let classifierHash: string | null = null;
function classifier(): string {
  classifierHash ??= CLASSIFIER_FILES.reduce(
    (hash, file) => hash.update(readFileSync(path.join(ROOT, file))),
    createHash('sha256'),
  ).digest('hex');
  return classifierHash;
}

/** What `compute` gives, kept under `key` (a hash of all it reads) for the next process that asks. */
function cached<T>(key: string, compute: () => T): T {
  const file = path.join(CACHE_DIRECTORY, `${key}.json`);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as T;
  const value = compute();
  mkdirSync(CACHE_DIRECTORY, { recursive: true });
  // Written whole under another name, then renamed: another process reading it never sees half a file.
  const partial = `${file}.${process.pid}`;
  writeFileSync(partial, JSON.stringify(value));
  renameSync(partial, file);
  return value;
}

const hashOf = (...parts: (string | Buffer)[]) =>
  parts
    .reduce((hash, part) => hash.update(part).update('\0'), createHash('sha256').update(classifier()))
    .digest('hex')
    .slice(0, 24);

/** The changes from one release to the next, from the cache when the same files were compared by the same code. */
function changesBetween(before: ReleasedVersion, after: ReleasedVersion): DescriptionChange[] {
  return cached(hashOf(readFileSync(before.file), readFileSync(after.file)), () =>
    describeChanges(loadReleased(before), loadReleased(after)),
  );
}

/** API order, as the site lists the APIs everywhere. */
const apiOrder = (api: ApiName) => API_NAMES.indexOf(api);

/**
 * Every released version of every API with its changes: newest day first; within a day, the APIs in the site's order
 * and each API's versions newest first.
 */
export function computeChangelog(
  releases: Readonly<Record<ApiName, readonly ReleasedVersion[]>> = releasedVersions(),
): ChangelogRelease[] {
  // The whole changelog, when every released file and its listing are as they were: reading the files is quick,
  // parsing them is not.
  const key = hashOf(
    ...API_NAMES.flatMap((api) =>
      releases[api].flatMap((release) => [`${api} ${release.version} ${release.date}`, readFileSync(release.file)]),
    ),
  );
  return cached(key, () => changelogOf(releases));
}

function changelogOf(releases: Readonly<Record<ApiName, readonly ReleasedVersion[]>>): ChangelogRelease[] {
  const entries = API_NAMES.flatMap((api) =>
    releases[api].map((release, index): ChangelogRelease => {
      const previous = releases[api][index - 1] ?? null;
      const document = loadReleased(release);
      return {
        api,
        title: String((document.info as { title?: unknown }).title),
        version: release.version,
        date: release.date,
        previous: previous?.version ?? null,
        changes: previous ? changesBetween(previous, release) : [],
        operations: operationsOf(api, document).length,
      };
    }),
  );
  return entries.sort(
    (a, b) =>
      b.date.localeCompare(a.date) ||
      apiOrder(a.api) - apiOrder(b.api) ||
      releases[b.api].findIndex((release) => release.version === b.version) -
        releases[a.api].findIndex((release) => release.version === a.version),
  );
}
