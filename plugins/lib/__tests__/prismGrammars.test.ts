/**
 * @jest-environment node
 */
import { prismGrammarNames } from '../prismGrammars';

const component = (id: string) => require.resolve(`prismjs/components/prism-${id}.js`);
const PLAIN_TEXT = ['plain', 'plaintext', 'text', 'txt'];

describe('prismGrammarNames', () => {
  it("lists the core's plain text grammars and none of the registry's helpers", () => {
    expect([...prismGrammarNames([component('core')])].sort()).toEqual(PLAIN_TEXT);
  });

  it("adds each component's grammar with its aliases", () => {
    const names = prismGrammarNames([component('core'), component('clike'), component('javascript')]);
    expect([...names].sort()).toEqual([...PLAIN_TEXT, 'clike', 'javascript', 'js'].sort());
  });

  it("reads prismjs's main file as its core with the languages it bundles", () => {
    const names = prismGrammarNames([require.resolve('prismjs')]);
    expect([...names]).toEqual(expect.arrayContaining(['markup', 'xml', 'css', 'clike', 'javascript', 'js']));
    expect(names.has('python')).toBe(false);
  });

  it('gives each call its own Prism, leaving this process without one', () => {
    expect(prismGrammarNames([component('core'), component('json')]).has('json')).toBe(true);
    expect(prismGrammarNames([component('core')]).has('json')).toBe(false);
    expect('Prism' in globalThis).toBe(false);
  });

  it('fails with a clear message when no file is the core', () => {
    expect(() => prismGrammarNames([])).toThrow(
      'No Prism core among no files: put prismjs or its prism-core.js first.',
    );
    expect(() => prismGrammarNames([component('json')])).toThrow(/Prism is not defined/);
  });
});
