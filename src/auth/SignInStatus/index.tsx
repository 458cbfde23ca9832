import React, { type ReactNode } from 'react';
import Link from '@docusaurus/Link';
import { SIGN_IN_FAILURES, type SignInFailure } from '../signInFailure';
import styles from './styles.module.css';

export interface Props {
  /**
   * `working`: checking or redirecting; `slow`: the same, taking too long; `failed`: cannot go on;
   * `signed-out`: the visitor signed out in another tab (the action is Log In).
   */
  readonly state: 'working' | 'slow' | 'failed' | 'signed-out';
  readonly message: string;
  readonly problem?: SignInFailure | null;
  /** Retry, or Log In when `signed-out`. */
  readonly onRetry: () => void;
}

/**
 * What a protected page shows instead of its content until the visitor is known. It is a
 * `role="main"` block rather than a `<main>` element: the prerendered page keeps its own (hidden)
 * `<main>`, and the search indexer reads the first `<main>` element of a page.
 */
export default function SignInStatus({ state, message, problem, onRetry }: Props): ReactNode {
  if (state === 'working') {
    return (
      <div role="main" className={styles.panel}>
        <div className={styles.spinner} aria-hidden="true" />
        <p role="status" className={styles.message}>
          {message}
        </p>
      </div>
    );
  }
  if (state === 'signed-out') {
    return (
      <div role="main" className={styles.panel}>
        <div role="status" className={styles.alert}>
          <h1 className={styles.title}>You signed out in another tab</h1>
          <p>Log in again to keep reading the documentation.</p>
        </div>
        <div className={styles.actions}>
          <button type="button" className="button button--primary" onClick={onRetry}>
            Log In
          </button>
          <Link className="button button--secondary" to="/">
            Go to the home page
          </Link>
        </div>
      </div>
    );
  }
  const text = problem ? SIGN_IN_FAILURES[problem.code] : null;
  return (
    <div role="main" className={styles.panel}>
      <div role="alert" className={styles.alert}>
        <h1 className={styles.title}>{state === 'slow' ? 'Sign-in is taking longer than expected' : text?.title}</h1>
        <p>{state === 'slow' ? message : text?.explanation}</p>
        {problem?.detail ? <p className={styles.detail}>Detail: {problem.detail}</p> : null}
      </div>
      <div className={styles.actions}>
        <button type="button" className="button button--primary" onClick={onRetry}>
          Retry
        </button>
        <Link className="button button--secondary" to="/">
          Go to the home page
        </Link>
      </div>
    </div>
  );
}
