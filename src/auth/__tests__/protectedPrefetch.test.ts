import {
  createProtectedRequests,
  skipProtectedRoutesWithoutCookie,
  type ProtectedRequests,
  type RouteLoader,
} from '../protectedPrefetch';
import { deferred } from './fakes';

function loaderWith(
  cookie: { present: boolean },
  requests: ProtectedRequests = createProtectedRequests(),
  answer: (path: string) => Promise<void[]> = () => Promise.resolve([]),
) {
  const calls: string[] = [];
  const docusaurus: RouteLoader = Object.freeze({
    prefetch: (path: string) => (calls.push(`prefetch ${path}`), answer(path)),
    preload: (path: string) => (calls.push(`preload ${path}`), answer(path)),
  });
  const loader = skipProtectedRoutesWithoutCookie(
    docusaurus,
    { baseUrl: '/developers/', protectedPaths: ['/docs', '/api'], hasGateCookie: () => cookie.present },
    requests,
  );
  return { loader, calls };
}

/** Whether `promise` has settled once pending callbacks have run. */
async function hasSettled(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
  return settled;
}

describe('skipProtectedRoutesWithoutCookie', () => {
  it('skips protected routes, in any case, while there is no cookie', () => {
    const { loader, calls } = loaderWith({ present: false });
    expect(loader.prefetch('/developers/docs/trading-api')).toBe(false);
    expect(loader.preload('/developers/API/orders-api')).toBe(false);
    expect(calls).toEqual([]);
  });

  it('passes public routes through', () => {
    const { loader, calls } = loaderWith({ present: false });
    loader.prefetch('/developers/health');
    loader.preload('/developers/');
    expect(calls).toEqual(['prefetch /developers/health', 'preload /developers/']);
  });

  it('passes protected routes through as soon as the cookie is there', () => {
    const cookie = { present: false };
    const { loader, calls } = loaderWith(cookie);
    loader.prefetch('/developers/docs');
    cookie.present = true;
    loader.prefetch('/developers/docs');
    expect(calls).toEqual(['prefetch /developers/docs']);
  });

  describe('when the sign-out starts (the gate session is ending)', () => {
    it('asks for no more protected files, cookie or not; public routes pass', () => {
      const requests = createProtectedRequests();
      const { loader, calls } = loaderWith({ present: true }, requests);
      void requests.end(1_000);
      expect(loader.prefetch('/developers/docs/trading-api')).toBe(false);
      expect(loader.preload('/developers/api/orders-api')).toBe(false);
      loader.prefetch('/developers/health');
      expect(calls).toEqual(['prefetch /developers/health']);
    });

    it('ends once the protected files already asked for have arrived, or were refused', async () => {
      const requests = createProtectedRequests();
      const files = new Map([
        ['/developers/docs/a', deferred<void[]>()],
        ['/developers/api/b', deferred<void[]>()],
        ['/developers/health', deferred<void[]>()],
      ]);
      const { loader } = loaderWith({ present: true }, requests, (path) => files.get(path)!.promise);
      loader.prefetch('/developers/docs/a');
      loader.preload('/developers/api/b');
      loader.prefetch('/developers/health');
      const ended = requests.end(60_000);
      expect(await hasSettled(ended)).toBe(false);
      files.get('/developers/docs/a')!.resolve([]);
      expect(await hasSettled(ended)).toBe(false);
      files.get('/developers/api/b')!.reject(new Error('refused'));
      // The public route's file is not waited for.
      expect(await hasSettled(ended)).toBe(true);
    });

    it('ends at once when nothing is on its way, and after the wait when a file never arrives', async () => {
      expect(await hasSettled(createProtectedRequests().end(60_000))).toBe(true);
      jest.useFakeTimers();
      try {
        const requests = createProtectedRequests();
        const { loader } = loaderWith({ present: true }, requests, () => new Promise<void[]>(() => undefined));
        loader.prefetch('/developers/docs/a');
        const ended = requests.end(2_000);
        jest.advanceTimersByTime(1_999);
        expect(await hasSettled(ended)).toBe(false);
        jest.advanceTimersByTime(1);
        expect(await hasSettled(ended)).toBe(true);
      } finally {
        jest.useRealTimers();
      }
    });

    it('asks again after reopening (a sign-out that failed), still only with the cookie', () => {
      const requests = createProtectedRequests();
      const cookie = { present: true };
      const { loader, calls } = loaderWith(cookie, requests);
      void requests.end(1_000);
      requests.reopen();
      loader.prefetch('/developers/docs/a');
      cookie.present = false;
      loader.prefetch('/developers/docs/b');
      expect(calls).toEqual(['prefetch /developers/docs/a']);
    });
  });
});
