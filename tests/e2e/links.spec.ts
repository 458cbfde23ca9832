import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { BUILD_DIR, SITE_ORIGIN } from './environment.mjs';

function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'assets' ? [] : htmlFiles(full);
    return name.endsWith('.html') ? [full] : [];
  });
}

/** The built file a site path is served from, if any. */
function fileForPath(pathname: string): string | null {
  const decoded = decodeURIComponent(pathname);
  const candidates = [
    path.join(BUILD_DIR, decoded, 'index.html'),
    path.join(BUILD_DIR, `${decoded.replace(/\/$/, '')}.html`),
    path.join(BUILD_DIR, decoded),
  ];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile()) ?? null;
}

function pageUrl(file: string): URL {
  const relative = path.relative(BUILD_DIR, file).split(path.sep).join('/');
  const pathname = relative.endsWith('index.html') ? `/${relative.slice(0, -'index.html'.length)}` : `/${relative}`;
  return new URL(pathname, SITE_ORIGIN);
}

const idCache = new Map<string, Set<string>>();
function idsIn(file: string): Set<string> {
  let ids = idCache.get(file);
  if (!ids) {
    const html = readFileSync(file, 'utf8');
    ids = new Set([...html.matchAll(/\sid=["']?([^"'\s>]+)/g)].map((match) => match[1]));
    idCache.set(file, ids);
  }
  return ids;
}

test('every internal link and anchor in the built site resolves', () => {
  expect(existsSync(BUILD_DIR), `${BUILD_DIR}/ is built by npm test`).toBe(true);
  const files = htmlFiles(BUILD_DIR);
  expect(files.length).toBeGreaterThan(80);
  const broken: string[] = [];
  let checked = 0;
  for (const file of files) {
    if (file.endsWith('404.html')) continue;
    const html = readFileSync(file, 'utf8');
    const from = pageUrl(file);
    for (const match of html.matchAll(/<a\s[^>]*?href=(?:"([^"]*)"|'([^']*)'|([^\s>]+))/g)) {
      const href = match[1] ?? match[2] ?? match[3];
      const target = new URL(href.replace(/&amp;/g, '&'), from);
      if (target.origin !== SITE_ORIGIN) continue;
      checked += 1;
      const targetFile = fileForPath(target.pathname);
      if (!targetFile) {
        broken.push(`${from.pathname} -> ${href} (no page)`);
        continue;
      }
      const anchor = decodeURIComponent(target.hash.slice(1));
      if (anchor && targetFile.endsWith('.html') && !idsIn(targetFile).has(anchor)) {
        broken.push(`${from.pathname} -> ${href} (no #${anchor})`);
      }
    }
  }
  expect(checked).toBeGreaterThan(1000);
  expect(broken).toEqual([]);
});
