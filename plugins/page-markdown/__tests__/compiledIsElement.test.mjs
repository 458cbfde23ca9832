// @ts-check
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { isElement as isElementOf } from 'hast-util-is-element';
import { builtPageFacts } from '../../lib/builtPageFacts.mjs';
import { isElement, resolveCompiledIsElement } from '../compiledIsElement.mjs';

/** Pages of the site as it builds them (plugins/search-index's fixtures). */
const BUILT_PAGES = new URL('../../search-index/__tests__/builtPages/', import.meta.url);
const COMPILED_IS_ELEMENT = new URL('../compiledIsElement.mjs', import.meta.url).href;

/** @param {string} tagName */
const element = (tagName) => ({ type: 'element', tagName, properties: {}, children: [] });
/** @param {() => unknown} ask */
const outcome = (ask) => {
  try {
    return { answer: ask() };
  } catch (error) {
    return { error: String(error) };
  }
};

describe('compiledIsElement', () => {
  test('answers as hast-util-is-element does, for every kind of test, index and parent', () => {
    const blocks = ['address', 'div', 'p', 'table'];
    const parent = { type: 'root', children: [] };
    const nodes = [
      element('div'),
      element('p'),
      element('span'),
      { type: 'text', value: 'div' },
      { type: 'root' },
      null,
    ];
    const tests = [
      blocks,
      ['div', (/** @type {{ tagName: string }} */ node) => node.tagName === 'span'],
      [],
      'p',
      (/** @type {{ tagName: string }} */ node) => node.tagName.length === 4,
      undefined,
      null,
    ];
    const places = [[], [0, parent], [-1, parent], [0, undefined], [undefined, parent], [0, { type: 'root' }]];
    let asked = 0;
    for (const node of nodes) {
      for (const check of tests) {
        for (const place of places) {
          // Twice: the second answer comes from the list compiled by the first.
          for (let time = 0; time < 2; time++) {
            const args = /** @type {Parameters<typeof isElementOf>} */ (
              /** @type {unknown} */ ([node, check, ...place])
            );
            assert.deepEqual(
              outcome(() => isElement(...args)),
              outcome(() => isElementOf(...args)),
            );
            asked++;
          }
        }
      }
    }
    assert.equal(asked, 504);
    // Sanity: the matrix holds yeses, noes and thrown errors.
    assert.equal(isElement(element('table'), blocks), true);
    assert.equal(isElement(element('span'), blocks), false);
    assert.throws(() => isElement(element('div'), blocks, 0), /Expected both `index` and `parent`/);
  });

  test("resolves hast-util-minify-whitespace's import of hast-util-is-element to itself, and nothing else", () => {
    /** @type {import('node:module').ResolveFnOutput} */
    const elsewhere = { url: 'file:///elsewhere.js', shortCircuit: true };
    const next = () => elsewhere;
    const minify = 'file:///site/node_modules/hast-util-minify-whitespace/lib/index.js';
    assert.deepEqual(
      resolveCompiledIsElement(
        'hast-util-is-element',
        { parentURL: minify, conditions: [], importAttributes: {} },
        next,
      ),
      {
        url: COMPILED_IS_ELEMENT,
        format: 'module',
        shortCircuit: true,
      },
    );
    const phrasing = 'file:///site/node_modules/hast-util-phrasing/lib/index.js';
    for (const [specifier, parentURL] of [
      ['hast-util-is-element', phrasing],
      ['hast-util-whitespace', minify],
    ]) {
      const context = { parentURL, conditions: [], importAttributes: {} };
      assert.equal(
        resolveCompiledIsElement(specifier ?? '', context, next),
        elsewhere,
        `${specifier} from ${parentURL}`,
      );
    }
  });

  test('in a thread with the hook, the whitespace minifier uses it and the pages read give the same facts', async () => {
    // The docs pages: each has an article to write as Markdown.
    const pages = readdirSync(BUILT_PAGES).filter((name) => name.startsWith('docs-') && name.endsWith('.html'));
    assert.ok(pages.length >= 3);
    const htmls = pages.map((name) => readFileSync(new URL(name, BUILT_PAGES), 'utf8'));
    // The Markdown, and the search's documents with the fields' (the search theme's options do not matter here).
    const ask = {
      markdown: { pageUrl: 'https://docs.example.com/docs/page' },
      search: { url: '/docs/page', type: /** @type {const} */ ('docs'), options: {}, fields: true },
    };
    // This thread has no hook: the library's own isElement.
    const expected = htmls.map((html) => builtPageFacts(html, ask));

    const thread = `
      const { registerHooks } = require('node:module');
      const { parentPort, workerData } = require('node:worker_threads');
      (async () => {
        const { resolveCompiledIsElement } = await import(workerData.hook);
        registerHooks({ resolve: resolveCompiledIsElement });
        // Registered last, so it runs first: it records what the hooks beneath it answer.
        const resolved = [];
        registerHooks({
          resolve(specifier, context, nextResolve) {
            const result = nextResolve(specifier, context);
            if (specifier === 'hast-util-is-element') resolved.push({ from: context.parentURL, to: result.url });
            return result;
          },
        });
        const { builtPageFacts } = await import(workerData.facts);
        parentPort.postMessage({ resolved, facts: workerData.htmls.map((html) => builtPageFacts(html, workerData.ask)) });
      })();
    `;
    const worker = new Worker(thread, {
      eval: true,
      workerData: {
        hook: COMPILED_IS_ELEMENT,
        facts: new URL('../../lib/builtPageFacts.mjs', import.meta.url).href,
        htmls,
        ask,
      },
    });
    /** @type {{ resolved: { from: string, to: string }[], facts: unknown[] }} */
    const answer = await new Promise((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await worker.terminate();

    const fromMinify = answer.resolved.filter(({ from }) => from.includes('/hast-util-minify-whitespace/'));
    assert.deepEqual(
      fromMinify.map(({ to }) => to),
      [COMPILED_IS_ELEMENT],
    );
    const fromOthers = answer.resolved.filter(({ from }) => !from.includes('/hast-util-minify-whitespace/'));
    assert.ok(fromOthers.length > 0);
    for (const { to } of fromOthers) assert.match(to, /\/node_modules\/hast-util-is-element\//);
    assert.deepEqual(answer.facts, expected);
    assert.ok(expected.every((facts) => typeof facts.markdown === 'string' && facts.markdown.length > 500));
  });

  test('the workers that read the built pages register the hook before they load the converter', () => {
    const worker = readFileSync(fileURLToPath(new URL('../../lib/builtPagesWorker.mjs', import.meta.url)), 'utf8');
    const registered = worker.indexOf('registerHooks({ resolve: resolveCompiledIsElement })');
    assert.ok(registered > 0, 'builtPagesWorker.mjs registers resolveCompiledIsElement');
    assert.ok(worker.indexOf("await import('./builtPageFacts.mjs')") > registered);
    assert.doesNotMatch(worker, /^import .*builtPageFacts/m);
  });
});
