import React, { type ReactNode } from 'react';
import Link from '@docusaurus/Link';
import { LOCAL_SANDBOX_DEMO_CLIENT } from '@site/contracts/facts';
import KeptCode from '../../KeptCode';
import styles from './styles.module.css';

export interface Props {
  /** Fills the credentials form with the demo client. */
  readonly onUse: (credentials: { readonly clientId: string; readonly clientSecret: string }) => void;
}

/**
 * Where the local sandbox's credentials are: the demo client that `npm run sandbox` prints when it starts,
 * with a button that fills it in. Shown when the panel sends to the local sandbox. The secret is never shown
 * as text (the page shows no secret): the button puts it in the password field.
 */
export default function LocalDemoClient({ onUse }: Props): ReactNode {
  const { clientId, clientSecret } = LOCAL_SANDBOX_DEMO_CLIENT;
  return (
    <div className={styles.hint}>
      <p>
        Its demo client, <KeptCode>{clientId}</KeptCode>, has every scope: <code>npm run sandbox</code> prints its
        client ID and secret when it starts, and{' '}
        <Link to="/docs/getting-started/sandbox#hosted-or-local-sandbox">The sandbox</Link> lists them. The button fills
        both in; the secret stays in the password field.
      </p>
      <button
        type="button"
        className="button button--sm button--secondary"
        onClick={() => onUse({ clientId, clientSecret })}>
        Use the demo client
      </button>
    </div>
  );
}
