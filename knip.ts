/**
 * knip: unused files, exports and dependencies, and imports of packages package.json does not declare
 * (`npm run lint`). The entry points are the site's (the Docusaurus config, its plugins, pages and theme
 * wrappers), the production server's and the development tools', the scripts, and every test layer of
 * tests/layers.json.
 */
import type { KnipConfig } from 'knip';
import { layers } from './tests/layers.json';

const production = process.argv.includes('--production');

const config: KnipConfig = {
  // `!` marks what the build, the production server and the browser run: `knip --production` follows only those, and
  // fails on a devDependency they import (README, Dependency notes).
  entry: [
    'docusaurus.config.ts!',
    'sidebars.ts!',
    'docs/**/*.mdx!',
    // The pages the v2 docs have instead of docs/'s (plugins/docs-versions copies them into versioned_docs/).
    'versions/**/*.mdx!',
    'plugins/*/index.{ts,mjs,js}!',
    'src/theme/**/*.{ts,tsx}!',
    'src/pages/**/*.{ts,tsx}!',
    'server/cli.mjs!',
    'server/worker.mjs!',
    // Named by path, not imported: client modules and route components (docusaurus.config.ts, plugins/api-reference),
    // worker threads and files the bundler swaps in (plugins/lib, plugins/mermaid, plugins/search-index).
    'src/auth/protectedPrefetchClientModule.ts!',
    'src/prefetch/idlePrefetchClientModule.ts!',
    'src/components/ApiReference/index.tsx!',
    'plugins/lib/builtPagesWorker.mjs!',
    'plugins/lib/descriptionWorkerThread.mjs!',
    // The test's own thread (plugins/lib/__tests__/jobWorker.test.ts names it by path).
    'plugins/lib/__tests__/fixtures/jobsThread.mjs',
    'plugins/mermaid/client/prebuiltMermaid.js!',
    'plugins/mermaid/noExtraLayouts.js!',
    'plugins/mermaid/noMermaidOnServer.js!',
    'plugins/search-index/client/worker.js!',
    'plugins/search-index/client/lazyMark.js!',
    'plugins/search-index/client/docsClient.js!',
    'plugins/search-index/client/suggestionTemplate.js!',
    'plugins/search-index/client/useSearchQuery.js!',
    'plugins/sign-in-sdk/client/pageHideUnload.js!',
    'src/auth/signInStart.ts!',
    'src/progressBar/progressBarClientModule.ts!',
    // The development tools, the scripts and the tests (package.json's scripts name the CLIs: `npm run sandbox`,
    // `idp`, the build's precompress step; Jest's config names babel.config.js).
    'scripts/**/*.{mjs,ts}',
    'tests/e2e/leakCanary.config.ts',
    ...layers.flatMap((layer) => layer.files),
  ],
  project: ['**/*.{ts,tsx,mjs,js,cjs,mdx}!'],
  // Knip's Docusaurus plugin loads docusaurus.config.ts, which reads the settings and imports every plugin; the
  // config is an entry above instead, and the modules Docusaurus provides by alias are named below.
  docusaurus: false,
  // Exports nobody imports, left for now in files that issue 42's other items are rewriting (Try it's split, the
  // contracts/ folder for what plugins/ and src/ share, plugins/lib's worker): remove each line when its item lands.
  ignoreIssues: Object.fromEntries(
    [
      'src/components/TryIt/**',
      'plugins/try-it/**',
      'plugins/lib/**',
      'contracts/**',
      'src/components/KeepWhole/wordLengths.ts',
      'plugins/api-reference/keptWords.ts',
      'plugins/protected-content/earlyFinish.ts',
      'plugins/remark-api-reference/{curlSample,pythonSample,referenceNodes}.ts',
      'plugins/precompress/{precompress,variants}.mjs',
    ].map((files) => [files, ['exports', 'types']]),
  ),
  // A system command (util-linux), not a package: the sandbox benchmark pins a server to a CPU with it, where it is.
  ignoreBinaries: ['taskset'],
  ignoreDependencies: [
    // The theme's components (`@theme/Layout`, `@theme-original/…`, swizzled ones in src/theme) and the core's
    // client modules (`@docusaurus/Link`, `@docusaurus/router`, `@docusaurus/useBaseUrl`…), aliases Docusaurus's
    // bundler resolves.
    /^@theme(-original)?\//,
    /^@generated\//,
    /^@docusaurus\/(?:[A-Z]\w*|use\w+|router)$/,
    // Run by their file, not imported: scripts/lint-openapi.mjs runs @redocly/cli's bin/cli.js, the benchmark
    // (scripts/bench/lib/lighthouse.mjs) Lighthouse's cli/index.js.
    '@redocly/cli',
    'lighthouse',
    // In production mode, which leaves package.json's scripts out: named by string in docusaurus.config.ts (the
    // classic preset, the Mermaid theme, `future.faster`), and the core whose `docusaurus` command builds the site.
    ...(production
      ? ['@docusaurus/core', '@docusaurus/faster', '@docusaurus/preset-classic', '@docusaurus/theme-mermaid']
      : []),
  ],
};

export default config;
