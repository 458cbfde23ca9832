// @ts-check
/**
 * A worker thread of the build (started by `builtPages.ts` at postBuild): the facts of the built pages in
 * `workerData`, posted back in the same order. Its heap is bounded, so each page's tree is collected as it
 * goes instead of staying with the build's main thread to the end.
 */
import { readFile } from 'node:fs/promises';
import { registerHooks } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import { resolveCompiledIsElement } from '../page-markdown/compiledIsElement.mjs';

// Before the Markdown converter's modules load (hence the import below): its whitespace minifier gets an `isElement`
// that compiles its lists of tag names once (the same answers, 0.88x the time of this step).
registerHooks({ resolve: resolveCompiledIsElement });
const { builtPageFacts } = await import('./builtPageFacts.mjs');

/** @type {readonly import('./builtPageFacts.mjs').BuiltPage[]} */
const pages = workerData;
/** @type {import('./builtPageFacts.mjs').BuiltPageFacts[]} */
const facts = [];
for (const { file, ...page } of pages) facts.push(builtPageFacts(await readFile(file, 'utf8'), page));
parentPort?.postMessage(facts);
