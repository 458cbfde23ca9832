import { loadBundled } from '../../../openapi/descriptions';
import { firstParagraphText, introductionOf } from '../introduction';

describe('firstParagraphText', () => {
  it.each([
    [
      'links, code and emphasis as their text',
      'Place [orders](/docs/x) under\n`/orders`, **fast** and _safely_.',
      'Place orders under /orders, fast and safely.',
    ],
    ['the first paragraph only', 'One.\n\nTwo.', 'One.'],
    ['a heading skipped', '# Orders\n\nPlace orders.', 'Place orders.'],
    ['a list skipped', '- a\n- b\n\nAfter.', 'After.'],
    ['snake_case kept', 'The client_id field.', 'The client_id field.'],
    [
      'two snake_case words kept',
      'The client_id and account_number fields.',
      'The client_id and account_number fields.',
    ],
    ['code inside a link', 'See [`GET /orders`](/docs/x).', 'See GET /orders.'],
    ['code kept as written', 'Send `*` or `a_b` and `c_d`, then __done__.', 'Send * or a_b and c_d, then done.'],
    ['nothing from an empty description', '', ''],
    ['nothing from a description without a paragraph', '# Orders\n\n- a', ''],
  ])('%s', (_case, markdown, text) => {
    expect(firstParagraphText(markdown)).toBe(text);
  });
});

describe('introductionOf', () => {
  it("is the Trading API description's first paragraph, without its Markdown", () => {
    const introduction = introductionOf(loadBundled('orders', { dereferenced: false }));
    expect(introduction).toMatch(/^The Trading API places, tracks, replaces, cancels and allocates orders/);
    expect(introduction).toContain('under /orders/equity and single-leg options');
    expect(introduction).toContain('Read the Trading API overview for order types');
    expect(introduction).not.toMatch(/[[\]`]|\(\/docs/);
    expect(introduction).not.toContain('Placing an order is asynchronous');
  });

  it('is empty for a description without one', () => {
    expect(introductionOf({ info: { title: 'X', version: '1' } })).toBe('');
  });
});
