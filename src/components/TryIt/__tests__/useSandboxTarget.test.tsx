/** @jest-environment jsdom */
import { act, renderHook, waitFor } from '@testing-library/react';
import useSandboxTarget, { PROBE_TIMEOUT_MS, type SandboxTargetOptions } from '../useSandboxTarget';
import { fakeFetch, fakeResponse } from './fakes';

const OPTIONS = { proxyApi: '/api-proxy/v1', proxyToken: '/api-proxy/connect/token', basePath: '/v1' };

function renderTarget(options: Partial<SandboxTargetOptions> & Pick<SandboxTargetOptions, 'fetch'>) {
  return renderHook(() => useSandboxTarget({ ...OPTIONS, onLoopback: true, ...options }));
}

afterEach(() => jest.useRealTimers());

describe('useSandboxTarget', () => {
  it('sends to the Sandbox through the site, and asks no local sandbox, on a site not on this machine', async () => {
    const fetch = fakeFetch(() => fakeResponse(200));
    const { result } = renderTarget({ onLoopback: false, fetch });
    expect(result.current.target).toEqual({
      id: 'proxy',
      label: 'Sandbox',
      apiUrl: 'http://localhost/api-proxy/v1',
      tokenUrl: '/api-proxy/connect/token',
    });
    expect(result.current.probe).toBe('silent');
    await act(async () => {});
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends below the operation’s base path: /v2 for an operation of an API’s v2', async () => {
    const fetch = fakeFetch(() => fakeResponse(200, { status: 'ok' }));
    const { result } = renderTarget({ fetch, basePath: '/v2', proxyApi: '/api-proxy/v2' });
    expect(result.current.proxy.apiUrl).toBe('http://localhost/api-proxy/v2');
    await waitFor(() => expect(result.current.probe).toBe('answers'));
    expect(result.current.target.apiUrl).toBe('http://localhost:4020/v2');
  });

  it('asks the local sandbox’s health, and sends to it once it answers', async () => {
    const fetch = fakeFetch(() => fakeResponse(200, { status: 'ok' }));
    const { result } = renderTarget({ fetch });
    expect(result.current.probe).toBe('checking');
    expect(result.current.target.id).toBe('proxy');
    await waitFor(() => expect(result.current.probe).toBe('answers'));
    expect(result.current.target).toEqual({
      id: 'local',
      label: 'Local sandbox',
      apiUrl: 'http://localhost:4020/v1',
      tokenUrl: 'http://localhost:4020/connect/token',
    });
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('http://localhost:4020/health');
    expect(init).toMatchObject({ credentials: 'omit' });
    expect(init?.signal).toBeInstanceOf(AbortSignal);
  });

  it.each([
    ['an error status', () => fakeResponse(503)],
    ['no answer', () => new TypeError('Failed to fetch')],
  ])('stays with the Sandbox when the local sandbox gives %s', async (_case, answer) => {
    const { result } = renderTarget({ fetch: fakeFetch(answer) });
    await waitFor(() => expect(result.current.probe).toBe('silent'));
    expect(result.current.target.id).toBe('proxy');
  });

  it('gives up after the timeout, aborting the request', async () => {
    jest.useFakeTimers();
    let signal: AbortSignal | undefined;
    const fetch = fakeFetch(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          signal = init.signal ?? undefined;
          signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const { result } = renderTarget({ fetch });
    await act(async () => {
      jest.advanceTimersByTime(PROBE_TIMEOUT_MS - 1);
    });
    expect(result.current.probe).toBe('checking');
    await act(async () => {
      jest.advanceTimersByTime(1);
    });
    expect(signal?.aborted).toBe(true);
    expect(result.current.probe).toBe('silent');
  });

  it('asks again at a new address, and on “Check again”', async () => {
    let up = false;
    const fetch = fakeFetch(() => (up ? fakeResponse(200) : new TypeError('Failed to fetch')));
    const { result } = renderTarget({ fetch });
    await waitFor(() => expect(result.current.probe).toBe('silent'));
    up = true;
    act(() => result.current.checkAgain());
    expect(result.current.probe).toBe('checking');
    await waitFor(() => expect(result.current.probe).toBe('answers'));
    act(() => result.current.setLocalAddress('http://127.0.0.1:4999/'));
    expect(result.current.localOrigin).toBe('http://127.0.0.1:4999');
    await waitFor(() => expect(result.current.target.apiUrl).toBe('http://127.0.0.1:4999/v1'));
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      'http://localhost:4020/health',
      'http://localhost:4020/health',
      'http://127.0.0.1:4999/health',
    ]);
  });

  it('refuses an address that is not a local sandbox’s, asking nothing there', async () => {
    const fetch = fakeFetch(() => fakeResponse(200));
    const { result } = renderTarget({ fetch });
    await waitFor(() => expect(result.current.probe).toBe('answers'));
    act(() => result.current.setLocalAddress('https://api.clearing.example'));
    expect(result.current).toMatchObject({ localOrigin: null, local: null, probe: 'silent' });
    expect(result.current.target.id).toBe('proxy');
    await act(async () => {});
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('keeps the reader’s choice: the Sandbox while the local one answers, the local one only while it answers', async () => {
    const fetch = fakeFetch(() => fakeResponse(200));
    const { result } = renderTarget({ fetch });
    await waitFor(() => expect(result.current.target.id).toBe('local'));
    act(() => result.current.choose('proxy'));
    expect(result.current.target.id).toBe('proxy');
    act(() => result.current.choose('local'));
    expect(result.current.target.id).toBe('local');
    act(() => result.current.setLocalAddress('not an address'));
    expect(result.current.target.id).toBe('proxy');
  });
});
