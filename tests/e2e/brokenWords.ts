import type { Page } from '@playwright/test';

/** A word the page draws on two lines or more, with the text around it. */
export interface BrokenWord {
  readonly word: string;
  /** The lines it is drawn on, joined with `|`: `{accou|ntNumber}`. */
  readonly drawn: string;
  /** The element whose lines the word is drawn on, as a short selector with its text's start: where to look. */
  readonly where: string;
}

/**
 * Runs in the page (self-contained: Playwright sends its source): every word of the visible text under `scope`
 * that is drawn on more than one line. A word is a run of letters, digits and underscores, joined by hyphens
 * or apostrophes (`X-Request-Id`, `PENDING_REPLACE`), with the brackets around it (`{accountNumber}`) and the
 * separators after it (`example.`, `accounts/`), so a path or URL may break only after a separator; an
 * opening bracket followed by spaces is a word with what follows it (no dangling `(`). Text is followed
 * across elements (`<code>`, `<wbr>`, a kept token's inline block, `data-keep-whole`) within a line box; a block, a table cell or a flex or grid
 * item starts a new run (a flex or grid item still joins an opening bracket before it). A word wider than the
 * block that holds it cannot fit and may break; SVG text, form controls and visually hidden text are skipped.
 */
function findBrokenWords(scope: string | null): BrokenWord[] {
  const roots = scope ? Array.from(document.querySelectorAll(scope)) : [document.body];
  const INLINE = new Set(['inline', 'contents', 'ruby', 'ruby-text']);
  const SKIPPED = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'TEXTAREA', 'SELECT', 'OPTION']);
  const styles = new Map<Element, CSSStyleDeclaration>();
  const style = (element: Element) => {
    let found = styles.get(element);
    if (!found) styles.set(element, (found = getComputedStyle(element)));
    return found;
  };
  const isItem = (element: Element) =>
    Boolean(element.parentElement && /(flex|grid)$/.test(style(element.parentElement).display));
  /** The element whose line boxes hold the element's text: its nearest ancestor-or-self that is not inline. */
  const lineBox = (element: Element): Element => {
    let current: Element = element;
    while (current.parentElement && (INLINE.has(style(current).display) || current.hasAttribute('data-keep-whole')))
      current = current.parentElement;
    return current;
  };
  /** The block whose width a line has: past table cells and flex and grid items, which may shrink to their words. */
  const lineWidths = new Map<Element, number>();
  const lineWidth = (element: Element): number => {
    const cached = lineWidths.get(element);
    if (cached !== undefined) return cached;
    let current: Element = lineBox(element);
    while (
      current.parentElement &&
      (/^table/.test(style(current).display) || ['TD', 'TH'].includes(current.tagName) || isItem(current))
    )
      current = current.parentElement;
    const { paddingLeft, paddingRight } = style(current);
    const width = current.clientWidth - parseFloat(paddingLeft) - parseFloat(paddingRight);
    lineWidths.set(element, width);
    return width;
  };
  /** Whether an element or one of its ancestors is visually hidden (clipped to a pixel, as screen-reader text is). */
  const clipped = new Map<Element, boolean>();
  const isClipped = (element: Element): boolean => {
    const cached = clipped.get(element);
    if (cached !== undefined) return cached;
    const own = style(element);
    const result =
      SKIPPED.has(element.tagName) ||
      (own.position === 'absolute' && (own.clip !== 'auto' || own.clipPath !== 'none')) ||
      (/(hidden|clip)/.test(own.overflow) && element.getBoundingClientRect().width <= 2) ||
      Boolean(element.parentElement && isClipped(element.parentElement));
    clipped.set(element, result);
    return result;
  };
  const isHidden = (element: Element): boolean => {
    let box = element;
    while (box.parentElement && style(box).display === 'contents') box = box.parentElement;
    return !box.checkVisibility({ visibilityProperty: true }) || isClipped(element);
  };

  // The visible text in runs: each run the text of one line box, as characters mapped to their text nodes.
  interface Run {
    text: string;
    nodes: { node: Text; start: number }[];
  }
  /** The flex or grid container of an item, or the line box itself: items of one container join with a space. */
  const group = (box: Element) => (isItem(box) ? box.parentElement! : box);
  const runs: Run[] = [];
  let run: Run = { text: '', nodes: [] };
  let lastBox: Element | null = null;
  const nodes = roots.flatMap((root) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
    const found: Node[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) found.push(node);
    return found;
  });
  for (const node of nodes) {
    if (node instanceof Element) {
      if (node.tagName === 'BR') run.text += '\n';
      continue;
    }
    const text = node as Text;
    const parent = text.parentElement;
    // Preformatted text (a code block) never wraps: its lines end where its text says.
    if (!parent || !text.data || isHidden(parent) || parent.closest('svg') || style(parent).whiteSpace === 'pre')
      continue;
    const box = lineBox(parent);
    if (box !== lastBox) {
      if (lastBox && group(box) === group(lastBox)) run.text += ' ';
      else {
        if (run.text) runs.push(run);
        run = { text: '', nodes: [] };
      }
    }
    run.nodes.push({ node: text, start: run.text.length });
    run.text += text.data;
    lastBox = box;
  }
  if (run.text) runs.push(run);

  const WORD =
    /[([{<]\s*(?=\S)|[([{<'"‘“]*[\p{L}\p{N}_]+(?:[-'’][\p{L}\p{N}_]+)*(?:[)\]}>'"’”]|[.,:;!?/&=#]+(?=\S))*/gu;
  const broken: BrokenWord[] = [];
  for (const { text, nodes } of runs) {
    const at = (offset: number) => {
      let index = nodes.length - 1;
      while (index > 0 && nodes[index].start > offset) index -= 1;
      return { node: nodes[index].node, offset: Math.min(offset - nodes[index].start, nodes[index].node.length) };
    };
    for (const match of text.matchAll(WORD)) {
      let word = match[0];
      let end = match.index + word.length;
      // An opening bracket and its spaces: measured with the first character after them.
      if (/^[([{<]\s*$/.test(word)) {
        word = text.slice(match.index, end + 1);
        end += 1;
      }
      if (word.length < 2) continue;
      const start = at(match.index);
      const last = at(end);
      const range = document.createRange();
      range.setStart(start.node, start.offset);
      range.setEnd(last.node, last.offset);
      const rects = Array.from(range.getClientRects()).filter((rect) => rect.width > 0 && rect.height > 0);
      if (rects.length < 2) continue;
      const lines: DOMRect[] = [];
      for (const rect of rects) {
        const line = lines.find((seen) => Math.abs(seen.top - rect.top) < Math.min(seen.height, rect.height) / 2);
        if (!line) lines.push(rect);
      }
      if (lines.length < 2) continue;
      // Inline code's padding and border take room on the line too.
      const code = start.node.parentElement!.closest('code');
      const frame = code
        ? ['paddingLeft', 'paddingRight', 'borderLeftWidth', 'borderRightWidth'].reduce(
            (sum, side) => sum + parseFloat(style(code)[side as 'paddingLeft']),
            0,
          )
        : 0;
      const wide = rects.reduce((sum, rect) => sum + rect.width, 0) + frame;
      if (wide > lineWidth(start.node.parentElement!) + 1) continue;
      // What is drawn on each line, by character.
      let drawn = '';
      let lastTop: number | null = null;
      for (let index = match.index; index < end; index += 1) {
        const character = at(index);
        const each = document.createRange();
        each.setStart(character.node, character.offset);
        each.setEnd(character.node, Math.min(character.offset + 1, character.node.length));
        const top = Array.from(each.getClientRects()).find((rect) => rect.width > 0)?.top;
        if (top !== undefined && lastTop !== null && Math.abs(top - lastTop) > 4) drawn += '|';
        if (top !== undefined) lastTop = top;
        drawn += text[index];
      }
      const box = lineBox(start.node.parentElement!);
      const where = `${box.tagName.toLowerCase()}${box.classList[0] ? `.${box.classList[0]}` : ''} "${(box.textContent ?? '').trim().slice(0, 60)}"`;
      broken.push({ word: word.replace(/\s+/g, ' '), drawn: drawn.replace(/\s+/g, ' '), where });
    }
  }
  return broken;
}

/** The words broken across lines on the open page (or under each element `scope` selects). */
export async function brokenWords(page: Page, scope: string | null = null): Promise<BrokenWord[]> {
  return page.evaluate(findBrokenWords, scope);
}
