/**
 * Docusaurus prefetches the route of every internal link that scrolls into view, all links of one
 * intersection report in one task: on a docs page with a dozen links that is one task of 150–200 ms on a
 * phone (each prefetch matches the path against every route), after the page has loaded but while it
 * is still settling. Prefetching is only a hint for later navigations, so each one waits for its own idle
 * moment instead; a preload (a hovered or touched link, about to be followed) stays immediate.
 */
import type { RouteLoader } from '@site/src/auth/protectedPrefetch';

/** Runs `task` later, in a task of its own. */
export type IdleScheduler = (task: () => void) => void;

/** The browser's idle callbacks (each one its own task), or a timer where there are none (Safari). */
export const whenBrowserIdle: IdleScheduler = (task) => {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(task, { timeout: 5_000 });
  else window.setTimeout(task, 1);
};

/** `loader` (Docusaurus's `window.docusaurus`) as a new loader whose prefetches each run when `whenIdle` says. */
export function prefetchWhenIdle<Loader extends RouteLoader>(loader: Loader, whenIdle: IdleScheduler): Loader {
  return {
    ...loader,
    prefetch: (routePath: string) => {
      whenIdle(() => void loader.prefetch(routePath));
      // Docusaurus's links ignore the answer; `false` is what it returns for a route it will not prefetch now.
      return false;
    },
  };
}
