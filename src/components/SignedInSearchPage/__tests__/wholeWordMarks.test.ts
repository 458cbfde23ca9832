/** @jest-environment jsdom */
import { wholeWordMarks } from '../wholeWordMarks';

function marked(html: string): { root: HTMLElement; widened: number } {
  const root = document.createElement('p');
  root.innerHTML = html;
  return { root, widened: wholeWordMarks(root) };
}

describe('wholeWordMarks', () => {
  it.each([
    ['Search <mark>order</mark>s by status', 'Search <mark>orders</mark> by status'],
    ['the pre<mark>fill</mark>ed form', 'the <mark>prefilled</mark> form'],
    ['<mark>Cancel</mark>ed and <mark>order</mark>_id', '<mark>Canceled</mark> and <mark>order_id</mark>'],
    ['Ünter<mark>nehm</mark>en', '<mark>Ünternehmen</mark>'],
  ])('widens %s to whole words', (html, expected) => {
    const { root, widened } = marked(html);
    expect(root.innerHTML).toBe(expected);
    expect(widened).toBeGreaterThan(0);
  });

  it.each([
    'Search <mark>orders</mark> by status',
    '<mark>orders</mark>',
    'GET <mark>/orders</mark>/equity',
    'a <mark>-</mark>b',
  ])('leaves %s as it is', (html) => {
    const { root, widened } = marked(html);
    expect(root.innerHTML).toBe(html);
    expect(widened).toBe(0);
  });

  it('moves text only: markup in the text stays text', () => {
    const { root } = marked('&lt;b&gt;x<mark>y</mark>z');
    expect(root.innerHTML).toBe('&lt;b&gt;<mark>xyz</mark>');
    expect(root.querySelector('b')).toBeNull();
  });
});
