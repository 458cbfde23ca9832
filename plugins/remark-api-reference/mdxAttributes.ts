import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';

/** The value of an MDX element's attribute as written: `anchor="x"` is `x`, and `headingLevel={2}` is `2`. */
export function attributeOf(node: MdxJsxFlowElement | MdxJsxTextElement, name: string): string | undefined {
  const found = node.attributes.find((attribute) => attribute.type === 'mdxJsxAttribute' && attribute.name === name);
  if (!found) return undefined;
  if (typeof found.value === 'string') return found.value;
  // An expression arrives as its source.
  return found.value?.value;
}
