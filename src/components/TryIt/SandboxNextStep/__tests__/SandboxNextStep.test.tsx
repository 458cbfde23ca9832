/** @jest-environment jsdom */
import React from 'react';
import { render, screen } from '@testing-library/react';
import { loadDereferenced, operationsOf } from '@site/openapi/descriptions';
import SandboxNextStep, { DEPOSIT_PAGE } from '..';

jest.mock('@docusaurus/Link', () => ({
  __esModule: true,
  default: ({ to, children }: { to: string; children: React.ReactNode }) => <a href={to}>{children}</a>,
}));

const errorBody = (code: string, message: string) => JSON.stringify({ error: { code, message, requestId: 'r' } });

describe('SandboxNextStep', () => {
  it('links to the deposit call, at the address its description gives', () => {
    const deposit = operationsOf('accounts', loadDereferenced('accounts')).find(
      ({ operationId }) => operationId === 'createSandboxDeposit',
    );
    expect(deposit?.definition['x-docs-path']).toBe(DEPOSIT_PAGE);
  });

  it('after INSUFFICIENT_BUYING_POWER, says to add test cash first, with the deposit call', () => {
    render(
      <SandboxNextStep
        operationId="placeEquityOrder"
        response={{ status: 422, body: errorBody('INSUFFICIENT_BUYING_POWER', 'Account 5GT10001 has 0.00 USD') }}
      />,
    );
    expect(screen.getByText(/a new sandbox account holds no cash/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Create a sandbox deposit' })).toHaveAttribute('href', DEPOSIT_PAGE);
  });

  it('after an unknown account, says to open one first, on any operation', () => {
    render(
      <SandboxNextStep
        operationId="addAccountDocument"
        response={{ status: 404, body: errorBody('NOT_FOUND', 'Account 5GT10001 was not found.') }}
      />,
    );
    expect(screen.getByText(/each sandbox client starts with no accounts/)).toBeVisible();
  });

  it('before an order is sent, says what it needs; elsewhere, and after other answers, nothing', () => {
    const { rerender, container } = render(<SandboxNextStep operationId="placeOptionOrder" response={null} />);
    expect(screen.getByText(/^Before you send:/)).toBeVisible();
    rerender(<SandboxNextStep operationId="getAccount" response={null} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<SandboxNextStep operationId="getAccount" response={{ status: 400, body: 'not json' }} />);
    expect(container).toBeEmptyDOMElement();
  });
});
