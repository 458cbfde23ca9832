/**
 * The plugin's postBuild: writes the sign-in shell, `robots.txt` and `.assetsignore`, classifies every
 * file of the build, fails the build when a public page needs protected content, and writes the
 * gate's manifest with the Content-Security-Policy of the build's inline scripts.
 */
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { GATE_MANIFEST_FILE, SIGN_IN_SHELL_FILE } from '../../config/protectedContent';
import { apiProxyTable } from '../../openapi/apiProxyTable';
import { bundleDescriptions } from '../../openapi/descriptions';
import type { AuthSettings } from '../../config/settings';
import { SIGN_IN_STARTER_FILES, writeSignInStarter } from '../sign-in-sdk/starter';
import type { BundleGraph } from './bundleGraph';
import { classifyFiles, filesToClassify, sourcesUnder, type Access, type OutputRule } from './classify';
import { contentSecurityPolicy } from './csp';
import { CALLBACK_PAGE_FILE, withEarlyFinish } from './earlyFinish';
import { isRunnableInlineScript, scanHtml, withNoindex, type HtmlScan } from './html';
import { assertNoPublicRouteLeak } from './leaks';
import { createGateManifest, type GateManifest } from './manifest';
import { robotsTxt, SITEMAP_FILE } from './searchEngines';
import { renderSignInShell } from './shell';
import { isProtectedUrl } from './sitePaths';

/** The settings the plugin is given in `docusaurus.config.ts`. */
export interface ProtectedContentOptions {
  /** The origin, e.g. `https://docs.example.com`. */
  readonly siteUrl: string;
  readonly baseUrl: string;
  readonly siteTitle: string;
  /** The site's favicon, relative to the base URL (Docusaurus's `favicon`). */
  readonly favicon: string;
  readonly issuer: string;
  readonly clientId: string;
  /** The scope of access tokens for the docs' MCP server (OIDC_MCP_SCOPE), for the gate manifest. */
  readonly mcpScope: string;
  /** Prefixes relative to the base URL that need a signed-in reader. */
  readonly protectedPaths: readonly string[];
  /** Folders of protected source files, relative to the site (the docs plugin's `path`). */
  readonly protectedDirectories: readonly string[];
  /** Plugins whose generated route data is protected (their folder under `.docusaurus/`). */
  readonly protectedPluginData: readonly string[];
  /**
   * The sign-in settings the shell starts the sign-in with itself (plugins/sign-in-sdk/starter.ts);
   * without them the shell hands the reader to the sign-in page.
   */
  readonly startSignInWith?: AuthSettings;
}

/** What postBuild knows of the build. */
export interface BuildFacts {
  readonly outDir: string;
  readonly siteDir: string;
  readonly generatedFilesDir: string;
  readonly routesPaths: readonly string[];
  /** The `lang` of the site's pages. */
  readonly lang: string;
}

const ROBOTS_FILE = 'robots.txt';
/** Files Cloudflare's asset upload leaves out: it compresses at the edge itself. */
const ASSETS_IGNORE_FILE = '.assetsignore';
const ASSETS_IGNORE = '*.br\n*.gz\n';

/** The files this plugin writes, all public (the manifest is not listed in itself). */
const OWN_OUTPUTS: OutputRule = {
  writtenBy: 'plugins/protected-content',
  access: 'public',
  files: [SIGN_IN_SHELL_FILE, ROBOTS_FILE, ASSETS_IGNORE_FILE],
  // The shell's sign-in starter: the SDK and the sign-in settings, which main.js holds too.
  pattern: SIGN_IN_STARTER_FILES,
};

/** Every file under `dir`, relative to it with `/` separators. */
async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(path.join(dir, prefix), { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const name = prefix ? `${prefix}/${entry.name}` : entry.name;
      return entry.isDirectory() ? listFiles(dir, name) : Promise.resolve(entry.isFile() ? [name] : []);
    }),
  );
  return nested.flat();
}

/**
 * Replaces a file whole: the new text is written beside it, then renamed over it. Every plugin's
 * postBuild runs at once, and the others (the worker threads of plugins/lib/builtPages.ts, for the Markdown
 * and the search documents) read the same pages meanwhile: they get the page before or after, never a file cut short.
 */
async function replaceFile(filePath: string, text: string): Promise<void> {
  const partial = `${filePath}.${process.pid}.partial`;
  await writeFile(partial, text, 'utf8');
  await rename(partial, filePath);
}

async function readRoutesChunkNames(generatedFilesDir: string): Promise<Record<string, unknown>> {
  const file = path.join(generatedFilesDir, 'routesChunkNames.json');
  try {
    return JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  } catch (error) {
    throw new Error(
      `protected-content: cannot read ${file}, which says which chunks each route loads (${String(error)}). ` +
        'Docusaurus may have renamed it: update plugins/protected-content/postBuild.ts.',
    );
  }
}

export interface ProtectedContentResult {
  readonly manifest: GateManifest;
  readonly counts: Readonly<Record<Access, number>>;
}

export async function writeProtectedContent(
  facts: BuildFacts,
  options: ProtectedContentOptions,
  graph: BundleGraph | undefined,
  outputs: readonly OutputRule[],
): Promise<ProtectedContentResult> {
  if (!graph) {
    throw new Error(
      'protected-content: the client bundle was not recorded, so the build files cannot be classified ' +
        '(was the bundling step skipped, or the plugin not given to the client compilation?).',
    );
  }
  const { outDir, siteDir, generatedFilesDir } = facts;
  const { baseUrl, protectedPaths } = options;

  const starter = options.startSignInWith && {
    file: await writeSignInStarter(outDir),
    settings: options.startSignInWith,
  };
  const shell = renderSignInShell({
    baseUrl,
    siteTitle: options.siteTitle,
    favicon: options.favicon,
    lang: facts.lang,
    starter,
  });
  const robots = robotsTxt({ ...options, sitemapFile: SITEMAP_FILE });
  await Promise.all([
    writeFile(path.join(outDir, SIGN_IN_SHELL_FILE), shell.html, 'utf8'),
    writeFile(path.join(outDir, ROBOTS_FILE), robots, 'utf8'),
    writeFile(path.join(outDir, ASSETS_IGNORE_FILE), ASSETS_IGNORE, 'utf8'),
  ]);
  if (starter) {
    // The return page exchanges the code before the site's application has loaded (src/auth/earlyFinish.ts).
    const callbackPage = path.join(outDir, CALLBACK_PAGE_FILE);
    const html = await readFile(callbackPage, 'utf8');
    await replaceFile(callbackPage, withEarlyFinish(html, baseUrl, starter));
  }

  const written = filesToClassify(await listFiles(outDir), [GATE_MANIFEST_FILE]);
  const classification = classifyFiles({
    files: written,
    graph,
    routesPaths: facts.routesPaths,
    baseUrl,
    protectedPaths,
    siteDir,
    isProtectedSource: sourcesUnder([
      ...options.protectedDirectories.map((directory) => path.resolve(siteDir, directory)),
      ...options.protectedPluginData.map((plugin) => path.join(generatedFilesDir, plugin)),
    ]),
    outputs: [OWN_OUTPUTS, ...outputs],
  });

  // Every page is read for its inline scripts; a protected one is marked noindex on the way.
  const htmlFiles = written.filter((file) => file.endsWith('.html'));
  const pages = new Map<string, HtmlScan>(
    await Promise.all(
      htmlFiles.map(async (file) => {
        const filePath = path.join(outDir, file);
        let html = await readFile(filePath, 'utf8');
        if (classification.files.get(file) === 'protected') {
          html = withNoindex(html);
          await replaceFile(filePath, html);
        }
        return [file, scanHtml(html)] as const;
      }),
    ),
  );

  assertNoPublicRouteLeak({
    classification,
    graph,
    pages,
    routesChunkNames: await readRoutesChunkNames(generatedFilesDir),
    baseUrl,
    siteOrigin: new URL(options.siteUrl).origin,
    isProtectedRoute: (route) => isProtectedUrl(route, options),
  });

  const inlineScripts = [...pages.values()].flatMap(({ scripts }) =>
    scripts.filter(isRunnableInlineScript).map(({ text }) => text),
  );
  const manifest = createGateManifest({
    baseUrl,
    protectedPaths,
    issuer: options.issuer,
    clientId: options.clientId,
    contentSecurityPolicy: contentSecurityPolicy({
      inlineScripts: [shell.script, ...inlineScripts],
      issuer: options.issuer,
      siteUrl: options.siteUrl,
    }),
    files: classification.files,
    apiProxy: apiProxyTable(await bundleDescriptions()),
    siteUrl: options.siteUrl,
    siteTitle: options.siteTitle,
    mcpScope: options.mcpScope,
  });
  await writeFile(path.join(outDir, GATE_MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, 'utf8');

  const counts = { public: 0, protected: 0 };
  for (const access of classification.files.values()) counts[access] += 1;
  return { manifest, counts };
}
