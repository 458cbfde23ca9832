/**
 * Whether a path needs a signed-in visitor: the one rule the build and the gate apply too
 * (config/protectedPaths.mjs).
 */
import { CALLBACK_PATH } from '../../contracts/auth/returnPage';

export { isProtectedPath } from '../../config/protectedPaths.mjs';

export function isCallbackPath(pathname: string, baseUrl: string): boolean {
  return pathname.replace(/\/+$/, '') === `${baseUrl}${CALLBACK_PATH}`;
}
