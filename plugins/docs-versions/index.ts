/**
 * The later docs versions' folders, generated: `versioned_docs/version-<name>/` is `docs/` with the pages of
 * `versions/<name>/` in place of (or beside) its own, and without those listed in `versions/<name>/removed.txt`.
 * A writer edits `docs/` for every version and `versions/<name>/` only for a page that differs, and never the
 * generated folder (it is not in git). `docusaurus.config.ts` writes it before the docs plugin reads it; in
 * `npm start` this plugin writes it again a second after each edit of either source, and the docs plugin, which
 * watches the generated folder, reloads the pages that changed.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, watch, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { DOCS_VERSIONS, VERSIONED_DOCS_DIR, VERSION_OVERLAYS_DIR } from '../../config/docsVersions';

const files = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => statSync(path.join(dir, file)).isFile())
    : [];

/** The pages `versions/<name>/removed.txt` names (paths under docs/, one a line, `#` for comments). */
export function removedPages(overlay: string): Set<string> {
  const list = path.join(overlay, 'removed.txt');
  if (!existsSync(list)) return new Set();
  return new Set(
    readFileSync(list, 'utf8')
      .split('\n')
      .map((line) => line.replace(/#.*/, '').trim())
      .filter(Boolean),
  );
}

/**
 * Writes every later version's folder from `docs/` and its overlay; a file is written only when it differs (so
 * that a watcher sees only real changes), and a file no source has any more is removed. Returns the files written.
 */
export function writeVersionedDocs(siteDir: string, docsDir = 'docs'): string[] {
  const written: string[] = [];
  for (const version of DOCS_VERSIONS.filter((candidate) => candidate.name !== 'current')) {
    const target = path.join(siteDir, VERSIONED_DOCS_DIR, `version-${version.name}`);
    const overlay = path.join(siteDir, VERSION_OVERLAYS_DIR, version.name);
    const removed = removedPages(overlay);
    const missing = [...removed].filter((file) => !existsSync(path.join(siteDir, docsDir, file)));
    if (missing.length > 0) {
      throw new Error(
        `${path.join(VERSION_OVERLAYS_DIR, version.name, 'removed.txt')} names pages docs/ does not have: ${missing.join(', ')}`,
      );
    }
    const sources = new Map<string, string>();
    for (const file of files(path.join(siteDir, docsDir))) {
      if (!removed.has(file.split(path.sep).join('/'))) sources.set(file, path.join(siteDir, docsDir, file));
    }
    for (const file of files(overlay)) {
      if (file !== 'removed.txt') sources.set(file, path.join(overlay, file));
    }
    for (const [file, source] of sources) {
      const destination = path.join(target, file);
      const content = readFileSync(source);
      if (existsSync(destination) && readFileSync(destination).equals(content)) continue;
      mkdirSync(path.dirname(destination), { recursive: true });
      writeFileSync(destination, content);
      written.push(destination);
    }
    for (const file of files(target)) if (!sources.has(file)) rmSync(path.join(target, file));
  }
  return written;
}

/**
 * How long after a change under `docs/` or `versions/` the dev server writes the later versions' folders again. The
 * docs plugin reloads for the edited page first, and the dev server compiles and shows it (about half a second
 * here); written at once, the copy made the docs plugin reload a second time meanwhile and the edit reached the
 * browser later (a Markdown edit 0.76-0.84 s, medians of 3; with the copy a second later 0.55 s). v2's page shows the
 * edit that second later.
 */
export const LATER_VERSIONS_DELAY_MS = 1000;

/**
 * In the dev server: writes the later versions' folders again after each change under `docs/` or `versions/`
 * (changes within {@link LATER_VERSIONS_DELAY_MS} written once), with a watcher of its own rather than the plugin's
 * `getPathsToWatch`, which would make Docusaurus reload this plugin on every edit beside the docs plugin (both
 * reloads start from the same loaded site, and the one that ends last keeps its copy of it). The watchers do not keep
 * the process alive, so a build run in development mode still ends.
 */
export function watchVersionSources(siteDir: string, docsDir: string, delayMs = LATER_VERSIONS_DELAY_MS): () => void {
  let timer: NodeJS.Timeout | undefined;
  const write = () => {
    timer = undefined;
    try {
      writeVersionedDocs(siteDir, docsDir);
    } catch (error) {
      console.error(`[docs-versions] ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const watchers = [path.join(siteDir, docsDir), path.join(siteDir, VERSION_OVERLAYS_DIR)]
    .filter((dir) => existsSync(dir))
    .map((dir) => {
      const watcher = watch(dir, { recursive: true }, () => {
        timer ??= setTimeout(write, delayMs).unref();
      });
      // Not chained: a recursive watcher's unref() returns nothing on Linux.
      watcher.unref();
      return watcher;
    });
  return () => {
    clearTimeout(timer);
    for (const watcher of watchers) watcher.close();
  };
}

/**
 * The dev server's watcher of the version sources, kept on the process: an edit of `docusaurus.config.ts` reloads the
 * whole site from freshly evaluated modules (Docusaurus loads the config without Node's module cache), so a variable
 * of this module would start a second watcher beside the first at every such reload.
 */
const STOP_WATCHING = Symbol.for('clearing-docs.docs-versions.stopWatching');
const processWide = globalThis as { [STOP_WATCHING]?: () => void };

/** Writes the generated folders when the site loads, and in the dev server again whenever a source changes. */
export default function docsVersionsPlugin(docsDir = 'docs') {
  return function docsVersions({ siteDir }: LoadContext): Plugin {
    return {
      name: 'docs-versions',
      async loadContent() {
        writeVersionedDocs(siteDir, docsDir);
        if (process.env.NODE_ENV === 'development') {
          processWide[STOP_WATCHING]?.();
          processWide[STOP_WATCHING] = watchVersionSources(siteDir, docsDir);
        }
      },
    };
  };
}
