#!/usr/bin/env node
// Compiles docs pages the way the site build does (MDX, GFM, directives and the API reference
// blocks), without building the site: a quick check for writers. Usage: node scripts/check-mdx.mjs [files…]
// (all of docs/ when none are given). `npm run check:docs` (scripts/check-docs.mjs) runs it with the content checks.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { assertPinnedNode } from '../config/nodeRuntime.mjs';

assertPinnedNode();

// After the Node check: the compiler loads the plugins, which need the pinned Node.
const { compilePage } = await import('./check-docs/compile.mjs');

const files = process.argv.slice(2).length
  ? process.argv.slice(2)
  : readdirSync('docs', { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.mdx'))
      .map((file) => path.join('docs', file));

let failures = 0;
for (const file of files) {
  try {
    await compilePage(readFileSync(file, 'utf8'), file);
  } catch (error) {
    failures += 1;
    console.error(`${file}: ${error.message}`);
  }
}
console.log(`${files.length - failures} of ${files.length} pages compile.`);
process.exit(failures ? 1 : 0);
