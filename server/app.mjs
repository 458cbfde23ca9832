// @ts-check
/**
 * The production server as a web-standard (Fetch API) Hono app, independent of where the build lives:
 * it reads files only through `readAsset`, so Node (server/node.mjs) or a Worker with the build as static
 * assets can run it unchanged.
 */
import { Hono } from 'hono';
import { etag } from 'hono/etag';
import { methodNotAllowed } from 'hono/method-not-allowed';
import { secureHeaders } from 'hono/secure-headers';

import { isCompressible, VARIANTS } from '../plugins/precompress/precompress.mjs';
import { requestedRange } from './byteRange.mjs';
import { cacheControlFor, REVALIDATE } from './cachePolicy.mjs';
import { preferredEncodings } from './contentEncoding.mjs';
import { contentTypeFor } from './contentType.mjs';
import { filesForPath } from './requestPath.mjs';

/**
 * @typedef {object} SiteFile
 * @property {number} size bytes
 * @property {string} etag a quoted strong validator that changes whenever the bytes change
 * @property {(range?: import('./byteRange.mjs').ByteRange) => ReadableStream<Uint8Array>} open the bytes
 */

/**
 * A regular file of the build, or undefined when there is none (a directory is none).
 * @typedef {(file: string) => Promise<SiteFile | undefined>} ReadAsset
 * `file` is relative to the build directory, with `/` separators, and never contains `.`, `..` or `\` segments.
 */

/** @typedef {import('hono').Context} Context */

const NOT_FOUND_PAGE = '404.html';
const ENCODINGS = VARIANTS.map(({ encoding }) => encoding);

/**
 * @param {{ readAsset: ReadAsset }} options
 */
export function createSiteApp({ readAsset }) {
  /**
   * The file to send for `file`: its best precompressed variant the client accepts, or the file itself.
   * @param {Context} c
   * @param {string} file
   * @param {SiteFile} original
   * @returns {Promise<{ body: SiteFile, headers: Record<string, string> }>}
   */
  async function selectRepresentation(c, file, original) {
    /** @type {Record<string, string>} */
    const headers = { 'Content-Type': contentTypeFor(file) };
    if (!isCompressible(file)) return { body: original, headers };
    headers.Vary = 'Accept-Encoding';
    for (const encoding of preferredEncodings(c.req.header('Accept-Encoding'), ENCODINGS)) {
      if (encoding === 'identity') break;
      const suffix = VARIANTS.find((variant) => variant.encoding === encoding)?.suffix;
      const variant = suffix && (await readAsset(file + suffix));
      if (variant) return { body: variant, headers: { ...headers, 'Content-Encoding': encoding } };
    }
    return { body: original, headers };
  }

  /**
   * @param {Context} c
   * @param {string} file
   * @param {SiteFile} original
   */
  async function sendFile(c, file, original) {
    const { body, headers } = await selectRepresentation(c, file, original);
    Object.assign(headers, { 'Cache-Control': cacheControlFor(file), ETag: body.etag, 'Accept-Ranges': 'bytes' });
    const ifRange = c.req.header('If-Range');
    const range =
      ifRange === undefined || ifRange === body.etag ? requestedRange(c.req.header('Range'), body.size) : undefined;
    const head = c.req.method === 'HEAD';
    if (range === 'unsatisfiable') {
      return c.body(null, 416, { ...headers, 'Content-Range': `bytes */${body.size}` });
    }
    if (range) {
      headers['Content-Range'] = `bytes ${range.start}-${range.end}/${body.size}`;
      headers['Content-Length'] = String(range.end - range.start + 1);
      return new Response(head ? null : body.open(range), { status: 206, headers });
    }
    headers['Content-Length'] = String(body.size);
    return new Response(head ? null : body.open(), { status: 200, headers });
  }

  /** The site's own 404 page, with status 404. @param {Context} c */
  async function sendNotFoundPage(c) {
    const page = await readAsset(NOT_FOUND_PAGE);
    if (!page) return c.text('Not Found', 404, { 'Cache-Control': REVALIDATE });
    const { body, headers } = await selectRepresentation(c, NOT_FOUND_PAGE, page);
    Object.assign(headers, { 'Cache-Control': REVALIDATE, 'Content-Length': String(body.size) });
    return new Response(c.req.method === 'HEAD' ? null : body.open(), { status: 404, headers });
  }

  const app = new Hono();
  app.use(
    secureHeaders({
      // Set by the TLS edge in front of the site; over plain HTTP on localhost it would only mislead.
      strictTransportSecurity: false,
      referrerPolicy: 'strict-origin-when-cross-origin',
      // Cross-origin isolation breaks the return from the identity provider (the sign-in never completes).
      crossOriginOpenerPolicy: false,
      crossOriginResourcePolicy: false,
      originAgentCluster: false,
    }),
  );
  app.use(methodNotAllowed({ app }));
  // Our files carry their ETag already: the middleware only answers If-None-Match with 304.
  app.use(etag());
  app.get('*', async (c) => {
    const request = filesForPath(new URL(c.req.url).pathname);
    if (!request.ok) return c.text('Bad Request', 400);
    for (const file of request.candidates) {
      const found = await readAsset(file);
      if (found) return sendFile(c, file, found);
    }
    return sendNotFoundPage(c);
  });
  return app;
}
