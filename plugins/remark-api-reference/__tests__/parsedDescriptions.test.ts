import type { Root, RootContent } from 'mdast';
import remarkApiReference from '..';

const operationBlock = (operationId: string): RootContent => ({
  type: 'mdxJsxFlowElement',
  name: 'ApiOperation',
  attributes: [{ type: 'mdxJsxAttribute', name: 'operationId', value: operationId }],
  children: [],
});

const pageTree = (): Root => ({ type: 'root', children: [operationBlock('getBalanceSummary')] });

/** Every text value under `node`. */
function textsOf(node: unknown): string[] {
  if (!node || typeof node !== 'object') return [];
  const { type, value, children } = node as { type?: string; value?: unknown; children?: unknown[] };
  return [...(type === 'text' && typeof value === 'string' ? [value] : []), ...(children ?? []).flatMap(textsOf)];
}

/** Every object reachable from `node`. */
function objectsOf(node: unknown, into = new Set<object>()): Set<object> {
  if (!node || typeof node !== 'object' || into.has(node)) return into;
  into.add(node);
  for (const value of Object.values(node)) objectsOf(value, into);
  return into;
}

describe("the descriptions' Markdown, parsed once for every page", () => {
  const expand = async (tree: Root, path: string) => {
    await remarkApiReference()(tree, { path });
    return tree;
  };

  it('gives each page nodes of its own: a later plugin changing one page leaves the next as written', async () => {
    const first = await expand(pageTree(), 'docs/accounts-api/endpoints/balance-summary.mdx');
    const second = await expand(pageTree(), 'docs/accounts-api/endpoints/balance-summary.mdx');
    const written = textsOf(second);
    expect(written.length).toBeGreaterThan(20);
    expect(written.join(' ')).toMatch(/\w{4,}/);

    const shared = [...objectsOf(first)].filter((node) => objectsOf(second).has(node));
    expect(shared).toEqual([]);

    // What a later plugin of the first page's compilation might do (rehype-keep-words rewrites text, say).
    for (const node of objectsOf(first))
      if ((node as { type?: string }).type === 'text') (node as { value: string }).value = '';
    expect(textsOf(second)).toEqual(written);
    const third = await expand(pageTree(), 'docs/accounts-api/endpoints/balance-summary.mdx');
    expect(textsOf(third)).toEqual(written);
  });

  it('expands a page of the second docs version from the same parsed words as the first', async () => {
    const v1 = await expand(pageTree(), 'docs/accounts-api/endpoints/balance-summary.mdx');
    const v2 = await expand(pageTree(), 'versioned_docs/version-v2/accounts-api/endpoints/balance-summary.mdx');
    // The accounts API has no v2 description: its v2 pages document v1, word for word.
    expect(textsOf(v2)).toEqual(textsOf(v1));
  });
});
