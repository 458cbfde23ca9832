import React, { type ReactNode } from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import styles from './styles.module.css';

export interface Props {
  readonly method: string;
  /** The full path, base path included, e.g. `/v1/accounts/{accountNumber}`. */
  readonly path: string;
  readonly serverUrl: string;
  readonly summary: string;
  /** Space-separated OAuth scopes the operation requires. */
  readonly scopes: string;
  readonly referenceHref: string;
  readonly operationId: string;
}

/** The method, path, scopes and reference link of one operation, as the docs' operation blocks show it. */
export default function ApiEndpoint({
  method,
  path,
  serverUrl,
  summary,
  scopes,
  referenceHref,
  operationId,
}: Props): ReactNode {
  const scopeList = scopes.split(' ').filter(Boolean);
  return (
    <section className={styles.endpoint} aria-label={`Operation ${operationId}`}>
      <p className={styles.request}>
        <span className={clsx(styles.method, styles[method.toLowerCase()])}>{method}</span>
        <code className={styles.path}>{path}</code>
      </p>
      <dl className={styles.facts}>
        <dt>Operation</dt>
        <dd>
          {summary} (<code>{operationId}</code>)
        </dd>
        <dt>Sandbox base URL</dt>
        <dd>
          <code>{serverUrl}</code>
        </dd>
        <dt>{scopeList.length === 1 ? 'Scope' : 'Scopes'}</dt>
        <dd>{scopeList.length > 0 ? scopeList.map((scope) => <code key={scope}>{scope}</code>) : 'None'}</dd>
      </dl>
      <p className={styles.reference}>
        <Link to={referenceHref}>Open {operationId} in the API reference</Link>
      </p>
    </section>
  );
}
