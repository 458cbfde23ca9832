import React from 'react';
import { render } from '@testing-library/react';
import KeptCode from '..';

describe('KeptCode', () => {
  it('keeps a URL of up to 40 characters whole', () => {
    const { container } = render(<KeptCode>http://localhost:4010/oauth2/token</KeptCode>);
    expect(container.innerHTML).toBe('<code><span class="whole wide">http://localhost:4010/oauth2/token</span></code>');
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
