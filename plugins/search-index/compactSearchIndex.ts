/**
 * The local-search index keeps, for every term of every section, the position of each occurrence.
 * The results only use them to highlight a snippet: the snippet opens at the first match of the query
 * and runs at most `snippetLength` characters, so the positions past that window of each term never
 * show. Dropping them leaves every search result, its ranking and its snippet exactly as they were
 * (the ranking reads the term frequencies in the field vectors, not the positions).
 */

/** `[start, length]` of one occurrence in a document's text. */
type Position = [number, number];

interface SerializedIndex {
  readonly invertedIndex: [string, Record<string, unknown>][];
}

export interface SearchIndexPart {
  readonly documents: unknown[];
  readonly index: SerializedIndex;
}

function isPositionList(value: unknown): value is Position[] {
  return Array.isArray(value) && value.every((item) => Array.isArray(item) && item.length === 2);
}

/** The positions a snippet of `snippetLength` characters can show, of one term in one document. */
export function positionsInSnippet(positions: readonly Position[], snippetLength: number): Position[] {
  if (positions.length === 0) return [];
  const first = Math.min(...positions.map(([start]) => start));
  return positions.filter(([start]) => start <= first + snippetLength);
}

/** Returns the index parts with each term's positions cut to what a snippet can show. */
export function compactSearchIndex(parts: readonly SearchIndexPart[], snippetLength: number): SearchIndexPart[] {
  return parts.map((part) => ({
    ...part,
    index: {
      ...part.index,
      invertedIndex: part.index.invertedIndex.map(([term, postings]) => [
        term,
        Object.fromEntries(
          Object.entries(postings).map(([field, byDocument]) => {
            // `_index` is the term's number; the other keys are fields, each mapping documents to metadata.
            if (field === '_index' || typeof byDocument !== 'object' || byDocument === null) {
              return [field, byDocument];
            }
            return [
              field,
              Object.fromEntries(
                Object.entries(byDocument as Record<string, { position?: unknown }>).map(([ref, metadata]) => [
                  ref,
                  isPositionList(metadata.position)
                    ? { ...metadata, position: positionsInSnippet(metadata.position, snippetLength) }
                    : metadata,
                ]),
              ),
            ];
          }),
        ),
      ]),
    },
  }));
}
