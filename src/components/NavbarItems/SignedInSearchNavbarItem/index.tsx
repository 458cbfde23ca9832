import React, { type ReactNode } from 'react';
import clsx from 'clsx';
import SearchNavbarItem from '@theme/NavbarItem/SearchNavbarItem';
import { useAuth } from '@site/src/auth/AuthProvider';
import SearchBoxPlaceholder from '@site/src/components/SearchBoxPlaceholder';
import styles from './styles.module.css';

export interface Props {
  readonly mobile?: boolean;
  readonly className?: string;
}

/**
 * The search box, for signed-in visitors only (the index holds the whole documentation).
 * Anyone else gets an empty placeholder of the same size, so the navbar does not shift.
 */
export default function SignedInSearchNavbarItem(props: Props): ReactNode {
  const { status } = useAuth();
  if (status === 'authenticated')
    return <SearchNavbarItem {...props} className={clsx(props.className, styles.search)} />;
  if (props.mobile) return null;
  return <SearchBoxPlaceholder />;
}
