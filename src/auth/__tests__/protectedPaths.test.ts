import { isCallbackPath, isProtectedPath } from '../protectedPaths';

const prefixes = ['/docs', '/api'];

describe('isProtectedPath', () => {
  it.each([
    '/docs',
    '/docs/',
    '/docs/accounts-api/endpoints/get-account',
    '/api/orders-api',
    '/DOCS/Trading-API',
    '/%64ocs',
  ])('protects %s', (path) => expect(isProtectedPath(path, '/', prefixes)).toBe(true));

  it.each(['/', '/health', '/search', '/401/error', '/login/callback', '/docsearch', '/apis'])(
    'leaves %s open',
    (path) => expect(isProtectedPath(path, '/', prefixes)).toBe(false),
  );

  it('accounts for the base URL', () => {
    expect(isProtectedPath('/portal/docs/trading-api', '/portal/', prefixes)).toBe(true);
    expect(isProtectedPath('/portal/health', '/portal/', prefixes)).toBe(false);
    expect(isProtectedPath('/docs', '/portal/', prefixes)).toBe(false);
  });
});

describe('isCallbackPath', () => {
  it('recognises the return page with or without a trailing slash', () => {
    expect(isCallbackPath('/login/callback', '/')).toBe(true);
    expect(isCallbackPath('/login/callback/', '/')).toBe(true);
    expect(isCallbackPath('/login', '/')).toBe(false);
  });
});
