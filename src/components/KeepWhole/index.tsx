import React, { isValidElement, type ReactNode } from 'react';
import clsx from 'clsx';
import styles from './styles.module.css';
import { PHONE_WORD_LENGTH } from './wordLengths';

export interface Props {
  /** One token, as `plugins/rehype-keep-words` wraps it. */
  readonly children?: ReactNode;
}

/** The length of a token, given as text or as an element (inline code) around its text. */
function textLength(node: ReactNode): number {
  if (typeof node === 'string') return node.length;
  if (isValidElement<{ children?: ReactNode }>(node)) return textLength(node.props.children);
  return Infinity;
}

/**
 * A token that is not broken across lines: a hyphenated word, an identifier, a short pattern. One longer
 * than `PHONE_WORD_LENGTH` may break on a phone, where a card's value is narrower than it.
 */
export default function KeepWhole({ children }: Props): ReactNode {
  const length = textLength(children);
  return <span className={clsx(styles.whole, length > PHONE_WORD_LENGTH && styles.wide)}>{children}</span>;
}
