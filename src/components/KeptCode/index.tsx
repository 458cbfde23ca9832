import React, { Fragment, type ReactNode } from 'react';
import KeepWhole from '../KeepWhole';
import { keepWholePieces } from '../KeepWhole/wordLengths';

export interface Props {
  /** The code, as text: typically a value from `src/facts` (a URL), which the keep-words plugin cannot see. */
  readonly children: string;
}

/**
 * Inline code whose text is only known when the page renders, kept as `plugins/rehype-keep-words` keeps
 * code written in a table: a token of up to 40 characters whole, a longer one (a URL) wrapping only after
 * its separators. The text is unchanged.
 */
export default function KeptCode({ children }: Props): ReactNode {
  return (
    <code>
      {keepWholePieces(children).map(({ text, keep, breakAfter }, index) => (
        <Fragment key={index}>
          {keep ? <KeepWhole>{text}</KeepWhole> : text}
          {breakAfter ? <wbr /> : null}
        </Fragment>
      ))}
    </code>
  );
}
