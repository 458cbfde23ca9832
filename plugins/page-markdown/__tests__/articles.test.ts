/**
 * @jest-environment node
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { articlesInWorker, convertInWorker, type ArticleSource } from '../articles';

const folder = mkdtempSync(path.join(tmpdir(), 'page-markdown-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A built page with `text` in its article, written to the folder. */
function builtPage(name: string, text: string): ArticleSource {
  const file = path.join(folder, `${name}.html`);
  writeFileSync(
    file,
    `<!doctype html><html><body><nav class="navbar">Navbar</nav><main><article><div class="theme-doc-markdown markdown">` +
      `<header><h1>${name}</h1></header><p>${text}</p></div></article></main></body></html>`,
  );
  return { file, pageUrl: `https://docs.example.com/docs/${name}`, title: name, description: undefined };
}

const pages = [builtPage('first', 'The first page.'), builtPage('second', 'The second page.')];
/** Limits a worker starts in, but a page of 5,000 paragraphs does not fit in. */
const TOO_SMALL = { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 4 };
const large = [...pages, builtPage('large', 'A long page.</p><p>'.repeat(5_000))];

describe('articlesInWorker', () => {
  it('converts the pages in order within the default limits', async () => {
    const articles = await articlesInWorker(pages);
    expect(articles).toHaveLength(2);
    expect(articles[0]).toMatch(/The first page\./);
    expect(articles[1]).toMatch(/The second page\./);
    expect(articles[0]).not.toMatch(/Navbar/);
  });

  it('converts the pages again without limits when they do not fit in them', async () => {
    await expect(convertInWorker(large, TOO_SMALL)).rejects.toMatchObject({ code: 'ERR_WORKER_OUT_OF_MEMORY' });
    const articles = await articlesInWorker(large, TOO_SMALL);
    expect(articles).toHaveLength(3);
    expect(articles[2]).toMatch(/A long page\.\n\nA long page\./);
    // Three conversions of a page of 5,000 paragraphs, the first two until the heap is full: seconds when busy.
  }, 30_000);
});
