/**
 * @jest-environment jsdom
 *
 * The panel as the parts are put together, with the real module of `reserveAccountNumber` and a fake network:
 * the same flow as the browser test (tests/e2e/try-it.spec.ts), on a page served from this machine (jsdom's
 * `localhost`) with a local sandbox answering.
 */
import React from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { clearSandboxTokens } from '@site/src/auth/sandboxToken';
import type { TryItModule } from '@site/contracts/tryIt/operation';
import TryItPanel from '..';
import { fakeFetch, fakeResponse } from './fakes';
import { moduleOf } from './modules';

jest.mock('@docusaurus/useBaseUrl', () => ({ __esModule: true, default: (path: string) => path }), { virtual: true });
jest.mock('@site/src/auth/useSandboxClientId', () => ({ __esModule: true, default: () => 'sandbox-demo' }));
let mockLoaded: { module: TryItModule | null; error: string | null };
jest.mock('../useOperationModule', () => ({ __esModule: true, default: () => mockLoaded }));

const RESERVED = {
  accountNumber: '5GT10001',
  accountType: 'INDIVIDUAL',
  status: 'RESERVED',
  reservedAt: '2026-11-29T12:00:00Z',
  expiresAt: '2026-12-29T12:00:00Z',
};
const reserve = moduleOf('accounts', 'reserveAccountNumber');

/** The local sandbox at http://localhost:4020, answering its health check, tokens and reservations. */
function localSandbox() {
  return fakeFetch((url) => {
    if (url === 'http://localhost:4020/health') return fakeResponse(200, { status: 'ok' });
    if (url === 'http://localhost:4020/connect/token') {
      return fakeResponse(200, { access_token: 'eyJ.local.token.abcd', expires_in: 3600, scope: 'onboarding.write' });
    }
    if (url === 'http://localhost:4020/v1/account-numbers')
      return fakeResponse(201, RESERVED, { statusText: 'Created' });
    return new TypeError('Failed to fetch');
  });
}

let fetch: ReturnType<typeof localSandbox>;
const realFetch = globalThis.fetch;
beforeEach(() => {
  mockLoaded = { module: reserve, error: null };
  fetch = localSandbox();
  globalThis.fetch = fetch;
});
afterEach(() => {
  act(() => clearSandboxTokens());
  globalThis.fetch = realFetch;
});

const requestsTo = (path: string) => fetch.mock.calls.filter(([url]) => String(url).endsWith(path));
const textbox = (name: RegExp) => within(screen.getByRole('form', { name: 'Request' })).getByRole('textbox', { name });

describe('TryItPanel', () => {
  it('says while the form loads, and when it cannot', async () => {
    mockLoaded = { module: null, error: null };
    const { rerender } = render(<TryItPanel operationId="reserveAccountNumber" />);
    // The local sandbox is asked meanwhile.
    await act(async () => {});
    expect(screen.getByRole('status')).toHaveTextContent('Loading the request form…');
    mockLoaded = { module: null, error: 'The request form could not be loaded. Reload the page to try again.' };
    rerender(<TryItPanel operationId="reserveAccountNumber" />);
    expect(screen.getByRole('alert')).toHaveTextContent('The request form could not be loaded.');
  });

  it('chooses the local sandbox that answers, gets a token, names invalid fields, sends, and sends again', async () => {
    render(<TryItPanel operationId="reserveAccountNumber" />);
    expect(screen.getByRole('form', { name: 'Try reserveAccountNumber' })).toBeVisible();
    const local = screen.getByRole('radio', { name: /^Local sandbox/ });
    await waitFor(() => expect(local).toBeChecked());
    expect(local).toHaveAccessibleName('Local sandbox (answers at http://localhost:4020)');

    const credentials = screen.getByRole('form', { name: 'Sandbox credentials' });
    expect(within(credentials).getByLabelText('Client ID')).toHaveValue('sandbox-demo');
    fireEvent.change(within(credentials).getByLabelText('Client secret'), { target: { value: 'sandbox-demo-secret' } });
    fireEvent.click(within(credentials).getByRole('button', { name: 'Get token' }));
    await waitFor(() =>
      expect(within(credentials).getByText(/^Access token/)).toHaveTextContent(
        /^Access token ••••••••abcd for sandbox-demo, valid until/,
      ),
    );
    expect(within(credentials).getByRole('status')).toHaveTextContent(
      'Token received from the Local sandbox, for sandbox-demo.',
    );
    expect(within(credentials).getByLabelText('Client secret')).toHaveValue('');

    // Invalid input is named, and nothing is sent.
    fireEvent.change(textbox(/^Idempotency-Key/), { target: { value: 'not-a-uuid' } });
    fireEvent.change(textbox(/^Request body/), { target: { value: '{}' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send to the Local sandbox' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Fix these before sending:');
    expect(alert).toHaveTextContent('Idempotency-Key (header) must match format "uuid"');
    expect(alert).toHaveTextContent('body.accountType is required');
    expect(textbox(/^Idempotency-Key/)).toHaveAttribute('aria-invalid', 'true');
    expect(textbox(/^Request body/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Not sent: 2 field(s) to fix.')).toHaveAttribute('role', 'status');
    expect(requestsTo('/account-numbers')).toEqual([]);

    // Fixed, it is sent; the next request gets a new key, and "send again" replays the last one with its key.
    fireEvent.click(screen.getByRole('button', { name: 'New key' }));
    const key = (textbox(/^Idempotency-Key/) as HTMLInputElement).value;
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    fireEvent.change(textbox(/^Request body/), { target: { value: '{"accountType": "INDIVIDUAL"}' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send to the Local sandbox' }));
    const response = await screen.findByRole('region', { name: 'Response' });
    expect(response).toHaveAttribute('data-send', '1');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText(/^Response 201 from the Local sandbox in \d+ ms\.$/)).toHaveAttribute('role', 'status');
    expect(response).toHaveTextContent('Sent toLocal sandbox: POST');
    expect(within(response).getByText('The response matches the description of this operation.')).toBeVisible();
    expect(within(response).getByLabelText('Response body')).toHaveTextContent('"accountNumber": "5GT10001"');
    expect(textbox(/^Idempotency-Key/)).not.toHaveValue(key);

    fireEvent.click(screen.getByRole('button', { name: `Send again with the same key (${key.slice(0, 8)}…)` }));
    await waitFor(() => expect(response).toHaveAttribute('data-send', '2'));
    const sent = requestsTo('/account-numbers').map(([, init]) => new Map(init?.headers as [string, string][]));
    expect(sent.map((headers) => headers.get('Idempotency-Key'))).toEqual([key, key]);
    expect(sent[0].get('Authorization')).toBe('Bearer eyJ.local.token.abcd');
  });

  it('copies the request as curl without the token', async () => {
    const writeText = jest.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<TryItPanel operationId="reserveAccountNumber" />);
    await waitFor(() => expect(screen.getByRole('radio', { name: /^Local sandbox/ })).toBeChecked());
    fireEvent.click(screen.getByRole('button', { name: 'Copy as curl' }));
    const curl = screen.getByLabelText('curl command');
    expect(curl).toHaveTextContent(/^curl -X POST 'http:\/\/localhost:4020\/v1\/account-numbers'/);
    expect(curl).toHaveTextContent('-H "Authorization: Bearer $ACCESS_TOKEN"');
    expect(writeText).toHaveBeenCalledWith(curl.textContent);
    await waitFor(() =>
      expect(screen.getByText('The curl command is copied; it reads the token from $ACCESS_TOKEN.')).toBeVisible(),
    );
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it('sends to the Sandbox through the site when the reader picks it', async () => {
    render(<TryItPanel operationId="reserveAccountNumber" />);
    await waitFor(() => expect(screen.getByRole('radio', { name: /^Local sandbox/ })).toBeChecked());
    fireEvent.click(screen.getByRole('radio', { name: /^Sandbox/ }));
    expect(screen.getByRole('group', { name: 'Credentials for the Sandbox' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Use the demo client' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send to the Sandbox' })).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Send to the Sandbox' }));
    expect(
      await screen.findByText('Not sent: get a token first, with your sandbox client ID and secret.'),
    ).toBeVisible();
  });
});
