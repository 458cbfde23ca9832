/**
 * Whether a path needs a signed-in visitor: the one rule the build and the gate apply too
 * (config/protectedPaths.mjs).
 */
export { isProtectedPath } from '../../config/protectedPaths.mjs';

/** The sign-in return page, relative to the base URL. */
export const CALLBACK_PATH = 'login/callback';

export function isCallbackPath(pathname: string, baseUrl: string): boolean {
  return pathname.replace(/\/+$/, '') === `${baseUrl}${CALLBACK_PATH}`;
}
