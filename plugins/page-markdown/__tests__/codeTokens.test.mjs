// @ts-check
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { describe, test } from 'node:test';
import { builtPageFacts } from '../../lib/builtPageFacts.mjs';
import { parseHtml, withoutCodeTokens } from '../../lib/parseHtml.mjs';
import { fieldDocuments } from '../../search-index/fieldDocuments.mjs';
import { parseBuiltPage } from '../../search-index/themeParse.mjs';
import { operationReferences, treeArticleMarkdown } from '../htmlToMarkdown.mjs';

/** Pages of the site as it builds them (plugins/search-index's fixtures). */
const BUILT_PAGES = new URL('../../search-index/__tests__/builtPages/', import.meta.url);
const SEARCH = {
  url: '/docs/page',
  type: /** @type {const} */ ('docs'),
  options: {
    ignoreCssSelectors: ['pre', '.api-field-unindexed', '.api-reference-unindexed'],
    forceIgnoreNoIndex: true,
  },
  fields: true,
};
const MARKDOWN = { pageUrl: 'https://docs.example.com/docs/page' };

/** @param {string} html */
const spansInPre = (html) =>
  [...html.matchAll(/<pre\b[\s\S]*?<\/pre>/g)].reduce(
    (count, [pre]) => count + (pre.match(/<span\b/g)?.length ?? 0),
    0,
  );

/**
 * What the build asks of a fixture: everything of a docs page; of the API reference page (no docs article), its search.
 * @param {string} name
 */
const requestOf = (name) =>
  name.startsWith('api-')
    ? { search: { ...SEARCH, type: /** @type {const} */ ('page'), fields: false } }
    : { markdown: MARKDOWN, search: SEARCH };

/**
 * What the build derives from a page parsed with its code tokens, as before they were dropped.
 * @param {string} html @param {ReturnType<typeof requestOf>} request
 */
function factsWithTokens(html, { markdown, search }) {
  const tree = parseHtml(html);
  /** @type {Record<string, unknown>} */
  const facts = { search: parseBuiltPage(tree, search.type, search.options) };
  if (search.fields) facts.fields = fieldDocuments(tree, { url: search.url, pageId: 0, nextId: () => 0 });
  if (markdown) {
    facts.operations = operationReferences(tree, markdown);
    facts.markdown = treeArticleMarkdown(tree, markdown);
  }
  return facts;
}

describe('withoutCodeTokens', () => {
  test('drops the spans inside code blocks and keeps their text, lines, entities and everything outside', () => {
    const html =
      '<p><span class="keep">before</span></p>' +
      '<pre class="prism-code language-js"><code><div class="token-line"><span class="token keyword" style="color:rgb(0, 0, 255)">const</span>' +
      '<span class="token plain"> a </span><span class="token operator">=</span><span class="token plain"> </span>' +
      '<span class="token string">&quot;&lt;span&gt; &amp; b&quot;</span><br></div><div class="token-line"><span>x</span></div></code></pre>' +
      '<p><span>after</span></p>';
    assert.equal(
      withoutCodeTokens(html),
      '<p><span class="keep">before</span></p>' +
        '<pre class="prism-code language-js"><code><div class="token-line">const a = &quot;&lt;span&gt; &amp; b&quot;<br></div>' +
        '<div class="token-line">x</div></code></pre><p><span>after</span></p>',
    );
  });

  test('leaves a page without code blocks as it is', () => {
    const html = '<main><p>A <span>span</span> and <code>inline code</code>.</p></main>';
    assert.equal(withoutCodeTokens(html), html);
  });
});

describe("the built pages' facts without the code tokens", () => {
  const pages = readdirSync(BUILT_PAGES).filter((file) => file.endsWith('.html'));
  const withCode = pages.filter((name) => spansInPre(readFileSync(new URL(name, BUILT_PAGES), 'utf8')) > 0);

  test('some fixture pages have highlighted code blocks to drop', () => {
    assert.ok(withCode.length >= 2, `pages with Prism tokens: ${withCode.join(', ')}`);
  });

  for (const name of pages) {
    test(`${name}: the same search, fields, operations and Markdown as read with the tokens`, () => {
      const html = readFileSync(new URL(name, BUILT_PAGES), 'utf8');
      assert.equal(spansInPre(withoutCodeTokens(html)), 0);
      const facts = builtPageFacts(html, requestOf(name));
      assert.deepEqual(
        JSON.parse(JSON.stringify(facts)),
        JSON.parse(JSON.stringify(factsWithTokens(html, requestOf(name)))),
      );
    });
  }
});
