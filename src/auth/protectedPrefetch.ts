/**
 * Docusaurus downloads the code and data of every route a visible link points to (prefetch), and of
 * a hovered link's route (preload). For a visitor without the gate's cookie the server refuses a
 * protected route's files with 401, so asking is only wasted requests and console errors. A navigation
 * itself still loads the route: its refusal makes Docusaurus reload the page, and the gate answers
 * with the sign-in shell.
 */
import { isProtectedPath } from './protectedPaths';

export interface RouteLoader {
  prefetch(routePath: string): false | Promise<void[]>;
  preload(routePath: string): false | Promise<void[]>;
}

export interface PrefetchSettings {
  readonly baseUrl: string;
  readonly protectedPaths: readonly string[];
  /** Whether the browser holds the gate's cookie now. */
  readonly hasGateCookie: () => boolean;
}

/**
 * `loader` (Docusaurus's `window.docusaurus`, a frozen object) as a new loader that skips protected
 * routes while the visitor has no cookie.
 */
export function skipProtectedRoutesWithoutCookie<Loader extends RouteLoader>(
  loader: Loader,
  settings: PrefetchSettings,
): Loader {
  const refused = (routePath: string) =>
    isProtectedPath(routePath, settings.baseUrl, settings.protectedPaths) && !settings.hasGateCookie();
  return {
    ...loader,
    prefetch: (routePath: string) => (refused(routePath) ? false : loader.prefetch(routePath)),
    preload: (routePath: string) => (refused(routePath) ? false : loader.preload(routePath)),
  };
}
