import React, { Children, isValidElement, type ReactNode } from 'react';
import clsx from 'clsx';
import styles from './styles.module.css';

export interface Props {
  /** One token, as `plugins/rehype-keep-words` wraps it. */
  readonly children?: ReactNode;
}

/** Whether a token holds a line-break opportunity (`<wbr>`) of its own, after a separator. */
function hasBreak(node: ReactNode): boolean {
  return Children.toArray(node).some(
    (part) =>
      isValidElement<{ children?: ReactNode }>(part) &&
      part.type !== KeepWhole &&
      (part.type === 'wbr' || hasBreak(part.props.children)),
  );
}

/**
 * A token that is not broken across lines: a hyphenated word, an identifier, a short pattern. One longer
 * than `PHONE_WORD_LENGTH` with separators (`TextPiece.parts`) is let go on a phone, where a line may be
 * narrower than it: it then wraps only at the `<wbr>` after its separators, its pieces kept whole.
 */
export default function KeepWhole({ children }: Props): ReactNode {
  return <span className={clsx(styles.whole, hasBreak(children) && styles.wide)}>{children}</span>;
}
