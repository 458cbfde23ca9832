import { keepWholePieces } from '../../../contracts/words/wordLengths';
import { changesText, keptNodes } from '../KeptText/keptNodes';

/** The parts of a result that hold text: its title, its place (breadcrumb) and its snippet. */
const RESULT_TEXT = 'article h2 a, article [class*="searchResultItemPath"], article [class*="searchResultItemSummary"]';

/** The first node each element was last rebuilt with: the element is not rebuilt again until it changes. */
const rebuilt = new WeakMap<Element, Node | null>();

interface Run {
  readonly text: string;
  readonly marked: boolean;
}

/** The element's text as runs, marked or not; undefined when it holds anything but text and `<mark>`s of text. */
function runsOf(element: Element): Run[] | undefined {
  const runs: Run[] = [];
  for (const node of Array.from(element.childNodes)) {
    if (node.nodeType === Node.TEXT_NODE) runs.push({ text: node.textContent ?? '', marked: false });
    else if (node instanceof HTMLElement && node.tagName === 'MARK' && node.children.length === 0)
      runs.push({ text: node.textContent ?? '', marked: true });
    else return undefined;
  }
  return runs;
}

/** The characters from `start` to `end` of the runs, each stretch as text or a `<mark>` as it was. */
function appendStretch(parent: Node, runs: readonly Run[], start: number, end: number): void {
  let offset = 0;
  for (const { text, marked } of runs) {
    const from = Math.max(start, offset);
    const to = Math.min(end, offset + text.length);
    offset += text.length;
    if (from >= to) continue;
    const slice = text.slice(from - (offset - text.length), to - (offset - text.length));
    if (!marked) {
      parent.appendChild(document.createTextNode(slice));
      continue;
    }
    const mark = document.createElement('mark');
    mark.textContent = slice;
    parent.appendChild(mark);
  }
}

/**
 * Keeps the words of one result's text whole, as the docs build keeps a page's text
 * (`plugins/rehype-keep-words`): a hyphenated word, a path segment or an identifier goes to the next line whole,
 * a long path wraps only after its separators. The plugin draws titles and snippets with marks around the query
 * and the place as plain text; the element is rebuilt from its text and marks (text only: nothing is parsed),
 * a kept token in a span with the query's marks inside it. Returns whether the element was rebuilt.
 */
export function keepResultWords(element: Element): boolean {
  if (rebuilt.has(element) && rebuilt.get(element) === element.firstChild) return false;
  const runs = runsOf(element);
  const text = runs?.map((run) => run.text).join('') ?? '';
  const pieces = keepWholePieces(text);
  if (!runs || !changesText(pieces, text)) {
    rebuilt.set(element, element.firstChild);
    return false;
  }
  const content = keptNodes(pieces, (parent, start, end) => appendStretch(parent, runs, start, end));
  element.replaceChildren(content);
  rebuilt.set(element, element.firstChild);
  return true;
}

/** Keeps the words of every result under `root` whole; returns how many texts were rebuilt. */
export function keepResultsWords(root: ParentNode): number {
  return Array.from(root.querySelectorAll(RESULT_TEXT)).filter(keepResultWords).length;
}
