import React, { Fragment, type ReactNode } from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import { decodeEnvironmentUrls, decodeScopeAlternatives, type ScopeAlternatives } from './endpointFacts';
import styles from './styles.module.css';

export interface Props {
  readonly method: string;
  /** The path relative to the server's base URL, e.g. `/accounts/{accountNumber}`. */
  readonly path: string;
  /** The whole URL in each environment, as `encodeEnvironmentUrls` writes it. */
  readonly urls: string;
  readonly summary: string;
  /** The security requirements, as `encodeScopeAlternatives` writes them. */
  readonly security: string;
  readonly referenceHref: string;
  readonly operationId: string;
}

/** `a`, `a and b`, `a, b and c`. */
function joined(items: readonly ReactNode[], word: 'and' | 'or'): ReactNode {
  return items.map((item, index) => (
    <Fragment key={index}>
      {index === 0 ? '' : index === items.length - 1 ? ` ${word} ` : ', '}
      {item}
    </Fragment>
  ));
}

const codes = (scopes: readonly string[]): ReactNode[] => scopes.map((scope) => <code key={scope}>{scope}</code>);

/** The scopes a token needs: all those of the one requirement, or those of any one of the alternatives. */
function Scopes({ alternatives }: { readonly alternatives: ScopeAlternatives }): ReactNode {
  // A requirement without scopes means any token is enough.
  if (alternatives.length === 0 || alternatives.some((scopes) => scopes.length === 0)) return 'None';
  if (alternatives.length === 1) return <span>{joined(codes(alternatives[0]), 'and')}</span>;
  const choices = alternatives.map((scopes) =>
    scopes.length > 1 ? <>all of {joined(codes(scopes), 'and')}</> : codes(scopes),
  );
  return (
    <span>
      {alternatives.length === 2 ? (
        <>Either {joined(choices, 'or')}: one is enough.</>
      ) : (
        <>Any one of {joined(choices, 'or')}.</>
      )}
    </span>
  );
}

/** The method, path, whole URLs, scopes and reference link of one operation, as the docs' operation blocks show it. */
export default function ApiEndpoint({
  method,
  path,
  urls,
  summary,
  security,
  referenceHref,
  operationId,
}: Props): ReactNode {
  const alternatives = decodeScopeAlternatives(security);
  const scopeCount = new Set(alternatives.flat()).size;
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
        {decodeEnvironmentUrls(urls).map(({ environment, url }) => (
          <Fragment key={environment}>
            <dt>{environment} URL</dt>
            <dd>
              <code>{url}</code>
            </dd>
          </Fragment>
        ))}
        <dt>{scopeCount === 1 ? 'Scope' : 'Scopes'}</dt>
        <dd>
          <Scopes alternatives={alternatives} />
        </dd>
      </dl>
      <p className={styles.reference}>
        <Link to={referenceHref}>Open {operationId} in the API reference</Link>
      </p>
    </section>
  );
}
