import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type { SiteCustomFields } from '@site/config/customFields';

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
