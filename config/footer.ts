import type { Footer, FooterLinkItem } from '@docusaurus/theme-common';
import { API_NAMES, REFERENCE_PAGES, type ApiReferencePage } from './apiReference';
import type { FooterStyle, SiteSettings } from './settings';

type FooterLink = FooterLinkItem & { label: string };

/** Social and status links; the provider's public profiles. */
export const SOCIAL_LINKS: FooterLink[] = [
  { label: 'GitHub', href: 'https://github.example/clearing-provider' },
  { label: 'LinkedIn', href: 'https://linkedin.example/company/clearing-provider' },
  { label: 'X', href: 'https://x.example/clearingapis' },
];

/** The year the site was first published: the copyright runs from it to the year of the build. */
const FIRST_PUBLISHED_YEAR = 2025;

/** "2025" in the first year, "2025–2026" after it: the years from first publication to `buildYear`. */
export function copyrightYears(buildYear: number): string {
  return buildYear > FIRST_PUBLISHED_YEAR ? `${FIRST_PUBLISHED_YEAR}–${buildYear}` : String(FIRST_PUBLISHED_YEAR);
}

/**
 * Builds the footer in one of the two layouts the theme supports: titled columns of links, or a
 * single row of links (the theme separates them with dots) under a logo. The copyright runs to the
 * year of `builtAt` (the build's time, so every page of one build says the same).
 */
export function buildFooter(
  settings: SiteSettings,
  style: FooterStyle = settings.footerStyle,
  builtAt: Date = new Date(),
  /** The reference pages the build makes, in order (`referencePagesOf`): every one by default. */
  referencePages: readonly Pick<ApiReferencePage, 'label' | 'route'>[] = REFERENCE_PAGES,
): Footer {
  const contact: FooterLink = { label: 'Contact us', href: settings.contactUrl };
  const privacy: FooterLink = { label: 'Privacy policy', href: settings.privacyUrl };
  const copyright = `Copyright © ${copyrightYears(builtAt.getUTCFullYear())} ${settings.title}. All rights reserved.`;

  if (style === 'simple') {
    return {
      style: 'dark',
      logo: { alt: settings.title, src: 'img/logo.svg', width: 32, height: 32 },
      links: [contact, privacy, ...SOCIAL_LINKS],
      copyright,
    };
  }
  return {
    style: 'dark',
    links: [
      {
        title: 'Documentation',
        items: [
          { label: 'Getting started', to: '/docs/getting-started/introduction' },
          { label: API_NAMES.accounts, to: '/docs/accounts-api' },
          { label: API_NAMES.trading, to: '/docs/trading-api' },
          { label: API_NAMES.documents, to: '/docs/document-api' },
        ],
      },
      {
        title: 'API reference',
        items: referencePages.map(({ label, route }) => ({ label, to: route })),
      },
      { title: 'Support', items: [contact, privacy, { label: 'Site status', to: '/health' }] },
      { title: 'Follow us', items: SOCIAL_LINKS },
    ],
    copyright,
  };
}
