/**
 * @jest-environment node
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { builtPagesFacts, type BuiltPage } from '../builtPages';
import { factsCodeFiles, factsKey, pruneKeptFacts } from '../builtPageFactsCache';

const folder = mkdtempSync(path.join(tmpdir(), 'built-pages-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A built docs page with `text` in its article, written to the folder. */
function builtFile(name: string, text: string): string {
  const file = path.join(folder, `${name}.html`);
  writeFileSync(
    file,
    `<!doctype html><html><body><nav class="navbar">Navbar</nav><main><article><div class="theme-doc-markdown markdown">` +
      `<header><h1>${name}</h1></header><p>${text}</p></div></article></main></body></html>`,
  );
  return file;
}

const markdown = (file: string, name: string): BuiltPage => ({
  file,
  markdown: { pageUrl: `https://docs.example.com/docs/${name}` },
});
const search = (file: string, name: string): BuiltPage => ({
  file,
  search: { url: `/docs/${name}`, type: 'docs', options: {}, fields: true },
});

const names = ['first', 'second', 'third', 'fourth', 'fifth'];
const files = names.map((name, index) => builtFile(name, `The ${name} page.`.repeat(1 + 40 * index)));
/** Limits a worker starts in, but a page of 5,000 paragraphs does not fit in. */
const TOO_SMALL = { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 4 };

describe('builtPagesFacts', () => {
  it('derives what each page asks for, in the pages order, from workers that share the pages', async () => {
    const pages = names.map((name, index) => (index % 2 === 0 ? markdown : search)(files[index] ?? '', name));
    const facts = await builtPagesFacts(pages, { workers: 2, cacheDir: null });
    expect(facts).toHaveLength(5);
    facts.forEach((pageFacts, index) => {
      const name = names[index] ?? '';
      if (index % 2 === 0) {
        expect(pageFacts.markdown).toMatch(new RegExp(`^# ${name}\n\nThe ${name} page\\.`));
        expect(pageFacts.markdown).not.toMatch(/Navbar/);
        expect(pageFacts.search).toBeUndefined();
      } else {
        expect(pageFacts.search?.pageTitle).toBe(name);
        expect(pageFacts.search?.sections[0]?.content).toMatch(new RegExp(`^The ${name} page\\.`));
        expect(pageFacts.fields).toEqual([]);
        expect(pageFacts.markdown).toBeUndefined();
      }
    });
  });

  it('does the pages again without limits when they do not fit in them', async () => {
    const large = builtFile('large', 'A long page.</p><p>'.repeat(5_000));
    const facts = await builtPagesFacts([markdown(files[0] ?? '', 'first'), markdown(large, 'large')], {
      workers: 1,
      limits: TOO_SMALL,
      cacheDir: null,
    });
    expect(facts[0]?.markdown).toMatch(/The first page\./);
    expect(facts[1]?.markdown).toMatch(/A long page\.\n\nA long page\./);
    // Two conversions of a page of 5,000 paragraphs, the first until the heap is full: seconds when busy.
  }, 30_000);
});

describe('the facts kept between builds', () => {
  const cacheDir = path.join(folder, 'kept-facts');
  afterEach(() => rmSync(cacheDir, { recursive: true, force: true }));

  /** The kept entry of `page` as it now stands. */
  const entryOf = (page: BuiltPage) => path.join(cacheDir, `${factsKey(page, readFileSync(page.file))}.json`);

  it('are read instead of the page while its HTML, what is asked of it and the code are the same', async () => {
    const pages = [markdown(files[0] ?? '', 'first'), search(files[1] ?? '', 'second')];
    const derived = await builtPagesFacts(pages, { workers: 1, cacheDir });
    expect(readdirSync(cacheDir)).toHaveLength(2);
    // Marked, to tell a kept entry from a page read again: the next build reads the mark.
    writeFileSync(entryOf(pages[0]), JSON.stringify({ markdown: 'kept' }));
    expect(await builtPagesFacts(pages, { workers: 1, cacheDir })).toEqual([{ markdown: 'kept' }, derived[1]]);

    // Asked something else (another page URL), the page is read again, and kept under its own key.
    const elsewhere = { ...pages[0], markdown: { pageUrl: 'https://docs.example.com/v2/first' } };
    const [again] = await builtPagesFacts([elsewhere], { workers: 1, cacheDir });
    expect(again?.markdown).toMatch(/^# first\n\nThe first page\./);
    expect(existsSync(entryOf(elsewhere))).toBe(true);
  });

  it('are derived again when the page changed', async () => {
    const file = builtFile('changing', 'Before the edit.');
    const page = markdown(file, 'changing');
    expect((await builtPagesFacts([page], { workers: 1, cacheDir }))[0]?.markdown).toMatch(/Before the edit\./);
    builtFile('changing', 'After the edit.');
    expect((await builtPagesFacts([page], { workers: 1, cacheDir }))[0]?.markdown).toMatch(/After the edit\./);
  });

  it("are keyed on the code that derives them: the workers' module and every project module it imports", () => {
    const code = factsCodeFiles();
    expect(code).toEqual(
      expect.arrayContaining([
        'package-lock.json',
        'plugins/lib/builtPagesWorker.mjs',
        'plugins/page-markdown/compiledIsElement.mjs',
        'plugins/lib/builtPageFacts.mjs',
        'plugins/lib/parseHtml.mjs',
        'plugins/page-markdown/htmlToMarkdown.mjs',
        'plugins/search-index/themeParse.mjs',
        'plugins/search-index/fieldDocuments.mjs',
        'config/pageMarkdown.mjs',
      ]),
    );
    const page = markdown(files[0] ?? '', 'first');
    const html = readFileSync(page.file);
    expect(factsKey(page, html, 'other code')).not.toBe(factsKey(page, html, 'this code'));
  });

  it("leave out the hashes of the page's bundle names, which change with every other page", () => {
    const page = markdown(files[0] ?? '', 'first');
    const built = (runtime: string, text: string) =>
      Buffer.from(
        `<link rel=stylesheet href=/assets/css/styles.b0f5e429.css /><script src=/assets/js/runtime~main.${runtime}.js defer></script>` +
          `<main><article><p>${text}</p><img src=/assets/images/chart-4f3e2d1c.png></article></main>`,
      );
    expect(factsKey(page, built('718b41ba', 'Text.'))).toBe(factsKey(page, built('09aeccb8', 'Text.')));
    expect(factsKey(page, built('718b41ba', 'Text.'))).not.toBe(factsKey(page, built('718b41ba', 'Edited.')));
  });

  it('are removed after two weeks unread', () => {
    mkdirSync(cacheDir, { recursive: true });
    const now = Date.now();
    for (const [name, daysAgo] of [
      ['recent', 13],
      ['old', 15],
    ] as const) {
      const file = path.join(cacheDir, `${name}.json`);
      writeFileSync(file, '{}');
      const then = new Date(now - daysAgo * 24 * 60 * 60 * 1000);
      utimesSync(file, then, then);
    }
    pruneKeptFacts(cacheDir, now);
    expect(readdirSync(cacheDir)).toEqual(['recent.json']);
  });
});
