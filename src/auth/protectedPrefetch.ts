/**
 * Docusaurus downloads the code and data of every route a visible link points to (prefetch), and of
 * a hovered link's route (preload). For a visitor without the gate's cookie the server refuses a
 * protected route's files with 401, so asking is only wasted requests and console errors. A navigation
 * itself still loads the route: its refusal makes Docusaurus reload the page, and the gate answers
 * with the sign-in shell.
 *
 * Signing out ends the gate session while the page may still be fetching such files: a prefetch waits
 * for an idle moment (src/prefetch/idlePrefetch.ts), and the browser sends a prefetch at its lowest
 * priority, so a file asked for just before the click may go out after the cookie is gone and be refused.
 * So the page stops asking when the sign-out starts, and the sign-out lets what was already asked for
 * arrive before it removes the cookie (`endProtectedRequests`).
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

/** A protected route's files this page asked for while its gate session lasts. */
export interface ProtectedRequests {
  /** Whether the session is ending: nothing more is asked for. */
  readonly ended: () => boolean;
  /** Keeps `request` until it settles. */
  track(request: Promise<unknown>): void;
  /**
   * Asks for nothing more, and resolves once every request asked for so far has settled, or after
   * `waitMs` (a request may never settle: Docusaurus's fallback without `<link rel=prefetch>` ignores
   * network errors).
   */
  end(waitMs: number): Promise<void>;
  /** Asks again (a sign-out that failed leaves the visitor signed in; the cookie is still checked). */
  reopen(): void;
}

export function createProtectedRequests(): ProtectedRequests {
  const pending = new Set<Promise<unknown>>();
  let ended = false;
  return {
    ended: () => ended,
    track(request) {
      const settled = request.then(
        () => undefined,
        () => undefined,
      );
      pending.add(settled);
      void settled.then(() => pending.delete(settled));
    },
    async end(waitMs) {
      ended = true;
      if (pending.size === 0) return;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, waitMs);
      });
      await Promise.race([Promise.all(pending), timeout]);
      clearTimeout(timer);
    },
    reopen() {
      ended = false;
    },
  };
}

/** This page's protected requests: the route loader records them, the sign-out waits for them. */
export const protectedRequests = createProtectedRequests();

/**
 * How long a sign-out waits for files already asked for. They come from this site's own server, so
 * they normally arrive well within it; the page is leaving for the provider anyway.
 */
const PROTECTED_REQUESTS_WAIT_MS = 2_000;

/** Stops asking for protected routes' files, and resolves once those already asked for have arrived (bounded). */
export function endProtectedRequests(requests: ProtectedRequests = protectedRequests): Promise<void> {
  return requests.end(PROTECTED_REQUESTS_WAIT_MS);
}

/**
 * `loader` (Docusaurus's `window.docusaurus`, a frozen object) as a new loader that skips protected
 * routes while the visitor has no cookie, or is signing out, and records those it asks for.
 */
export function skipProtectedRoutesWithoutCookie<Loader extends RouteLoader>(
  loader: Loader,
  settings: PrefetchSettings,
  requests: ProtectedRequests = protectedRequests,
): Loader {
  const isProtected = (routePath: string) => isProtectedPath(routePath, settings.baseUrl, settings.protectedPaths);
  const ask = (routePath: string, load: (routePath: string) => false | Promise<void[]>) => {
    if (!isProtected(routePath)) return load(routePath);
    if (requests.ended() || !settings.hasGateCookie()) return false;
    const request = load(routePath);
    if (request) requests.track(request);
    return request;
  };
  return {
    ...loader,
    prefetch: (routePath: string) => ask(routePath, (path) => loader.prefetch(path)),
    preload: (routePath: string) => ask(routePath, (path) => loader.preload(path)),
  };
}
