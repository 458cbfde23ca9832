/**
 * The shape of our docs (per page: prose words, headings, table rows, code-block lines, bytes) and a
 * deterministic generator of plain Markdown pages of the same shape, for the "same content, no
 * features" template. Components (<ApiOperation> …) are counted as the source text they are, not as
 * what they expand to at build time.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Every .md/.mdx file under `dir`, sorted, so the statistics and the pages come out the same every time. */
export function listDocs(dir) {
  const files = [];
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.mdx?$/.test(entry.name)) files.push(path);
    }
  };
  walk(dir);
  return files;
}

const words = (text) => text.split(/\s+/).filter((word) => /\w/.test(word)).length;

/** The shape of one page's source. */
export function pageShape(source) {
  const body = source.replace(/^---\n[\s\S]*?\n---\n/, '');
  const shape = { bytes: Buffer.byteLength(source), proseWords: 0, h2: 0, h3: 0, tables: 0, tableRows: 0 };
  shape.codeBlocks = [];
  let fence = null;
  let inTable = false;
  for (const line of body.split('\n')) {
    if (fence !== null) {
      if (line.trim().startsWith('```')) {
        shape.codeBlocks.push(fence);
        fence = null;
      } else fence += 1;
      continue;
    }
    if (line.trim().startsWith('```')) {
      fence = 0;
      continue;
    }
    const isRow = line.trim().startsWith('|');
    if (isRow && !inTable) shape.tables += 1;
    inTable = isRow;
    if (isRow) {
      if (!/^\|[\s:|-]+\|$/.test(line.trim())) shape.tableRows += 1;
    } else if (line.startsWith('### ')) shape.h3 += 1;
    else if (line.startsWith('## ')) shape.h2 += 1;
    else shape.proseWords += words(line.replace(/<[^>]*>/g, ' '));
  }
  return shape;
}

/** Statistics of every page under `dir`: the per-page shapes and their totals. */
export function docsStatistics(dir) {
  const pages = listDocs(dir).map((file) => ({ file: relative(dir, file), ...pageShape(readFileSync(file, 'utf8')) }));
  const sum = (pick) => pages.reduce((total, page) => total + pick(page), 0);
  return {
    pages,
    totals: {
      pages: pages.length,
      bytes: sum((page) => page.bytes),
      proseWords: sum((page) => page.proseWords),
      headings: sum((page) => page.h2 + page.h3),
      tableRows: sum((page) => page.tableRows),
      codeBlocks: sum((page) => page.codeBlocks.length),
      codeLines: sum((page) => page.codeBlocks.reduce((a, b) => a + b, 0)),
    },
  };
}

/** A small seeded generator (mulberry32), so the pages are the same on every machine. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const VOCABULARY = (
  'account order balance settlement cash position trade market price limit quantity request response ' +
  'field value status customer document record token scope endpoint client server error retry amount ' +
  'currency date time report the a an of to and in for with on is are you your when each every this that ' +
  'it be can must may after before returns sends reads writes changes shows lists uses calls identifier ' +
  'beneficiary idempotency onboarding instruction reconciliation authorization application transaction ' +
  'available unsettled information operation parameter description brokerage custodial'
).split(' ');

function sentence(next, count) {
  const picked = Array.from({ length: count }, () => VOCABULARY[Math.floor(next() * VOCABULARY.length)]);
  picked[0] = picked[0][0].toUpperCase() + picked[0].slice(1);
  return `${picked.join(' ')}.`;
}

function prose(next, wordCount) {
  const sentences = [];
  let left = wordCount;
  while (left > 0) {
    const length = Math.min(left, 8 + Math.floor(next() * 12));
    sentences.push(sentence(next, length));
    left -= length;
  }
  return sentences.join(' ');
}

/** One plain Markdown page of the given shape (no components, no links, no front-matter features). */
export function generatePage(shape, index) {
  const next = random(index + 1);
  const headings = [...Array(shape.h2).fill('##'), ...Array(shape.h3).fill('###')];
  // An h3 must follow an h2: put every h3 after the first h2.
  if (shape.h2 === 0 && shape.h3 > 0) headings[0] = '##';
  const sections = Math.max(1, headings.length);
  const blocks = [];
  const share = (total, parts, part) => Math.floor((total * (part + 1)) / parts) - Math.floor((total * part) / parts);
  const perSection = (total, section) => share(total, sections, section);
  let table = 0;
  let code = 0;
  for (let section = 0; section < sections; section += 1) {
    if (headings[section]) blocks.push(`${headings[section]} ${sentence(next, 3).slice(0, -1)} ${section + 1}`);
    const wordsHere = perSection(shape.proseWords, section);
    if (wordsHere > 0) blocks.push(prose(next, wordsHere));
    const tablesHere = perSection(shape.tables, section);
    for (let t = 0; t < tablesHere; t += 1, table += 1) {
      // tableRows counts each table's header row too.
      const rows = share(Math.max(shape.tableRows - shape.tables, 0), shape.tables, table);
      const lines = ['| Name | Type | Description |', '| --- | --- | --- |'];
      for (let row = 0; row < rows; row += 1)
        lines.push(`| \`field${row}\` | string | ${sentence(next, 6 + Math.floor(next() * 8))} |`);
      blocks.push(lines.join('\n'));
    }
    const codeHere = perSection(shape.codeBlocks.length, section);
    for (let c = 0; c < codeHere; c += 1, code += 1) {
      const lines = Array.from({ length: shape.codeBlocks[code] }, (_, line) => {
        const key = VOCABULARY[Math.floor(next() * VOCABULARY.length)];
        return `${key}${line}: ${sentence(next, 2 + Math.floor(next() * 4)).slice(0, -1)}`;
      });
      blocks.push(['```yaml', ...lines, '```'].join('\n'));
    }
  }
  const title = index === 0 ? 'Introduction' : `Generated page ${index}`;
  return `---\ntitle: ${title}\nsidebar_position: ${index + 1}\n---\n\n${blocks.join('\n\n')}\n`;
}

/** The generated pages: [{ file, content }], the first one named intro.md (the template's home page links to it). */
export function generatePages(statistics) {
  return statistics.pages.map((shape, index) => ({
    file: index === 0 ? 'intro.md' : `page-${String(index).padStart(3, '0')}.md`,
    content: generatePage(shape, index),
  }));
}
