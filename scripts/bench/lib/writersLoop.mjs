/**
 * The writers' loop: `docusaurus start` (caches cleared) until the page answers 200 with the page,
 * then an edit of that page's Markdown until Chromium shows the new text through hot reloading. The
 * edited file is restored afterwards, whatever happens (also when the benchmark is interrupted).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { clearBuildCaches } from './builds.mjs';
import { onCleanup, start, stop, waitForUrl, withTimeout } from './processes.mjs';

/** The first prose line after the front matter: the one the edit appends a word to. */
function proseLineIndex(lines) {
  let start = 0;
  if (lines[0] === '---') start = lines.indexOf('---', 1) + 1;
  const index = lines.findIndex((line, i) => i >= start && /^[A-Z][^|<{]{40,}$/.test(line));
  if (index < 0) throw new Error('no prose line to edit');
  return index;
}

/**
 * Returns { startMs, hmrMs }. `page` is { path, file } (the route and its source, relative to
 * `siteDir`); `signIn(browser, origin)` returns the storage state for a gated page, when needed.
 */
export async function measureWritersLoop({ browser, label, siteDir, port, env = {}, page, signIn, timeoutMs }) {
  clearBuildCaches(siteDir);
  const origin = `http://localhost:${port}`;
  const started = performance.now();
  const server = start(
    process.execPath,
    [
      join(siteDir, 'node_modules/@docusaurus/core/bin/docusaurus.mjs'),
      'start',
      '--port',
      String(port),
      '--host',
      'localhost',
      '--no-open',
    ],
    { cwd: siteDir, env: { ...env, BROWSER: 'none' }, label: `docusaurus start (${label})` },
  );
  const file = join(siteDir, page.file);
  const original = readFileSync(file, 'utf8');
  const restore = onCleanup(() => writeFileSync(file, original));
  let context;
  try {
    await waitForUrl(`${origin}${page.path}`, {
      timeoutMs,
      child: server,
      accept: (body) => body.includes('__docusaurus'),
      intervalMs: 250,
    });
    const startMs = performance.now() - started;

    context = await browser.newContext({ storageState: signIn ? await signIn(browser, origin) : undefined });
    const tab = await context.newPage();
    await tab.goto(`${origin}${page.path}`);
    await tab.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached', timeout: timeoutMs });
    await tab.locator('article h1').first().waitFor({ timeout: timeoutMs });

    const marker = `Benchmark edit ${Date.now().toString(36)}`;
    const lines = original.split('\n');
    const index = proseLineIndex(lines);
    lines[index] = `${lines[index]} ${marker}.`;
    const edited = performance.now();
    writeFileSync(file, lines.join('\n'));
    await withTimeout(
      tab.locator('article').getByText(marker).first().waitFor({ timeout: timeoutMs }),
      timeoutMs + 5000,
      `The edit of ${page.file} reaching the browser (${label})`,
    );
    const hmrMs = performance.now() - edited;
    return { startMs, hmrMs };
  } finally {
    restore();
    await context?.close();
    await stop(server);
  }
}
