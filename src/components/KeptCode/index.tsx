import React, { Fragment, type ReactNode } from 'react';
import KeepWhole from '../KeepWhole';
import { keepWholePieces, type TextPiece } from '../KeepWhole/wordLengths';

export interface Props {
  /** The code, as text: typically a value from `src/facts` (a URL), which the keep-words plugin cannot see. */
  readonly children: string;
  readonly className?: string;
}

/** Pieces as text, kept tokens and line-break opportunities (`<wbr>`, which screen readers and copying ignore). */
export function keptPieces(pieces: readonly TextPiece[]): ReactNode[] {
  return pieces.map(({ text, keep, breakAfter, parts }, index) => (
    <Fragment key={index}>
      {keep ? <KeepWhole>{parts ? keptPieces(parts) : text}</KeepWhole> : text}
      {breakAfter ? <wbr /> : null}
    </Fragment>
  ));
}

/**
 * Inline code whose text is only known when the page renders, kept as `plugins/rehype-keep-words` keeps
 * code written in a table: a token of up to 40 characters whole, a longer one (a URL) wrapping only after
 * its separators. The text is unchanged.
 */
export default function KeptCode({ children, className }: Props): ReactNode {
  return <code className={className}>{keptPieces(keepWholePieces(children))}</code>;
}
