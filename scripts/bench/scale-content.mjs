#!/usr/bin/env node
/**
 * A copy of this site with N× its content, for `npm run bench -- --scale=N` (lib/scaleContent.mjs says how):
 *
 *   node scripts/bench/scale-content.mjs --scale=N --out=DIR
 *
 * Build it with `DOCS_VERSIONS=current` (v1's docs only), as the bench does.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { writeScaledSite } from './lib/scaleContent.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const { values } = parseArgs({ options: { scale: { type: 'string' }, out: { type: 'string' } } });
if (!values.scale || !values.out) {
  console.error('Usage: node scripts/bench/scale-content.mjs --scale=N --out=DIR');
  process.exit(2);
}
const counts = writeScaledSite({ root: ROOT, out: resolve(values.out), scale: Number(values.scale) });
console.log(
  `${resolve(values.out)}: ${counts.pages.after} docs pages (${counts.pages.before} here), ` +
    `${counts.operations.after} operations (${counts.operations.before} here)`,
);
