import React, { type ReactNode } from 'react';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import styles from './styles.module.css';

const STEPS = [
  {
    title: 'Get sandbox credentials',
    body: 'Request a client id and secret for the sandbox and the scopes your integration needs.',
    to: '/docs/getting-started/introduction',
  },
  {
    title: 'Authenticate',
    body: 'Exchange your credentials for a bearer token at the identity provider’s token endpoint.',
    to: '/docs/getting-started/authentication',
  },
  {
    title: 'Open a test account',
    body: 'Reserve an account number, submit a new-account request and follow the onboarding result.',
    to: '/docs/accounts-api/guides/open-account-process',
  },
  {
    title: 'Place a first order',
    body: 'Send a single equity order with an idempotency key and watch it fill in the sandbox.',
    to: '/docs/trading-api/equity/single-equity-order',
  },
] as const;

/** The four steps from nothing to a first sandbox order. */
export default function QuickStart(): ReactNode {
  return (
    <section className={styles.section} aria-labelledby="quick-start-heading">
      <div className="container">
        <Heading as="h2" id="quick-start-heading">
          From zero to a first order
        </Heading>
        <ol className={styles.steps}>
          {STEPS.map((step) => (
            <li key={step.title} className={styles.step}>
              <Link to={step.to} className={styles.stepTitle}>
                {step.title}
              </Link>
              <p>{step.body}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
