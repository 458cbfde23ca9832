/** @jest-environment jsdom */
import React from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { createSandbox } from '@site/sandbox/app';
import { LOCAL_SANDBOX_DEMO_CLIENT } from '@site/contracts/facts';
import LocalDemoClient from '..';

jest.mock('@docusaurus/Link', () => ({
  __esModule: true,
  default: ({ to, children }: { to: string; children: React.ReactNode }) => <a href={to}>{children}</a>,
}));

describe('LocalDemoClient', () => {
  it('names the demo client that the local sandbox defines and prints, with every scope', () => {
    const [demo, ...others] = createSandbox().clients;
    expect({ clientId: demo.clientId, clientSecret: demo.clientSecret }).toEqual(LOCAL_SANDBOX_DEMO_CLIENT);
    expect(others.every((client) => client.scopes.length < demo.scopes.length)).toBe(true);
  });

  it('says where the secret is, never shows it, and fills it in on request', () => {
    const onUse = jest.fn();
    const { container } = render(<LocalDemoClient onUse={onUse} />);
    expect(screen.getByText('sandbox-demo')).toBeVisible();
    expect(screen.getByText('npm run sandbox')).toBeVisible();
    expect(container).toHaveTextContent(/prints its client ID and secret when it starts/);
    expect(container).not.toHaveTextContent(LOCAL_SANDBOX_DEMO_CLIENT.clientSecret);
    expect(screen.getByRole('link', { name: 'The sandbox' })).toHaveAttribute(
      'href',
      '/docs/getting-started/sandbox#hosted-or-local-sandbox',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Use the demo client' }));
    expect(onUse).toHaveBeenCalledWith(LOCAL_SANDBOX_DEMO_CLIENT);
  });
});
