import React from 'react';
import { render } from '@testing-library/react';
import KeptCode from '..';

describe('KeptCode', () => {
  it('keeps a URL of up to 40 characters whole, with breaks after its separators for a phone, where it is let go', () => {
    const { container } = render(<KeptCode>http://localhost:4010/oauth2/token</KeptCode>);
    expect(container.innerHTML).toBe(
      '<code><span class="whole wide">http://<wbr>localhost:4010/<wbr>oauth2/<wbr>token</span></code>',
    );
    expect(container.textContent).toBe('http://localhost:4010/oauth2/token');
  });

  it('keeps the hyphenated pieces of a path whole inside it', () => {
    const { container } = render(<KeptCode>/accounts/x-sandbox-test-values</KeptCode>);
    expect(container.innerHTML).toBe(
      '<code><span class="whole wide">/accounts/<wbr><span class="whole">x-sandbox-test-values</span></span></code>',
    );
  });

  it('passes its class to the code', () => {
    const { container } = render(<KeptCode className="path">/orders</KeptCode>);
    expect(container.innerHTML).toBe('<code class="path">/orders</code>');
  });

  it('lets a longer URL wrap after its separators only, with its text unchanged', () => {
    const url = 'https://id.clearing.example/connect/token';
    const { container } = render(<KeptCode>{url}</KeptCode>);
    expect(container.textContent).toBe(url);
    expect(container.innerHTML).toBe('<code>https://<wbr>id.<wbr>clearing.<wbr>example/<wbr>connect/<wbr>token</code>');
  });

  it('leaves a plain word as text', () => {
    const { container } = render(<KeptCode>sandbox</KeptCode>);
    expect(container.innerHTML).toBe('<code>sandbox</code>');
  });
});
