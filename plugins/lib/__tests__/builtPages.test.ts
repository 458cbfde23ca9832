/**
 * @jest-environment node
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { builtPagesFacts, type BuiltPage } from '../builtPages';

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
    const facts = await builtPagesFacts(pages, { workers: 2 });
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
    });
    expect(facts[0]?.markdown).toMatch(/The first page\./);
    expect(facts[1]?.markdown).toMatch(/A long page\.\n\nA long page\./);
    // Two conversions of a page of 5,000 paragraphs, the first until the heap is full: seconds when busy.
  }, 30_000);
});
