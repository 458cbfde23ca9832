import React, { type ReactNode } from 'react';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import { API_FAMILIES } from '../apiFamilies';
import styles from './styles.module.css';

/** One card per API family, linking to its guide and reference. */
export default function ApiFamilies(): ReactNode {
  return (
    <section className={styles.section} aria-labelledby="api-families-heading">
      <div className="container">
        <Heading as="h2" id="api-families-heading">
          The APIs
        </Heading>
        <ul className={styles.grid}>
          {API_FAMILIES.map((family) => (
            <li key={family.id} className={styles.card}>
              <Heading as="h3" className={styles.cardTitle}>
                {family.title}
              </Heading>
              <p>{family.summary}</p>
              <ul className={styles.highlights}>
                {family.highlights.map((highlight) => (
                  <li key={highlight}>{highlight}</li>
                ))}
              </ul>
              <div className={styles.links}>
                <Link to={family.docsPath}>{family.title} guide</Link>
                {family.references.map(({ route, label }) => (
                  <Link key={route} to={route}>
                    {label} reference
                  </Link>
                ))}
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
