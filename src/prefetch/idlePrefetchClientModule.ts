/**
 * Client module (registered in docusaurus.config.ts): applies `prefetchWhenIdle` to Docusaurus's route
 * loader once the app has started (`window.docusaurus` exists only from then on).
 */
import { prefetchWhenIdle, whenBrowserIdle } from './idlePrefetch';

let applied = false;

export function onRouteDidUpdate(): void {
  if (applied || typeof window === 'undefined' || !('docusaurus' in window)) return;
  applied = true;
  window.docusaurus = prefetchWhenIdle(window.docusaurus, whenBrowserIdle);
}
