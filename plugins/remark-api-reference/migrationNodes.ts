/**
 * A migration guide (`<MigrationGuide api="orders" from="v1" to="v2">`): each of the writer's `<MigrationStep>`s
 * (what a client must do) followed by the breaking changes it covers, computed from the two descriptions, then what
 * the new version adds. A breaking change without a step, or a step without one, stops the build
 * (`migrationProblems`).
 */
import type { RootContent } from 'mdast';
import type { DescriptionChange } from '../../openapi/changes/describeChanges';
import { covers, migrationProblems, type MigrationStep } from '../../openapi/changes/migration';
import { changeItems, type ChangeListInput } from './changelogNodes';

export interface MigrationInput extends ChangeListInput {
  /** Every change from the old version to the new one. */
  readonly changes: readonly DescriptionChange[];
  /** The writer's steps, each with what it says (its MDX children). */
  readonly steps: readonly (MigrationStep & { readonly content: readonly RootContent[] })[];
  /** The page, for messages. */
  readonly guide: string;
  /** The new version, as a reader names it (`Trading API v2`). */
  readonly target: string;
  /** The versioning page's section that says what is breaking. */
  readonly rulesHref: string;
}

export function migrationNodes(input: MigrationInput): RootContent[] {
  const problems = migrationProblems(input.changes, input.steps, input.guide);
  if (problems.length > 0) throw new Error(problems.join('\n'));
  const breaking = input.changes.filter((change) => change.class === 'breaking');
  const additions = input.changes.filter((change) => change.class === 'additive');
  const steps = input.steps.flatMap((step): RootContent[] => [
    ...step.content,
    {
      type: 'paragraph',
      children: [
        { type: 'text', value: 'Breaking by the ' },
        { type: 'link', url: input.rulesHref, children: [{ type: 'text', value: 'versioning rules' }] },
        { type: 'text', value: ', found by comparing the two descriptions:' },
      ],
    },
    {
      type: 'list',
      ordered: false,
      spread: false,
      children: changeItems(
        breaking.filter((change) => covers(step, change)),
        input,
      ),
    },
  ]);
  if (additions.length === 0) return steps;
  return [
    ...steps,
    { type: 'heading', depth: 2, children: [{ type: 'text', value: `What ${input.target} adds` }] },
    {
      type: 'paragraph',
      children: [
        {
          type: 'text',
          value:
            'Additions, which a client that follows the API standards can ignore until it needs them, found by ' +
            'comparing the two descriptions:',
        },
      ],
    },
    { type: 'list', ordered: false, spread: false, children: changeItems(additions, input) },
  ];
}
