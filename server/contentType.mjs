// @ts-check
/** The `Content-Type` of a build file, from its extension: Hono's table, with `charset=utf-8` on JSON too. */
import { getMimeType, mimes } from 'hono/utils/mime';

const SITE_MIMES = {
  ...mimes,
  json: 'application/json; charset=utf-8',
  map: 'application/json; charset=utf-8',
  webmanifest: 'application/manifest+json; charset=utf-8',
};

/** @param {string} file */
export function contentTypeFor(file) {
  return getMimeType(file, SITE_MIMES) ?? 'application/octet-stream';
}
