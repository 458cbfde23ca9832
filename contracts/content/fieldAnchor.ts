/**
 * The names the field reference shares with the rest of the site: the anchor of a field (the docs
 * build writes it, the page links to it, and search and the Markdown pages link to the same place)
 * and the class of the parts the search index leaves out.
 */

/**
 * Where a field, parameter or status sits on a page: `request`, `response`, a parameter's location
 * (`path`, `query`, `header`), `status`, or the name of the schema a data-block page shows.
 */
export type FieldScope = string;

/**
 * A field's anchor: its scope and its dotted path, `request.limitPrice.amount`. Array items have no
 * `[]` (`request.owners.legalAddress.city`), so the anchor reads as the path a reader would write.
 * Both parts keep their case and spelling, so the anchor stays put while the page around it changes.
 */
export function fieldAnchor(scope: FieldScope, path: string): string {
  if (!/^[A-Za-z0-9_-]+$/.test(scope)) throw new Error(`a field anchor's scope is a plain word, not "${scope}"`);
  const dotted = path.replaceAll('[]', '');
  if (!dotted || /\s/.test(dotted)) throw new Error(`a field anchor needs a path without spaces, not "${path}"`);
  return `${scope}.${dotted}`;
}

/**
 * The class of a field's type, requirement and description, which the search index leaves out: the
 * same blocks recur on many pages; their field names are what readers search for, while "string",
 * "required" and "optional" in every field would only add weight to the index and noise to the results.
 */
export const UNINDEXED_FIELD_CLASS = 'api-field-unindexed';

/** The class of every field reference list, nested ones included, for styles and checks outside the component. */
export const FIELD_LIST_CLASS = 'api-field-list';
