#!/usr/bin/env node
// @ts-check
/**
 * Precompresses a built site in place: `node plugins/precompress/cli.mjs <build dir>`.
 * Writes `.br` and `.gz` beside every compressible file and prints what it saved.
 */
import { existsSync } from 'node:fs';
import { precompressDirectory } from './precompress.mjs';
import { assertPinnedNode } from '../../config/nodeRuntime.mjs';

assertPinnedNode();

const dir = process.argv[2];
if (!dir || !existsSync(dir)) {
  console.error('Usage: node plugins/precompress/cli.mjs <build dir>');
  process.exit(2);
}

const started = Date.now();
const files = await precompressDirectory(dir);
/** @param {number} bytes */
const megabytes = (bytes) => `${(bytes / 1_000_000).toFixed(2)} MB`;
/** @param {'br' | 'gzip'} encoding */
const total = (encoding) => files.reduce((sum, file) => sum + (file[encoding] ?? file.bytes), 0);
const raw = files.reduce((sum, file) => sum + file.bytes, 0);
console.log(
  `Precompressed ${files.length} files in ${dir} in ${((Date.now() - started) / 1000).toFixed(1)} s: ` +
    `${megabytes(raw)} raw, ${megabytes(total('gzip'))} gzip, ${megabytes(total('br'))} brotli.`,
);
