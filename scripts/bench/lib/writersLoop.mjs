/**
 * The writers' loop: `docusaurus start` (caches cleared) until the page is shown in Chromium (served, then opened:
 * the sign-in between left out), then edits until Chromium shows each through hot reloading: a page's Markdown, and on our site a page that embeds
 * an operation (`<ApiOperation>`) and an API description that page embeds. Each edit is made `editRuns` times; after
 * each, the file is restored and the page shows the original again before the next. Every edited file is restored
 * afterwards, whatever happens (also when the benchmark is interrupted).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { clearBuildCaches } from './builds.mjs';
import { onCleanup, start, stop, waitForUrl, withTimeout } from './processes.mjs';

/**
 * Waits until `test(argument)` holds in the page, checked every frame. Not a locator's `waitFor`: it checks again
 * after 0, 20, 100, 100, then every 500 ms, so a change was seen up to half a second after it was drawn (an element
 * added 400 ms in was found at 794 ms), which made every edit's time a step of that ladder.
 */
function everyFrameUntil(tab, test, argument, timeoutMs) {
  return tab.waitForFunction(test, argument, { polling: 'raf', timeout: timeoutMs });
}

/** The first prose line after the front matter: the one the edit appends a word to. */
function proseLineIndex(lines) {
  let start = 0;
  if (lines[0] === '---') start = lines.indexOf('---', 1) + 1;
  const index = lines.findIndex((line, i) => i >= start && /^[A-Z][^|<{]{40,}$/.test(line));
  if (index < 0) throw new Error('no prose line to edit');
  return index;
}

/** A Markdown page with `marker` appended to its first prose line. */
export function editProse(text, marker) {
  const lines = text.split('\n');
  const index = proseLineIndex(lines);
  lines[index] = `${lines[index]} ${marker}.`;
  return lines.join('\n');
}

/**
 * An edit of an OpenAPI description (YAML): `marker` appended to the `summary` of the operation `operationId`, which
 * the operation block of its docs page shows.
 */
export function editOperationSummary(operationId) {
  return (text, marker) => {
    const pattern = new RegExp(`(\\n(\\s+)operationId: ${operationId}\\n(?:\\2[^\\n]*\\n)*?\\2summary: )([^\\n]+)`);
    if (!pattern.test(text)) throw new Error(`no summary of the operation ${operationId} to edit`);
    return text.replace(pattern, (_, head, _indent, summary) => `${head}${summary} ${marker}`);
  };
}

/**
 * Returns { startMs, edits: { [key]: ms[] } }: `startMs` from the start of the server to the page served, plus the
 * first opening of the page until its heading shows. Each of `edits` is { key, file, path, change }: `file` (relative to
 * `siteDir`) changed by `change(text, marker)`, until the page at `path` shows `marker`. `signIn(browser, origin)`
 * returns the storage state for gated pages, when needed.
 */
export async function measureWritersLoop({
  browser,
  label,
  siteDir,
  port,
  env = {},
  page,
  edits = [{ key: 'hmrMs', file: page.file, path: page.path, change: editProse }],
  editRuns = 1,
  signIn,
  timeoutMs,
}) {
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
  const originals = new Map(
    edits.map(({ file }) => {
      const path = join(siteDir, file);
      const original = readFileSync(path, 'utf8');
      return [file, { path, original, restore: onCleanup(() => writeFileSync(path, original)) }];
    }),
  );
  let context;
  try {
    await waitForUrl(`${origin}${page.path}`, {
      timeoutMs,
      child: server,
      accept: (body) => body.includes('__docusaurus'),
      intervalMs: 250,
    });
    const servedMs = performance.now() - started;

    context = await browser.newContext({ storageState: signIn ? await signIn(browser, origin) : undefined });
    const tab = await context.newPage();
    // The start ends when the page can be read: a dev server that compiles a page when it is first asked for
    // (plugins/lazy-dev-compilation) answers sooner and shows the page later. The sign-in between is not counted.
    const opened = performance.now();
    await tab.goto(`${origin}${page.path}`);
    await everyFrameUntil(tab, () => globalThis.document.querySelector('article h1') !== null, undefined, timeoutMs);
    const startMs = servedMs + (performance.now() - opened);
    const results = Object.fromEntries(edits.map(({ key }) => [key, []]));
    for (let run = 0; run < editRuns; run += 1) {
      for (const { key, file, path, change } of edits) {
        const { path: filePath, original } = originals.get(file);
        await tab.goto(`${origin}${path}`);
        await tab.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached', timeout: timeoutMs });
        await tab.locator('article h1').first().waitFor({ timeout: timeoutMs });

        const marker = `Benchmark edit ${Date.now().toString(36)}`;
        const edited = change(original, marker);
        const articleHolds = (text) =>
          globalThis.document.querySelector('article')?.textContent?.includes(text) ?? false;
        const before = performance.now();
        writeFileSync(filePath, edited);
        await withTimeout(
          everyFrameUntil(tab, articleHolds, marker, timeoutMs),
          timeoutMs + 5000,
          `The edit of ${file} reaching ${path} in the browser (${label})`,
        );
        results[key].push(performance.now() - before);
        // Back as it was, and shown so, before the next edit: its reload would otherwise be measured with it.
        writeFileSync(filePath, original);
        await withTimeout(
          everyFrameUntil(
            tab,
            (text) => !globalThis.document.querySelector('article')?.textContent?.includes(text),
            marker,
            timeoutMs,
          ),
          timeoutMs + 5000,
          `${file} restored, shown in the browser (${label})`,
        );
      }
    }
    return { startMs, edits: results };
  } finally {
    for (const { restore } of originals.values()) restore();
    await context?.close();
    await stop(server);
  }
}
