// @ts-check
/** A small Docusaurus-shaped build in a temporary folder, for the server tests. */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before } from 'node:test';

import { precompressDirectory } from '../../plugins/precompress/precompress.mjs';
import { createSiteApp } from '../app.mjs';
import { readAssetFromDirectory } from '../node.mjs';

/** Text that is long enough to be compressed. */
export const LONG_SCRIPT = `console.log(${JSON.stringify('docs '.repeat(800))});\n`;
export const DOCS_PAGE = `<!doctype html><title>Placing orders</title><main>${'<p>Orders.</p>'.repeat(200)}</main>\n`;
export const NOT_FOUND_PAGE = `<!doctype html><title>Page Not Found</title>${'<p>Missing.</p>'.repeat(100)}\n`;
/** A file beside the build directory: no request may ever read it. */
export const SECRET = 'secret-outside-the-build-4d1c';

/** Files of the fixture build, by path relative to the build directory. */
export const FILES = {
  'index.html': `<!doctype html><title>Home</title>${'<p>Home.</p>'.repeat(200)}\n`,
  '404.html': NOT_FOUND_PAGE,
  'docs/orders/index.html': DOCS_PAGE,
  'docs/flat.html': '<!doctype html><title>Flat</title>\n',
  'assets/js/main.3ff00f2d.js': LONG_SCRIPT,
  'assets/js/00203149.c7737954.js': 'export {};\n',
  'assets/js/main.3ff00f2d.js.LICENSE.txt': 'MIT\n',
  'assets/css/styles.85ea60aa.css': `${'body { margin: 0 }\n'.repeat(100)}`,
  'assets/images/logo-5d2a4b3c1e.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'assets/fonts/inter-0a1b2c3d4e.woff2': Buffer.alloc(2048, 7),
  'assets/unhashed.js': 'export {};\n',
  'search-index.json': JSON.stringify(Array.from({ length: 200 }, (_, id) => ({ id, title: 'Orders' }))),
  'sitemap.xml': `<?xml version="1.0"?><urlset>${'<url><loc>/docs</loc></url>'.repeat(50)}</urlset>\n`,
  'health.json': '{"status":"ok","version":"1.2.3"}\n',
  'robots.txt': 'User-agent: *\n',
  'manifest.webmanifest': '{"name":"Docs"}\n',
  'img/favicon.ico': Buffer.from([0, 0, 1, 0]),
  'img/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>\n',
  'img/empty.txt': '',
  // A docs page's Markdown and the llms index (plugins/page-markdown).
  'docs/orders.md': `---\ntitle: "Placing orders"\n---\n\n# Placing orders\n\n${'Orders in Markdown.\n'.repeat(100)}`,
  'llms.txt': '# Docs\n\n> Orders in Markdown, for assistants.\n\n- [Placing orders](/docs/orders.md)\n',
  // A later docs version's page, its Markdown and its llms files (config/docsVersions.ts, config/pageMarkdown.mjs).
  'docs/v2/orders/index.html': DOCS_PAGE,
  'docs/v2/orders.md': `---\ntitle: "Placing orders"\n---\n\n# Placing orders\n\n${'Orders in Markdown, v2.\n'.repeat(100)}`,
  'llms-v2.txt': '# Docs v2\n\n> Orders in Markdown, for assistants.\n\n- [Placing orders](/docs/v2/orders.md)\n',
  'llms-v2-full.txt': `# Docs v2: all pages\n\n${'Orders in Markdown, v2.\n'.repeat(100)}`,
};

/** A Content-Security-Policy the gate accepts (it insists on `object-src 'none'`). */
export const FIXTURE_CSP =
  "default-src 'self'; script-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'none'";

/**
 * A gate manifest (server/gate/accessPolicy.mjs) for a fixture build: `protectedFiles` protected, every other
 * file of `files` public, the shell among them.
 * @param {{ issuer: string, clientId: string, files: string[], protectedFiles: string[], protectedPaths: string[], shell: string, baseUrl?: string }} options
 * @returns {import('../gate/accessPolicy.mjs').GateManifest}
 */
export function fixtureGateManifest({ issuer, clientId, files, protectedFiles, protectedPaths, shell, baseUrl = '/' }) {
  /** @type {Record<string, 'public' | 'protected'>} */
  const classes = {};
  for (const file of [...files, shell]) classes[file] = protectedFiles.includes(file) ? 'protected' : 'public';
  return {
    version: 1,
    baseUrl,
    protectedPaths,
    oidc: { issuer, clientId },
    cookieName: 'docs_id_token',
    shell,
    contentSecurityPolicy: FIXTURE_CSP,
    files: classes,
  };
}

/**
 * Writes the fixture build, precompressed, into a new temporary folder.
 * @returns {Promise<{ dir: string, cleanup: () => Promise<void> }>}
 */
export async function writeFixtureBuild() {
  const root = await mkdtemp(path.join(tmpdir(), 'site-server-'));
  const dir = path.join(root, 'build');
  for (const [file, content] of Object.entries(FILES)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), content);
  }
  await writeFile(path.join(root, 'package.json'), SECRET);
  await writeFile(path.join(root, 'secret.txt'), SECRET);
  await precompressDirectory(dir);
  return { dir, cleanup: () => rm(root, { recursive: true, force: true }) };
}

/**
 * For the tests of one file: the site app serving a fixture build written before them and removed after,
 * to everyone (the gate has its own tests, in gate.test.mjs).
 * @returns {{ app: ReturnType<typeof createSiteApp> }} filled in once the file's tests start
 */
export function useFixtureSite() {
  const site = /** @type {{ app: ReturnType<typeof createSiteApp> }} */ ({});
  /** @type {Awaited<ReturnType<typeof writeFixtureBuild>>} */
  let fixture;
  before(async () => {
    fixture = await writeFixtureBuild();
    site.app = createSiteApp({ readAsset: readAssetFromDirectory(fixture.dir), access: 'open' });
  });
  after(() => fixture.cleanup());
  return site;
}
