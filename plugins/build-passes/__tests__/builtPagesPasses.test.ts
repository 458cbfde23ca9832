/**
 * @jest-environment node
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BuiltPage, BuiltPageFacts, BuiltPagesPass, PostBuildProps } from '../../lib/builtPages';
import { descriptionWorker } from '../../lib/descriptionWorker';
import buildPassesPlugin from '..';
import { runBuiltPagesPasses } from '../builtPagesPasses';

const props = { outDir: '/build', plugins: [] } as unknown as PostBuildProps;

/** Facts that say which page and what was asked of it, and the lists of pages each call read. */
function fakeFacts() {
  const calls: string[][] = [];
  const factsOf = async (pages: readonly BuiltPage[]): Promise<BuiltPageFacts[]> => {
    calls.push(pages.map(({ file }) => file));
    return pages.map(({ file, markdown, search }) => ({
      ...(markdown ? { markdown: `markdown of ${file}` } : {}),
      ...(search ? { search: null } : {}),
    }));
  };
  return { calls, factsOf };
}

/** A pass that reads `pages`, asking for `asked`, and records its steps in `log`. */
function pass(name: string, files: readonly string[], asked: 'markdown' | 'search', log: string[]): BuiltPagesPass {
  return {
    name,
    plan() {
      log.push(`plan ${name}`);
      return {
        pages: files.map((file) =>
          asked === 'markdown'
            ? { file, markdown: { pageUrl: `https://docs.example.com/${file}` } }
            : { file, search: { url: `/${file}`, type: 'docs', options: {}, fields: false } },
        ),
        async write(facts) {
          log.push(`write ${name}: ${JSON.stringify(facts)}`);
        },
      };
    },
  };
}

describe('runBuiltPagesPasses', () => {
  it('plans and writes the passes in the order the config lists them, reading each page once for all', async () => {
    const log: string[] = [];
    const { calls, factsOf } = fakeFacts();
    const markdown = pass('page-markdown', ['a.html', 'b.html'], 'markdown', log);
    const search = pass('search-index', ['b.html', 'c.html'], 'search', log);
    // Provided in the other order: the config's order is the one that counts.
    await runBuiltPagesPasses(['page-markdown', 'search-index'], [search, markdown], props, { factsOf });
    expect(calls).toEqual([['a.html', 'b.html', 'c.html']]);
    expect(log).toEqual([
      'plan page-markdown',
      'plan search-index',
      `write page-markdown: ${JSON.stringify([{ markdown: 'markdown of a.html' }, { markdown: 'markdown of b.html', search: null }])}`,
      `write search-index: ${JSON.stringify([{ markdown: 'markdown of b.html', search: null }, { search: null }])}`,
    ]);
  });

  it("times each step on a [PERF] line when Docusaurus's performance log is on, and only then", async () => {
    const info = jest.spyOn(console, 'info').mockImplementation(() => {});
    const before = process.env.DOCUSAURUS_PERF_LOGGER;
    try {
      const run = () =>
        runBuiltPagesPasses(
          ['page-markdown', 'search-index'],
          [pass('page-markdown', ['a.html'], 'markdown', []), pass('search-index', ['a.html'], 'search', [])],
          props,
          fakeFacts(),
        );
      delete process.env.DOCUSAURUS_PERF_LOGGER;
      await run();
      expect(info).not.toHaveBeenCalled();
      process.env.DOCUSAURUS_PERF_LOGGER = 'true';
      await run();
      expect(info.mock.calls.map(([line]) => String(line).replace(/ - [\d.]+ ms$/, ' - ? ms'))).toEqual([
        '[PERF] build-passes > page-markdown plan - ? ms',
        '[PERF] build-passes > search-index plan - ? ms',
        '[PERF] build-passes > read the built pages - ? ms',
        '[PERF] build-passes > page-markdown write - ? ms',
        '[PERF] build-passes > search-index write - ? ms',
      ]);
    } finally {
      if (before === undefined) delete process.env.DOCUSAURUS_PERF_LOGGER;
      else process.env.DOCUSAURUS_PERF_LOGGER = before;
      info.mockRestore();
    }
  });

  it('fails at once, naming it, when a listed pass is provided by no plugin: nothing waits for it', async () => {
    const log: string[] = [];
    const { calls, factsOf } = fakeFacts();
    const run = runBuiltPagesPasses(
      ['page-markdown', 'search-index'],
      [pass('page-markdown', ['a.html'], 'markdown', log)],
      props,
      { factsOf },
    );
    await expect(run).rejects.toThrow(/no plugin provides the pass "search-index" that the config lists/);
    expect(log).toEqual([]);
    expect(calls).toEqual([]);
  });

  it('fails naming a pass a plugin provides but the config does not list, which would never run', async () => {
    const log: string[] = [];
    const run = runBuiltPagesPasses(
      ['page-markdown'],
      [pass('page-markdown', [], 'markdown', log), pass('extra', [], 'search', log)],
      props,
      fakeFacts(),
    );
    await expect(run).rejects.toThrow(
      /plugins provide the pass "extra", which the config's buildPassesPlugin does not list/,
    );
    await expect(
      runBuiltPagesPasses(
        ['twice'],
        [pass('twice', [], 'search', log), pass('twice', [], 'search', log)],
        props,
        fakeFacts(),
      ),
    ).rejects.toThrow('two plugins provide the pass "twice"');
  });

  it('fails naming the pass whose plan throws, with its error as the cause', async () => {
    const log: string[] = [];
    const broken: BuiltPagesPass = {
      name: 'page-markdown',
      plan() {
        throw new Error('no docs sidebar "docs"');
      },
    };
    const run = runBuiltPagesPasses(
      ['page-markdown', 'search-index'],
      [broken, pass('search-index', ['a.html'], 'search', log)],
      props,
      fakeFacts(),
    );
    await expect(run).rejects.toThrow('build-passes: the pass "page-markdown" failed: no docs sidebar "docs"');
    await expect(run).rejects.toHaveProperty('cause', new Error('no docs sidebar "docs"'));
  });

  it('fails naming the pass whose writing fails', async () => {
    const log: string[] = [];
    const failing: BuiltPagesPass = {
      name: 'search-index',
      plan: () => ({
        pages: [],
        write: () => Promise.reject(new Error('EACCES: permission denied')),
      }),
    };
    const run = runBuiltPagesPasses(
      ['page-markdown', 'search-index'],
      [pass('page-markdown', ['a.html'], 'markdown', log), failing],
      props,
      fakeFacts(),
    );
    await expect(run).rejects.toThrow('build-passes: the pass "search-index" failed: EACCES: permission denied');
    expect(log).toHaveLength(2);
  });

  it('fails naming no pass when reading the pages fails, for it is no pass of its own', async () => {
    const log: string[] = [];
    const factsOf = () => Promise.reject(new Error('ENOENT: no such file'));
    const run = runBuiltPagesPasses(['page-markdown'], [pass('page-markdown', ['a.html'], 'markdown', log)], props, {
      factsOf,
    });
    await expect(run).rejects.toThrow('ENOENT: no such file');
    expect(log).toEqual(['plan page-markdown']);
  });

  it('reads the pages of real passes once, in worker threads', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'build-passes-'));
    try {
      const file = path.join(folder, 'first.html');
      writeFileSync(
        file,
        '<!doctype html><html><body><main><article><div class="theme-doc-markdown markdown">' +
          '<header><h1>first</h1></header><p>The first page.</p></div></article></main></body></html>',
      );
      const written: Record<string, readonly BuiltPageFacts[]> = {};
      const recording = (name: string, page: BuiltPage): BuiltPagesPass => ({
        name,
        plan: () => ({ pages: [page], write: async (facts) => void (written[name] = facts) }),
      });
      await runBuiltPagesPasses(
        ['page-markdown', 'search-index'],
        [
          recording('page-markdown', { file, markdown: { pageUrl: 'https://docs.example.com/docs/first' } }),
          recording('search-index', { file, search: { url: '/docs/first', type: 'docs', options: {}, fields: true } }),
        ],
        props,
      );
      expect(written['page-markdown']?.[0]?.markdown).toMatch(/^# first\n\nThe first page\./);
      expect(written['search-index']?.[0]?.search?.pageTitle).toBe('first');
      // One read of the page answered both.
      expect(written['page-markdown']?.[0]).toBe(written['search-index']?.[0]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 30_000);
});

describe('buildPassesPlugin', () => {
  it("runs the passes the loaded plugins provide, found among postBuild's plugins", async () => {
    const log: string[] = [];
    const plugin = buildPassesPlugin({ builtPages: ['search-index'] })();
    const plugins = [
      { name: 'docusaurus-plugin-content-docs' },
      { name: 'search', builtPagesPass: pass('search-index', [], 'search', log) },
    ];
    await plugin.postBuild?.({ ...props, plugins } as unknown as Parameters<NonNullable<typeof plugin.postBuild>>[0]);
    expect(log).toEqual(['plan search-index', 'write search-index: []']);
  });

  it('fails the build naming a listed pass whose plugin is not loaded', async () => {
    const plugin = buildPassesPlugin({ builtPages: ['page-markdown'] })();
    await expect(
      plugin.postBuild?.({ ...props, plugins: [] } as unknown as Parameters<NonNullable<typeof plugin.postBuild>>[0]),
    ).rejects.toThrow('no plugin provides the pass "page-markdown"');
  });

  it('closes the description worker once every plugin has loaded its content: no job is left to ask', async () => {
    const close = jest.spyOn(descriptionWorker, 'close').mockImplementation(() => undefined);
    try {
      const plugin = buildPassesPlugin({ builtPages: [] })();
      await plugin.allContentLoaded?.({ allContent: {}, actions: {} } as never);
      expect(close).toHaveBeenCalledTimes(1);
    } finally {
      close.mockRestore();
    }
  });
});
