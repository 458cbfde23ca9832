/** @jest-environment jsdom */
import React from 'react';
import { render, screen, within } from '@testing-library/react';
import type { Result } from '../../useSendRequest';
import ResponseView from '..';
import { LOCAL, PROXY } from '../../__tests__/fakes';

const RESULT: Result = {
  sequence: 3,
  target: LOCAL,
  request: { method: 'POST', url: 'http://localhost:4020/v1/account-numbers', headers: [], body: '{}' },
  status: 201,
  statusText: 'Created',
  ms: 42,
  headers: [
    ['content-type', 'application/json'],
    ['x-request-id', 'req-1'],
  ],
  body: '{\n  "accountNumber": "5GT10001"\n}',
  problems: [],
};

describe('ResponseView', () => {
  it('shows where the request went, the status, the time, the headers and the body', () => {
    render(<ResponseView result={RESULT} />);
    const region = screen.getByRole('region', { name: 'Response' });
    expect(region).toHaveAttribute('data-send', '3');
    expect(region).toHaveTextContent(/^Sent toLocal sandbox: POST/);
    expect(region.querySelector('dd strong')).toHaveTextContent('201');
    expect(region).toHaveTextContent('Status201 Created');
    expect(region).toHaveTextContent('Time42 ms');
    expect(within(region).getByText('The response matches the description of this operation.')).toBeVisible();
    expect(within(region).getByText('Response headers (2)')).toBeInTheDocument();
    expect(within(region).getByLabelText('Response body')).toHaveTextContent('"accountNumber": "5GT10001"');
    expect(within(region).getByLabelText('Response body')).toHaveAttribute('tabindex', '0');
  });

  it('lists what differs from the description', () => {
    render(<ResponseView result={{ ...RESULT, problems: ['accountNumber: must be string'] }} />);
    expect(screen.getByText('The response differs from the description:')).toBeVisible();
    expect(screen.getByRole('listitem')).toHaveTextContent('accountNumber: must be string');
    expect(screen.queryByText(/matches the description/)).not.toBeInTheDocument();
  });

  it('shows a refusal of the site’s proxy instead of a check', () => {
    render(<ResponseView result={{ ...RESULT, target: PROXY, status: 403, proxyMessage: 'Sign in again.' }} />);
    expect(screen.getByText('The site’s proxy: Sign in again.')).toBeVisible();
    expect(screen.queryByText(/description/)).not.toBeInTheDocument();
  });
});
