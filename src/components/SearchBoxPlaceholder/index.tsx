import React, { type ReactNode } from 'react';
import clsx from 'clsx';
import styles from './styles.module.css';

export interface Props {
  /** Inside the navbar's search container, which places it: no margin of its own. */
  readonly inSearchContainer?: boolean;
}

/**
 * An empty box with the search box's footprint, so the navbar does not move: where an anonymous visitor would have
 * the search box, and while the search box's own code is on its way.
 */
export default function SearchBoxPlaceholder({ inSearchContainer = false }: Props): ReactNode {
  return (
    <div
      className={clsx(styles.placeholder, inSearchContainer && styles.inSearchContainer)}
      data-testid="search-placeholder"
      aria-hidden="true"
    />
  );
}
