import React, { type ReactNode } from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import KeptText from '../KeptText';
import styles from './styles.module.css';

export interface Props {
  /** `added`: new in that release; `changed`: changed in it, in a way a client sees. */
  readonly kind: 'added' | 'changed';
  /** The release, `Trading API 1.4.0`. */
  readonly release: string;
  /** The release's entry in the changelog. */
  readonly href: string;
  readonly className?: string;
}

/** "New in Trading API 1.4.0" or "Changed in Trading API 1.4.0", linked to the release's changelog entry. */
export default function ChangeMark({ kind, release, href, className }: Props): ReactNode {
  return (
    <Link to={href} className={clsx(styles.mark, styles[kind], className)}>
      <KeptText>{`${kind === 'added' ? 'New in' : 'Changed in'} ${release}`}</KeptText>
    </Link>
  );
}
