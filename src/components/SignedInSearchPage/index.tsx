import React, { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from '@docusaurus/router';
import useIsBrowser from '@docusaurus/useIsBrowser';
import { PageMetadata } from '@docusaurus/theme-common';
import Layout from '@theme/Layout';
import { useAuth } from '@site/src/auth/AuthProvider';
import { searchPageTitle, searchQueryOf } from './searchPageTitle';
import styles from './styles.module.css';
import { tidyResults } from './tidyResults';
import { keepResultsWords } from './keptResultWords';
import { wholeWordMarks } from './wholeWordMarks';

export interface Props {
  /** The search page itself, rendered only for a signed-in visitor (it downloads the index). */
  readonly children: ReactNode;
}

function Message({ query }: { readonly query: string }): ReactNode {
  const { status, signIn, retry } = useAuth();
  if (status === 'unknown' || status === 'signing-out') {
    return (
      <p role="status" className={styles.status}>
        Checking your sign-in…
      </p>
    );
  }
  if (status === 'unavailable') {
    return (
      <div role="alert">
        <p>Search needs sign-in, and the sign-in service cannot be reached right now.</p>
        <button type="button" className="button button--primary" onClick={retry}>
          Retry
        </button>
      </div>
    );
  }
  return (
    <div className={styles.signIn}>
      <p>
        Search covers the whole documentation, which is for signed-in developers.{' '}
        {query ? (
          <>
            Log in to see the results for <q className={styles.query}>{query}</q>.
          </>
        ) : (
          'Log in to search it.'
        )}
      </p>
      <button type="button" className="button button--primary" onClick={() => void signIn()}>
        Log In
      </button>
    </div>
  );
}

/**
 * While the plugin's results are drawn in `root`, and again whenever they change: marks cover whole words
 * (wholeWordMarks), words are kept whole as on the pages (keepResultsWords), a snippet that repeats its title
 * and duplicates are hidden (tidyResults).
 */
function useTidyResults(root: HTMLElement | null): void {
  useEffect(() => {
    if (!root) return undefined;
    const tidy = () => {
      wholeWordMarks(root);
      keepResultsWords(root);
      tidyResults(root);
    };
    const observer = new MutationObserver(tidy);
    observer.observe(root, { childList: true, subtree: true, characterData: true });
    tidy();
    return () => observer.disconnect();
  }, [root]);
}

/**
 * The search page for everyone: the plugin's page for a signed-in visitor; for anyone else, a page
 * that says search needs sign-in and offers Log In back to the same query, without loading the index.
 * Both keep the site's title format.
 */
export default function SignedInSearchPage({ children }: Props): ReactNode {
  const { status } = useAuth();
  const location = useLocation();
  // The prerendered page has no query, so the first render in the browser has none either.
  const query = useIsBrowser() ? searchQueryOf(location.search) : '';
  const title = searchPageTitle(query);
  const [results, setResults] = useState<HTMLDivElement | null>(null);
  useTidyResults(results);
  if (status === 'authenticated') {
    return (
      <>
        <div ref={setResults} className={styles.results}>
          {children}
        </div>
        {/* After the plugin's page, so that this title (in the site's format) wins over its plain one. */}
        <PageMetadata title={title} />
      </>
    );
  }
  return (
    <Layout title={title}>
      <main className="container margin-vert--lg">
        <h1>{title}</h1>
        <Message query={query.trim()} />
      </main>
    </Layout>
  );
}
