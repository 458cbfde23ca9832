// @ts-check
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeSchemasOnce, schemaMarks } from '../sharedSchemas.mjs';

const marks = schemaMarks();
const MONEY = 'accounts#/components/schemas/Money';
const ADDRESS = 'onboarding#/components/schemas/LegalAddress';
const comment = (/** @type {string} */ value) => `<!--${value}-->`;

/** A field whose own fields are `key`'s, marked as htmlToMarkdown.mjs marks them. @param {string} key @param {string} name */
function field(key, name, indent = '') {
  return [
    `${indent}- \`${name}\` (object, required)`,
    '',
    `${indent}  ${comment(marks.start(key))}`,
    '',
    `${indent}  2 fields of \`${name}\``,
    '',
    `${indent}  - \`amount\` (string, required)`,
    '',
    `${indent}    Decimal string.`,
    '',
    `${indent}  ${comment(marks.end)}`,
  ].join('\n');
}

/** @param {string} title @param {string} markdown */
const page = (title, markdown) => ({ title, markdownUrl: `https://d.example/docs/${title}.md`, markdown });

test('a schema is described where a page shows it on purpose, and elsewhere named with a link there', () => {
  const [order, models] = describeSchemasOnce([
    page('order', `# Order\n\n${field(MONEY, 'limitPrice')}\n\nAfter.\n`),
    page('models', `# Models\n\n${comment(marks.home(MONEY))}\n\n- \`amount\` (string, required)\n`),
  ]);
  assert.equal(
    order,
    '# Order\n\n- `limitPrice` (object, required)\n\n  Fields: those of `Money`, described on [models](https://d.example/docs/models.md).\n\nAfter.\n',
  );
  assert.equal(models, '# Models\n\n- `amount` (string, required)\n');
});

test('without such a page, its first use in reading order describes it; later uses, on any page, link there', () => {
  const [first, second] = describeSchemasOnce([
    page('first', `# First\n\n${field(MONEY, 'price')}\n${field(MONEY, 'cost')}\n`),
    page('second', `# Second\n\n${field(MONEY, 'price')}\n`),
  ]);
  assert.match(first ?? '', /^- `price` \(object, required\)\n\n {2}2 fields of `price`\n\n {2}- `amount`/m);
  assert.match(first ?? '', /^ {2}Fields: those of `Money`, described on this page\.$/m);
  assert.match(
    second ?? '',
    /^ {2}Fields: those of `Money`, described on \[first\]\(https:\/\/d\.example\/docs\/first\.md\)\.$/m,
  );
  assert.doesNotMatch([first, second].join(''), /<!--/);
});

test('the schemas inside a schema described elsewhere go with it; inside one described here, each is handled', () => {
  const nested = (/** @type {string} */ name) =>
    [
      `- \`${name}\` (object, required)`,
      '',
      `  ${comment(marks.start(ADDRESS))}`,
      '',
      field(MONEY, 'inner', '  '),
      '',
      `  ${comment(marks.end)}`,
    ].join('\n');
  const [home, first, again] = describeSchemasOnce([
    page('home', `${comment(marks.home(MONEY))}\n\n- \`amount\`\n`),
    page('first', `${nested('owner')}\n`),
    page('again', `${nested('owner')}\n`),
  ]);
  assert.equal(home, '- `amount`\n');
  assert.match(first ?? '', /^ {4}Fields: those of `Money`, described on \[home\]/m);
  assert.doesNotMatch(first ?? '', /Decimal string/);
  assert.equal(
    again,
    '- `owner` (object, required)\n\n  Fields: those of `LegalAddress`, described on [first](https://d.example/docs/first.md).\n',
  );
});

test('a start mark without its end stops the build, naming the page', () => {
  assert.throws(
    () =>
      describeSchemasOnce([
        page('a', `${field(MONEY, 'x')}\n`),
        page('b', `x\n\n${comment(marks.start(MONEY))}\n\nrest\n`),
      ]),
    /b\.md: the fields of accounts#\/components\/schemas\/Money have no end mark/,
  );
});
