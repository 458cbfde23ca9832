/**
 * Client module (registered in docusaurus.config.ts): gives nprogress the site's progress bar markup
 * (`PROGRESS_BAR_SETTINGS`) before the classic theme first starts it, 200 ms into a route change.
 */
import nprogress from 'nprogress';
import { PROGRESS_BAR_SETTINGS } from './progressBarSettings';

let configured = false;

export function onRouteUpdate(): void {
  if (configured) return;
  configured = true;
  nprogress.configure(PROGRESS_BAR_SETTINGS);
}
