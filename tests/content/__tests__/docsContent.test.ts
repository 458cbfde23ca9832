import path from 'node:path';
import { docsFiles, isPartial, proseWords, readPage, textLines, versionPageFiles } from '../docsPages';

/** docs/ (both versions' pages) and versions/ (the pages only one version has, or has its own way). */
const pages = [...docsFiles(), ...versionPageFiles()].map(readPage);

/** Example pages are a request and a response with a short introduction. */
const isExamplePage = (file: string): boolean => file.includes('/new-account/examples/');

const MIN_PROSE_WORDS = 150;
const PLACEHOLDERS = /\b(TODO|TBD|FIXME|XXX|lorem ipsum|coming soon|placeholder text)\b/i;

describe('the docs pages', () => {
  it('are all here', () => {
    expect(pages.filter((page) => !isPartial(page.file)).length).toBe(89 + 1);
    expect(versionPageFiles()).toEqual([path.join('..', 'versions', 'v2', 'trading-api', 'client-order-ids.mdx')]);
  });

  it(`have at least ${MIN_PROSE_WORDS} words of prose (tables and code not counted), except example pages`, () => {
    const short = pages
      .filter((page) => !isExamplePage(page.file) && !isPartial(page.file))
      .map((page) => ({ file: page.file, words: proseWords(page) }))
      .filter((page) => page.words < MIN_PROSE_WORDS)
      .map((page) => `${page.file}: ${page.words} words`);
    expect(short).toEqual([]);
  });

  it('contain no placeholder words', () => {
    const found = pages.flatMap((page) =>
      page.source
        .split('\n')
        .map((line, index) => ({ line, index }))
        .filter(({ line }) => PLACEHOLDERS.test(line))
        .map(({ line, index }) => `${page.file}:${index + 1}: ${line.trim().slice(0, 80)}`),
    );
    expect(found).toEqual([]);
  });

  it('give every code block a language', () => {
    const bare = pages.flatMap((page) =>
      page.codeBlocks.filter((block) => block.lang === '').map((block) => `${page.file}:${block.line}`),
    );
    expect(bare).toEqual([]);
  });

  it('have JSON examples that parse', () => {
    const broken = pages.flatMap((page) =>
      page.codeBlocks
        .filter((block) => block.lang === 'json')
        .flatMap((block) => {
          try {
            JSON.parse(block.code);
            return [];
          } catch (error) {
            return [`${page.file}:${block.line}: ${(error as Error).message}`];
          }
        }),
    );
    expect(broken).toEqual([]);
  });

  it('never skip a heading level (the title is the h1)', () => {
    const skipped = pages.flatMap((page) => {
      let previous = 1;
      return page.headings.flatMap((heading) => {
        const problem =
          heading.depth === 1
            ? [`${page.file}:${heading.line}: a second h1 "${heading.text}" (the title is the h1)`]
            : heading.depth > previous + 1
              ? [`${page.file}:${heading.line}: h${heading.depth} "${heading.text}" after h${previous}`]
              : [];
        previous = heading.depth;
        return problem;
      });
    });
    expect(skipped).toEqual([]);
  });

  it('label every Mermaid diagram with a title for screen readers', () => {
    const untitled = pages.flatMap((page) =>
      page.codeBlocks
        .filter((block) => block.lang === 'mermaid' && !/accTitle:/.test(block.code))
        .map((block) => `${page.file}:${block.line}`),
    );
    expect(untitled).toEqual([]);
  });

  it('write an admonition title in brackets (`:::info[Sandbox only]`), the one form the MDX of the site reads', () => {
    // The v4 future flag turns off the MDX 1 form `:::info Sandbox only`, which then shows as text.
    const unread = pages.flatMap((page) =>
      textLines(page)
        .filter(({ text }) => /^\s*(>\s*)*:{3,}[a-z]+\s+\S/.test(text))
        .map(({ line, text }) => `${page.file}:${line}: ${text.trim()}`),
    );
    expect(unread).toEqual([]);
  });
});
