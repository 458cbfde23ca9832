// @ts-check
/**
 * The headings of a page's Markdown (as plugins/page-markdown writes it) and the section under one of them, found
 * by the anchor the page's HTML gives that heading.
 */

/**
 * A heading's anchor as Docusaurus writes it (github-slugger): lower case, punctuation dropped, each space a hyphen;
 * a repeated anchor gets `-1`, `-2`, … in page order.
 * @param {string} text the heading's text, Markdown marks included
 */
export function headingSlug(text) {
  return text
    .replace(/`([^`]*)`/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .toLowerCase()
    .trim()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/**
 * @typedef {{ level: number, text: string, anchor: string, line: number }} Heading
 */

/**
 * The ATX headings of a Markdown text (not those in fenced code), with their anchors.
 * @param {string} markdown
 * @returns {Heading[]}
 */
export function markdownHeadings(markdown) {
  /** @type {Heading[]} */
  const headings = [];
  /** @type {Map<string, number>} */
  const seen = new Map();
  let fence = '';
  for (const [line, content] of markdown.split('\n').entries()) {
    const fenceMark = /^\s*(`{3,}|~{3,})/.exec(content);
    if (fenceMark) {
      if (!fence) fence = fenceMark[1];
      else if (fenceMark[1].startsWith(fence)) fence = '';
      continue;
    }
    if (fence) continue;
    const heading = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(content);
    if (!heading) continue;
    const base = headingSlug(heading[2]);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    headings.push({
      level: heading[1].length,
      text: heading[2],
      anchor: count === 0 ? base : `${base}-${count}`,
      line,
    });
  }
  return headings;
}

/**
 * The section of `markdown` under the heading with `anchor` (to the next heading of its level or above), or
 * undefined when no heading has it.
 * @param {string} markdown
 * @param {string} anchor with or without its `#`
 */
export function markdownSection(markdown, anchor) {
  const wanted = anchor.replace(/^#/, '');
  const headings = markdownHeadings(markdown);
  const index = headings.findIndex((heading) => heading.anchor === wanted);
  if (index === -1) return undefined;
  const heading = headings[index];
  const next = headings.slice(index + 1).find((candidate) => candidate.level <= heading.level);
  const lines = markdown.split('\n');
  return lines
    .slice(heading.line, next ? next.line : lines.length)
    .join('\n')
    .trimEnd();
}
