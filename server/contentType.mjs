// @ts-check
/**
 * The `Content-Type` of a build file, from its extension: Hono's table, with `charset=utf-8` on JSON too;
 * the pages' Markdown and the llms files (Markdown too, llmstxt.org) as `text/markdown`.
 */
import { getMimeType, mimes } from 'hono/utils/mime';
import { LLMS_FILE_PATTERN } from '../config/pageMarkdown.mjs';

const MARKDOWN = 'text/markdown; charset=utf-8';

const SITE_MIMES = {
  ...mimes,
  json: 'application/json; charset=utf-8',
  map: 'application/json; charset=utf-8',
  webmanifest: 'application/manifest+json; charset=utf-8',
  md: MARKDOWN,
};

/** @param {string} file */
export function contentTypeFor(file) {
  if (LLMS_FILE_PATTERN.test(file)) return MARKDOWN;
  return getMimeType(file, SITE_MIMES) ?? 'application/octet-stream';
}
