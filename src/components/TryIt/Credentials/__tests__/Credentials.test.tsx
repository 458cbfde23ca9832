/** @jest-environment jsdom */
import React from 'react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { LOCAL_SANDBOX_DEMO_CLIENT } from '@site/contracts/facts';
import Credentials, { type Props } from '..';

const TOKEN = {
  accessToken: 'eyJhbGciOi.secret.wxyz',
  expiresAt: Date.UTC(2026, 10, 29, 13, 0),
  clientId: 'sandbox-demo',
  scope: '',
};

function renderCredentials(props: Partial<Props> = {}) {
  const handlers = {
    onClientIdChange: jest.fn(),
    onClientSecretChange: jest.fn(),
    onGetToken: jest.fn(),
    onForgetToken: jest.fn(),
  };
  const { container } = render(
    <Credentials
      idPrefix="t"
      target={{ id: 'proxy', label: 'Sandbox' }}
      token={null}
      clientId=""
      clientSecret=""
      message=""
      {...handlers}
      {...props}
    />,
  );
  return { ...handlers, container, form: screen.getByRole('form', { name: 'Sandbox credentials' }) };
}

describe('Credentials', () => {
  it('asks for the client ID and secret of the target, with no token yet', () => {
    const { form } = renderCredentials({ clientId: 'sandbox-demo', message: 'Getting a token…' });
    expect(within(form).getByRole('group', { name: 'Credentials for the Sandbox' })).toBeVisible();
    expect(form).toHaveTextContent('No token yet. It stays in this tab only, and is removed when you sign out.');
    expect(within(form).getByLabelText('Client ID')).toHaveValue('sandbox-demo');
    expect(within(form).getByLabelText('Client secret')).toHaveAttribute('type', 'password');
    expect(within(form).getByRole('button', { name: 'Get token' })).toHaveAttribute('type', 'submit');
    expect(within(form).getByRole('status')).toHaveTextContent('Getting a token…');
    expect(within(form).queryByRole('button', { name: 'Use the demo client' })).not.toBeInTheDocument();
  });

  it('reports what is typed, and asks for a token on submit', () => {
    const { form, onClientIdChange, onClientSecretChange, onGetToken } = renderCredentials();
    fireEvent.change(within(form).getByLabelText('Client ID'), { target: { value: 'mine' } });
    fireEvent.change(within(form).getByLabelText('Client secret'), { target: { value: 's3cret' } });
    expect(onClientIdChange).toHaveBeenCalledWith('mine');
    expect(onClientSecretChange).toHaveBeenCalledWith('s3cret');
    fireEvent.submit(form);
    expect(onGetToken).toHaveBeenCalledTimes(1);
  });

  it('shows the token masked, with its client and end, and forgets it on request', () => {
    const { form, onForgetToken, container } = renderCredentials({ token: TOKEN });
    expect(within(form).getByText(/^Access token/)).toHaveTextContent(
      `Access token ••••••••wxyz for sandbox-demo, valid until ${new Date(TOKEN.expiresAt).toLocaleTimeString()}.`,
    );
    expect(container).not.toHaveTextContent(TOKEN.accessToken);
    expect(within(form).getByRole('button', { name: 'Get a new token' })).toBeVisible();
    fireEvent.click(within(form).getByRole('button', { name: 'Forget token' }));
    expect(onForgetToken).toHaveBeenCalledTimes(1);
  });

  it('for the local sandbox, fills in its demo client on request', () => {
    const { form, onClientIdChange, onClientSecretChange } = renderCredentials({
      target: { id: 'local', label: 'Local sandbox' },
    });
    expect(within(form).getByRole('group', { name: 'Credentials for the Local sandbox' })).toBeVisible();
    fireEvent.click(within(form).getByRole('button', { name: 'Use the demo client' }));
    expect(onClientIdChange).toHaveBeenCalledWith(LOCAL_SANDBOX_DEMO_CLIENT.clientId);
    expect(onClientSecretChange).toHaveBeenCalledWith(LOCAL_SANDBOX_DEMO_CLIENT.clientSecret);
  });
});
