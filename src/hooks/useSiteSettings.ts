import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type { BuildInfo } from '@site/config/buildInfo';
import type { AuthSettings } from '@site/config/settings';

/** What `docusaurus.config.ts` hands to browser code through `customFields`. Nothing secret. */
export interface SiteCustomFields {
  readonly contactUrl: string;
  readonly privacyUrl: string;
  readonly auth: AuthSettings;
  readonly build: BuildInfo;
}

export interface SiteSettingsView extends SiteCustomFields {
  readonly title: string;
  readonly tagline: string;
  readonly baseUrl: string;
}

/** The one way browser code reads site settings. */
export default function useSiteSettings(): SiteSettingsView {
  const { siteConfig } = useDocusaurusContext();
  const fields = siteConfig.customFields as unknown as SiteCustomFields;
  return {
    ...fields,
    title: siteConfig.title,
    tagline: siteConfig.tagline,
    baseUrl: siteConfig.baseUrl,
  };
}
