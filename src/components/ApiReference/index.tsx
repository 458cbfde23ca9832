import React, { lazy, Suspense, type ReactNode } from 'react';
import clsx from 'clsx';
import BrowserOnly from '@docusaurus/BrowserOnly';
import Link from '@docusaurus/Link';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import Layout from '@theme/Layout';
import ApiDownloads, { type Download } from '@site/src/components/ApiDownloads';
import { operationAnchor, REFERENCE_UNINDEXED_CLASS } from '@site/config/apiReference';
import { operationIndex } from './operationIndex';
import styles from './styles.module.css';

export interface Props {
  readonly description: {
    readonly info: { readonly title: string; readonly description?: string };
    readonly paths?: Record<string, Record<string, { operationId?: string; summary?: string }>>;
  };
  /** The description's files, written into the build by the reference plugin. */
  readonly downloads?: readonly Download[];
  /** The first paragraph of the description's introduction, as text (the reference plugin's `introduction.ts`). */
  readonly introduction?: string;
  /**
   * The page's name in its title, when it is not the description's: a later version's preview (`Trading API v2
   * (preview)`). The heading stays the description's title, as Redoc shows it (with the version) once loaded.
   */
  readonly title?: string;
  /** Which API version the page documents, beside the others (the reference plugin's `versionNoteOf`). */
  readonly versionNote?: {
    readonly text: string;
    readonly links: readonly { readonly label: string; readonly href: string }[];
  };
}

// Redoc is large: it loads only on the reference pages, in the browser.
const RedocView = lazy(() => import('./RedocView'));

/**
 * What the page shows before Redoc has loaded, and what the prerendered HTML holds: the introduction's
 * first paragraph (the page's main text at first paint, which Redoc then shows in full) and every
 * operation, each with the anchor Redoc gives it, so that links from the docs pages resolve in the static
 * files too.
 */
function OperationIndex({ description, introduction }: Props): ReactNode {
  const operations = operationIndex(description);
  const brokenLinks = useBrokenLinks();
  return (
    <div className={styles.index}>
      {/* Redoc shows the title (with the version) once it has loaded. */}
      <h1 className={REFERENCE_UNINDEXED_CLASS}>{description.info.title} reference</h1>
      <p role="status" className={REFERENCE_UNINDEXED_CLASS}>
        Loading the interactive reference…
      </p>
      {introduction && <p className={clsx(styles.introduction, REFERENCE_UNINDEXED_CLASS)}>{introduction}</p>}
      <h2>Operations</h2>
      <ul>
        {operations.map((operation) => {
          brokenLinks.collectAnchor(operationAnchor(operation.operationId));
          return (
            <li key={operation.operationId} id={operationAnchor(operation.operationId)}>
              <code>
                {operation.method} {operation.path}
              </code>{' '}
              {operation.summary}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** An interactive API reference rendered by Redoc from one OpenAPI description. */
export default function ApiReference({
  description,
  downloads = [],
  introduction,
  title = description.info.title,
  versionNote,
}: Props): ReactNode {
  const fallback = <OperationIndex description={description} introduction={introduction} />;
  return (
    // No meta description: the search index would list it as a second result that restates the title.
    <Layout title={`${title} reference`}>
      <main className={styles.reference}>
        {versionNote && (
          <p className={clsx('alert alert--info', styles.versionNote, REFERENCE_UNINDEXED_CLASS)}>
            {versionNote.text}{' '}
            {versionNote.links.map((link, index) => (
              <React.Fragment key={link.href}>
                {index > 0 && ' · '}
                <Link to={link.href}>{link.label}</Link>
              </React.Fragment>
            ))}
          </p>
        )}
        <ApiDownloads title={title} downloads={downloads} className={REFERENCE_UNINDEXED_CLASS} />
        <BrowserOnly fallback={fallback}>
          {() => (
            <Suspense fallback={fallback}>
              <RedocView description={description} fallback={fallback} />
            </Suspense>
          )}
        </BrowserOnly>
      </main>
    </Layout>
  );
}
