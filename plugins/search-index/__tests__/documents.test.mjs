// @ts-check
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { scanDocuments } from '@easyops-cn/docusaurus-search-local/dist/server/server/utils/scanDocuments.js';
import { builtPageFacts } from '../../lib/builtPageFacts.mjs';
import { searchIndexParts } from '../documents.mjs';

const outDir = mkdtempSync(path.join(tmpdir(), 'search-documents-'));
after(() => rmSync(outDir, { recursive: true, force: true }));

/** Writes a built page at `url` and returns it as the theme's page list names it. */
function builtPage(/** @type {string} */ url, /** @type {'docs' | 'page'} */ type, /** @type {string} */ body) {
  const filePath = path.join(outDir, url, 'index.html');
  mkdirSync(path.dirname(filePath), { recursive: true });
  writeFileSync(filePath, `<!doctype html><html><head><title>${url}</title></head><body>${body}</body></html>`);
  return { filePath, url, type };
}

/** A docs page with two sections, an operation and one field (as plugins/remark-api-reference renders them). */
const docsPage = (/** @type {string} */ name) =>
  builtPage(
    `/docs/${name}`,
    'docs',
    `<main><article><div class="theme-doc-markdown markdown"><header><h1>${name} title</h1></header><p>${name} intro.</p>` +
      `<h2 id="operation">Operation<a class="hash-link" href="#operation">#</a></h2><p>${name} operation text.</p>` +
      `<section aria-label="Operation place"><p><span>POST</span><code>/${name}</code></p><dl><dt>Operation<dd>Place ${name}</dl></section>` +
      `<h3 id="fields">Fields<a class="hash-link" href="#fields">#</a></h3>` +
      `<ul class="api-field-list"><li id="request.${name}Id"><div><code>${name}Id</code></div></li></ul>` +
      `<pre>not indexed</pre></div></article></main>`,
  );
const pages = [
  builtPage('/api/orders-api', 'page', '<main><h1>Orders API</h1><p>Every order operation.</p></main>'),
  docsPage('alpha'),
  docsPage('beta'),
];
const options = /** @type {any} */ ({ ignoreCssSelectors: ['pre'], forceIgnoreNoIndex: true });

/**
 * The index file's parts for `pages` as the build makes them: each page's facts from one parse, numbered
 * by `searchIndexParts` (the field documents for the docs pages, as plugins/search-index asks for them).
 * @param {typeof pages} versionPages
 * @param {{ last: number }} ids
 */
function searchDocuments(versionPages, ids = { last: 0 }) {
  const facts = versionPages.map(({ filePath, url, type }) =>
    builtPageFacts(readFileSync(filePath, 'utf8'), {
      search: { url, type, options, fields: url.startsWith('/docs/') },
    }),
  );
  return searchIndexParts(versionPages, facts, ids);
}

/**
 * `parts` with every id (and page id) moved down so that the first title document is 1.
 * @param {readonly import('../documents.mjs').SearchDocument[][]} parts
 */
function fromOne(parts) {
  const offset = (parts[0]?.[0]?.i ?? 1) - 1;
  return parts.map((part) =>
    part.map((document) => ({
      ...document,
      i: document.i - offset,
      ...(typeof document.p === 'number' ? { p: document.p - offset } : {}),
    })),
  );
}

test("the pages read once give the theme's documents of its own pass over them, numbered alike", async () => {
  // The theme numbers documents with a counter of its module: compare the ids from where each run starts.
  const theme = await scanDocuments(pages, options);
  const onePass = fromOne(theme);
  const parts = fromOne(searchDocuments(pages));
  assert.deepEqual(parts.slice(0, 4), onePass.slice(0, 4));
  assert.deepEqual(parts[4]?.slice(0, onePass[4]?.length), onePass[4]);
  assert.deepEqual(
    theme[0]?.map((document) => document['u']),
    ['/api/orders-api', '/docs/alpha', '/docs/beta'],
  );
  assert.ok(!JSON.stringify(parts).includes('not indexed'), 'the ignored selector stays out');
});

test("the docs pages' operations and fields follow the content part, numbered on from the last id, operations first", async () => {
  const parts = searchDocuments(pages);
  const [titles = [], , , , content = []] = parts;
  const added = content.filter(({ t }) => /^POST |Id \(/.test(t));
  const titleOf = (/** @type {string} */ url) => titles.find(({ u }) => u === url)?.i;
  assert.deepEqual(
    added.map(({ t, u, h, p }) => ({ t, u, h, p })),
    [
      { t: 'POST /alpha Place alpha', u: '/docs/alpha', h: '#operation', p: titleOf('/docs/alpha') },
      { t: 'POST /beta Place beta', u: '/docs/beta', h: '#operation', p: titleOf('/docs/beta') },
      { t: 'alphaId (request.alphaId)', u: '/docs/alpha', h: '#request.alphaId', p: titleOf('/docs/alpha') },
      { t: 'betaId (request.betaId)', u: '/docs/beta', h: '#request.betaId', p: titleOf('/docs/beta') },
    ],
  );
  assert.deepEqual(content.slice(-added.length), added, "after the theme's own content documents");
  const lastThemeId = Math.max(
    ...parts
      .flat()
      .filter((document) => !added.includes(document))
      .map(({ i }) => i),
  );
  assert.deepEqual(
    added.map(({ i }) => i),
    added.map((_, index) => lastThemeId + 1 + index),
  );
});

test("the theme's counter runs on from one version to the next; each version's field documents after its own last id", () => {
  const ids = { last: 0 };
  const first = searchDocuments(pages.slice(0, 2), ids);
  const second = searchDocuments(pages.slice(2), ids);
  assert.equal(first[0]?.[0]?.i, 1, 'the counter starts at 1');
  const firstThemeIds = first
    .flat()
    .filter(({ t }) => !/^POST |Id \(/.test(t))
    .map(({ i }) => i);
  assert.equal(second[0]?.[0]?.i, Math.max(...firstThemeIds) + 1, 'and the next version goes on from its last');
  const firstFieldIds = first
    .flat()
    .filter(({ t }) => /^POST |Id \(/.test(t))
    .map(({ i }) => i);
  assert.deepEqual(
    firstFieldIds,
    [1, 2].map((step) => Math.max(...firstThemeIds) + step),
  );
});
