import React, { useMemo, type ReactNode } from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import { useLocation } from '@docusaurus/router';
import useIsBrowser from '@docusaurus/useIsBrowser';
import { useAllDocsData } from '@docusaurus/plugin-content-docs/client';
import Heading from '@theme/Heading';
import { otherVersionPage, type OtherVersionPage } from './otherVersionPage';
import styles from './styles.module.css';

export interface Props {
  readonly className?: string;
}

const SUGGESTIONS = [
  { label: 'Home page', to: '/' },
  { label: 'Documentation introduction', to: '/docs' },
  { label: 'Getting started', to: '/docs/getting-started/introduction' },
  { label: 'Accounts API', to: '/docs/accounts-api' },
  { label: 'Trading API', to: '/docs/trading-api' },
  { label: 'Document API', to: '/docs/document-api' },
] as const;

/**
 * The same page in another docs version, or the start of this one, for the address the reader is at. Known only in
 * the browser: the page is rendered once, for every address, at build time.
 */
function useOtherVersionPage(): OtherVersionPage | null {
  const isBrowser = useIsBrowser();
  const { pathname } = useLocation();
  const docsData = useAllDocsData();
  return useMemo(() => {
    if (!isBrowser) return null;
    const versions = Object.values(docsData).flatMap((plugin) =>
      plugin.versions.map((version) => ({
        label: version.label,
        path: version.path,
        docs: version.docs,
        mainDocPath: version.docs.find((doc) => doc.id === version.mainDocId)?.path ?? version.path,
      })),
    );
    return versions.length > 1 ? otherVersionPage(pathname, versions) : null;
  }, [isBrowser, pathname, docsData]);
}

function VersionOffer({ offer }: { readonly offer: OtherVersionPage }): ReactNode {
  return offer.kind === 'same-page' ? (
    <p className={styles.offer}>
      This page is in the {offer.label} docs: <Link to={offer.to}>open it in {offer.label}</Link>.
    </p>
  ) : (
    <p className={styles.offer}>
      The {offer.label} docs have no page at this address: <Link to={offer.to}>go to the start of {offer.label}</Link>.
    </p>
  );
}

/** The site's own not-found page. */
export default function NotFoundContent({ className }: Props): ReactNode {
  const offer = useOtherVersionPage();
  return (
    <main className={clsx('container margin-vert--xl', className)}>
      <div className="row">
        <div className="col col--8 col--offset-2">
          <p className={styles.code}>404 · Not found</p>
          <Heading as="h1">We could not find that page</Heading>
          {offer && <VersionOffer offer={offer} />}
          <p>
            The address may be mistyped, or the page may have moved when the documentation was reorganised. These pages
            are good places to continue:
          </p>
          <ul className={styles.links}>
            {SUGGESTIONS.map((suggestion) => (
              <li key={suggestion.to}>
                <Link to={suggestion.to}>{suggestion.label}</Link>
              </li>
            ))}
          </ul>
          <p>If a link on this site brought you here, please tell us through the contact link in the footer.</p>
        </div>
      </div>
    </main>
  );
}
