// @ts-check
/**
 * A worker thread of the build (started by `index.ts`): the articles of the built pages in
 * `workerData` as Markdown, posted back in the same order. It runs beside the main thread, which
 * meanwhile gathers the search documents and protects the output (their `postBuild`s run at once).
 */
import { readFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { articleMarkdown } from './htmlToMarkdown.mjs';

/** @type {readonly (Omit<import('./htmlToMarkdown.mjs').PageMarkdownInput, 'html'> & { file: string })[]} */
const pages = workerData;
/** @type {string[]} */
const articles = [];
for (const { file, ...page } of pages) articles.push(articleMarkdown({ ...page, html: await readFile(file, 'utf8') }));
parentPort?.postMessage(articles);
