import type { JsonObject } from '../../document';
import { describeChanges } from '../describeChanges';
import { checkVersionBump } from '../versionBump';

/** A description the test has just built, edited by the shape it knows. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the edits reach into that known shape
type Description = Record<string, any>;

/** One operation whose answer has an enumeration and whose summary a writer may correct. */
const description = (): JsonObject => ({
  openapi: '3.1.0',
  info: { title: 'Documents', version: '1.2.0' },
  paths: {
    '/documents': {
      get: {
        operationId: 'listDocuments',
        summary: 'List documents',
        responses: {
          '200': {
            description: 'The documents.',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { type: { type: 'string', enum: ['STATEMENT', 'CONFIRM'] } },
                },
              },
            },
          },
        },
      },
    },
  },
});

const changed = (edit: (document: Description) => void) => {
  const after = description();
  edit(after);
  return describeChanges(description(), after);
};
const operation = (document: Description) => document.paths['/documents'].get;
const typeSchema = (document: Description) =>
  operation(document).responses['200'].content['application/json'].schema.properties.type;

const breaking = changed((document) => (typeSchema(document).enum = ['STATEMENT']));
const additive = changed((document) => typeSchema(document).enum.push('TAX_FORM'));
const documentation = changed((document) => (operation(document).summary = 'List your documents'));

describe('checkVersionBump', () => {
  test('the changes are what the cases below need', () => {
    expect(breaking.map((change) => change.class)).toEqual(['breaking']);
    expect(additive.map((change) => change.class)).toEqual(['additive']);
    expect(documentation.map((change) => change.class)).toEqual(['documentation']);
  });

  test('a breaking change within the same major version fails, naming the change and the rule', () => {
    for (const next of ['1.2.1', '1.3.0']) {
      const check = checkVersionBump('1.2.0', next, breaking);
      expect(check.required).toBe('major');
      expect(check.problems).toHaveLength(1);
      expect(check.problems[0]).toContain(
        'GET /documents (listDocuments): value `CONFIRM` removed from field `type` of the 200 response',
      );
      expect(check.problems[0]).toContain(
        'Removing or renaming an operation, a field, a query parameter or an enumeration value.',
      );
      expect(check.problems[0]).toContain('(enum-value-removed)');
      expect(check.problems[0]).toContain('needs a new major version');
    }
  });

  test('a breaking change with a new major version passes', () => {
    expect(checkVersionBump('1.2.0', '2.0.0', breaking).problems).toEqual([]);
  });

  test('an additive change without a minor bump fails, naming the change and the rule', () => {
    for (const next of ['1.2.0', '1.2.1']) {
      const check = checkVersionBump('1.2.0', next, additive);
      expect(check.required).toBe('minor');
      expect(check.problems).toHaveLength(1);
      expect(check.problems[0]).toContain('value `TAX_FORM` added to field `type` of the 200 response');
      expect(check.problems[0]).toContain('new enumeration values');
      expect(check.problems[0]).toContain('(enum-value-added)');
      expect(check.problems[0]).toContain('needs at least a minor version');
    }
  });

  test('an additive change with a minor or major bump passes', () => {
    expect(checkVersionBump('1.2.0', '1.3.0', additive).problems).toEqual([]);
    expect(checkVersionBump('1.2.3', '1.3.0', additive).problems).toEqual([]);
    expect(checkVersionBump('1.2.0', '2.0.0', additive).problems).toEqual([]);
  });

  test('a documentation change needs at least a patch bump', () => {
    const same = checkVersionBump('1.2.0', '1.2.0', documentation);
    expect(same.required).toBe('patch');
    expect(same.problems).toEqual([
      expect.stringContaining('GET /documents (listDocuments): summary changed: documentation under the versioning'),
    ]);
    expect(same.problems[0]).toContain('needs at least a patch version');
    expect(checkVersionBump('1.2.0', '1.2.1', documentation).problems).toEqual([]);
    expect(checkVersionBump('1.2.0', '1.3.0', documentation).problems).toEqual([]);
  });

  test('the strictest change decides: a breaking change beside additive ones needs the major version', () => {
    const check = checkVersionBump('1.2.0', '1.3.0', [...additive, ...breaking, ...documentation]);
    expect(check.required).toBe('major');
    expect(check.problems).toEqual([expect.stringContaining('(enum-value-removed)')]);
  });

  test('no change needs no bump; a version that goes back fails; a version that is not major.minor.patch is refused', () => {
    expect(checkVersionBump('1.2.0', '1.2.0', [])).toEqual({ required: 'none', problems: [] });
    expect(checkVersionBump('1.2.0', '1.1.9', []).problems).toEqual(['info.version went back from 1.2.0 to 1.1.9']);
    expect(() => checkVersionBump('1.2', '1.3.0', [])).toThrow(
      'the released info.version "1.2" is not major.minor.patch',
    );
    expect(() => checkVersionBump('1.2.0', 'v1.3.0', [])).toThrow('the new info.version "v1.3.0"');
  });
});
