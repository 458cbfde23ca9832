import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { watchVersionSources, writeVersionedDocs } from '..';

/** Resolves once `check` holds, checked every 20 ms (Jest's timeout bounds the wait). */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('the later versions kept current in the dev server', () => {
  let site: string;
  let stop: (() => void) | undefined;
  const v2 = (file: string) => path.join(site, 'versioned_docs', 'version-v2', file);
  const read = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : undefined);

  beforeEach(() => {
    site = mkdtempSync(path.join(tmpdir(), 'docs-versions-'));
    mkdirSync(path.join(site, 'docs', 'guides'), { recursive: true });
    mkdirSync(path.join(site, 'versions', 'v2'), { recursive: true });
    writeFileSync(path.join(site, 'docs', 'guides', 'start.mdx'), '# Start\n');
    writeVersionedDocs(site);
  });
  afterEach(() => {
    stop?.();
    rmSync(site, { recursive: true, force: true });
  });

  test("an edit of docs/ reaches v2's copy after the delay, not at once, and a page added to the overlay reaches it too", async () => {
    stop = watchVersionSources(site, 'docs', 150);
    writeFileSync(path.join(site, 'docs', 'guides', 'start.mdx'), '# Start, edited\n');
    const edited = Date.now();
    await until(() => read(v2('guides/start.mdx')) === '# Start, edited\n');
    // Not before the docs plugin has had its reload for v1 (the delay, less a timer's slack).
    expect(Date.now() - edited).toBeGreaterThanOrEqual(140);

    // A page of v2's own, written in the overlay folder.
    writeFileSync(path.join(site, 'versions', 'v2', 'only-in-v2.mdx'), '# v2 only\n');
    await until(() => read(v2('only-in-v2.mdx')) === '# v2 only\n');
  });

  test('a page removed from docs/ is removed from the copy; once stopped, edits are left alone', async () => {
    writeFileSync(path.join(site, 'docs', 'gone.mdx'), '# Gone soon\n');
    writeVersionedDocs(site);
    stop = watchVersionSources(site, 'docs', 20);
    rmSync(path.join(site, 'docs', 'gone.mdx'));
    await until(() => read(v2('gone.mdx')) === undefined);

    stop();
    stop = undefined;
    writeFileSync(path.join(site, 'docs', 'guides', 'start.mdx'), '# After the stop\n');
    // A later change a watcher would have copied is copied only when the watcher runs: here, never.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(read(v2('guides/start.mdx'))).toBe('# Start\n');
  });
});

describe('the dev server reloading the site', () => {
  test("each load of the site's modules replaces the version sources' watcher instead of adding one beside it", async () => {
    const site = mkdtempSync(path.join(tmpdir(), 'docs-versions-'));
    mkdirSync(path.join(site, 'docs'), { recursive: true });
    mkdirSync(path.join(site, 'versions', 'v2'), { recursive: true });
    writeFileSync(path.join(site, 'docs', 'start.mdx'), '# Start\n');
    const opened: { dir: string; closed: boolean }[] = [];
    const actualFs = jest.requireActual<typeof fs>('node:fs');
    const previousEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'development';
    try {
      for (let load = 0; load < 2; load += 1) {
        // As Docusaurus reloads the site for an edit of its config: the plugin's module evaluated afresh.
        await jest.isolateModulesAsync(async () => {
          jest.doMock('node:fs', () => ({
            ...actualFs,
            watch: (dir: string, options: object, listener: () => void) => {
              const watcher = actualFs.watch(dir, options, listener);
              const entry = { dir, closed: false };
              opened.push(entry);
              const close = watcher.close.bind(watcher);
              watcher.close = () => {
                entry.closed = true;
                close();
              };
              return watcher;
            },
          }));
          const { default: docsVersionsPlugin } = await import('..');
          const plugin = docsVersionsPlugin('docs')({ siteDir: site } as Parameters<
            ReturnType<typeof docsVersionsPlugin>
          >[0]);
          await plugin.loadContent?.();
        });
      }
      // Two folders watched per load; after the second load only its own two are open.
      expect(opened.map(({ closed }) => closed)).toEqual([true, true, false, false]);
    } finally {
      process.env.NODE_ENV = previousEnv;
      (globalThis as Record<symbol, (() => void) | undefined>)[
        Symbol.for('clearing-docs.docs-versions.stopWatching')
      ]?.();
      rmSync(site, { recursive: true, force: true });
    }
  });
});
