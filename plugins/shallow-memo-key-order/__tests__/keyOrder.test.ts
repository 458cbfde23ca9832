import { readFileSync } from 'node:fs';
import shallowMemoKeyOrderPlugin, { REACT_UTILS_MODULE } from '..';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const loader = require('../keyOrderLoader.js') as {
  (this: { emitWarning: (error: Error) => void }, source: string): string;
  inCodeUnitOrder: (source: string) => string | null;
  COLLATED_SORT: string;
  CODE_UNIT_SORT: string;
};

describe('useShallowMemoObject in code-unit order', () => {
  const installed = readFileSync(REACT_UTILS_MODULE, 'utf8');

  test("the installed theme-common sorts the hook's keys with localeCompare, once, where the loader expects it", () => {
    expect(installed).toContain('export function useShallowMemoObject(obj)');
    expect(installed.split(loader.COLLATED_SORT)).toHaveLength(2);
  });

  test('the loader leaves no localeCompare in the module, and changes nothing else', () => {
    const sorted = loader.call({ emitWarning: () => undefined }, installed);
    expect(sorted).not.toContain('localeCompare');
    expect(sorted.replace(loader.CODE_UNIT_SORT, loader.COLLATED_SORT)).toBe(installed);
  });

  test('the new comparator orders keys as a sort needs: the same keys in any order come out the same', () => {
    const compare = eval(`(${/deps\.sort\((.*)\);$/.exec(loader.CODE_UNIT_SORT)![1]})`) as (
      a: [string, unknown],
      b: [string, unknown],
    ) => number;
    const entries: [string, number][] = [
      ['subtree', 1],
      ['attributes', 2],
      ['attributeFilter', 3],
      ['characterData', 4],
      ['Z', 5],
      ['é', 6],
    ];
    const sorted = [...entries].sort(compare).map(([key]) => key);
    expect(
      [...entries]
        .reverse()
        .sort(compare)
        .map(([key]) => key),
    ).toEqual(sorted);
    expect(sorted).toEqual(['Z', 'attributeFilter', 'attributes', 'characterData', 'subtree', 'é']);
    expect(compare(['a', 1], ['a', 2])).toBe(0);
  });

  test('a module without the expected sort is left as it is, with a warning that names what to check', () => {
    const warnings: Error[] = [];
    const source = 'export function useShallowMemoObject(obj) { return obj; }';
    expect(loader.call({ emitWarning: (error) => warnings.push(error) }, source)).toBe(source);
    expect(warnings.map(String)).toEqual([expect.stringContaining('plugins/shallow-memo-key-order')]);
    expect(loader.inCodeUnitOrder(`${loader.COLLATED_SORT}\n${loader.COLLATED_SORT}`)).toBeNull();
  });

  test('the plugin sets the loader on that one module', () => {
    const rules = (
      shallowMemoKeyOrderPlugin().configureWebpack as () => {
        module: { rules: { test: RegExp; use: string[] }[] };
      }
    )().module.rules;
    expect(rules).toHaveLength(1);
    expect(rules[0]!.test.test(REACT_UTILS_MODULE)).toBe(true);
    expect(rules[0]!.test.test(REACT_UTILS_MODULE.replace('reactUtils', 'codeBlockUtils'))).toBe(false);
    expect(rules[0]!.use).toEqual([require.resolve('../keyOrderLoader.js')]);
  });
});
