/**
 * The migration guides (`<MigrationGuide>` on a docs page) against the descriptions: every breaking change from one
 * major version to the next has a step that says what a client must do, and every step still has a breaking change
 * to cover. The build stops on the same problems (plugins/remark-api-reference/migrationNodes.ts); this says so in
 * `npm test` and `npm run check:docs`, without a build.
 */
import { apisIn, type ApiName, type ApiVersion } from '../../../openapi/descriptions';
import type { DescriptionChange } from '../../../openapi/changes/describeChanges';
import { attributeList, covers, migrationProblems, versionChanges } from '../../../openapi/changes/migration';
import { docsFiles, readPage } from '../docsPages';

const attribute = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1];

const guides = docsFiles()
  .map(readPage)
  .flatMap((page) =>
    [...page.source.matchAll(/<MigrationGuide\b([^>]*)>([\s\S]*?)<\/MigrationGuide>/g)].map(([, tag, body]) => ({
      file: `docs/${page.file}`,
      api: attribute(tag, 'api') as ApiName,
      from: attribute(tag, 'from') as ApiVersion,
      to: attribute(tag, 'to') as ApiVersion,
      steps: [...body.matchAll(/<MigrationStep\b([^>]*)>/g)].map(([, step], index) => ({
        where: `docs/${page.file}, step ${index + 1}`,
        rules: attributeList(attribute(step, 'rules')),
        operations: attributeList(attribute(step, 'operations')),
      })),
    })),
  );

describe('the migration guides', () => {
  it('exist for every API with a later major version', () => {
    expect(guides.map((guide) => `${guide.api} ${guide.to}`).sort()).toEqual(
      apisIn('v2')
        .map((api) => `${api} v2`)
        .sort(),
    );
  });

  it.each(guides.map((guide) => [`${guide.file} (${guide.api} ${guide.from} → ${guide.to})`, guide] as const))(
    '%s: a step for every breaking change, and a breaking change for every step',
    (_, guide) => {
      const changes = versionChanges(guide.api, guide.from, guide.to);
      expect(changes.filter((change) => change.class === 'breaking').length).toBeGreaterThanOrEqual(2);
      expect(migrationProblems(changes, guide.steps, guide.file)).toEqual([]);
    },
  );
});

describe('migrationProblems', () => {
  const change = (rule: DescriptionChange['rule']['id'], operationId: string | null): DescriptionChange =>
    ({
      class: rule === 'operation-added' ? 'additive' : 'breaking',
      rule: { id: rule, wording: `the rule ${rule}` },
      operation: operationId ? { operationId, method: 'POST', path: `/${operationId}` } : null,
      location: { side: 'operation', pointer: '', anchors: [] },
      description: `${operationId ?? 'servers'}: ${rule}`,
    }) as DescriptionChange;

  const step = (rules: string[], operations: string[], where = 'guide, step 1') => ({ where, rules, operations });

  it('names a breaking change that no step covers, with its rule', () => {
    const problems = migrationProblems(
      [change('operation-removed', 'cancelEquityOrder'), change('became-required', 'placeEquityOrder')],
      [step(['operation-removed'], ['cancelEquityOrder'])],
      'guide',
    );
    expect(problems).toEqual([
      'guide: no <MigrationStep> for a breaking change: placeEquityOrder: became-required (rule became-required: "the rule became-required")',
    ]);
  });

  it('covers a change by rule and operation, and a change to the whole description only with a step of no operation', () => {
    expect(covers(step(['server-changed'], []), change('server-changed', null))).toBe(true);
    expect(covers(step(['server-changed'], ['placeEquityOrder']), change('server-changed', null))).toBe(false);
    expect(
      covers(step(['operation-removed'], ['placeEquityOrder']), change('operation-removed', 'cancelEquityOrder')),
    ).toBe(false);
    expect(
      covers(step(['became-required'], ['cancelEquityOrder']), change('operation-removed', 'cancelEquityOrder')),
    ).toBe(false);
  });

  it('names a step that covers nothing breaking, and a rule the versioning page does not have', () => {
    const problems = migrationProblems(
      [change('operation-added', 'cancelEquityOrder')],
      [step(['operation-added'], ['cancelEquityOrder'], 'guide, step 1'), step(['field-gone'], [], 'guide, step 2')],
      'guide',
    );
    expect(problems).toEqual([
      expect.stringMatching(/^guide, step 2: no versioning rule "field-gone" \(rules: operation-removed, /),
      'guide, step 1: covers no breaking change (rules operation-added)',
      'guide, step 2: covers no breaking change (rules field-gone)',
    ]);
  });
});
