import React, { type ReactNode } from 'react';
import KeptCode from '../../KeptCode';
import type { Result } from '../useSendRequest';
import shared from '../shared.module.css';
import styles from './styles.module.css';

export interface Props {
  readonly result: Result;
}

/**
 * The last response: where the request went, its status and time, whether it matches the description (or the
 * site's proxy refused it), its headers (folded) and its body.
 */
export default function ResponseView({ result }: Props): ReactNode {
  return (
    <section className={styles.result} aria-label="Response" data-send={result.sequence}>
      <dl className={styles.facts}>
        <dt>Sent to</dt>
        <dd>
          {result.target.label}: <code>{result.request.method}</code> <KeptCode>{result.request.url}</KeptCode>
        </dd>
        <dt>Status</dt>
        <dd>
          <strong>{result.status}</strong> {result.statusText}
        </dd>
        <dt>Time</dt>
        <dd>{result.ms} ms</dd>
      </dl>
      {result.proxyMessage && <p className={shared.problem}>The site’s proxy: {result.proxyMessage}</p>}
      {!result.proxyMessage &&
        (result.problems.length === 0 ? (
          <p>The response matches the description of this operation.</p>
        ) : (
          <div className={shared.problems}>
            <p>The response differs from the description:</p>
            <ul>
              {result.problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          </div>
        ))}
      <details>
        <summary>Response headers ({result.headers.length})</summary>
        <dl className={styles.headers}>
          {result.headers.map(([name, value]) => (
            <React.Fragment key={name}>
              <dt>{name}</dt>
              <dd>
                <KeptCode>{value}</KeptCode>
              </dd>
            </React.Fragment>
          ))}
        </dl>
      </details>
      <pre className={shared.output} tabIndex={0} aria-label="Response body">
        {result.body}
      </pre>
    </section>
  );
}
