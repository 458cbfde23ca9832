import path from 'node:path';
import { docsFiles, isPartial, readPage, versionPageFiles } from '../docsPages';
import {
  admonitionTitle,
  codeLanguage,
  headingLevels,
  jsonParses,
  MIN_PROSE_WORDS,
  mermaidTitle,
  placeholders,
  problemsOf,
  proseLength,
} from '../pageChecks';

/**
 * The house rules of every page (tests/content/pageChecks.ts holds them; `npm run check:docs -- <file>` runs them on
 * one page). docs/ (both versions' pages) and versions/ (the pages only one version has, or has its own way). */
const pages = [...docsFiles(), ...versionPageFiles()].map(readPage);

describe('the docs pages', () => {
  it('are all here', () => {
    expect(pages.filter((page) => !isPartial(page.file)).length).toBe(89 + 1);
    expect(versionPageFiles()).toEqual([path.join('..', 'versions', 'v2', 'trading-api', 'client-order-ids.mdx')]);
  });

  it(`have at least ${MIN_PROSE_WORDS} words of prose (tables and code not counted), except example pages`, () => {
    expect(problemsOf(proseLength, pages)).toEqual([]);
  });

  it('contain no placeholder words', () => {
    expect(problemsOf(placeholders, pages)).toEqual([]);
  });

  it('give every code block a language', () => {
    expect(problemsOf(codeLanguage, pages)).toEqual([]);
  });

  it('have JSON examples that parse', () => {
    expect(problemsOf(jsonParses, pages)).toEqual([]);
  });

  it('never skip a heading level (the title is the h1)', () => {
    expect(problemsOf(headingLevels, pages)).toEqual([]);
  });

  it('label every Mermaid diagram with a title for screen readers', () => {
    expect(problemsOf(mermaidTitle, pages)).toEqual([]);
  });

  it('write an admonition title in brackets (`:::info[Sandbox only]`), the one form the MDX of the site reads', () => {
    expect(problemsOf(admonitionTitle, pages)).toEqual([]);
  });
});
