/** @jest-environment jsdom */
import React from 'react';
import { render } from '@testing-library/react';
import KeptCode from '..';

describe('KeptCode', () => {
  it('lets a URL wrap only after its separators', () => {
    const { container } = render(<KeptCode>http://localhost:4010/oauth2/token</KeptCode>);
    expect(container.innerHTML).toBe('<code>http://<wbr>localhost:4010/<wbr>oauth2/<wbr>token</code>');
    expect(container.textContent).toBe('http://localhost:4010/oauth2/token');
  });

  it('keeps the hyphenated pieces of a path whole inside it', () => {
    const { container } = render(<KeptCode>/accounts/x-sandbox-test-values</KeptCode>);
    expect(container.innerHTML).toBe(
      '<code>/accounts/<wbr><span class="whole" data-keep-whole="">x-sandbox-test-values</span></code>',
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
