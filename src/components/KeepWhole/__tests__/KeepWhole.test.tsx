/** @jest-environment jsdom */
import React from 'react';
import { render } from '@testing-library/react';
import KeepWhole from '..';

describe('KeepWhole', () => {
  it.each(['non-US', 'Idempotency-Key', '^[0-9]+(\\.[0-9]{1,6})?$'])(
    '%s is one kept span with the text unchanged',
    (word) => {
      const { container } = render(<KeepWhole>{word}</KeepWhole>);
      const span = container.firstElementChild!;
      expect(span.tagName).toBe('SPAN');
      expect(span.className).toBe('whole');
      expect(span.hasAttribute('data-keep-whole')).toBe(true);
      expect(container.textContent).toBe(word);
    },
  );

  it('keeps its pieces and their line-break opportunities as given', () => {
    const { container } = render(
      <KeepWhole>
        /accounts/
        <wbr />
        <KeepWhole>x-sandbox-test-values</KeepWhole>
      </KeepWhole>,
    );
    expect(container.querySelectorAll('[data-keep-whole]')).toHaveLength(2);
    expect(container.querySelector('wbr')).not.toBeNull();
    expect(container.textContent).toBe('/accounts/x-sandbox-test-values');
  });
});
