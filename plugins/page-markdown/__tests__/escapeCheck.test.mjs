// @ts-check
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import remarkGfm from 'remark-gfm';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';
import { checkBeforeEscaping, couldBeEscaped } from '../escapeCheck.mjs';

/** @typedef {import('mdast-util-to-markdown').State} State */
/** @typedef {import('mdast-util-to-markdown').SafeConfig} SafeConfig */

/** The serializer's state as the page Markdown's processor makes it (GFM's unsafe patterns added). */
function serializerState() {
  /** @type {State | undefined} */
  let captured;
  const processor = unified()
    .use(remarkGfm, { tablePipeAlign: false })
    .use(remarkStringify, {
      bullet: '-',
      fences: true,
      rule: '-',
      listItemIndent: 'one',
      handlers: {
        root(_node, _parent, state) {
          captured = state;
          return '';
        },
      },
    });
  processor.stringify({ type: 'root', children: [] });
  assert.ok(captured);
  return captured;
}

describe('escapeCheck', () => {
  test("gives back what mdast-util-to-markdown's safe gives, on 40,000 generated texts, contexts and stacks", () => {
    const state = serializerState();
    const safe = state.safe;
    checkBeforeEscaping(state);
    const checked = state.safe;
    assert.notEqual(checked, safe);

    // Every character an unsafe pattern names, and others: letters, digits, spaces, line endings, a backslash, and
    // characters beyond ASCII.
    const characters = [
      ...new Set([...state.unsafe.map((pattern) => pattern.character), 'a', 'Z', '1', ' ', ' ', '\n', '\\', 'é', '😀']),
    ];
    const constructs = [
      ...new Set(state.unsafe.flatMap((pattern) => [pattern.inConstruct ?? [], pattern.notInConstruct ?? []].flat())),
      'autolink',
      'paragraph',
    ];
    const nodes = [undefined, { type: 'text', value: 'x' }, { type: 'emphasis', children: [] }];
    const character = fc.constantFrom(...characters);
    const text = (/** @type {number} */ most) => fc.array(character, { maxLength: most }).map((list) => list.join(''));
    const cases = 40_000;
    let unchanged = 0;
    let escaped = 0;
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...constructs), { maxLength: 3 }),
        text(10),
        fc.record(
          {
            before: text(1),
            after: text(1),
            encode: fc.array(character, { minLength: 1, maxLength: 1 }),
            beforeNode: fc.constantFrom(...nodes),
            afterNode: fc.constantFrom(...nodes),
          },
          { requiredKeys: ['before', 'after'] },
        ),
        (stack, input, config) => {
          state.stack.splice(0, state.stack.length, .../** @type {State['stack']} */ (stack));
          const expected = safe.call(state, input, /** @type {SafeConfig} */ (config));
          assert.equal(checked(input, /** @type {SafeConfig} */ (config)), expected);
          if (!couldBeEscaped(state, input, /** @type {SafeConfig} */ (config))) unchanged++;
          if (expected !== input) escaped++;
        },
      ),
      { numRuns: cases, seed: 45 },
    );
    // The cases hold both kinds: texts the check gives back as they are, and texts safe escapes.
    assert.ok(unchanged > cases * 0.2, `${unchanged} texts cleared by the check`);
    assert.ok(escaped > cases * 0.2, `${escaped} texts escaped`);
  });

  test('clears plain prose in a paragraph, and leaves to safe what it escapes', () => {
    const state = serializerState();
    const safe = state.safe;
    checkBeforeEscaping(state);
    state.stack.splice(0, state.stack.length, 'paragraph', 'phrasing');
    const prose = 'The order is accepted once the account holds enough buying power';
    assert.equal(couldBeEscaped(state, prose, { before: '\n', after: '\n' }), false);
    assert.equal(state.safe(prose, { before: '\n', after: '\n' }), prose);
    for (const [input, written] of [
      ['a *starred* word', 'a \\*starred\\* word'],
      ['[brackets]', '\\[brackets]'],
      ['1. at the start', '1\\. at the start'],
      ['C:\\path', 'C:\\path'],
      ['a \\* b', 'a \\\\\\* b'],
    ]) {
      assert.equal(couldBeEscaped(state, input, { before: '\n', after: '\n' }), true, input);
      assert.equal(state.safe(input, { before: '\n', after: '\n' }), written);
      assert.equal(safe.call(state, input, { before: '\n', after: '\n' }), written);
    }
    // A space is unsafe only beside a line ending: in the text, not when the line ending is the context.
    assert.equal(couldBeEscaped(state, 'two words', { before: 'x', after: 'y' }), false);
    assert.equal(couldBeEscaped(state, 'two\n words', { before: 'x', after: 'y' }), true);
  });
});
