/**
 * Releasing descriptions (`npm run release:descriptions`, scripts/release-descriptions.mjs): each description whose
 * `info.version` is new and whose bump matches its changes is written to the released folder and listed there with
 * the day. Nothing is written while any description has a change its version does not account for.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseDocument } from 'yaml';
import { API_NAMES, type ApiName, type JsonObject } from '../descriptions';
import { staleComparisons, storeComparison } from './comparisons';
import type { DescriptionChange } from './describeChanges';
import { descriptionStatus } from './releaseCheck';
import { RELEASED_DIRECTORY, releasedFile, releasedText, releasedVersions, type ReleasedVersion } from './released';

export interface ReleaseOutcome {
  /** Every change a description's version does not account for; when there is one, nothing was released. */
  readonly problems: readonly string[];
  readonly released: readonly {
    readonly api: ApiName;
    readonly version: string;
    readonly base: ReleasedVersion;
    readonly changes: readonly DescriptionChange[];
    readonly file: string;
    /** The stored comparison with `base` (`comparisons.ts`). */
    readonly comparison: string;
  }[];
  readonly unchanged: readonly ReleasedVersion[];
}

/** Releases what is ready in `bundled` (each description bundled as the build bundles it), dated `date`. */
export function releaseDescriptions(
  bundled: Readonly<Record<ApiName, JsonObject>>,
  date: string,
  directory = RELEASED_DIRECTORY,
): ReleaseOutcome {
  const releases = releasedVersions(directory);
  const statuses = API_NAMES.map((api) => ({ api, status: descriptionStatus(api, bundled[api], releases[api]) }));
  const problems = statuses.flatMap(({ status }) => (status.state === 'invalid' ? status.problems : []));
  const unchanged = statuses.flatMap(({ status }) => (status.state === 'released' ? [status.release] : []));
  if (problems.length > 0) return { problems, released: [], unchanged };

  const listingFile = path.join(directory, 'releases.yaml');
  const listing = parseDocument(readFileSync(listingFile, 'utf8'));
  const released = statuses.flatMap(({ api, status }) => {
    if (status.state !== 'unreleased') return [];
    const file = releasedFile(api, status.version, directory);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, releasedText(bundled[api]));
    listing.addIn([api], listing.createNode({ version: status.version, date }));
    const comparison = storeComparison(status.base, { api, version: status.version, date, file });
    return [{ api, version: status.version, base: status.base, changes: status.changes, file, comparison }];
  });
  if (released.length > 0) writeFileSync(listingFile, listing.toString({ lineWidth: 0 }));
  return { problems, released, unchanged };
}

/**
 * Stores again each comparison of a release with the one before it that is missing or out of date (after a change to
 * the code that classifies changes). Returns what it wrote, with why.
 */
export function compareReleasesAgain(
  directory = RELEASED_DIRECTORY,
): { readonly file: string; readonly why: string }[] {
  const releases = releasedVersions(directory);
  return API_NAMES.flatMap((api) =>
    staleComparisons(releases[api]).map(({ before, after, why }) => ({ file: storeComparison(before, after), why })),
  );
}
