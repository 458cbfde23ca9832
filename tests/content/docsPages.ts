/**
 * Reads the docs pages as the content checks see them: front matter, prose, code blocks, tables,
 * headings and the reference blocks that `plugins/remark-api-reference` expands.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const DOCS_DIR = path.join(__dirname, '..', '..', 'docs');

export interface CodeBlock {
  readonly lang: string;
  readonly meta: string;
  readonly code: string;
  readonly line: number;
}

interface HeadingLine {
  readonly depth: number;
  readonly text: string;
  readonly line: number;
}

export interface DocsPage {
  /** Path under docs/, e.g. `accounts-api/endpoints/get-account.mdx`. */
  readonly file: string;
  readonly source: string;
  readonly codeBlocks: readonly CodeBlock[];
  /** Markdown headings, and the level-N headings an `<ApiOperation headingLevel={N}>` adds (3 by default). */
  readonly headings: readonly HeadingLine[];
  /** Lines of running text: no front matter, code, tables, headings, JSX or imports. */
  readonly prose: string;
  /** Table rows, split into trimmed cells, with the MDX comment right above the table if any. */
  readonly tables: readonly {
    readonly marker: string | null;
    readonly rows: readonly string[][];
    readonly line: number;
  }[];
}

/** Pages one docs version has in place of docs/ or beside it: `versions/<version>/<path>.mdx` (WRITING.md). */
const VERSIONS_DIR = path.join(__dirname, '..', '..', 'versions');

export function docsFiles(dir = DOCS_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.mdx'))
    .map((entry) => path.relative(DOCS_DIR, path.join(entry.parentPath, entry.name)))
    .sort();
}

/**
 * The pages of versions/, named from docs/ (`../versions/v2/trading-api/client-order-ids.mdx`) so that `readPage`
 * reads them like any other: the checks that hold for every page hold for these too.
 */
export function versionPageFiles(): string[] {
  return docsFiles(VERSIONS_DIR);
}

/** A file or folder whose name starts with `_` holds partials: parts of pages, without a route. */
export const isPartial = (file: string): boolean => file.split(/[\\/]/).some((part) => part.startsWith('_'));

/** The route of a docs page: `accounts-api/endpoints/new-account/index.mdx` → `/docs/accounts-api/endpoints/new-account`. */
export function docsRoute(file: string): string {
  return `/docs/${file
    .split(path.sep)
    .join('/')
    .replace(/\.mdx$/, '')}`.replace(/\/?index$/, '');
}

/** Heading anchors as the site makes them: `## Rate limits` → `rate-limits`, `## Errors {#errors}` → `errors`. */
export function headingAnchor(text: string): string {
  const explicit = /\{#([\w-]+)\}\s*$/.exec(text);
  if (explicit) return explicit[1];
  return text
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*_]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');
}

const FENCE = /^(\s*)(`{3,}|~{3,})(.*)$/;

export function readPage(file: string): DocsPage {
  return parsePage(file, readFileSync(path.resolve(DOCS_DIR, file), 'utf8'));
}

/** A page read from its text: `file` names it as `readPage` does (relative to docs/), `source` is what it holds. */
export function parsePage(file: string, source: string): DocsPage {
  const lines = source.split('\n');
  const codeBlocks: CodeBlock[] = [];
  const headings: HeadingLine[] = [];
  const tables: { marker: string | null; rows: string[][]; line: number }[] = [];
  const prose: string[] = [];

  let index = 0;
  if (lines[0] === '---') {
    index = lines.indexOf('---', 1) + 1;
  }
  let inJsxComment = false;
  let lastMarker: { text: string; line: number } | null = null;
  for (; index < lines.length; index += 1) {
    const line = lines[index];
    const fence = FENCE.exec(line);
    if (fence) {
      const [, , marker, info] = fence;
      const [lang = '', ...meta] = info.trim().split(/\s+/);
      const start = index;
      const body: string[] = [];
      for (index += 1; index < lines.length && !lines[index].trim().startsWith(marker); index += 1)
        body.push(lines[index]);
      codeBlocks.push({ lang, meta: meta.join(' '), code: body.join('\n'), line: start + 1 });
      continue;
    }
    const trimmed = line.trim();
    if (inJsxComment || trimmed.startsWith('{/*')) {
      const marker = /\{\/\*\s*(.*?)\s*\*\/\}/.exec(trimmed);
      if (marker) lastMarker = { text: marker[1], line: index };
      inJsxComment = !trimmed.includes('*/}');
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(trimmed);
    if (heading) {
      headings.push({ depth: heading[1].length, text: heading[2], line: index + 1 });
      continue;
    }
    if (trimmed.startsWith('|')) {
      const rows: string[][] = [];
      const start = index;
      for (; index < lines.length && lines[index].trim().startsWith('|'); index += 1) {
        const cells = lines[index]
          .trim()
          .replace(/^\||\|$/g, '')
          .split(/(?<!\\)\|/)
          .map((cell) => cell.trim());
        if (!cells.every((cell) => /^:?-+:?$/.test(cell))) rows.push(cells);
      }
      index -= 1;
      const marker = lastMarker && start - lastMarker.line <= 2 ? lastMarker.text : null;
      tables.push({ marker, rows, line: start + 1 });
      continue;
    }
    const operation = /^<ApiOperation\b(.*)$/.exec(trimmed);
    if (operation) {
      const level = /headingLevel=\{?"?(\d)/.exec(operation[1]);
      headings.push({ depth: level ? Number(level[1]) : 3, text: '(operation block)', line: index + 1 });
      continue;
    }
    if (/^(import|export)\s/.test(trimmed) || /^<\/?[A-Za-z][^>]*>?$/.test(trimmed) || /^\/?>$/.test(trimmed)) continue;
    prose.push(line);
  }
  return { file, source, codeBlocks, headings, prose: prose.join('\n'), tables };
}

/** Words of running text: inline code, links' targets and markup do not count. */
export function proseWords(page: DocsPage): number {
  const text = page.prose
    .replace(/`[^`]*`/g, ' code ')
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/<[^>]+>/g, ' ')
    .replace(/[*_#>[\]]/g, ' ');
  return text.split(/\s+/).filter((word) => /[A-Za-z0-9]/.test(word)).length;
}

export interface TextLine {
  readonly line: number;
  readonly text: string;
}

/**
 * Every line a reader sees as text: prose, headings and table rows, without front matter, imports,
 * exports and code blocks (Mermaid diagrams are code blocks; read them from `codeBlocks`).
 */
export function textLines(page: DocsPage): TextLine[] {
  const lines = page.source.split('\n');
  const result: TextLine[] = [];
  let index = lines[0] === '---' ? lines.indexOf('---', 1) + 1 : 0;
  for (; index < lines.length; index += 1) {
    const fence = FENCE.exec(lines[index]);
    if (fence) {
      const marker = fence[2];
      for (index += 1; index < lines.length && !lines[index].trim().startsWith(marker); index += 1);
      continue;
    }
    if (/^(import|export)\s/.test(lines[index].trim())) continue;
    result.push({ line: index + 1, text: lines[index] });
  }
  return result;
}
