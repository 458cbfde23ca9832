import { skipProtectedRoutesWithoutCookie, type RouteLoader } from '../protectedPrefetch';

function loaderWith(cookie: { present: boolean }) {
  const calls: string[] = [];
  const docusaurus: RouteLoader = Object.freeze({
    prefetch: (path: string) => (calls.push(`prefetch ${path}`), Promise.resolve([])),
    preload: (path: string) => (calls.push(`preload ${path}`), Promise.resolve([])),
  });
  const loader = skipProtectedRoutesWithoutCookie(docusaurus, {
    baseUrl: '/developers/',
    protectedPaths: ['/docs', '/api'],
    hasGateCookie: () => cookie.present,
  });
  return { loader, calls };
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
});
