/** @jest-environment jsdom */
import React from 'react';
import { render, screen, within } from '@testing-library/react';
import ApiDownloads from '..';
import { descriptionDownloads } from '../../../../plugins/api-reference/downloads';

const downloads = descriptionDownloads({ route: '/api/orders-api', label: 'Trading API' }).map(
  ({ format, file, label }) => ({ format, label, href: `/${file}` }),
);

describe('ApiDownloads', () => {
  it('links each file by a name that says what it is', () => {
    render(<ApiDownloads title="Trading API" downloads={downloads} />);
    const nav = screen.getByRole('navigation', { name: 'Downloads for the Trading API' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Trading API OpenAPI description (YAML)', '/api/orders-api/orders-api.openapi.yaml'],
      ['Trading API OpenAPI description (JSON)', '/api/orders-api/orders-api.openapi.json'],
      ['Trading API Postman collection', '/api/orders-api/orders-api.postman_collection.json'],
    ]);
    for (const link of links) expect(link).toHaveAttribute('download');
  });

  it('renders nothing without downloads', () => {
    const { container } = render(<ApiDownloads title="Trading API" downloads={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
