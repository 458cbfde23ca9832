/**
 * In what order the reference renders its content items. Redoc draws every operation in one pass
 * (on the orders page some 14,000 elements, seconds of main thread on a phone); the site draws what
 * the reader sees first, then the rest one operation at a time in the background, so the page is
 * complete (find in page, keyboard, anchors) a moment later without blocking the reader.
 */

/** What this needs of Redoc's content items (`ContentItemModel`). */
export interface ContentItemLike {
  readonly id: string;
  readonly type: string;
  readonly items?: readonly ContentItemLike[];
}

/** The items in document order, parents before their children, as Redoc's `ContentItems` draws them. */
export function flattenContentItems<Item extends ContentItemLike>(items: readonly Item[]): Item[] {
  return items.flatMap((item) => [item, ...flattenContentItems((item.items ?? []) as readonly Item[])]);
}

/**
 * The id of the operation an address's fragment points at, if any: Redoc's own item id
 * (`tag/<tag>/operation/<id>`) or the site's `operation/<id>` anchor.
 */
export function linkedItemId(hash: string, items: readonly ContentItemLike[]): string | undefined {
  let fragment: string;
  try {
    fragment = decodeURIComponent(hash.replace(/^#/, ''));
  } catch {
    return undefined;
  }
  if (!fragment) return undefined;
  const item = items.find(
    (candidate) =>
      candidate.type === 'operation' && (candidate.id === fragment || candidate.id.endsWith(`/${fragment}`)),
  );
  return item?.id;
}

/**
 * The operations drawn in the first pass: the first `leading` operations of the page (what the
 * reader sees on arrival) and the one the address links to.
 */
export function firstPassOperations(items: readonly ContentItemLike[], hash: string, leading = 1): Set<string> {
  const operations = items.filter((item) => item.type === 'operation');
  const first = new Set(operations.slice(0, leading).map((item) => item.id));
  const linked = linkedItemId(hash, items);
  if (linked) first.add(linked);
  return first;
}

/** The next operation to draw in the background: the first in document order not drawn yet. */
export function nextOperationToRender(
  items: readonly ContentItemLike[],
  rendered: ReadonlySet<string>,
): string | undefined {
  return items.find((item) => item.type === 'operation' && !rendered.has(item.id))?.id;
}
