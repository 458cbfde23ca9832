/**
 * The content checks that are about one page at a time, as plain functions: the Jest suites of tests/content run
 * them on every page, and `npm run check:docs -- <file…>` (scripts/check-docs.mjs) runs them on the pages a writer
 * changed, without Jest. One rule, one place: a suite does not restate what a check here holds.
 *
 * A check reads a page as `readPage`/`parsePage` read it (tests/content/docsPages.ts) and returns its problems,
 * each with a line and what is wrong; `fix` says what to do about any of them.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  DOCS_DIR,
  docsFiles,
  docsRoute,
  headingAnchor,
  isPartial,
  proseWords,
  readPage,
  textLines,
  type CodeBlock,
  type DocsPage,
} from './docsPages';

export interface PageProblem {
  readonly file: string;
  readonly line: number;
  readonly message: string;
}

export interface PageCheck {
  readonly id: string;
  /** What the check holds a page to, for the list of checks run. */
  readonly title: string;
  /** What a writer does about a problem it finds. */
  readonly fix: string;
  /** Whether the check holds for a page (by its name relative to docs/; a page of versions/ is `../versions/…`). */
  readonly appliesTo: (file: string) => boolean;
  readonly problems: (page: DocsPage) => PageProblem[];
}

/** A page of versions/ (named from docs/, `../versions/v2/…`): a version's own page, not one of docs/. */
const isVersionPage = (file: string): boolean => file.split(/[\\/]/)[0] === '..';
const everyPage = (): boolean => true;
const docsPagesOnly = (file: string): boolean => !isVersionPage(file);

/** `file:line: message`, the form the Jest suites list problems in. */
const formatProblem = (problem: PageProblem): string => `${problem.file}:${problem.line}: ${problem.message}`;

/** The problems of `check` on the pages it holds for, as `file:line: message` lines. */
export const problemsOf = (check: PageCheck, pages: readonly DocsPage[]): string[] =>
  pages
    .filter((page) => check.appliesTo(page.file))
    .flatMap(check.problems)
    .map(formatProblem);

/** Example pages are a request and a response with a short introduction. */
const isExamplePage = (file: string): boolean => file.includes('/new-account/examples/');

export const MIN_PROSE_WORDS = 150;

export const proseLength: PageCheck = {
  id: 'prose',
  title: `at least ${MIN_PROSE_WORDS} words of prose (not on example pages and partials)`,
  fix: 'explain more in running text (tables and code do not count), or merge the page into another',
  appliesTo: (file) => !isExamplePage(file) && !isPartial(file),
  problems: (page) => {
    const words = proseWords(page);
    return words < MIN_PROSE_WORDS
      ? [{ file: page.file, line: 1, message: `${words} words of prose, fewer than ${MIN_PROSE_WORDS}` }]
      : [];
  },
};

const PLACEHOLDERS = /\b(TODO|TBD|FIXME|XXX|lorem ipsum|coming soon|placeholder text)\b/i;

export const placeholders: PageCheck = {
  id: 'placeholders',
  title: 'no placeholder words (TODO, TBD, FIXME, XXX, lorem ipsum, coming soon, placeholder text)',
  fix: 'write the text the placeholder stands for, or take the line out',
  appliesTo: everyPage,
  problems: (page) =>
    page.source.split('\n').flatMap((line, index) => {
      const found = PLACEHOLDERS.exec(line);
      return found ? [{ file: page.file, line: index + 1, message: `"${found[1]}": ${line.trim().slice(0, 80)}` }] : [];
    }),
};

export const codeLanguage: PageCheck = {
  id: 'code-language',
  title: 'a language on every code block',
  fix: 'name the language after the opening fence (```bash, ```json, …; WRITING.md, House rules)',
  appliesTo: everyPage,
  problems: (page) =>
    page.codeBlocks
      .filter((block) => block.lang === '')
      .map((block) => ({ file: page.file, line: block.line, message: 'a code block without a language' })),
};

export const jsonParses: PageCheck = {
  id: 'json',
  title: 'JSON examples that parse',
  fix: 'make the block valid JSON (no comments, no trailing commas, double quotes)',
  appliesTo: everyPage,
  problems: (page) =>
    page.codeBlocks
      .filter((block) => block.lang === 'json')
      .flatMap((block) => {
        try {
          JSON.parse(block.code);
          return [];
        } catch (error) {
          return [{ file: page.file, line: block.line, message: (error as Error).message }];
        }
      }),
};

export const headingLevels: PageCheck = {
  id: 'headings',
  title: 'no skipped heading level (the title is the h1)',
  fix: 'start the page at ## and go down one level at a time',
  appliesTo: everyPage,
  problems: (page) => {
    let previous = 1;
    return page.headings.flatMap((heading) => {
      const message =
        heading.depth === 1
          ? `a second h1 "${heading.text}" (the title is the h1)`
          : heading.depth > previous + 1
            ? `h${heading.depth} "${heading.text}" after h${previous}`
            : null;
      previous = heading.depth;
      return message ? [{ file: page.file, line: heading.line, message }] : [];
    });
  },
};

export const mermaidTitle: PageCheck = {
  id: 'diagram-title',
  title: 'a title for screen readers on every Mermaid diagram',
  fix: 'add an `accTitle: …` line to the diagram',
  appliesTo: everyPage,
  problems: (page) =>
    page.codeBlocks
      .filter((block) => block.lang === 'mermaid' && !/accTitle:/.test(block.code))
      .map((block) => ({ file: page.file, line: block.line, message: 'a Mermaid diagram without accTitle' })),
};

export const admonitionTitle: PageCheck = {
  id: 'admonition-title',
  title: 'admonition titles in brackets (`:::info[Sandbox only]`)',
  fix: 'write the title in brackets, `:::info[Title]`: the site shows `:::info Title` as text',
  appliesTo: everyPage,
  // The v4 future flag turns off the MDX 1 form `:::info Sandbox only`, which then shows as text.
  problems: (page) =>
    textLines(page)
      .filter(({ text }) => /^\s*(>\s*)*:{3,}[a-z]+\s+\S/.test(text))
      .map(({ line, text }) => ({ file: page.file, line, message: text.trim() })),
};

/**
 * One spelling per word: US English wherever a reader looks. British forms this site has used or could
 * slip into (each pattern names the word stem; "cancellation" is US English too, so it is not here).
 */
const BRITISH = [
  /\bcolour/i,
  /\bbehaviour/i,
  /\bauthoris/i,
  /\borganis/i,
  /\bcancell(ed|ing)\b/i,
  /\blicence/i,
  /\bnormalis/i,
  /\bcatalogue/i,
  /\bfavourite/i,
  /\bhonour/i,
  /\banalys(e|ed|es|ing)\b/i,
  /\binitialis/i,
  /\brecognis/i,
  /\bcustomis/i,
  /\boptimis/i,
  /\bcentre/i,
  /\bserialis/i,
  /\bsummaris/i,
  /\bprioritis/i,
  /\butilis/i,
  /\bemphasis(e|ed|ing)\b/i,
];

/** The British spellings of a text, by line: `{ line, message: '<the line> (<pattern>)' }`. */
export function britishSpellings(text: string): { line: number; message: string }[] {
  return text.split('\n').flatMap((line, index) =>
    BRITISH.filter((pattern) => pattern.test(line)).map((pattern) => ({
      line: index + 1,
      message: `${line.trim().slice(0, 100)} (${pattern})`,
    })),
  );
}

const spelling: PageCheck = {
  id: 'spelling',
  title: 'US English spelling',
  fix: 'use the US spelling (color, behavior, canceled, organize, …)',
  appliesTo: everyPage,
  problems: (page) => britishSpellings(page.source).map((found) => ({ file: page.file, ...found })),
};

const SHELL = new Set(['bash', 'sh', 'shell']);
const NAME = '[A-Z_][A-Z0-9_]*';

interface Position {
  readonly name: string;
  readonly index: number;
}

/** The variables a shell block sets, where: assignments, `export A B`, `read -flags A B`. */
export function setsOf(code: string): Position[] {
  const found: Position[] = [];
  for (const match of code.matchAll(new RegExp(`(?:^|[\\s;&|(])(${NAME})=`, 'g')))
    found.push({ name: match[1], index: match.index });
  for (const match of code.matchAll(new RegExp(`\\b(?:export|read)((?:\\s+-\\w+)*)((?:\\s+${NAME}\\b(?!=))+)`, 'g')))
    for (const name of match[2].trim().split(/\s+/)) found.push({ name, index: match.index });
  return found;
}

/** The variables a shell block reads without a default. */
export function usesOf(code: string): Position[] {
  return [...code.matchAll(new RegExp(`\\$(?:\\{(${NAME})\\}|(${NAME})(?![A-Za-z0-9_]))`, 'g'))].map((match) => ({
    name: match[1] ?? match[2],
    index: match.index,
  }));
}

export const shellBlocks = (page: DocsPage): CodeBlock[] => page.codeBlocks.filter((block) => SHELL.has(block.lang));

/** What the blocks of one section (a heading and what follows up to the next heading of its level) set. */
function setInSection(page: DocsPage, anchor: string): Set<string> {
  const start = page.headings.find((heading) => headingAnchor(heading.text) === anchor);
  if (!start) return new Set();
  const end = page.headings.find((heading) => heading.line > start.line && heading.depth <= start.depth);
  return new Set(
    shellBlocks(page)
      .filter((block) => block.line > start.line && (!end || block.line < end.line))
      .flatMap((block) => setsOf(block.code).map((set) => set.name)),
  );
}

/** The variables that the sections linked from a page's text before `line` set (the page's own sections too). */
function setByLinkedSections(page: DocsPage, line: number): Set<string> {
  const before = page.source.split('\n').slice(0, line - 1);
  const names = new Set<string>();
  for (const text of before) {
    for (const [, target, anchor] of text.matchAll(/\]\(([^)#\s]*\.mdx)?#([\w-]+)\)/g)) {
      const linked = target ? readPage(path.join(path.dirname(page.file), target)) : page;
      for (const name of setInSection(linked, anchor)) names.add(name);
    }
  }
  return names;
}

/**
 * The shell samples a reader copies use no variable that nothing has set: every `$NAME` of a `bash` block
 * without a default (`${NAME:-…}`) is set earlier on the page (`NAME=`, `export NAME`, `read NAME`), or the
 * text before the block links to the section of a page that sets it.
 */
export const shellVariables: PageCheck = {
  id: 'shell-variables',
  title: 'shell samples read no variable that nothing on the page, or linked from it, has set',
  fix: 'set the variable in an earlier block (`NAME=…`, `export NAME`), give it a default (`${NAME:-…}`), or link to the section that sets it before the block',
  appliesTo: docsPagesOnly,
  problems: (page) => {
    const setBefore = new Set<string>();
    return shellBlocks(page).flatMap((block) => {
      const sets = setsOf(block.code);
      const linked = setByLinkedSections(page, block.line);
      const unset = usesOf(block.code).filter(
        (use) =>
          !setBefore.has(use.name) &&
          !linked.has(use.name) &&
          !sets.some((set) => set.name === use.name && set.index < use.index),
      );
      for (const set of sets) setBefore.add(set.name);
      return [...new Set(unset.map((use) => use.name))].map((name) => ({
        file: page.file,
        line: block.line,
        message: `$${name}`,
      }));
    });
  },
};

let routes: Set<string> | undefined;
/** The routes of the docs pages on disk. */
export function routesOnDisk(): Set<string> {
  routes ??= new Set(
    docsFiles()
      .filter((file) => !isPartial(file))
      .map(docsRoute),
  );
  return routes;
}

/** A root-relative route with its anchor and trailing slash taken off. */
export const routeOf = (link: string): string => link.replace(/[#?].*$/, '').replace(/(.)\/$/, '$1');

export const links: PageCheck = {
  id: 'links',
  title: 'links reach a page (relative .mdx links and root-relative /docs links)',
  fix: "point the link at an existing page: a .mdx file relative to this one, or a /docs route (a page's path under docs/ without .mdx)",
  appliesTo: docsPagesOnly,
  problems: (page) =>
    page.source.split('\n').flatMap((text, index) =>
      [...text.matchAll(/\]\(([^)\s]+)\)/g)].flatMap(([, target]) => {
        const broken = { file: page.file, line: index + 1, message: `${target} reaches no page` };
        if (/^\/docs(?:[/#]|$)/.test(target)) return routesOnDisk().has(routeOf(target)) ? [] : [broken];
        const mdx = /^([^#?]*\.mdx)(?:#.*)?$/.exec(target)?.[1];
        if (!mdx || /^[a-z]+:/.test(mdx)) return [];
        return existsSync(path.join(DOCS_DIR, path.dirname(page.file), mdx)) ? [] : [broken];
      }),
    ),
};

/** Every check about one page, in the order a writer reads their problems. */
export const PAGE_CHECKS: readonly PageCheck[] = [
  placeholders,
  spelling,
  headingLevels,
  codeLanguage,
  jsonParses,
  mermaidTitle,
  admonitionTitle,
  links,
  shellVariables,
  proseLength,
];
