/**
 * The comparisons stored beside the releases (`comparisons.ts`): every one current, each what a comparison of the
 * two files gives, and read by the changelog only while its key is current.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_NAMES } from '../../descriptions';
import { changesBetween, comparisonFile, staleComparisons, type StoredComparison } from '../comparisons';
import { describeChanges } from '../describeChanges';
import { compareReleasesAgain } from '../release';
import { loadReleased, RELEASED_DIRECTORY, releasedVersions } from '../released';

/** api-smart-diff compares two whole descriptions in a few seconds on a busy machine. */
jest.setTimeout(120_000);

const releases = releasedVersions();

it.each(API_NAMES)(
  "%s: each release's stored comparison is current (else: npm run release:descriptions -- --compare)",
  (api) => {
    expect(staleComparisons(releases[api]).map(({ why }) => why)).toEqual([]);
  },
);

it.each(API_NAMES)('%s: the newest stored comparison is what comparing the two files gives', (api) => {
  const [before, after] = releases[api].slice(-2);
  const stored = JSON.parse(readFileSync(comparisonFile(after!), 'utf8')) as StoredComparison;
  expect(stored.previous).toBe(before!.version);
  expect(stored.changes).toEqual(
    JSON.parse(JSON.stringify(describeChanges(loadReleased(before!), loadReleased(after!)))),
  );
});

describe('in a copy of the released folder', () => {
  let directory: string;
  beforeEach(() => {
    directory = mkdtempSync(path.join(tmpdir(), 'comparisons-'));
    cpSync(RELEASED_DIRECTORY, directory, { recursive: true });
  });
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  it('the changelog reads a stored comparison whose key is current, and compares the files when it is not', () => {
    const [first, second] = releasedVersions(directory).documents;
    const file = comparisonFile(second!);
    const stored = JSON.parse(readFileSync(file, 'utf8')) as StoredComparison;
    const marked = { ...stored, changes: [{ ...stored.changes[0]!, description: 'read from the stored file' }] };
    writeFileSync(file, JSON.stringify(marked));
    expect(changesBetween(first!, second!).map((change) => change.description)).toEqual(['read from the stored file']);

    writeFileSync(file, JSON.stringify({ ...marked, key: 'written-by-other-code' }));
    expect(changesBetween(first!, second!)).toEqual(stored.changes);
    expect(staleComparisons(releasedVersions(directory).documents).map(({ why }) => why)).toEqual([
      expect.stringMatching(
        /documents\/1\.0\.1\.changes\.json was written by other classifying code or from other files$/,
      ),
    ]);
  });

  it('--compare writes again only what is missing or out of date', () => {
    const [, second, third] = releasedVersions(directory).orders;
    rmSync(comparisonFile(second!));
    const before = readFileSync(comparisonFile(third!), 'utf8');
    writeFileSync(comparisonFile(third!), before.replace(/"previous": "[^"]+"/, '"previous": "0.9.0"'));
    const written = compareReleasesAgain(directory);
    expect(written.map(({ why }) => why)).toEqual([
      expect.stringMatching(/orders\/1\.0\.1\.changes\.json is missing$/),
      expect.stringMatching(/orders\/1\.0\.2\.changes\.json compares with 0\.9\.0, not 1\.0\.1$/),
    ]);
    expect(readFileSync(comparisonFile(third!), 'utf8')).toBe(before);
    expect(compareReleasesAgain(directory)).toEqual([]);
  });
});
