/** @jest-environment jsdom */
import React from 'react';
import { render, screen } from '@testing-library/react';
import ChangeMark from '..';

describe('ChangeMark', () => {
  it('says what the release did, and links to its changelog entry', () => {
    render(
      <ChangeMark
        kind="added"
        release="Accounts API 1.3.0"
        href="/docs/getting-started/changelog#accounts-api-1-3-0"
      />,
    );
    expect(screen.getByRole('link', { name: 'New in Accounts API 1.3.0' })).toHaveAttribute(
      'href',
      '/docs/getting-started/changelog#accounts-api-1-3-0',
    );
  });

  it('tells a change from an addition', () => {
    render(
      <ChangeMark
        kind="changed"
        release="Trading API 1.4.0"
        href="/docs/getting-started/changelog#trading-api-1-4-0"
      />,
    );
    expect(screen.getByRole('link')).toHaveTextContent(/^Changed in Trading API 1\.4\.0$/);
  });
});
