/**
 * The later docs versions' folders, generated: `versioned_docs/version-<name>/` is `docs/` with the pages of
 * `versions/<name>/` in place of (or beside) its own, and without those listed in `versions/<name>/removed.txt`.
 * A writer edits `docs/` for every version and `versions/<name>/` only for a page that differs, and never the
 * generated folder (it is not in git). `docusaurus.config.ts` writes it before the docs plugin reads it; in
 * `npm start` this plugin writes it again after each edit of either source, and the docs plugin, which watches the
 * generated folder, reloads the pages that changed.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
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

/** In `npm start`: writes the generated folders again whenever `docs/` or an overlay changes. */
export default function docsVersionsPlugin(docsDir = 'docs') {
  return function docsVersions({ siteDir }: LoadContext): Plugin {
    return {
      name: 'docs-versions',
      getPathsToWatch() {
        return [path.join(siteDir, docsDir, '**/*'), path.join(siteDir, VERSION_OVERLAYS_DIR, '**/*')];
      },
      async loadContent() {
        writeVersionedDocs(siteDir, docsDir);
      },
    };
  };
}
