// @ts-check
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { test } from 'node:test';
import { parse } from '@easyops-cn/docusaurus-search-local/dist/server/server/utils/parse.js';
import { parseHtml } from '../../lib/parseHtml.mjs';
import { parseBuiltPage } from '../themeParse.mjs';

/** The site's options (docusaurus.config.ts): what the theme removes before reading a page. */
const SITE_OPTIONS = {
  ignoreCssSelectors: ['pre', '.api-field-unindexed', '.api-reference-unindexed'],
  forceIgnoreNoIndex: true,
};

/** Pages of the site as it builds them (a prose page, a data block, an operation, an API reference page). */
const BUILT_PAGES = new URL('./builtPages/', import.meta.url);

/** The build's parse of a page (plugins/lib/parseHtml.mjs). @param {string} html */
const tree = (html) => parseHtml(html);

/**
 * The theme's own reading of `html` (cheerio), and the port's (hast), as plain data.
 * @param {string} html @param {import('../themeParse.mjs').PageType} type @param {import('../themeParse.mjs').ParseOptions} options
 */
function both(html, type, options) {
  const theme = parse(html, type, '/x', options);
  const port = parseBuiltPage(tree(html), type, options);
  return { theme: JSON.parse(JSON.stringify(theme)), port };
}

for (const name of readdirSync(BUILT_PAGES).filter((file) => file.endsWith('.html'))) {
  test(`reads the built page ${name} as the theme's own parse does, as docs and as a page`, () => {
    const html = readFileSync(new URL(name, BUILT_PAGES), 'utf8');
    for (const type of /** @type {const} */ (['docs', 'page'])) {
      const { theme, port } = both(html, type, SITE_OPTIONS);
      assert.deepEqual(port, theme, `${name} as ${type}`);
      // Read as what it is (the files are named after their kind), the page has text to find.
      if (name.startsWith(type === 'docs' ? 'docs-' : 'api-')) assert.ok(port?.sections.some(({ content }) => content));
    }
  });
}

/** A page with every case the theme's reading treats specially. */
const SPECIAL = `<!doctype html><html><head><title>Tab title</title>
<meta name="description" content="About it"><meta name="keywords" content="one,two"><meta name="robots" content="noindex">
<style>.x{}</style></head><body><nav><a class="navbar__link navbar__link--active">Docs</a></nav>
<div class="main-wrapper"><aside><ul class="menu"><li class="menu__list-item-collapsible"><a class="menu__link menu__link--active">Group</a></li></ul></aside>
<main><article><header><h1>Title <span class="badge">Version: 2</span><a class="hash-link" href="#top" aria-hidden="true">#</a></h1></header>
<div><p>Intro<br>text <!-- --> <b>bold</b><script>ignored()</script></p><div><p>before the nested heading</p><h2>Nested<a class="hash-link" href="/x#nested">#</a></h2><p>nested text</p></div></div>
<div class="mdxCodeBlock_a"><button>Copy</button><code>code</code></div><section class="skip"><h3>Skipped</h3></section>
<h2>Elsewhere<a class="hash-link" href="/other#there">#</a></h2><p>other page</p><h3>Last</h3><pre>unindexed</pre><dl><dt>Term</dt><dd>Definition</dd></dl>
</article></main></div></body></html>`;

test('leaves out what the theme leaves out and reads what it reads, on a page of special cases', () => {
  const options = { ignoreCssSelectors: ['pre', 'section.skip'], forceIgnoreNoIndex: true };
  for (const type of /** @type {const} */ (['docs', 'page', 'blog'])) {
    const { theme, port } = both(SPECIAL, type, options);
    assert.deepEqual(port, theme, type);
  }
  const port = parseBuiltPage(tree(SPECIAL), 'docs', options);
  assert.equal(port?.pageTitle, 'Title #', 'the version badge is removed from docs');
  assert.deepEqual(port?.breadcrumb, ['Docs', 'Group']);
  assert.ok(!JSON.stringify(port).includes('unindexed'), 'the ignored selectors are removed');
  assert.ok(!JSON.stringify(port).includes('Skipped'), 'a selector other than a tag or a class too');
  assert.ok(!JSON.stringify(port).includes('ignored()'), 'scripts are not read');
  assert.equal(
    parseBuiltPage(tree(SPECIAL), 'page', options)?.pageTitle,
    'Title Version: 2',
    'hidden anchors leave a page',
  );
});

test('a page marked noindex is left out unless the options force it in, as the theme does', () => {
  const { theme, port } = both(SPECIAL, 'docs', { ignoreCssSelectors: [], forceIgnoreNoIndex: false });
  assert.equal(theme, null);
  assert.equal(port, null);
});

test('a blog post and a page without a heading read as the theme reads them', () => {
  const blog = `<html><body><article><h1>Post</h1><div id="__blog-post-container"><p>First</p><p>Second</p><h2>Part</h2><p>Third</p></div></article></body></html>`;
  const untitled = `<html><head><title>Only a title</title></head><body><main><p>Text</p></main></body></html>`;
  for (const [html, type] of /** @type {const} */ ([
    [blog, 'blog'],
    [untitled, 'page'],
    [untitled, 'docs'],
  ])) {
    const { theme, port } = both(html, type, SITE_OPTIONS);
    assert.deepEqual(port, theme, `${type}: ${html.slice(0, 40)}`);
  }
  assert.equal(parseBuiltPage(tree(blog), 'blog', SITE_OPTIONS)?.sections[0]?.content, 'First Second');
});

test('reading the page leaves its tree as it was (the Markdown is written from the same tree)', () => {
  const parsed = tree(SPECIAL);
  const before = JSON.stringify(parsed);
  parseBuiltPage(parsed, 'docs', { ignoreCssSelectors: ['pre', 'section.skip'], forceIgnoreNoIndex: true });
  assert.equal(JSON.stringify(parsed), before);
});
