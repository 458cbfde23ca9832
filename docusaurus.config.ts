import { config as loadDotenv } from 'dotenv';
import type { Config } from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import type { PluginOptions as SearchOptions } from '@easyops-cn/docusaurus-search-local';

import { readBuildInfo } from './config/buildInfo';
import { darkCodeTheme, lightCodeTheme } from './config/codeThemes';
import { buildFooter } from './config/footer';
import { withDefaultPositions } from './config/navbar';
import { readSettings, SettingsError } from './config/settings';
import healthJsonPlugin from './plugins/health-json';
import type { SiteCustomFields } from './src/hooks/useSiteSettings';

loadDotenv({ quiet: true });

function loadSettings() {
  try {
    return readSettings(process.env);
  } catch (error) {
    if (error instanceof SettingsError) {
      // A clear one-line reason instead of a stack trace through the config loader.
      console.error(`\n[settings] ${error.message}\n`);
    }
    throw error;
  }
}

const { settings, warnings } = loadSettings();
for (const warning of warnings) console.warn(`[settings] ${warning}`);

const buildInfo = readBuildInfo(__dirname, process.env);

const customFields = {
  contactUrl: settings.contactUrl,
  privacyUrl: settings.privacyUrl,
  auth: settings.auth,
  build: buildInfo,
} satisfies SiteCustomFields;

const config = {
  title: settings.title,
  tagline: settings.tagline,
  favicon: 'img/favicon.svg',
  url: settings.siteUrl,
  baseUrl: settings.baseUrl,

  future: { v4: true },
  // The colour mode is stored under the plain `theme` key (the v4 flag would namespace it per site).
  storage: { namespace: false },

  onBrokenLinks: 'ignore',
  markdown: { hooks: { onBrokenMarkdownLinks: 'ignore' } },

  i18n: { defaultLocale: 'en', locales: ['en'] },

  customFields: { ...customFields },

  presets: [
    [
      'classic',
      {
        docs: {
          routeBasePath: 'docs',
          sidebarPath: './sidebars.ts',
        },
        blog: false,
        theme: { customCss: './src/css/custom.css' },
        sitemap: { lastmod: null, changefreq: null, priority: null },
      } satisfies Preset.Options,
    ],
  ],

  themes: [
    [
      '@easyops-cn/docusaurus-search-local',
      {
        hashed: true,
        language: ['en'],
        removeDefaultStopWordFilter: true,
        indexBlog: false,
        docsRouteBasePath: '/docs',
        searchResultLimits: 8,
        searchResultContextMaxLength: 50,
        highlightSearchTermsOnTargetPage: true,
      } satisfies Partial<SearchOptions>,
    ],
  ],

  plugins: [healthJsonPlugin(buildInfo)],

  themeConfig: {
    image: 'img/social-card.png',
    metadata: [{ name: 'theme-color', content: '#0b5cab' }],
    colorMode: {
      defaultMode: 'light',
      disableSwitch: false,
      respectPrefersColorScheme: true,
    },
    announcementBar: {
      id: 'sandbox-onboarding-2025',
      content: `New here? Read <a href="${settings.baseUrl}docs/getting-started/introduction">Getting started</a> to get sandbox credentials and place your first test order.`,
      isCloseable: true,
    },
    docs: {
      sidebar: { hideable: false, autoCollapseCategories: false },
    },
    tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 3 },
    navbar: {
      title: settings.title,
      logo: { alt: '', src: 'img/logo.svg', width: 32, height: 32 },
      items: withDefaultPositions([
        { to: '/', label: 'Home', activeBaseRegex: '^/$' },
        { type: 'docSidebar', sidebarId: 'hammerSidebar', label: 'Documentation' },
        {
          type: 'dropdown',
          label: 'API reference',
          items: [
            { to: '/api/accounts-api', label: 'Accounts API' },
            { to: '/api/onboarding-api', label: 'Onboarding API' },
            { to: '/api/orders-api', label: 'Orders API' },
          ],
        },
        { type: 'search' },
        { type: 'custom-authButton' },
      ]),
    },
    footer: buildFooter(settings),
    prism: {
      theme: lightCodeTheme,
      darkTheme: darkCodeTheme,
      additionalLanguages: ['bash', 'http', 'json', 'python'],
    },
  } satisfies Preset.ThemeConfig,
} satisfies Config;

export default config;
