import { useEffect, type RefObject } from 'react';
import { keepWholePieces } from '../../../contracts/words/wordLengths';
import { changesText, keptNodes } from '../KeptText/keptNodes';

/**
 * Text never kept: code samples (they scroll), text already kept (the descriptions' Markdown,
 * `plugins/api-reference/keptWords.ts`), and what is not drawn as text.
 */
const LEFT_AS_IS = 'pre, script, style, textarea, svg, [data-keep-whole]';

/**
 * Where no text is looked at: what is left as it is, and the descriptions' Markdown, which the build has kept
 * already (`plugins/api-reference/keptWords.ts`).
 */
const PRUNED = `${LEFT_AS_IS}, .redoc-markdown`;

/**
 * Text that may hold something to keep: a character a line could break at inside a token (between two
 * characters that are not spaces), or an opening bracket alone before a space. Most of what Redoc draws
 * ("string", "required", a field's name) has neither and is passed over without being split into pieces.
 */
const MAY_NEED_KEEPING = /\S[^\s\p{L}\p{N}\p{M}_]\S|(?:^|\s)[([{<]+\s+\S/u;

/** A run of adjacent text nodes Redoc drew (`(`, `1.1.0`, `)`), emptied, and the kept copy drawn after it. */
interface KeptRun {
  readonly members: readonly Text[];
  /** What each member held before it was emptied. */
  readonly texts: readonly string[];
  readonly drawn: readonly ChildNode[];
}

const runs = new WeakMap<Text, KeptRun>();
/** The text nodes this pass drew: never kept again. */
const drawnByPass = new WeakSet<Node>();

const isRedocText = (node: Node | null): node is Text => node instanceof Text && !drawnByPass.has(node);

/** What a member of a run reads as: its own text, or what it held before this pass emptied it. */
function textOf(member: Text): string {
  const run = runs.get(member);
  return run && member.data === '' ? run.texts[run.members.indexOf(member)] : member.data;
}

/** The adjacent text nodes Redoc drew that `text` is one of, in order. */
function runOf(text: Text): Text[] {
  let first = text;
  while (isRedocText(first.previousSibling)) first = first.previousSibling;
  const members = [first];
  for (let next = first.nextSibling; isRedocText(next); next = next.nextSibling) members.push(next);
  return members;
}

/** Removes a kept copy and gives its members back the text they held (unless React has written new text). */
function undraw(run: KeptRun): void {
  run.drawn.forEach((node) => node.remove());
  run.members.forEach((member, index) => {
    if (runs.get(member) !== run) return;
    runs.delete(member);
    if (member.data === '') member.data = run.texts[index];
  });
}

/**
 * Keeps the words of one run of text Redoc drew (an example value, a pattern, a length range, the contact block,
 * the title's version), as the docs build keeps a page's text: a UUID or a hyphenated word moves to the next line
 * whole, a URL or a query string wraps only after its separators. Redoc (React) owns the nodes, so they are left
 * where they are, emptied, with the kept copy after them; when React writes new text into one, adds one beside
 * them or removes one (`keepRedrawnText`), the copy is drawn again or goes. Returns whether the text was kept.
 */
export function keepTextWhole(node: Text): boolean {
  if (drawnByPass.has(node) || node.parentElement?.closest(LEFT_AS_IS)) return false;
  const members = runOf(node);
  const texts = members.map(textOf);
  const text = texts.join('');
  const pieces = keepWholePieces(text);
  const previous = new Set(members.map((member) => runs.get(member)).filter((run) => run !== undefined));
  const [only] = previous;
  const unchanged =
    previous.size === 1 &&
    only.members.length === members.length &&
    members.every((member, index) => only.members[index] === member && only.texts[index] === texts[index]);
  if (unchanged && only.drawn.every((drawnNode) => drawnNode.isConnected)) return false;
  if (!text.trim() || !changesText(pieces, text)) {
    previous.forEach(undraw);
    return false;
  }
  previous.forEach((run) => run.drawn.forEach((drawnNode) => drawnNode.remove()));
  const content = keptNodes(pieces, (parent, start, end) => {
    const piece = document.createTextNode(text.slice(start, end));
    drawnByPass.add(piece);
    parent.appendChild(piece);
  });
  const run: KeptRun = { members, texts, drawn: Array.from(content.childNodes) };
  members.at(-1)!.after(content);
  for (const member of members) {
    runs.set(member, run);
    member.data = '';
  }
  return true;
}

/**
 * Keeps the words of every run of text under `root`; returns how many were kept. The browser walks the text alone:
 * only text that may need keeping is asked whether it lies in something pruned (a filter called for every element
 * and text node Redoc draws cost more than the keeping).
 */
export function keepWordsUnder(root: Node): number {
  if (root.nodeType === Node.TEXT_NODE) return keepTextWhole(root as Text) ? 1 : 0;
  if (root instanceof Element && root.closest(PRUNED)) return 0;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const firsts = new Set<Text>();
  // Whether a text's element lies in something pruned, asked once per element (a code sample has many tokens).
  const pruned = new Map<Element, boolean>();
  const inPruned = (element: Element) => {
    let answer = pruned.get(element);
    if (answer === undefined) pruned.set(element, (answer = element.closest(PRUNED) !== null));
    return answer;
  };
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    if (!MAY_NEED_KEEPING.test(node.data) && !runs.has(node)) continue;
    if (!node.parentElement || inPruned(node.parentElement)) continue;
    firsts.add(runOf(node)[0]);
  }
  return [...firsts].filter(keepTextWhole).length;
}

/** Follows what React does to the text after it was kept: new text is kept again, a removed node's copy goes. */
export function keepRedrawnText(records: readonly MutationRecord[]): void {
  for (const record of records) {
    if (record.type === 'characterData') {
      const target = record.target as Text;
      // This pass's own writes: its copies, and the nodes it emptied.
      if (drawnByPass.has(target) || (runs.has(target) && target.data === '')) continue;
      if (target.isConnected) keepTextWhole(target);
      continue;
    }
    record.removedNodes.forEach((node) => {
      const run = runs.get(node as Text);
      if (!run) return;
      undraw(run);
      const stays = run.members.find((member) => member.isConnected);
      if (stays) keepTextWhole(stays);
    });
    record.addedNodes.forEach((node) => {
      if (!drawnByPass.has(node) && node.isConnected) keepWordsUnder(node);
    });
  }
}

/** Keeps the words of what Redoc draws under `container`, as it draws it (the reference is drawn in passes). */
export function useKeptReferenceWords(container: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const root = container.current;
    if (!root) return undefined;
    keepWordsUnder(root);
    const observer = new MutationObserver(keepRedrawnText);
    observer.observe(root, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [container]);
}
