/**
 * The two comparison sites, kept under the system's temporary folder and reused while the Docusaurus
 * version, our install overrides and the generated content stay the same:
 *   stock/         the classic TypeScript template of create-docusaurus at our Docusaurus version, with
 *                  our install overrides and Docusaurus Faster (`@docusaurus/faster`, `future.v4`);
 *   same-content/  the same site whose docs/ is replaced by plain Markdown pages generated from the
 *                  shape of our docs/ (lib/docsShape.mjs): same content size, none of our features.
 * And, made again in every run from this site's build (`prepareRenderedContent`):
 *   rendered-content/  the same site whose docs/ is this site's page Markdown (plugins/page-markdown): the text
 *                  readers get, reference blocks expanded, none of our features. The shape-generated pages count
 *                  a component as the tag written in the source; these carry what it expands to.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { docsStatistics, generatePages } from './docsShape.mjs';
import { run } from './processes.mjs';

const MINUTE = 60_000;
const npmCommand = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function readJson(path) {
  return JSON.parse(readFileSync(path, 'utf8'));
}

/** Adds `@docusaurus/faster` and `future: { v4: true }` when the template lacks them (3.10's has both). */
function ensureFaster(siteDir, version) {
  const packagePath = join(siteDir, 'package.json');
  const pkg = readJson(packagePath);
  pkg.dependencies['@docusaurus/faster'] = version;
  writeFileSync(packagePath, `${JSON.stringify(pkg, null, 2)}\n`);
  const configPath = join(siteDir, 'docusaurus.config.ts');
  const config = readFileSync(configPath, 'utf8');
  if (!/future:\s*{[^}]*v4:\s*true/.test(config)) {
    if (!/^const config: Config = {$/m.test(config)) throw new Error(`cannot turn on future.v4 in ${configPath}`);
    writeFileSync(configPath, config.replace(/^const config: Config = {$/m, '$&\n  future: { v4: true },'));
  }
}

/**
 * Makes sure both comparison sites exist and are installed. Returns their folders.
 * `log` prints progress; `projectRoot` is our site (its package.json and docs/).
 */
export async function prepareTemplates({ projectRoot, log }) {
  const ourPackage = readJson(join(projectRoot, 'package.json'));
  const version = ourPackage.dependencies['@docusaurus/core'];
  const statistics = docsStatistics(join(projectRoot, 'docs'));
  const pages = generatePages(statistics);
  const base = join(tmpdir(), `clearing-docs-bench-${version}`);
  const stock = join(base, 'stock');
  const sameContent = join(base, 'same-content');
  const fingerprint = createHash('sha256')
    .update(JSON.stringify({ version, overrides: ourPackage.overrides, pages, recipe: 1 }))
    .digest('hex');
  const markerPath = join(base, 'ready.json');
  if (existsSync(markerPath) && readJson(markerPath).fingerprint === fingerprint) {
    log(`templates: reusing ${base}`);
    return { base, version, stock, sameContent, statistics };
  }

  log(`templates: scaffolding the classic TypeScript template of Docusaurus ${version} into ${base}`);
  rmSync(base, { recursive: true, force: true });
  mkdirSync(base, { recursive: true });
  await run(
    npmCommand,
    ['exec', '--yes', '--', `create-docusaurus@${version}`, stock, 'classic', '--typescript', '--skip-install'],
    { cwd: base, label: 'create-docusaurus', timeoutMs: 10 * MINUTE },
  );
  const pkg = readJson(join(stock, 'package.json'));
  pkg.overrides = ourPackage.overrides;
  writeFileSync(join(stock, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
  ensureFaster(stock, version);
  log('templates: npm install (stock)');
  await run(npmCommand, ['install', '--no-audit', '--no-fund'], {
    cwd: stock,
    label: 'npm install (stock template)',
    timeoutMs: 20 * MINUTE,
  });

  log(`templates: same-content copy with ${pages.length} generated pages`);
  cpSync(stock, sameContent, { recursive: true, filter: (source) => !source.startsWith(join(stock, 'node_modules')) });
  rmSync(join(sameContent, 'docs'), { recursive: true, force: true });
  mkdirSync(join(sameContent, 'docs'));
  for (const page of pages) writeFileSync(join(sameContent, 'docs', page.file), page.content);
  await run(npmCommand, ['ci', '--no-audit', '--no-fund'], {
    cwd: sameContent,
    label: 'npm ci (same-content template)',
    timeoutMs: 20 * MINUTE,
  });

  writeFileSync(
    markerPath,
    `${JSON.stringify({ fingerprint, version, created: new Date().toISOString() }, null, 2)}\n`,
  );
  return { base, version, stock, sameContent, statistics };
}

/** Every `.md` file under `dir`, as paths relative to it, sorted (none when it does not exist). */
function markdownFilesUnder(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md'))
    .sort();
}

/**
 * The rendered-content template, in `base`/`name` (rendered-content): the same-content site (its install shared through a
 * link to its node_modules) whose docs/ holds the page Markdown files under `builtDocs` (this site's built docs/),
 * each without the `source` line of its front matter, beside the template's own `intro.md` (its navbar and footer
 * link to it). Returns its folder and how many of our pages, and bytes, it holds.
 */
export function prepareRenderedContent({ base, sameContent, builtDocs, name = 'rendered-content' }) {
  const files = markdownFilesUnder(builtDocs);
  if (files.length === 0) throw new Error(`no page Markdown under ${builtDocs}: build this site first`);
  const dir = join(base, name);
  rmSync(dir, { recursive: true, force: true });
  cpSync(sameContent, dir, {
    recursive: true,
    filter: (source) => {
      const inside = relative(sameContent, source).split(/[\\/]/)[0];
      return !['node_modules', 'build', 'docs', '.docusaurus'].includes(inside);
    },
  });
  symlinkSync(join(sameContent, 'node_modules'), join(dir, 'node_modules'), 'dir');
  mkdirSync(join(dir, 'docs'));
  cpSync(join(sameContent, 'docs', 'intro.md'), join(dir, 'docs', 'intro.md'));
  let bytes = 0;
  for (const file of files) {
    const content = readFileSync(join(builtDocs, file), 'utf8').replace(/^source: .*\n/m, '');
    mkdirSync(dirname(join(dir, 'docs', file)), { recursive: true });
    writeFileSync(join(dir, 'docs', file), content);
    bytes += Buffer.byteLength(content);
  }
  return { dir, pages: files.length, bytes };
}
