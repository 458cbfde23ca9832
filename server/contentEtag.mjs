// @ts-check
/**
 * ETags from a file's content, so that every copy of a build (replicas deployed at other times, with other
 * modification times) gives the same file the same tag and answers the others' revalidations with 304.
 * The Worker's fallback (workerAssets.mjs) writes the same form: the first 128 bits of the SHA-256, in hex.
 *
 * The read that hashes a small file also keeps its bytes (up to a total), so that the server sends them from
 * memory, without opening the file and streaming it again for every request: on a busy server, opening,
 * reading and closing a page and streaming it through a web stream were a third of a request's time
 * (scripts/bench/server.mjs).
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

/** A file up to this size is kept in memory once read: every page and chunk of a build (its main bundle is over
 * 512 KiB), and its largest files too (the search indexes and llms-full.txt, 1.4 to 1.7 MiB each), which streamed
 * from disk cost a read, a web stream and a copy per request (scripts/bench/server.mjs). HELD_TOTAL_BYTES bounds
 * them all. */
const HELD_FILE_BYTES = 8 * 2 ** 20;
/** At most this much is kept in all; past it, the files read first give up their bytes (not their tags). */
const HELD_TOTAL_BYTES = 64 * 2 ** 20;

/**
 * @typedef {object} Content
 * @property {string} etag
 * @property {Buffer<ArrayBuffer> | undefined} bytes the whole file, when it is small enough to be kept
 */

/**
 * A cache of content ETags (and the bytes of small files) for the files of one directory. A file is hashed
 * once, on its first request; the tag and bytes are kept while its size and modification time stay the same
 * (a file replaced in place is read again). Concurrent first requests share one read.
 * @param {{ heldFileBytes?: number, heldTotalBytes?: number }} [limits] HELD_FILE_BYTES and HELD_TOTAL_BYTES by
 *   default (tests)
 */
export function createContentEtags({ heldFileBytes = HELD_FILE_BYTES, heldTotalBytes = HELD_TOTAL_BYTES } = {}) {
  /** @type {Map<string, { size: number, mtimeMs: number, content: Promise<Content> }>} */
  const cache = new Map();
  /** The files whose bytes are kept, the first kept first, and their sizes. @type {Map<string, number>} */
  const held = new Map();
  let heldBytes = 0;

  /** @param {string} filePath */
  function release(filePath) {
    heldBytes -= held.get(filePath) ?? 0;
    held.delete(filePath);
  }

  /**
   * Keeps `bytes` of `filePath` within the total, releasing the files kept first.
   * @param {string} filePath @param {Buffer<ArrayBuffer>} bytes
   * @returns {Buffer<ArrayBuffer> | undefined} the bytes, or undefined when they are not kept
   */
  function hold(filePath, bytes) {
    if (bytes.byteLength > heldFileBytes || bytes.byteLength > heldTotalBytes) return undefined;
    for (const [first] of held) {
      if (heldBytes + bytes.byteLength <= heldTotalBytes) break;
      release(first);
      const entry = cache.get(first);
      // Its tag stays; the bytes go (they are read from disk from now on).
      if (entry) entry.content = entry.content.then(({ etag }) => ({ etag, bytes: undefined }));
    }
    held.set(filePath, bytes.byteLength);
    heldBytes += bytes.byteLength;
    return bytes;
  }

  /**
   * @param {string} filePath absolute
   * @param {{ size: number, mtimeMs: number }} stats the file's, as just read
   * @returns {Promise<Content>}
   */
  function contentOf(filePath, { size, mtimeMs }) {
    const cached = cache.get(filePath);
    if (cached && cached.size === size && cached.mtimeMs === mtimeMs) return cached.content;
    if (cached) release(filePath);
    /** @type {Promise<Content>} */
    const content = readFile(filePath, size <= heldFileBytes).then(({ etag, bytes }) => ({
      etag,
      // Bytes of another length than the stats said (the file changed meanwhile) are not kept.
      bytes: bytes?.byteLength === size && cache.get(filePath)?.content === content ? hold(filePath, bytes) : undefined,
    }));
    cache.set(filePath, { size, mtimeMs, content });
    content.catch(() => {
      if (cache.get(filePath)?.content === content) cache.delete(filePath);
    });
    return content;
  }

  return {
    contentOf,
    /**
     * @param {string} filePath absolute
     * @param {{ size: number, mtimeMs: number }} stats the file's, as just read
     * @returns {Promise<string>}
     */
    etagFor: async (filePath, stats) => (await contentOf(filePath, stats)).etag,
  };
}

/**
 * The file's tag, and its bytes when `keep`.
 * @param {string} filePath @param {boolean} keep
 * @returns {Promise<{ etag: string, bytes: Buffer<ArrayBuffer> | undefined }>}
 */
async function readFile(filePath, keep) {
  const hash = createHash('sha256');
  /** @type {Buffer[]} */
  const chunks = [];
  for await (const chunk of createReadStream(filePath)) {
    hash.update(chunk);
    if (keep) chunks.push(chunk);
  }
  const digest = hash.digest();
  return { etag: `"${digest.subarray(0, 16).toString('hex')}"`, bytes: keep ? Buffer.concat(chunks) : undefined };
}
