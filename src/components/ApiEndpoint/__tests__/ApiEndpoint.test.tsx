/** @jest-environment jsdom */
import React from 'react';
import { render, screen, within } from '@testing-library/react';
import ApiEndpoint from '..';
import {
  encodeEnvironmentUrls,
  encodeScopeAlternatives,
  type ScopeAlternatives,
} from '../../../../contracts/content/endpointFacts';

const URLS = encodeEnvironmentUrls([
  { environment: 'Sandbox', url: 'https://sandbox.api.clearing.example/v1/orders/equity' },
  { environment: 'Production', url: 'https://api.clearing.example/v1/orders/equity' },
]);

function renderEndpoint(security: ScopeAlternatives) {
  render(
    <ApiEndpoint
      method="POST"
      path="/orders/equity"
      urls={URLS}
      summary="Place an equity order"
      security={encodeScopeAlternatives(security)}
      referenceHref="/api/orders-api#operation/placeEquityOrder"
      operationId="placeEquityOrder"
    />,
  );
  return screen.getByRole('region', { name: 'Operation placeEquityOrder' });
}

/** The text of the `<dd>` after the `<dt>` named `term`. */
function fact(region: HTMLElement, term: string): string | null {
  const dt = within(region).getByText(term, { selector: 'dt' });
  return dt.nextElementSibling?.textContent ?? null;
}

describe('ApiEndpoint', () => {
  it('shows the path relative to the base URL, and the whole URL in each environment', () => {
    const region = renderEndpoint([['orders.write']]);
    expect(region.querySelector('p code')).toHaveTextContent(/^\/orders\/equity$/);
    expect(fact(region, 'Sandbox URL')).toBe('https://sandbox.api.clearing.example/v1/orders/equity');
    expect(fact(region, 'Production URL')).toBe('https://api.clearing.example/v1/orders/equity');
    expect(region).not.toHaveTextContent('/v1/v1');
  });

  it('shows the one scope an operation needs', () => {
    expect(fact(renderEndpoint([['orders.write']]), 'Scope')).toBe('orders.write');
  });

  it('shows scopes needed together as all of them', () => {
    expect(fact(renderEndpoint([['accounts.read', 'documents.read']]), 'Scopes')).toBe(
      'accounts.read and documents.read',
    );
  });

  it('shows alternative requirements as alternatives, not merged', () => {
    expect(fact(renderEndpoint([['accounts.read'], ['onboarding.write']]), 'Scopes')).toBe(
      'Either accounts.read or onboarding.write: one is enough.',
    );
  });

  it('words three alternatives, one of them needing two scopes', () => {
    expect(fact(renderEndpoint([['a.read'], ['b.read', 'b.write'], ['c.admin']]), 'Scopes')).toBe(
      'Any one of a.read, all of b.read and b.write or c.admin.',
    );
  });

  it('says None when there is no requirement', () => {
    expect(fact(renderEndpoint([]), 'Scopes')).toBe('None');
  });

  it('says None when one alternative asks for no scope', () => {
    expect(fact(renderEndpoint([['orders.read'], []]), 'Scope')).toBe('None');
  });

  it('names the release that last changed the operation, linked to the changelog, and nothing when none did', () => {
    render(
      <ApiEndpoint
        method="GET"
        path="/orders/equity"
        urls={URLS}
        summary="Search equity orders"
        security={encodeScopeAlternatives([['orders.read']])}
        referenceHref="/api/orders-api#operation/searchEquityOrders"
        operationId="searchEquityOrders"
        change="changed"
        changeRelease="Trading API 1.4.0"
        changeHref="/docs/getting-started/changelog#trading-api-1-4-0"
      />,
    );
    const region = screen.getByRole('region', { name: 'Operation searchEquityOrders' });
    expect(fact(region, 'History')).toBe('Changed in Trading API 1.4.0');
    expect(within(region).getByRole('link', { name: 'Changed in Trading API 1.4.0' })).toHaveAttribute(
      'href',
      '/docs/getting-started/changelog#trading-api-1-4-0',
    );
    expect(within(renderEndpoint([['orders.write']])).queryByText('History')).toBeNull();
  });

  it('refuses facts it cannot read', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() =>
      render(
        <ApiEndpoint
          method="GET"
          path="/x"
          urls='[{"url": 1}]'
          summary="x"
          security="[]"
          referenceHref="/api"
          operationId="x"
        />,
      ),
    ).toThrow('not a list of environment URLs');
  });
});
