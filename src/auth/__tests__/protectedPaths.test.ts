import { describeCase, PROTECTED_PATH_CASES } from '../../../config/__tests__/protectedPathCases.mjs';
import { isCallbackPath, isProtectedPath } from '../protectedPaths';

describe('isProtectedPath, as the browser’s sign-in guard asks it', () => {
  it.each(PROTECTED_PATH_CASES.map((testCase) => [describeCase(testCase), testCase] as const))(
    '%s',
    (_name, { pathname, baseUrl, protectedPaths, isProtected }) =>
      expect(isProtectedPath(pathname, baseUrl, protectedPaths)).toBe(isProtected),
  );
});

describe('isCallbackPath', () => {
  it('recognises the return page with or without a trailing slash', () => {
    expect(isCallbackPath('/login/callback', '/')).toBe(true);
    expect(isCallbackPath('/login/callback/', '/')).toBe(true);
    expect(isCallbackPath('/login', '/')).toBe(false);
  });
});
