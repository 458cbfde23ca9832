/**
 * A migration guide from one major version of an API to the next (`<MigrationGuide>` on a docs page): the changes
 * between the two descriptions (`describeChanges`), and the writer's steps, each saying what a client must do about
 * the breaking changes it names by rule and operation. Every breaking change needs a step, and every step a breaking
 * change: `migrationProblems` says which do not, for the build and for `npm test`.
 */
import { createHash } from 'node:crypto';
import { API_VERSIONS, apisIn, loadBundled, type ApiName, type ApiVersion } from '../descriptions';
import { describeChanges, type DescriptionChange } from './describeChanges';
import { CHANGE_RULES } from './rules';

export interface MigrationStep {
  /** Where the step is written, for messages (`docs/trading-api/migrating-to-v2.mdx, step 2`). */
  readonly where: string;
  /** The ids of the versioning rules (`operation-removed`) whose changes it covers. */
  readonly rules: readonly string[];
  /** The operations (`operationId`) whose changes it covers; empty for changes to the description as a whole. */
  readonly operations: readonly string[];
}

/** Every change from `from` to `to` of one API's description, as `describeChanges` classes them. */
export function versionChanges(api: ApiName, from: ApiVersion, to: ApiVersion): DescriptionChange[] {
  return describeChanges(
    loadBundled(api, { dereferenced: false, version: from }),
    loadBundled(api, { dereferenced: false, version: to }),
  );
}

/**
 * The signature of the two descriptions `versionChanges(api, from, to)` compares (the SHA-256 of their JSON): the same
 * signature, the same changes.
 */
export function versionChangesSignature(api: ApiName, from: ApiVersion, to: ApiVersion): string {
  const compared = [from, to].map((version) => loadBundled(api, { dereferenced: false, version }));
  return createHash('sha256').update(JSON.stringify(compared)).digest('hex');
}

/** Each API with each major version after its first, and the version before: what a migration guide compares. */
export function versionSteps(): { readonly api: ApiName; readonly from: ApiVersion; readonly to: ApiVersion }[] {
  return API_VERSIONS.flatMap((to, index) => {
    const from = API_VERSIONS[index - 1];
    return from === undefined
      ? []
      : apisIn(to)
          .filter((api) => apisIn(from).includes(api))
          .map((api) => ({ api, from, to }));
  });
}

/** Whether `step` covers `change`: its rule, and its operation (or none, for a change to the whole description). */
export const covers = (step: MigrationStep, change: DescriptionChange): boolean =>
  step.rules.includes(change.rule.id) &&
  (change.operation === null ? step.operations.length === 0 : step.operations.includes(change.operation.operationId));

/**
 * What is wrong with a guide: a breaking change no step covers (named with its rule), a step naming a rule the
 * versioning page does not have, and a step that covers no breaking change (the description no longer makes it).
 */
export function migrationProblems(
  changes: readonly DescriptionChange[],
  steps: readonly MigrationStep[],
  guide: string,
): string[] {
  const breaking = changes.filter((change) => change.class === 'breaking');
  const uncovered = breaking
    .filter((change) => !steps.some((step) => covers(step, change)))
    .map(
      (change) =>
        `${guide}: no <MigrationStep> for a breaking change: ${change.description} (rule ${change.rule.id}: ` +
        `"${change.rule.wording}")`,
    );
  const unknownRules = steps.flatMap((step) =>
    step.rules
      .filter((rule) => !(rule in CHANGE_RULES))
      .map((rule) => `${step.where}: no versioning rule "${rule}" (rules: ${Object.keys(CHANGE_RULES).join(', ')})`),
  );
  const idle = steps
    .filter((step) => !breaking.some((change) => covers(step, change)))
    .map((step) => `${step.where}: covers no breaking change (rules ${step.rules.join(', ')})`);
  return [...uncovered, ...unknownRules, ...idle];
}

/** A step's attributes as a page writes them: space-separated lists. */
export const attributeList = (value: string | undefined): string[] => (value ?? '').split(/\s+/).filter(Boolean);
