#!/usr/bin/env node
// Compiles docs pages the way the site build does (MDX, GFM, directives and the API reference
// blocks), without building the site: a quick check for writers. Usage: node scripts/check-mdx.mjs [files…]
// (all of docs/ when none are given).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { compile } from '@mdx-js/mdx';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import { assertPinnedNode } from '../config/nodeRuntime.mjs';

assertPinnedNode();

const require = createRequire(import.meta.url);
const jiti = require('jiti')(import.meta.filename, { interopDefault: true });
const remarkApiReference = jiti('../plugins/remark-api-reference/index.ts');
const { remarkHighlightedLanguages } = jiti('../plugins/prism-languages/index.ts');
const { HIGHLIGHTED_LANGUAGES } = jiti('../config/prismLanguages.ts');

const files = process.argv.slice(2).length
  ? process.argv.slice(2)
  : readdirSync('docs', { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.mdx'))
      .map((file) => path.join('docs', file));

let failures = 0;
for (const file of files) {
  const source = readFileSync(file, 'utf8').replace(/^---\n[\s\S]*?\n---\n/, '');
  try {
    await compile(
      { value: source, path: file },
      {
        remarkPlugins: [
          remarkGfm,
          remarkDirective,
          remarkApiReference,
          [remarkHighlightedLanguages, { languages: HIGHLIGHTED_LANGUAGES }],
        ],
      },
    );
  } catch (error) {
    failures += 1;
    console.error(`${file}: ${error.message}`);
  }
}
console.log(`${files.length - failures} of ${files.length} pages compile.`);
process.exit(failures ? 1 : 0);
