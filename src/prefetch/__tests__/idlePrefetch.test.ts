import type { RouteLoader } from '@site/src/auth/protectedPrefetch';
import { prefetchWhenIdle } from '../idlePrefetch';

function idleLoader() {
  const calls: string[] = [];
  const queued: (() => void)[] = [];
  const docusaurus: RouteLoader = Object.freeze({
    prefetch: (path: string) => (calls.push(`prefetch ${path}`), Promise.resolve([])),
    preload: (path: string) => (calls.push(`preload ${path}`), Promise.resolve([])),
  });
  const loader = prefetchWhenIdle(docusaurus, (task) => queued.push(task));
  return { loader, calls, queued };
}

describe('prefetchWhenIdle', () => {
  it('prefetches nothing at once: each prefetch becomes a task of its own, run when idle', () => {
    const { loader, calls, queued } = idleLoader();
    expect(loader.prefetch('/docs/a')).toBe(false);
    loader.prefetch('/docs/b');
    expect(calls).toEqual([]);
    expect(queued).toHaveLength(2);
    queued[0]?.();
    expect(calls).toEqual(['prefetch /docs/a']);
    queued[1]?.();
    expect(calls).toEqual(['prefetch /docs/a', 'prefetch /docs/b']);
  });

  it('preloads (a link about to be followed) at once', () => {
    const { loader, calls, queued } = idleLoader();
    loader.preload('/docs/a');
    expect(calls).toEqual(['preload /docs/a']);
    expect(queued).toEqual([]);
  });
});
