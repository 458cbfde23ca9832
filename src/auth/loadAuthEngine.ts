import type { AuthSettings } from '@site/config/settings';
import type { AuthEngine } from './authEngine';
import type { SiteLocation } from './redirectTarget';

let pending: Promise<AuthEngine> | null = null;

/**
 * Loads the sign-in SDK on first use and creates the one engine of this page. A failed load is
 * forgotten, so Retry can try again.
 */
export function loadAuthEngine(settings: AuthSettings, site: SiteLocation): Promise<AuthEngine> {
  if (!pending) {
    pending = import('./authEngine').then(({ createAuthEngine }) => createAuthEngine(settings, site));
    pending.catch(() => {
      pending = null;
    });
  }
  return pending;
}

/** The page's origin and the site's base URL; call only in the browser. */
export function currentSite(baseUrl: string): SiteLocation {
  return { origin: window.location.origin, baseUrl };
}
