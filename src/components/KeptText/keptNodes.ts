import type { TextPiece } from '../../../contracts/words/wordLengths';
import keepWholeStyles from '../KeepWhole/styles.module.css';

/**
 * Pieces as DOM nodes, for text the site keeps after it is drawn (the search results, what Redoc draws): a kept
 * token in an inline block marked `data-keep-whole`, a `<wbr>` where a path may wrap. `fill` writes the characters
 * from `start` to `end` of the text into a parent (as text, or text with the marks it had).
 */
export function keptNodes(
  pieces: readonly TextPiece[],
  fill: (parent: Node, start: number, end: number) => void,
): DocumentFragment {
  const content = document.createDocumentFragment();
  let offset = 0;
  for (const { text, keep, breakAfter } of pieces) {
    let parent: Node = content;
    if (keep) {
      const span = document.createElement('span');
      span.className = keepWholeStyles.whole;
      span.setAttribute('data-keep-whole', '');
      content.appendChild(span);
      parent = span;
    }
    fill(parent, offset, offset + text.length);
    offset += text.length;
    if (breakAfter) content.appendChild(document.createElement('wbr'));
  }
  return content;
}

/** Whether the pieces change how the text is drawn (something kept or a break opportunity) and still spell it. */
export const changesText = (pieces: readonly TextPiece[], text: string): boolean =>
  pieces.some((piece) => piece.keep || piece.breakAfter) && pieces.map((piece) => piece.text).join('') === text;
