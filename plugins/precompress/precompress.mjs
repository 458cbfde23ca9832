// @ts-check
/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) sibling beside every compressible file of a built site, once,
 * so that the server only picks a file and never compresses per request.
 */
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

import { isCompressible, MIN_COMPRESSIBLE_BYTES, VARIANTS } from '../../contracts/precompress/variants.ts';

const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** @type {Record<(typeof VARIANTS)[number]['encoding'], (input: Buffer) => Promise<Buffer>>} */
const COMPRESSORS = {
  br: (input) =>
    brotliCompress(input, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: input.length,
      },
    }),
  gzip: (input) => gzip(input, { level: 9 }),
};

/**
 * @typedef {object} PrecompressedFile
 * @property {string} file      path relative to the directory, with `/` separators
 * @property {number} bytes     the original size
 * @property {number | undefined} br    size of the `.br` variant, undefined when none was written
 * @property {number | undefined} gzip  size of the `.gz` variant, undefined when none was written
 */

/**
 * Compresses one file into its variants. A variant that would not be smaller is not written (and a stale one
 * from an earlier run is removed), so the server never prefers a bigger file.
 * @param {string} filePath
 * @returns {Promise<Omit<PrecompressedFile, 'file'>>}
 */
async function precompressFile(filePath) {
  const input = await readFile(filePath);
  /** @type {Omit<PrecompressedFile, 'file'>} */
  const result = { bytes: input.length, br: undefined, gzip: undefined };
  for (const { encoding, suffix } of VARIANTS) {
    const output = await COMPRESSORS[encoding](input);
    if (output.length < input.length) {
      await writeFile(filePath + suffix, output);
      result[encoding] = output.length;
    } else {
      await rm(filePath + suffix, { force: true });
    }
  }
  return result;
}

/**
 * Runs `task` over `items` with at most `limit` tasks at a time.
 * @template T, R
 * @param {readonly T[]} items
 * @param {number} limit
 * @param {(item: T) => Promise<R>} task
 * @returns {Promise<R[]>}
 */
async function mapWithLimit(items, limit, task) {
  /** @type {R[]} */
  const results = new Array(items.length);
  let next = 0;
  async function worker() {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]);
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * Precompresses every compressible file of `dir` (recursively) of at least `minBytes`.
 * @param {string} dir
 * @param {{ minBytes?: number, concurrency?: number }} [options]
 * @returns {Promise<PrecompressedFile[]>} the files that were considered, whether or not a variant paid off
 */
export async function precompressDirectory(
  dir,
  { minBytes = MIN_COMPRESSIBLE_BYTES, concurrency = availableParallelism() } = {},
) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const candidates = [];
  for (const entry of entries) {
    if (!entry.isFile() || !isCompressible(entry.name)) continue;
    candidates.push(path.join(entry.parentPath, entry.name));
  }
  const results = await mapWithLimit(candidates, concurrency, async (filePath) => {
    const file = path.relative(dir, filePath).split(path.sep).join('/');
    const { size } = await stat(filePath);
    if (size < minBytes) return undefined;
    return { file, ...(await precompressFile(filePath)) };
  });
  return results.filter((result) => result !== undefined);
}
