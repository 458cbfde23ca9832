/** @jest-environment jsdom */
import { renderHook, waitFor } from '@testing-library/react';
import type { TryItModule } from '@site/contracts/tryIt/operation';
import useOperationModule, { LOAD_FAILED } from '../useOperationModule';
import { fakeModule } from './fakes';

describe('useOperationModule', () => {
  it('loads the module at the URL once', async () => {
    const module = fakeModule();
    const load = jest.fn(async () => module);
    const { result, rerender } = renderHook(() => useOperationModule('/docs/try-it/reserveAccountNumber.js', load));
    expect(result.current).toEqual({ module: null, error: null });
    await waitFor(() => expect(result.current.module).toBe(module));
    rerender();
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledWith('/docs/try-it/reserveAccountNumber.js');
  });

  it('says when the module cannot be loaded', async () => {
    const load = jest.fn(() => Promise.reject(new Error('401')));
    const { result } = renderHook(() => useOperationModule('/docs/try-it/x.js', load));
    await waitFor(() => expect(result.current.error).toBe(LOAD_FAILED));
    expect(result.current.module).toBeNull();
  });

  it('shows no module of a URL it has left', async () => {
    const modules: Record<string, TryItModule> = { '/a.js': fakeModule(), '/b.js': fakeModule() };
    let finish: () => void = () => {};
    const load = jest.fn((url: string) =>
      url === '/a.js'
        ? new Promise<TryItModule>((resolve) => (finish = () => resolve(modules[url])))
        : Promise.resolve(modules[url]),
    );
    const { result, rerender } = renderHook(({ url }) => useOperationModule(url, load), {
      initialProps: { url: '/a.js' },
    });
    rerender({ url: '/b.js' });
    await waitFor(() => expect(result.current.module).toBe(modules['/b.js']));
    finish();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(result.current.module).toBe(modules['/b.js']);
  });
});
