import React, { type ComponentProps, type ReactNode } from 'react';
import clsx from 'clsx';
import { SCROLL_SHADOWS_CLASS } from '@site/src/css/scrollShadows';
import { columnLabels, STACK_FROM_COLUMNS, withColumnLabels } from './stackedCells';
import styles from './styles.module.css';

export type Props = ComponentProps<'table'>;

/**
 * A Markdown table in a keyboard-focusable scroll container, so that a wide table can be scrolled
 * without a mouse (WCAG 2.1.1), with shadows at the edges while more of it lies to the side. On a
 * phone, a table of two or more columns shows one card per row, each value under its column's name.
 */
export default function ScrollableTable({ children, className, ...props }: Props): ReactNode {
  const labels = columnLabels(children);
  const stacked = labels.length >= STACK_FROM_COLUMNS;
  return (
    <div
      className={clsx(styles.scroller, SCROLL_SHADOWS_CLASS)}
      role="region"
      aria-label="Table (scrolls sideways)"
      tabIndex={0}>
      <table {...props} className={clsx(className, stacked && styles.stacked)} {...(stacked ? { role: 'table' } : {})}>
        {stacked ? withColumnLabels(children, labels) : children}
      </table>
    </div>
  );
}
