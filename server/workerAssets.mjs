// @ts-check
/**
 * The build as a Cloudflare Worker's static assets, read through the assets binding (`env.ASSETS`): a
 * `ReadAsset` (server/app.mjs) for the Worker entry, server/worker.mjs.
 *
 * What the binding answers (workerd with `html_handling = "none"`, `not_found_handling = "none"`): 200 with
 * the file and a strong `ETag` (a hash of the content on Cloudflare; of the path and modification time in
 * miniflare), or 404 with no body, for a missing file and a directory alike; no `Content-Length`, and
 * `Range` is ignored (always the whole file). So a file is read whole, once per request that needs it, and a
 * range is a slice of those bytes. The largest file of a build is the search index (under 1 MB), and
 * Cloudflare stores no asset above 25 MiB.
 */
import { VARIANTS } from '../contracts/precompress/variants.ts';

/**
 * The part of the binding (a `Fetcher`) this module uses.
 * @typedef {{ fetch: (input: string, init?: RequestInit) => Promise<Response> }} AssetsBinding
 */

/** Any origin will do: the binding looks only at the path. */
const ASSETS_ORIGIN = 'https://assets.invalid';
/** A quoted strong validator, as RFC 9110 writes it (no `W/`). */
const STRONG_ETAG = /^"[\x21\x23-\x7e]+"$/;

/**
 * The URL the binding serves `file` at. Each segment is encoded as the asset server encodes the path it
 * matches (`encodeURIComponent`); a path spelled otherwise (`a,b.js` for `a%2Cb.js`) gets a redirect.
 * @param {string} file build-relative, `/` separators
 */
export function assetUrl(file) {
  return `${ASSETS_ORIGIN}/${file.split('/').map(encodeURIComponent).join('/')}`;
}

/** @param {Uint8Array<ArrayBuffer>} bytes */
async function contentETag(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return `"${Array.from(digest.subarray(0, 16), (byte) => byte.toString(16).padStart(2, '0')).join('')}"`;
}

/**
 * The bytes as a stream whose length workerd knows, so that it sends them with a `Content-Length` (a
 * stream it cannot measure goes out chunked, whatever header the app set).
 * @param {Uint8Array<ArrayBuffer>} bytes
 */
function streamOf(bytes) {
  return /** @type {ReadableStream<Uint8Array>} */ (new Response(bytes).body);
}

/**
 * @param {AssetsBinding} assets
 * @returns {import('./app.mjs').ReadAsset}
 */
export function readAssetFromBinding(assets) {
  const variantSuffixes = VARIANTS.map(({ suffix }) => suffix);
  return async (file) => {
    // Cloudflare compresses at the edge: the build's `.br`/`.gz` files are not uploaded (`.assetsignore`).
    if (variantSuffixes.some((suffix) => file.endsWith(suffix))) return undefined;
    if (file.split('/').some((segment) => segment === '' || segment === '.' || segment === '..')) return undefined;
    // A redirect (the binding canonicalising a path) names another file: never followed.
    const response = await assets.fetch(assetUrl(file), { redirect: 'manual' });
    if (response.status !== 200) {
      await response.body?.cancel();
      return undefined;
    }
    const bytes = new Uint8Array(await response.arrayBuffer());
    const header = response.headers.get('ETag');
    const etag = header && STRONG_ETAG.test(header) ? header : await contentETag(bytes);
    return {
      size: bytes.byteLength,
      etag,
      bytes,
      open: (range) => streamOf(range ? bytes.subarray(range.start, range.end + 1) : bytes),
    };
  };
}
