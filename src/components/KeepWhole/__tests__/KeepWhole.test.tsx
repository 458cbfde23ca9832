import React from 'react';
import { render } from '@testing-library/react';
import KeepWhole from '..';

describe('KeepWhole', () => {
  it.each([
    ['non-US', 'whole'],
    ['Idempotency-Key', 'whole'],
    ['0123456789abcdef', 'whole'],
    // Longer than a phone promises: kept whole from a tablet up, free to break on a phone.
    ['^[0-9]+(\\.[0-9]{1,6})?$', 'whole wide'],
  ])('%s is a span of class "%s" with the text unchanged', (word, className) => {
    const { container } = render(<KeepWhole>{word}</KeepWhole>);
    const span = container.firstElementChild!;
    expect(span.tagName).toBe('SPAN');
    expect(span.className).toBe(className);
    expect(container.textContent).toBe(word);
  });

  it('measures inline code by its text', () => {
    const { container } = render(
      <KeepWhole>
        <code>X-Request-Id</code>
      </KeepWhole>,
    );
    expect(container.firstElementChild!.className).toBe('whole');
  });
});
