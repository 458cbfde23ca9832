// @ts-check
/**
 * ETags from a file's content, so that every copy of a build (replicas deployed at other times, with other
 * modification times) gives the same file the same tag and answers the others' revalidations with 304.
 * The Worker's fallback (workerAssets.mjs) writes the same form: the first 128 bits of the SHA-256, in hex.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

/** @param {Uint8Array} digest */
function etagFromDigest(digest) {
  return `"${Buffer.from(digest.subarray(0, 16)).toString('hex')}"`;
}

/**
 * A cache of content ETags for the files of one directory. A file is hashed once, on its first request;
 * the tag is kept while its size and modification time stay the same (a file replaced in place is hashed
 * again). Concurrent first requests share one read.
 */
export function createContentEtags() {
  /** @type {Map<string, { size: number, mtimeMs: number, etag: Promise<string> }>} */
  const cache = new Map();
  return {
    /**
     * @param {string} filePath absolute
     * @param {{ size: number, mtimeMs: number }} stats the file's, as just read
     * @returns {Promise<string>}
     */
    etagFor(filePath, { size, mtimeMs }) {
      const cached = cache.get(filePath);
      if (cached && cached.size === size && cached.mtimeMs === mtimeMs) return cached.etag;
      const etag = hashFile(filePath);
      cache.set(filePath, { size, mtimeMs, etag });
      etag.catch(() => cache.delete(filePath));
      return etag;
    },
  };
}

/** @param {string} filePath */
async function hashFile(filePath) {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(filePath)) hash.update(chunk);
  return etagFromDigest(hash.digest());
}
