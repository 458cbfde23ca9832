/** @jest-environment jsdom */
import { act, renderHook } from '@testing-library/react';
import type { SandboxToken } from '@site/src/auth/sandboxToken';
import { initialValues, type FormValues } from '../tryItRequest';
import useSendRequest, { type SendRequestOptions } from '../useSendRequest';
import { fakeCheck, fakeFetch, fakeModule, fakeResponse, LOCAL, OPERATION, PROXY } from './fakes';

const KEY = '3f9a2c4e-8b1d-4e6f-9a0b-7c5d2e1f3a4b';
const VALUES: FormValues = initialValues(OPERATION, () => KEY);
const TOKEN: SandboxToken = {
  accessToken: 'secret-token-wxyz',
  expiresAt: Date.now() + 3_600_000,
  clientId: 'c',
  scope: '',
};
const RESERVED = { accountNumber: '5GT10001' };

function renderSend(options: Partial<SendRequestOptions> & Pick<SendRequestOptions, 'fetch'>) {
  let clock = 1000;
  return renderHook(() =>
    useSendRequest({
      module: fakeModule(),
      currentToken: async () => TOKEN,
      // Each reading of the clock is 12 ms after the last.
      now: () => (clock += 12),
      ...options,
    }),
  );
}

describe('useSendRequest', () => {
  it('sends the form’s request with the token, and shows the response checked against the description', async () => {
    const fetch = fakeFetch(() => fakeResponse(201, RESERVED, { statusText: 'Created' }));
    const onSent = jest.fn();
    const { result } = renderSend({ fetch, onSent });
    await act(() => result.current.send(VALUES, LOCAL));
    expect(fetch).toHaveBeenCalledWith('http://localhost:4020/v1/account-numbers', {
      method: 'POST',
      credentials: 'omit',
      headers: [
        ['Idempotency-Key', KEY],
        ['Accept', 'application/json'],
        ['Content-Type', 'application/json'],
        ['Authorization', 'Bearer secret-token-wxyz'],
      ],
      body: JSON.stringify({ accountType: 'INDIVIDUAL' }),
    });
    expect(result.current.result).toMatchObject({
      sequence: 1,
      target: LOCAL,
      status: 201,
      statusText: 'Created',
      ms: 12,
      headers: [['content-type', 'application/json']],
      body: JSON.stringify(RESERVED, null, 2),
      problems: [],
      proxyMessage: undefined,
    });
    expect(result.current.announcement).toBe('Response 201 from the Local sandbox in 12 ms.');
    expect(result.current).toMatchObject({ sending: false, problems: [], lastSent: { values: VALUES, target: LOCAL } });
    expect(onSent).toHaveBeenCalledTimes(1);
    await act(() => result.current.send(VALUES, LOCAL));
    expect(result.current.result?.sequence).toBe(2);
  });

  it('sends through the site with the site’s cookies, and shows a refusal of the proxy as such', async () => {
    const fetch = fakeFetch(() => fakeResponse(403, { message: 'Sign in again to use the sandbox.' }));
    const { result } = renderSend({ fetch });
    await act(() => result.current.send(VALUES, PROXY));
    expect(fetch.mock.calls[0][1]).toMatchObject({ credentials: 'same-origin' });
    expect(result.current.result).toMatchObject({
      status: 403,
      proxyMessage: 'Sign in again to use the sandbox.',
      problems: [],
    });
    expect(result.current.announcement).toBe(
      'Response 403 from the Sandbox in 12 ms. Sign in again to use the sandbox.',
    );
  });

  it('counts what differs from the description', async () => {
    const response = fakeCheck([
      { instancePath: '/accountNumber', keyword: 'type', params: {}, message: 'must be string' },
    ]);
    const { result } = renderSend({
      module: fakeModule({ response }),
      fetch: fakeFetch(() => fakeResponse(201, { accountNumber: 5 })),
    });
    await act(() => result.current.send(VALUES, LOCAL));
    expect(result.current.result?.problems).toEqual(['accountNumber: must be string']);
    expect(result.current.announcement).toBe(
      'Response 201 from the Local sandbox in 12 ms. 1 mismatch(es) with the description.',
    );
  });

  it('names the fields to fix and sends nothing', async () => {
    const request = fakeCheck([
      { instancePath: '/body', keyword: 'required', params: { missingProperty: 'accountType' }, message: 'x' },
    ]);
    const fetch = fakeFetch(() => fakeResponse(201, RESERVED));
    const onSent = jest.fn();
    const { result } = renderSend({ module: fakeModule({ request }), fetch, onSent });
    await act(() => result.current.send(VALUES, LOCAL));
    expect(result.current.problems).toEqual([{ field: 'body.accountType', key: 'body', message: 'is required' }]);
    expect(result.current.announcement).toBe('Not sent: 1 field(s) to fix.');
    expect(fetch).not.toHaveBeenCalled();
    expect(onSent).not.toHaveBeenCalled();
    expect(result.current.lastSent).toBeNull();
  });

  it('sends nothing without a token', async () => {
    const fetch = fakeFetch(() => fakeResponse(201, RESERVED));
    const { result } = renderSend({
      fetch,
      currentToken: () => Promise.reject(new Error('The token endpoint answered 401.')),
    });
    await act(() => result.current.send(VALUES, LOCAL));
    expect(result.current.announcement).toBe('Not sent: get a token first, with your sandbox client ID and secret.');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says so while sending, and when the request did not arrive', async () => {
    let fail: (error: Error) => void = () => {};
    const fetch = fakeFetch(() => new Promise<Response>((_resolve, reject) => (fail = reject)));
    const onSent = jest.fn();
    const { result } = renderSend({ fetch, onSent });
    let sent: Promise<void> = Promise.resolve();
    await act(async () => {
      sent = result.current.send(VALUES, PROXY);
    });
    expect(result.current).toMatchObject({ sending: true, announcement: 'Sending to the Sandbox…' });
    await act(async () => {
      fail(new TypeError('Failed to fetch'));
      await sent;
    });
    expect(result.current).toMatchObject({
      sending: false,
      result: null,
      announcement: 'The request did not reach the Sandbox: Failed to fetch',
      lastSent: { values: VALUES, target: PROXY },
    });
    expect(onSent).toHaveBeenCalledTimes(1);
  });

  it('copies the request as curl, with $ACCESS_TOKEN for the token', async () => {
    const writeText = jest.fn(() => Promise.resolve());
    const { result } = renderSend({ fetch: fakeFetch(() => new Error('unused')), writeText });
    await act(async () => result.current.copyCurl(VALUES, LOCAL));
    expect(result.current.curl).toMatch(
      /^curl -X POST 'http:\/\/localhost:4020\/v1\/account-numbers' \\\n {2}-H "Authorization: Bearer \$ACCESS_TOKEN"/,
    );
    expect(result.current.curl).not.toContain(TOKEN.accessToken);
    expect(writeText).toHaveBeenCalledWith(result.current.curl);
    expect(result.current.announcement).toBe('The curl command is copied; it reads the token from $ACCESS_TOKEN.');
  });

  it('shows the curl command when the page may not copy, and copies nothing invalid', async () => {
    const { result } = renderSend({
      fetch: fakeFetch(() => new Error('unused')),
      writeText: () => Promise.reject(new Error('denied')),
    });
    await act(async () => result.current.copyCurl(VALUES, LOCAL));
    expect(result.current.curl).toContain('curl -X POST');
    expect(result.current.announcement).toBe(
      'The curl command is shown below the buttons; copying is not allowed here.',
    );

    const request = fakeCheck([
      { instancePath: '/body', keyword: 'required', params: { missingProperty: 'accountType' } },
    ]);
    const invalid = renderSend({ module: fakeModule({ request }), fetch: fakeFetch(() => new Error('unused')) });
    await act(async () => invalid.result.current.copyCurl(VALUES, LOCAL));
    expect(invalid.result.current).toMatchObject({ curl: null, announcement: 'Not copied: 1 field(s) to fix.' });
  });

  it('does nothing before the operation’s module is there', async () => {
    const fetch = fakeFetch(() => fakeResponse(201, RESERVED));
    const { result } = renderSend({ module: null, fetch });
    await act(() => result.current.send(VALUES, LOCAL));
    act(() => result.current.copyCurl(VALUES, LOCAL));
    expect(fetch).not.toHaveBeenCalled();
    expect(result.current).toMatchObject({ announcement: '', curl: null, result: null });
  });
});
