// @ts-check
/**
 * Conditional GET (RFC 9110, section 13): a file's answer to `If-None-Match`. The server sends no `Last-Modified`
 * (its tags come from the content, contentEtag.mjs, so that every copy of a build agrees; modification times do
 * not), so `If-Modified-Since` is ignored, as section 13.1.3 says for a resource without a modification date;
 * with `If-None-Match` present it would be ignored anyway (section 13.2.2).
 */

/** An entity tag of the field's list: `"…"`, maybe after `W/` (the `W/` is not part of what is compared). */
const ENTITY_TAG = /"[^"]*"/g;

/**
 * Whether `If-None-Match` matches the current representation's `etag`, so that a GET or HEAD gets 304: the field
 * is `*`, or one of its entity tags equals `etag` by the weak comparison (section 13.1.2: whether either is weak
 * does not matter, only the quoted part).
 * @param {string | undefined} ifNoneMatch the request's field
 * @param {string} etag the representation's tag, quoted (`"…"` or `W/"…"`)
 */
export function ifNoneMatchMatches(ifNoneMatch, etag) {
  if (ifNoneMatch === undefined) return false;
  // The common case: a browser sends back the tag it was given.
  if (ifNoneMatch === etag) return true;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = etag.startsWith('W/') ? etag.slice(2) : etag;
  for (const [tag] of ifNoneMatch.matchAll(ENTITY_TAG)) if (tag === opaque) return true;
  return false;
}
