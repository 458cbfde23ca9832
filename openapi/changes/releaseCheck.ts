/**
 * Where a description stands against its released versions (`released.ts`): released as it is, a new version
 * whose bump matches its changes and waits to be released, or changed in a way its `info.version` does not
 * account for. `npm test` holds every description to "released" (openapi/changes/__tests__/releases.test.ts), and
 * `npm run release:descriptions` releases the second kind.
 */
import { isDeepStrictEqual } from 'node:util';
import type { ApiName, JsonObject } from '../descriptions';
import { describeChanges, type DescriptionChange } from './describeChanges';
import { compareVersions, loadReleased, repositoryPath, type ReleasedVersion } from './released';
import { checkVersionBump } from './versionBump';

export type DescriptionStatus =
  | { readonly state: 'released'; readonly release: ReleasedVersion }
  | {
      readonly state: 'unreleased';
      /** The released version it is compared with: the newest one before it. */
      readonly base: ReleasedVersion;
      readonly version: string;
      readonly changes: readonly DescriptionChange[];
    }
  | { readonly state: 'invalid'; readonly problems: readonly string[] };

/**
 * Whether two descriptions say the same, whichever parser made their objects (a test's realm gives JSON's and YAML's
 * objects different prototypes, which `isDeepStrictEqual` alone would count as a difference).
 */
const sameDocument = (a: JsonObject, b: JsonObject) =>
  isDeepStrictEqual(JSON.parse(JSON.stringify(a)), JSON.parse(JSON.stringify(b)));

const versionOf = (document: JsonObject) => String((document.info as JsonObject | undefined)?.version ?? '');

/**
 * `current`, the description of `api` bundled as the build bundles it, against `releases`, that API's released
 * versions, oldest first.
 */
export function descriptionStatus(
  api: ApiName,
  current: JsonObject,
  releases: readonly ReleasedVersion[],
): DescriptionStatus {
  const source = `openapi/${api}.yaml`;
  const version = versionOf(current);
  const listed = releases.find((release) => release.version === version);
  if (listed) {
    const released = loadReleased(listed);
    if (sameDocument(released, current)) return { state: 'released', release: listed };
    const changes = describeChanges(released, current);
    const { problems } = checkVersionBump(listed.version, version, changes);
    return {
      state: 'invalid',
      problems:
        problems.length > 0
          ? problems.map((problem) => `${source} changed since ${version} was released: ${problem}`)
          : [
              `${source} differs from ${repositoryPath(listed.file)}, its released ${version}, in a way the ` +
                'comparison does not classify: give it a new patch version at least',
            ],
    };
  }
  const base = releases.filter((release) => compareVersions(release.version, version) < 0).at(-1);
  if (!base) {
    return {
      state: 'invalid',
      problems: [`${source}: info.version ${version} is older than every released version of ${api}`],
    };
  }
  const newest = releases.at(-1)!;
  if (newest !== base) {
    return {
      state: 'invalid',
      problems: [
        `${source}: info.version ${version} falls between released versions ${base.version} and ${newest.version}`,
      ],
    };
  }
  const changes = describeChanges(loadReleased(base), current);
  const { problems } = checkVersionBump(base.version, version, changes);
  if (problems.length > 0) {
    return { state: 'invalid', problems: problems.map((problem) => `${source} ${version}: ${problem}`) };
  }
  return { state: 'unreleased', base, version, changes };
}
