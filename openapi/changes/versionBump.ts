/**
 * Whether a description's new `info.version` matches its changes, as the versioning page says: the major number
 * changes for a breaking change (within `/v1` there is none but an urgent security fix), the minor number for an
 * additive one, the patch number for a documentation correction.
 */
import type { DescriptionChange } from './describeChanges';

interface Version {
  readonly major: number;
  readonly minor: number;
  readonly patch: number;
}

/** `1.4.0` as numbers; the descriptions' versions are plain `major.minor.patch`, without pre-release tags. */
function parseVersion(text: string, which: string): Version {
  const match = /^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)$/.exec(text);
  if (!match) throw new Error(`the ${which} info.version "${text}" is not major.minor.patch, such as 1.4.0`);
  return { major: Number(match[1]), minor: Number(match[2]), patch: Number(match[3]) };
}

const compare = (a: Version, b: Version) => a.major - b.major || a.minor - b.minor || a.patch - b.patch;

type VersionBump = 'major' | 'minor' | 'patch' | 'none';

export interface VersionCheck {
  /** The smallest bump the changes call for. */
  readonly required: VersionBump;
  /** Each change the new version does not account for, naming the change and the rule; empty when it matches. */
  readonly problems: readonly string[];
}

const problem = (change: DescriptionChange, needs: string) =>
  `${change.description}: ${change.class} under the versioning page's rule "${change.rule.wording}" ` +
  `(${change.rule.id}), which ${needs}`;

/**
 * Checks the bump from `released` (the last released `info.version`) to `next` (the changed description's) against
 * the changes between the two descriptions.
 */
export function checkVersionBump(released: string, next: string, changes: readonly DescriptionChange[]): VersionCheck {
  const from = parseVersion(released, 'released');
  const to = parseVersion(next, 'new');
  const breaking = changes.filter((change) => change.class === 'breaking');
  const additive = changes.filter((change) => change.class === 'additive');
  const required: VersionBump =
    breaking.length > 0 ? 'major' : additive.length > 0 ? 'minor' : changes.length > 0 ? 'patch' : 'none';

  if (compare(to, from) < 0) {
    return { required, problems: [`info.version went back from ${released} to ${next}`] };
  }
  if (required === 'major' && to.major === from.major) {
    return {
      required,
      problems: breaking.map((change) =>
        problem(change, `needs a new major version: ${next} keeps the major version ${from.major} of ${released}`),
      ),
    };
  }
  if (required === 'minor' && to.major === from.major && to.minor === from.minor) {
    return {
      required,
      problems: additive.map((change) =>
        problem(change, `needs at least a minor version: ${next} keeps the minor version of ${released}`),
      ),
    };
  }
  if (required === 'patch' && compare(to, from) === 0) {
    return {
      required,
      problems: changes.map((change) =>
        problem(change, `needs at least a patch version: ${next} is still ${released}`),
      ),
    };
  }
  return { required, problems: [] };
}
