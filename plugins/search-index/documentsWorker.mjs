// @ts-check
/**
 * A worker thread of the build (started by `index.ts` at postBuild): writes the search index file of each
 * output folder in `workerData`, and posts back how many documents it wrote. Its heap is bounded, so the
 * parsing of every page is collected as it goes instead of staying with the build's main thread to the end.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { searchDocuments } from './documents.mjs';

/** @type {import('./documents.mjs').SearchIndexJob} */
const { versions, options, site, fileName } = workerData;
let written = 0;
// One version after another, as the theme does: its document ids run on from one to the next.
for (const { outDir, paths } of versions) {
  const parts = await searchDocuments(paths, options, site);
  // The shipped file keeps the documents alone; the search worker builds the lunr index from them (lunrIndex.ts).
  await writeFile(path.join(outDir, fileName), JSON.stringify(parts.map((documents) => ({ documents }))), 'utf8');
  written += parts.reduce((sum, documents) => sum + documents.length, 0);
}
parentPort?.postMessage(written);
