import React, { type ReactNode } from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import { API_FAMILIES } from '../apiFamilies';
import styles from './styles.module.css';

export interface Props {
  readonly title: string;
  readonly tagline: string;
}

export default function Hero({ title, tagline }: Props): ReactNode {
  return (
    <header className={styles.hero}>
      <div className="container">
        <Heading as="h1" className={styles.title}>
          {title}
        </Heading>
        <p className={styles.tagline}>{tagline}</p>
        <p className={styles.lead}>
          Open and service brokerage accounts, route equity and option orders, and deliver statements and tax forms
          through one set of REST APIs, with a sandbox that answers as the API descriptions say.
        </p>
        <div className={styles.actions}>
          <Link
            className={clsx('button button--lg button--secondary', styles.action)}
            to="/docs/getting-started/introduction">
            Get started
          </Link>
          {API_FAMILIES.map((family) => (
            <Link
              key={family.id}
              className={clsx('button button--lg', styles.action, styles.outline)}
              to={family.docsPath}>
              {family.title}
            </Link>
          ))}
        </div>
      </div>
    </header>
  );
}
