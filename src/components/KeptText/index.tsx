import React, { Fragment, type ReactNode } from 'react';
import KeepWhole from '../KeepWhole';
import { keepWholePieces, type TextPiece } from '../../../contracts/words/wordLengths';
import keepWholeStyles from '../KeepWhole/styles.module.css';

/** Pieces as text, kept tokens and line-break opportunities (`<wbr>`, which screen readers and copying ignore). */
function keptPieces(pieces: readonly TextPiece[]): ReactNode[] {
  return pieces.map(({ text, keep, breakAfter }, index) => (
    <Fragment key={index}>
      {keep ? <KeepWhole>{text}</KeepWhole> : text}
      {breakAfter ? <wbr /> : null}
    </Fragment>
  ));
}

export interface Props {
  /** Text only known when the page renders (a page title from the theme), kept as the docs build keeps text. */
  readonly children: string;
}

/** Text with its tokens kept whole, as `plugins/rehype-keep-words` keeps the text of a docs page. */
export default function KeptText({ children }: Props): ReactNode {
  return <>{keptPieces(keepWholePieces(children))}</>;
}

/** The same as an element, for a prop that takes one. */
export const keptText = (text: string): ReactNode => <KeptText>{text}</KeptText>;

/** Characters that may stand in HTML text as they are, and the markup a kept token is wrapped in. */
const PLAIN_HTML_TEXT = /^[^&<>]*$/u;
const keptSpan = (inner: string) => `<span class="${keepWholeStyles.whole}" data-keep-whole="">${inner}</span>`;

function keptPiecesHtml(pieces: readonly TextPiece[]): string {
  return pieces
    .map(({ text, keep, breakAfter }) => `${keep ? keptSpan(text) : text}${breakAfter ? '<wbr>' : ''}`)
    .join('');
}

/**
 * The same for HTML the theme draws as markup (a heading in the table of contents, written by the site's
 * authors, never by a visitor): the text between tags kept, tags and text with entities left as they are.
 */
export function keptHtml(html: string): string {
  return html
    .split(/(<[^>]*>)/u)
    .map((part) => (part.startsWith('<') || !PLAIN_HTML_TEXT.test(part) ? part : keptPiecesHtml(keepWholePieces(part))))
    .join('');
}
