import React from 'react';
import { render } from '@testing-library/react';
import KeepWhole from '..';

describe('KeepWhole', () => {
  it.each([
    ['non-US', 'whole'],
    ['Idempotency-Key', 'whole'],
    ['0123456789abcdef', 'whole'],
    // A pattern has no line-break opportunity of its own: kept whole on a phone too.
    ['^[0-9]+(\\.[0-9]{1,6})?$', 'whole'],
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

  it('is let go on a phone only when it holds line-break opportunities of its own, after its separators', () => {
    const { container } = render(
      <KeepWhole>
        /accounts/
        <wbr />
        <KeepWhole>x-sandbox-test-values</KeepWhole>
      </KeepWhole>,
    );
    expect(container.firstElementChild!.className).toBe('whole wide');
    expect(container.querySelector('span span')!.className).toBe('whole');
  });
});
