/**
 * The changelog as the released descriptions tell it (`released.ts`): for each API and released version, the changes
 * from the version before it, classified by the versioning page's rules (`describeChanges.ts`). The changelog page
 * renders it (plugins/remark-changelog), with the notes a writer adds on why and what to do.
 *
 * Each comparison comes from the one stored beside the release (`comparisons.ts`); the whole changelog is kept in
 * `node_modules/.cache/description-changes/` too, under the hash of every released file and of the code that
 * classifies.
 */
import { readFileSync } from 'node:fs';
import { API_NAMES, operationsOf, type ApiName } from '../descriptions';
import { cached, changesBetween, hashOf } from './comparisons';
import type { DescriptionChange } from './describeChanges';
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
