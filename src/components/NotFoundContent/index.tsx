import React, { type ReactNode } from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
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

/** The site's own not-found page. */
export default function NotFoundContent({ className }: Props): ReactNode {
  return (
    <main className={clsx('container margin-vert--xl', className)}>
      <div className="row">
        <div className="col col--8 col--offset-2">
          <p className={styles.code}>404 · Not found</p>
          <Heading as="h1">We could not find that page</Heading>
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
