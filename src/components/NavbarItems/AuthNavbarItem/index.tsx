import React, { useState, type ReactNode } from 'react';
import clsx from 'clsx';
import { useAuth } from '@site/src/auth/AuthProvider';
import styles from './styles.module.css';

export interface Props {
  readonly mobile?: boolean;
  readonly className?: string;
}

/** Log In when anonymous, the visitor's name and Log Out when signed in. */
export default function AuthNavbarItem({ mobile = false, className }: Props): ReactNode {
  const { status, user, signIn, signOut } = useAuth();
  const [busy, setBusy] = useState(false);

  const run = (action: () => Promise<void>) => {
    setBusy(true);
    action().catch(() => setBusy(false));
  };

  const signedIn = status === 'authenticated';
  // Until the state is known, keep the item's place without guessing.
  const label = ['unknown', 'signing-in', 'signing-out'].includes(status) ? null : signedIn ? 'Log Out' : 'Log In';
  const button = label ? (
    <button
      type="button"
      className={clsx(
        mobile ? clsx('menu__link', styles.menuButton) : clsx('button button--sm', styles.button),
        className,
      )}
      disabled={busy}
      onClick={() => run(signedIn ? signOut : () => signIn())}>
      {label}
    </button>
  ) : (
    <span className={clsx(styles.button, styles.pending)} aria-hidden="true" />
  );

  if (mobile) {
    return (
      <li className="menu__list-item">
        {signedIn && user ? (
          <span className={clsx('menu__link', styles.user, styles.menuUser)} title={user.email}>
            Signed in as {user.name}
          </span>
        ) : null}
        {button}
      </li>
    );
  }
  return (
    <div className={clsx('navbar__item', styles.item)}>
      {signedIn && user ? (
        <span className={styles.user} title={user.email}>
          {user.name}
        </span>
      ) : null}
      {button}
    </div>
  );
}
