import type { AuthSettings } from '@site/config/settings';
import type * as AuthEngineModule from './authEngine';
import type { AuthEngine } from './AuthProvider/engine';
import type { SiteLocation } from './redirectTarget';

let pending: Promise<AuthEngine> | null = null;
let engineModule: Promise<typeof AuthEngineModule> | null = null;

/** The engine's code (the SDK), downloaded once; a failed download is forgotten. */
function importAuthEngine(): Promise<typeof AuthEngineModule> {
  if (!engineModule) {
    engineModule = import('./authEngine');
    engineModule.catch(() => {
      engineModule = null;
    });
  }
  return engineModule;
}

/**
 * Starts downloading the sign-in SDK without creating anything, so that a page that will need it
 * (a protected one) has it by the time it has hydrated. Safe to call during render, and repeatedly.
 */
export function preloadAuthEngine(): void {
  if (typeof window === 'undefined') return;
  importAuthEngine().catch(() => undefined);
}

/**
 * Loads the sign-in SDK on first use and creates the one engine of this page. A failed load is
 * forgotten, so Retry can try again.
 */
export function loadAuthEngine(settings: AuthSettings, site: SiteLocation): Promise<AuthEngine> {
  if (!pending) {
    pending = importAuthEngine().then(({ createAuthEngine }) => createAuthEngine(settings, site));
    pending.catch(() => {
      pending = null;
    });
  }
  return pending;
}

/** Whether this page has already asked for the engine (the return page, a sign-in, a renewal). */
export function authEngineRequested(): boolean {
  return pending !== null;
}

/** The page's origin and the site's base URL; call only in the browser. */
export function currentSite(baseUrl: string): SiteLocation {
  return { origin: window.location.origin, baseUrl };
}
