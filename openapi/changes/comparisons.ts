/**
 * The changes from each released version of a description to the next (`describeChanges`), kept beside the release
 * they lead to: `openapi/released/<api>/<version>.changes.json`. A released file never changes, so neither does its
 * comparison with the one before, as long as the code that classifies is the same: each stored comparison carries
 * the hash of both files and of that code (`key`). The build reads a stored comparison whose key is current and
 * compares the two files itself otherwise (api-smart-diff took about 10 s of a cold build for the 30 comparisons);
 * `npm run release:descriptions` writes the comparison of each release it makes, and `-- --compare` writes again every
 * one whose key is out of date (a change to the classifying code). A test holds every stored comparison current.
 *
 * A comparison the build makes itself is also kept in `node_modules/.cache/description-changes/` under its key.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describeChanges, type DescriptionChange } from './describeChanges';
import { loadReleased, repositoryPath, type ReleasedVersion } from './released';

const ROOT = path.join(__dirname, '..', '..');
const CACHE_DIRECTORY = path.join(ROOT, 'node_modules', '.cache', 'description-changes');

/** The code whose output a comparison is: a change to any of it compares every release again. */
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

/** A hash of `parts` and of the classifying code. */
export const hashOf = (...parts: (string | Buffer)[]) =>
  parts
    .reduce((hash, part) => hash.update(part).update('\0'), createHash('sha256').update(classifier()))
    .digest('hex')
    .slice(0, 24);

/** What `compute` gives, kept under `key` (a hash of all it reads) in the cache for the next process that asks. */
export function cached<T>(key: string, compute: () => T): T {
  const file = path.join(CACHE_DIRECTORY, `${key}.json`);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as T;
  const value = compute();
  writeWhole(file, JSON.stringify(value));
  return value;
}

/** Written under another name, then renamed: another process reading it never sees half a file. */
function writeWhole(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}`;
  writeFileSync(partial, text);
  renameSync(partial, file);
}

/** What `openapi/released/<api>/<version>.changes.json` holds. */
export interface StoredComparison {
  readonly about: string;
  /** The released version compared with, the one before. */
  readonly previous: string;
  /** `hashOf` both files and the classifying code, when it was written. */
  readonly key: string;
  readonly changes: readonly DescriptionChange[];
}

/** Where the comparison of `after` with the release before it is kept. */
export const comparisonFile = (after: ReleasedVersion) => after.file.replace(/\.yaml$/, '.changes.json');

const keyOf = (before: ReleasedVersion, after: ReleasedVersion) =>
  hashOf(readFileSync(before.file), readFileSync(after.file));

function storedComparison(after: ReleasedVersion): StoredComparison | undefined {
  const file = comparisonFile(after);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as StoredComparison) : undefined;
}

/**
 * The changes from one release to the next: the stored comparison when its key is current, else the cache's, else
 * compared now.
 */
export function changesBetween(before: ReleasedVersion, after: ReleasedVersion): DescriptionChange[] {
  const key = keyOf(before, after);
  const stored = storedComparison(after);
  if (stored?.key === key && stored.previous === before.version) return [...stored.changes];
  return cached(key, () => describeChanges(loadReleased(before), loadReleased(after)));
}

/** Compares `after` with `before` now, and stores the comparison beside `after`. Returns its file. */
export function storeComparison(before: ReleasedVersion, after: ReleasedVersion): string {
  const comparison: StoredComparison = {
    about:
      `The changes from ${after.api} ${before.version} to ${after.version}, as the changelog shows them: written by ` +
      'npm run release:descriptions, never edited (openapi/changes/comparisons.ts).',
    previous: before.version,
    key: keyOf(before, after),
    changes: describeChanges(loadReleased(before), loadReleased(after)),
  };
  const file = comparisonFile(after);
  writeWhole(file, `${JSON.stringify(comparison, null, 2)}\n`);
  return file;
}

/**
 * Each release after an API's first whose stored comparison is missing, compares another version, or has a key out
 * of date, with the reason, in `releases`' order.
 */
export function staleComparisons(
  releases: readonly ReleasedVersion[],
): { readonly before: ReleasedVersion; readonly after: ReleasedVersion; readonly why: string }[] {
  return releases.slice(1).flatMap((after, index) => {
    const before = releases[index] as ReleasedVersion;
    const stored = storedComparison(after);
    const where = repositoryPath(comparisonFile(after));
    const why = !stored
      ? `${where} is missing`
      : stored.previous !== before.version
        ? `${where} compares with ${stored.previous}, not ${before.version}`
        : stored.key !== keyOf(before, after)
          ? `${where} was written by other classifying code or from other files`
          : null;
    return why ? [{ before, after, why }] : [];
  });
}
