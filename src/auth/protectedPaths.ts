/** Whether a path needs a signed-in visitor. Matching ignores case, as the router does. */
export function isProtectedPath(pathname: string, baseUrl: string, protectedPrefixes: readonly string[]): boolean {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // An undecodable path is checked as it is.
  }
  path = path.toLowerCase();
  const base = baseUrl.toLowerCase();
  if (!path.startsWith(base) && `${path}/` !== base) return false;
  const sitePath = `/${path.slice(base.length)}`.replace(/\/{2,}/g, '/');
  return protectedPrefixes.some((prefix) => {
    const normalized = prefix.toLowerCase();
    return normalized === '/' || sitePath === normalized || sitePath.startsWith(`${normalized}/`);
  });
}

/** The sign-in return page, relative to the base URL. */
export const CALLBACK_PATH = 'login/callback';

export function isCallbackPath(pathname: string, baseUrl: string): boolean {
  return pathname.replace(/\/+$/, '') === `${baseUrl}${CALLBACK_PATH}`;
}
