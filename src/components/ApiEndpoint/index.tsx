import React, { Fragment, lazy, Suspense, useState, type ReactNode } from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import useIsBrowser from '@docusaurus/useIsBrowser';
import ChangeMark from '../ChangeMark';
import KeptCode from '../KeptCode';
import { tryItAnchor } from '@site/contracts/tryIt/anchor';
import {
  decodeEnvironmentUrls,
  decodeScopeAlternatives,
  type ScopeAlternatives,
} from '../../../contracts/content/endpointFacts';
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
  /** The API version of the operation's description when not v1 (`v2`, on the v2 docs' pages of its API). */
  readonly apiVersion?: string;
  /** The last release that added or changed it in a way a client sees (plugins/remark-api-reference/changeMarks.ts). */
  readonly change?: 'added' | 'changed';
  /** That release, `Trading API 1.4.0`. */
  readonly changeRelease?: string;
  /** That release's changelog entry. */
  readonly changeHref?: string;
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

const codes = (scopes: readonly string[]): ReactNode[] =>
  scopes.map((scope) => <KeptCode key={scope}>{scope}</KeptCode>);

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

// Its code (and the operation's checks) downloads when a reader first opens it: docs pages load nothing more.
const TryItPanel = lazy(() => import('../TryIt'));

/** The Try it button and, once opened, the panel; opened at once when the address names its anchor. */
function TryIt({ operationId, apiVersion }: { readonly operationId: string; readonly apiVersion?: string }): ReactNode {
  const anchor = tryItAnchor(operationId);
  const linked = useIsBrowser() && window.location.hash === `#${anchor}`;
  // Null until the reader first uses the button; from then on the panel stays mounted when closed, keeping
  // what the reader typed.
  const [toggled, setToggled] = useState<boolean | null>(null);
  const open = toggled ?? linked;
  return (
    <div id={anchor} className={styles.tryIt}>
      <button
        type="button"
        className="button button--sm button--outline button--primary"
        aria-expanded={open}
        aria-controls={`${anchor}-panel`}
        onClick={() => setToggled(!open)}>
        Try it
      </button>
      <div id={`${anchor}-panel`} hidden={!open}>
        {(open || toggled !== null) && (
          <Suspense fallback={<p role="status">Loading the request form…</p>}>
            <TryItPanel operationId={operationId} apiVersion={apiVersion} />
          </Suspense>
        )}
      </div>
    </div>
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
  apiVersion,
  change,
  changeRelease,
  changeHref,
}: Props): ReactNode {
  const alternatives = decodeScopeAlternatives(security);
  const scopeCount = new Set(alternatives.flat()).size;
  return (
    <section className={styles.endpoint} aria-label={`Operation ${operationId}`}>
      <p className={styles.request}>
        <span className={clsx(styles.method, styles[method.toLowerCase()])}>{method}</span>
        <KeptCode className={styles.path}>{path}</KeptCode>
      </p>
      <dl className={styles.facts}>
        <dt>Operation</dt>
        <dd>
          {summary} (<KeptCode>{operationId}</KeptCode>)
        </dd>
        {decodeEnvironmentUrls(urls).map(({ environment, url }) => (
          <Fragment key={environment}>
            <dt>{environment} URL</dt>
            <dd>
              <KeptCode>{url}</KeptCode>
            </dd>
          </Fragment>
        ))}
        <dt>{scopeCount === 1 ? 'Scope' : 'Scopes'}</dt>
        <dd>
          <Scopes alternatives={alternatives} />
        </dd>
        {change && changeRelease && changeHref ? (
          <>
            <dt>History</dt>
            <dd>
              <ChangeMark kind={change} release={changeRelease} href={changeHref} />
            </dd>
          </>
        ) : null}
      </dl>
      <p className={styles.reference}>
        <Link to={referenceHref}>Open {operationId} in the API reference</Link>
      </p>
      <TryIt operationId={operationId} apiVersion={apiVersion} />
    </section>
  );
}
