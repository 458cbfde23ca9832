import type { Root } from 'mdast';
import { firstParagraphText } from '../introduction';

// The tree `mdast-util-from-markdown` gives for "# Orders\n\nPlace [orders](/docs/x) under\n`/orders`.\n\nSecond."
const parsed: Root = {
  type: 'root',
  children: [
    { type: 'heading', depth: 1, children: [{ type: 'text', value: 'Orders' }] },
    {
      type: 'paragraph',
      children: [
        { type: 'text', value: 'Place ' },
        { type: 'link', url: '/docs/x', children: [{ type: 'text', value: 'orders' }] },
        { type: 'text', value: ' under\n' },
        { type: 'inlineCode', value: '/orders' },
        { type: 'text', value: '.' },
      ],
    },
    { type: 'paragraph', children: [{ type: 'text', value: 'Second.' }] },
  ],
};

describe('firstParagraphText', () => {
  it('is the first paragraph as one line of text, links and code as their text', () => {
    expect(firstParagraphText(parsed)).toBe('Place orders under /orders.');
  });

  it.each([
    ['an empty document', { type: 'root', children: [] }],
    ['a document with no paragraph', { type: 'root', children: [parsed.children[0]] }],
  ] as [string, Root][])('is empty for %s', (_case, root) => {
    expect(firstParagraphText(root)).toBe('');
  });
});
