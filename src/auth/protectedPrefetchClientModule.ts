/**
 * Client module (registered in docusaurus.config.ts): applies `skipProtectedRoutesWithoutCookie` to
 * Docusaurus's route loader once the app has started (`window.docusaurus` exists only from then on).
 */
import siteConfig from '@generated/docusaurus.config';
import type { SiteCustomFields } from '@site/config/customFields';
import { hasIdTokenCookie } from './idTokenCookie';
import { skipProtectedRoutesWithoutCookie } from './protectedPrefetch';

let applied = false;

export function onRouteDidUpdate(): void {
  if (applied || typeof window === 'undefined' || !('docusaurus' in window)) return;
  applied = true;
  const { auth } = siteConfig.customFields as unknown as SiteCustomFields;
  window.docusaurus = skipProtectedRoutesWithoutCookie(window.docusaurus, {
    baseUrl: siteConfig.baseUrl,
    protectedPaths: auth.protectedPaths,
    hasGateCookie: hasIdTokenCookie,
  });
}
