import type { TOCItem } from '@docusaurus/mdx-loader';
import { keptHtml } from '.';

const kept = new WeakMap<readonly TOCItem[], readonly TOCItem[]>();

/** A page's table of contents with each heading's tokens kept whole (computed once per page's list). */
export function keptToc(toc: readonly TOCItem[]): readonly TOCItem[] {
  let found = kept.get(toc);
  if (!found) kept.set(toc, (found = toc.map((item) => ({ ...item, value: keptHtml(item.value) }))));
  return found;
}
