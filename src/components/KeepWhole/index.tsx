import React, { type ReactNode } from 'react';
import clsx from 'clsx';
import styles from './styles.module.css';

export interface Props {
  /** One token, as `plugins/rehype-keep-words` wraps it: text, or its pieces with `<wbr>` after separators. */
  readonly children?: ReactNode;
  /**
   * An inline element (code, a link) holding a kept token, with the brackets and punctuation that touch it:
   * no line breaks between them, while the element's own text still wraps where it may.
   */
  readonly together?: boolean;
}

/**
 * A token that is not broken across lines: a hyphenated word, an identifier, a pattern, a short path. It is an
 * inline block, so the browser moves it to the next line whole rather than break it; only a token wider than
 * the whole line wraps, and then at the `<wbr>` after its separators. In a table cell it does not wrap at all,
 * so that the column is as wide as it (the table scrolls if it must). `data-keep-whole` names it to the
 * browser tests' word check.
 */
export default function KeepWhole({ children, together = false }: Props): ReactNode {
  return (
    <span className={clsx(styles.whole, together && styles.together)} data-keep-whole="">
      {children}
    </span>
  );
}
