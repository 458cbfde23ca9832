/**
 * Which files have precompressed variants, and their suffixes: the precompression step (plugins/precompress)
 * writes them, the server (server/app.mjs, server/workerAssets.mjs, the gate) sends them, on Node and in the
 * Cloudflare Worker alike. No imports.
 */

/** Text formats worth compressing. Images, fonts (woff2) and archives are compressed already. */
export const COMPRESSIBLE_EXTENSIONS = new Set([
  'html',
  'js',
  'mjs',
  'css',
  'json',
  'svg',
  'xml',
  'txt',
  'map',
  'webmanifest',
]);

/** Below this size the headers of a compressed response cost more than compression saves. */
export const MIN_COMPRESSIBLE_BYTES = 1024;

/** The precompressed variants, in the order the server prefers them, with the suffix of their file. */
export const VARIANTS = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

export function isCompressible(filePath: string): boolean {
  const name = filePath.slice(filePath.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 && COMPRESSIBLE_EXTENSIONS.has(name.slice(dot + 1).toLowerCase());
}
