import React, { type ComponentProps, type ReactNode } from 'react';
import styles from './styles.module.css';

export type Props = ComponentProps<'table'>;

/**
 * A Markdown table in a keyboard-focusable scroll container, so that a wide table can be scrolled
 * without a mouse (WCAG 2.1.1) on narrow screens.
 */
export default function ScrollableTable(props: Props): ReactNode {
  return (
    <div className={styles.scroller} role="region" aria-label="Table (scrolls sideways)" tabIndex={0}>
      <table {...props} />
    </div>
  );
}
