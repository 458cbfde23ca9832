/**
 * What a built page loads and runs: its `<script>` and `<link>` tags. A small scanner for the
 * minified HTML Docusaurus writes (unquoted attributes included), not a general HTML parser.
 */

export interface ScriptTag {
  readonly attributes: Readonly<Record<string, string>>;
  /** The text between the tags, exactly as written (what a CSP hash covers). */
  readonly text: string;
}

export interface HtmlScan {
  readonly scripts: readonly ScriptTag[];
  /** Every `<link>` tag's attributes. */
  readonly links: readonly Readonly<Record<string, string>>[];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) ? String.fromCodePoint(code) : entity;
    }
    return ENTITIES[name.toLowerCase()] ?? entity;
  });
}

/** Reads a tag's attributes from `start` (just after its name) to its `>`; returns them and the index after `>`. */
function readAttributes(html: string, start: number): { attributes: Record<string, string>; end: number } {
  const attributes: Record<string, string> = {};
  const pattern = /\s*(?:(\/?>)|([^\s"'/<=>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?|\/)/y;
  let position = start;
  while (position < html.length) {
    pattern.lastIndex = position;
    const match = pattern.exec(html);
    // A stray character (a lone quote, `<`, `=`) is skipped, as the browser skips it.
    position = match ? pattern.lastIndex : position + 1;
    if (!match) continue;
    if (match[1]) return { attributes, end: position };
    if (match[2]) {
      const name = match[2].toLowerCase();
      if (!(name in attributes)) attributes[name] = decodeEntities(match[3] ?? match[4] ?? match[5] ?? '');
    }
  }
  return { attributes, end: html.length };
}

/** The page's scripts (inline and external) and links, in document order. Comments are skipped. */
export function scanHtml(html: string): HtmlScan {
  const scripts: ScriptTag[] = [];
  const links: Record<string, string>[] = [];
  const tag = /<!--[\s\S]*?(?:-->|$)|<(script|link)(?=[\s/>])/gi;
  let match: RegExpExecArray | null;
  while ((match = tag.exec(html))) {
    if (!match[1]) continue;
    const { attributes, end } = readAttributes(html, tag.lastIndex);
    if (match[1].toLowerCase() === 'link') {
      links.push(attributes);
      tag.lastIndex = end;
      continue;
    }
    const close = /<\/script[\s/>]/gi;
    close.lastIndex = end;
    const closing = close.exec(html);
    const textEnd = closing ? closing.index : html.length;
    scripts.push({ attributes, text: html.slice(end, textEnd) });
    tag.lastIndex = textEnd;
  }
  return { scripts, links };
}

const JAVASCRIPT_TYPES = /^(?:module|(?:text|application)\/(?:x-)?(?:java|ecma)script)$/i;

/**
 * Whether the browser runs this inline script, so that a Content-Security-Policy must allow it. Data
 * blocks (`application/ld+json`, the breadcrumbs of every docs page) are never run and need no hash.
 */
export function isRunnableInlineScript({ attributes }: ScriptTag): boolean {
  if ('src' in attributes) return false;
  const type = (attributes.type ?? '').trim();
  return type === '' || JAVASCRIPT_TYPES.test(type);
}

/** The tag that keeps a page out of search engines. */
export const NOINDEX_META = '<meta name="robots" content="noindex, nofollow">';

/**
 * `html` with `NOINDEX_META` as the first element of its head, unless it has a robots meta already.
 * Written into the prerendered file rather than through React's `<Head>`: a head tag that exists only
 * on protected pages makes react-helmet rewrite the head's links while hydrating, and Chromium then asks
 * for a `/favicon.ico` the site does not have.
 */
export function withNoindex(html: string): string {
  if (/<meta\s[^>]*name=["']?robots["']?/i.test(html)) return html;
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (!head) throw new Error('protected-content: a page has no <head> to mark noindex');
  const end = head.index + head[0].length;
  return `${html.slice(0, end)}${NOINDEX_META}${html.slice(end)}`;
}
