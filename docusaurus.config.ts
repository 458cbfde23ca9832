import { config as loadDotenv } from 'dotenv';
import type { Config } from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import type { ThemeConfig as MermaidThemeConfig } from '@docusaurus/theme-mermaid';
import type { PluginOptions as SearchOptions } from '@easyops-cn/docusaurus-search-local';

import { REFERENCE_UNINDEXED_CLASS, referencePagesOf } from './config/apiReference';
import { readBuildInfo } from './config/buildInfo';
import { darkCodeTheme, lightCodeTheme } from './config/codeThemes';
import { DOCS_VERSIONS, includedDocsVersions } from './config/docsVersions';
import { buildFooter } from './config/footer';
import { HIGHLIGHTED_LANGUAGES } from './config/prismLanguages';
import { withDefaultPositions } from './config/navbar';
import { writeSearchIndexInputs } from './config/searchIndexInputs';
import { readSettings, SettingsError } from './config/settings';
import apiReferencePlugin, { apiReferencePluginName, redocOfflinePlugin } from './plugins/api-reference';
import buildPassesPlugin from './plugins/build-passes';
import docsVersionsPlugin, { writeVersionedDocs } from './plugins/docs-versions';
import lazyDevCompilationPlugin from './plugins/lazy-dev-compilation';
import healthJsonPlugin from './plugins/health-json';
import repeatableRuntimePlugin from './plugins/repeatable-runtime';
import mermaidPlugin, { writePrebuiltMermaid } from './plugins/mermaid';
import pageMarkdownPlugin, { PAGE_MARKDOWN_PASS } from './plugins/page-markdown';
import postcssOptionsPlugin from './plugins/postcss-options';
import shallowMemoKeyOrderPlugin from './plugins/shallow-memo-key-order';
import prismLanguagesPlugin, { prismComponents, remarkHighlightedLanguages } from './plugins/prism-languages';
import protectedContentPlugin, { sitemapIgnorePatterns } from './plugins/protected-content';
import signInSdkPlugin from './plugins/sign-in-sdk';
import tryItPlugin from './plugins/try-it';
import mcpCatalogPlugin from './plugins/mcp-catalog';
import remarkApiReference from './plugins/remark-api-reference';
import referencePageDependenciesPlugin from './plugins/remark-api-reference/pageDependenciesPlugin';
import { PAGE_DEPENDENCIES_DIR } from './plugins/remark-api-reference/pageDependencies';
import rehypeKeepWords from './plugins/rehype-keep-words';
import { UNINDEXED_FIELD_CLASS } from './contracts/content/fieldAnchor';
import searchIndexPlugin, { SEARCH_INDEX_PASS } from './plugins/search-index';
import type { SiteCustomFields } from './config/customFields';
import { assertPinnedNode } from './config/nodeRuntime.mjs';
import { returnFreedMemoryPromptly } from './plugins/lib/buildMemory';

assertPinnedNode();
// Before rspack loads: in a build, its allocator gives the memory the bundling frees back at once
// (plugins/lib/buildMemory.ts).
if (process.env.NODE_ENV === 'production') returnFreedMemoryPromptly();

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

const FAVICON = 'img/favicon.svg';

/** The docs' source folder (the docs plugin's `path`): everything in it is protected content. */
const DOCS_PATH = 'docs';

/** The docs' one sidebar (sidebars.ts): its order is the order of `llms-full.txt`. */
const DOCS_SIDEBAR = 'hammerSidebar';

// The later docs versions' folders, from docs/ and versions/ (plugins/docs-versions), before the docs plugin reads
// them; a build of fewer versions (DOCS_VERSIONS=current, say) leaves the others out.
writeVersionedDocs(__dirname, DOCS_PATH);
const docsVersions = includedDocsVersions(process.env.DOCS_VERSIONS);
// The reference pages of the API versions those docs document: a later version's links into its docs.
const referencePages = referencePagesOf(docsVersions.map((version) => version.apiVersion));

const customFields = {
  contactUrl: settings.contactUrl,
  privacyUrl: settings.privacyUrl,
  auth: settings.auth,
  mcp: settings.mcp,
  build: buildInfo,
} satisfies SiteCustomFields;

const config = {
  title: settings.title,
  tagline: settings.tagline,
  favicon: FAVICON,
  url: settings.siteUrl,
  baseUrl: settings.baseUrl,
  // The site's files, and Mermaid's prebuilt browser build (see plugins/mermaid).
  staticDirectories: ['static', writePrebuiltMermaid(__dirname)],

  future: {
    v4: true,
    // Docusaurus Faster, as the stock template has it: rspack's persistent cache too, in production builds as in
    // the dev server (a warm rebuild 0.49× a cold one; writing the cache adds about 170 MiB to a cold build's peak).
    // A build that reads the cache gives the same files as one that writes it: plugins/repeatable-runtime.
    // But the pages are rendered on the main thread, not in worker threads. Docusaurus starts one for each 100 pages, up
    // to the number of cores, and each evaluates the server bundle again; the HTML is minified by @swc/html on libuv's
    // threads, outside the render. On the two-core build machine that minifier already takes the second core, and two
    // render threads gave nothing for their memory: without them a cold build's SSG phase took as long (6.5 s against
    // 6.4 s, medians of 3 alternating builds of the 184 pages) and less at three times the content (9.5 s against 10.3
    // and 11.3 s), and the build's peak memory fell from 2002 to 1817 MiB (medians). Set here, not by the core count:
    // the site's config is in the client bundle, and a build must not depend on the machine it ran on.
    faster: { ssgWorkerThreads: false },
  },
  // The colour mode is stored under the plain `theme` key (the v4 flag would namespace it per site).
  storage: { namespace: false },

  // A visitor without the gate's cookie, or signing out, does not prefetch protected routes
  // (src/auth/protectedPrefetch.ts), and each prefetch waits for an idle moment of its own
  // (src/prefetch/idlePrefetch.ts). The order matters: each module wraps the loader the one before it left, so
  // the idle wait is outermost and the cookie is checked when the prefetch runs, not when it was queued.
  // The route-change progress bar has no invalid ARIA role (src/progressBar).
  clientModules: [
    './src/auth/protectedPrefetchClientModule.ts',
    './src/prefetch/idlePrefetchClientModule.ts',
    './src/progressBar/progressBarClientModule.ts',
  ],

  onBrokenLinks: 'ignore',
  // A link to an anchor no page has stops the build: the changelog links each change to its field on the endpoint
  // page, and the endpoint pages' fields tell the check their anchors (src/components/ApiField).
  onBrokenAnchors: 'throw',
  markdown: { mermaid: true, hooks: { onBrokenMarkdownLinks: 'ignore' } },

  i18n: { defaultLocale: 'en', locales: ['en'] },

  customFields: { ...customFields },

  presets: [
    [
      'classic',
      {
        docs: {
          path: DOCS_PATH,
          routeBasePath: 'docs',
          sidebarPath: './sidebars.ts',
          // v1 (docs/) stays at /docs and is what a reader who has chosen nothing gets; v2 is newer, so the
          // banner Docusaurus would give it (it sorts after the last version: "unmaintained") is set here.
          lastVersion: 'current',
          onlyIncludeVersions: docsVersions.map((version) => version.name),
          versions: Object.fromEntries(
            DOCS_VERSIONS.map((version) => [
              version.name,
              {
                label: version.label,
                ...(version.path ? { path: version.path } : {}),
                banner: version.banner,
                badge: version.name !== 'current',
              },
            ]),
          ),
          // Before the defaults, so that the generated headings get anchors and join the table of contents.
          beforeDefaultRemarkPlugins: [
            // Each page that embeds reference blocks is recorded, so that a description edit compiles it again
            // (plugins/remark-api-reference/pageDependenciesPlugin.ts).
            [remarkApiReference, { recordPagesIn: PAGE_DEPENDENCIES_DIR }],
          ],
          // A code block in a language the site does not highlight stops the build (config/prismLanguages.ts).
          remarkPlugins: [[remarkHighlightedLanguages, { languages: HIGHLIGHTED_LANGUAGES }]],
          // Words of tables and field references are not broken across lines (issue 19).
          rehypePlugins: [rehypeKeepWords],
        },
        blog: false,
        theme: { customCss: './src/css/custom.css' },
        sitemap: {
          lastmod: null,
          changefreq: null,
          priority: null,
          // Public pages only: the protected ones are for signed-in partners, and crawlers get the sign-in shell.
          ignorePatterns: sitemapIgnorePatterns(settings.baseUrl, settings.auth.protectedPaths),
        },
      } satisfies Preset.Options,
    ],
  ],

  themes: [
    '@docusaurus/theme-mermaid',
    [
      searchIndexPlugin,
      {
        hashed: true,
        language: ['en'],
        removeDefaultStopWordFilter: true,
        indexBlog: false,
        docsRouteBasePath: '/docs',
        // The index URL's hash covers the descriptions the generated content comes from, too.
        docsDir: [DOCS_PATH, 'versions', writeSearchIndexInputs(__dirname)],
        // The API reference pages too (their prerendered operation lists); no other page.
        indexPages: true,
        ignoreFiles: [/^(?!docs(\/|$)|api\/)/],
        ignoreCssSelectors: ['pre', `.${UNINDEXED_FIELD_CLASS}`, `.${REFERENCE_UNINDEXED_CLASS}`],
        // Protected pages carry `noindex` (for crawlers); the index is protected too, so they belong in it.
        forceIgnoreNoIndex: true,
        searchResultLimits: 8,
        searchResultContextMaxLength: 50,
        highlightSearchTermsOnTargetPage: true,
      } satisfies Partial<SearchOptions>,
    ],
  ],

  plugins: [
    repeatableRuntimePlugin(),
    // `npm start` compiles each page when a browser first opens it.
    lazyDevCompilationPlugin,
    healthJsonPlugin(buildInfo),
    docsVersionsPlugin(DOCS_PATH),
    mermaidPlugin,
    prismLanguagesPlugin,
    shallowMemoKeyOrderPlugin,
    signInSdkPlugin,
    redocOfflinePlugin,
    ...referencePages.map((page) => apiReferencePlugin(page, referencePages)),
    referencePageDependenciesPlugin([DOCS_PATH, 'versioned_docs']),
    tryItPlugin({ protectedPaths: settings.auth.protectedPaths }),
    mcpCatalogPlugin(docsVersions),
    pageMarkdownPlugin({
      siteUrl: settings.siteUrl,
      protectedPaths: settings.auth.protectedPaths,
      sidebarId: DOCS_SIDEBAR,
    }),
    // The build's shared work: the description worker's end, and the passes over the built pages, in this order.
    buildPassesPlugin({ builtPages: [PAGE_MARKDOWN_PASS, SEARCH_INDEX_PASS] }),
    protectedContentPlugin({
      siteUrl: settings.siteUrl,
      baseUrl: settings.baseUrl,
      siteTitle: settings.title,
      favicon: FAVICON,
      issuer: settings.auth.issuer,
      clientId: settings.auth.clientId,
      mcpScope: settings.mcp.scope,
      protectedPaths: settings.auth.protectedPaths,
      startSignInWith: settings.auth,
      protectedDirectories: [DOCS_PATH, 'versioned_docs'],
      // The docs plugin's route data (sidebars, versions, page metadata) and the API descriptions.
      protectedPluginData: [
        'docusaurus-plugin-content-docs',
        ...referencePages.map(({ api, apiVersion }) => apiReferencePluginName(api, apiVersion)),
      ],
    }),
    // Last, so that it sees the PostCSS plugins the others add.
    postcssOptionsPlugin,
  ],

  themeConfig: {
    image: 'img/social-card.png',
    metadata: [{ name: 'theme-color', content: '#0b5cab' }],
    colorMode: {
      defaultMode: 'light',
      disableSwitch: false,
      respectPrefersColorScheme: true,
    },
    announcementBar: {
      id: 'first-test-order-2026',
      content: `New here? Read <a href="${settings.baseUrl}docs/getting-started/introduction">Getting started</a> to get sandbox credentials, then <a href="${settings.baseUrl}docs/getting-started/first-test-order">place your first test order</a>.`,
      // The theme sets these inline; variables let each colour mode have its own (src/css/custom.css).
      backgroundColor: 'var(--site-announcement-background)',
      textColor: 'var(--site-announcement-text)',
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
        { type: 'docSidebar', sidebarId: DOCS_SIDEBAR, label: 'Documentation' },
        {
          type: 'dropdown',
          label: 'API reference',
          items: referencePages.map(({ route, label }) => ({ to: route, label })),
        },
        // Which version of the docs a page is: the same page in the other one, or that version's start.
        ...(docsVersions.length > 1 ? [{ type: 'docsVersionDropdown' as const, position: 'right' as const }] : []),
        { type: 'search' },
        { type: 'custom-authButton' },
      ]),
    },
    footer: buildFooter(settings, settings.footerStyle, new Date(buildInfo.builtAt), referencePages),
    // Neutral greys in light mode and Mermaid's dark theme in dark mode: both keep text at AA contrast.
    mermaid: { theme: { light: 'neutral', dark: 'dark' }, options: {} },
    prism: {
      theme: lightCodeTheme,
      darkTheme: darkCodeTheme,
      // Only the languages the docs use, from prismjs (prism-react-renderer's own are cut out: plugins/prism-languages).
      additionalLanguages: prismComponents(HIGHLIGHTED_LANGUAGES),
    },
  } satisfies Preset.ThemeConfig & MermaidThemeConfig,
} satisfies Config;

export default config;
