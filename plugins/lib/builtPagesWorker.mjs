// @ts-check
/**
 * A worker thread of the build (started by `builtPages.ts` at postBuild): the facts of the built pages in
 * `workerData`, posted back in the same order. Its heap is bounded, so each page's tree is collected as it
 * goes instead of staying with the build's main thread to the end.
 */
import { readFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { builtPageFacts } from './builtPageFacts.mjs';

/** @type {readonly import('./builtPageFacts.mjs').BuiltPage[]} */
const pages = workerData;
/** @type {import('./builtPageFacts.mjs').BuiltPageFacts[]} */
const facts = [];
for (const { file, ...page } of pages) facts.push(builtPageFacts(await readFile(file, 'utf8'), page));
parentPort?.postMessage(facts);
