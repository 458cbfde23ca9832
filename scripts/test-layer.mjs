// Runs one `node --test` layer of tests/layers.json, the one list of test layers:
// `node scripts/test-layer.mjs server`. package.json's `test:*` scripts and scripts/test.sh both run layers
// through it, so a layer's files are written down once; tests/unit/__tests__/testLayers.test.ts checks that every
// test file in the repository belongs to exactly one layer.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** @type {{ layers: { name: string, runner: string, files: string[] }[] }} */
const { layers } = JSON.parse(readFileSync(path.join(ROOT, 'tests/layers.json'), 'utf8'));
const name = process.argv[2];
const layer = layers.find((candidate) => candidate.name === name && candidate.runner === 'node');
if (layer === undefined) {
  const known = layers.filter((candidate) => candidate.runner === 'node').map((candidate) => candidate.name);
  console.error(`No node --test layer "${name ?? ''}" in tests/layers.json; the layers are: ${known.join(', ')}.`);
  process.exit(2);
}
// node --test expands the globs itself, on the Node that runs this script (the pinned one, under npm).
const result = spawnSync(process.execPath, ['--test', ...layer.files, ...process.argv.slice(3)], {
  cwd: ROOT,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
