/** @jest-environment jsdom */
import React from 'react';
import { render } from '@testing-library/react';
import KeptText, { keptHtml } from '..';

describe('KeptText', () => {
  it('keeps a hyphenated word of a title whole and leaves the text as it was', () => {
    const { container } = render(<KeptText>Non-trade activity</KeptText>);
    expect(container.querySelector('[data-keep-whole]')!.textContent).toBe('Non-trade');
    expect(container.textContent).toBe('Non-trade activity');
  });
});

describe('keptHtml', () => {
  it.each([
    ['Employees of broker-dealers', 'Employees of <span class="whole" data-keep-whole="">broker-dealers</span>'],
    [
      'The <code>X-Request-Id</code> header',
      'The <code><span class="whole" data-keep-whole="">X-Request-Id</span></code> header',
    ],
    // Text with an entity is left as it is: a break opportunity inside `&amp;` would spoil it.
    ['Fees &amp; non-trade items', 'Fees &amp; non-trade items'],
    ['Plain words', 'Plain words'],
  ])('%s', (html, expected) => {
    expect(keptHtml(html)).toBe(expected);
  });
});
