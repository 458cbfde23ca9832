import React, { type ReactNode } from 'react';
import type { SandboxToken } from '@site/src/auth/sandboxToken';
import KeptCode from '../../KeptCode';
import LocalDemoClient from '../LocalDemoClient';
import { maskedToken, type Target } from '../tryItRequest';
import shared from '../shared.module.css';
import styles from './styles.module.css';

export interface Props {
  /** Prefixes the inputs' ids (the panel's `useId`). */
  readonly idPrefix: string;
  readonly target: Pick<Target, 'id' | 'label'>;
  /** The target's token in this tab, or null. */
  readonly token: SandboxToken | null;
  readonly clientId: string;
  readonly clientSecret: string;
  /** What the last attempt said. */
  readonly message: string;
  readonly onClientIdChange: (clientId: string) => void;
  readonly onClientSecretChange: (clientSecret: string) => void;
  readonly onGetToken: () => void;
  readonly onForgetToken: () => void;
}

/**
 * The "Sandbox credentials" form: the token this tab holds for the target (masked), and the client ID and secret
 * that get one. For the local sandbox, where its demo client's credentials are.
 */
export default function Credentials({
  idPrefix,
  target,
  token,
  clientId,
  clientSecret,
  message,
  onClientIdChange,
  onClientSecretChange,
  onGetToken,
  onForgetToken,
}: Props): ReactNode {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onGetToken();
      }}
      className={shared.group}
      aria-label="Sandbox credentials">
      <fieldset className={shared.group}>
        <legend>Credentials for the {target.label}</legend>
        {token ? (
          <p className={styles.token}>
            Access token <KeptCode>{maskedToken(token.accessToken)}</KeptCode> for <KeptCode>{token.clientId}</KeptCode>
            , valid until {new Date(token.expiresAt).toLocaleTimeString()}.{' '}
            <button type="button" className="button button--sm button--secondary" onClick={onForgetToken}>
              Forget token
            </button>
          </p>
        ) : (
          <p className={shared.note}>No token yet. It stays in this tab only, and is removed when you sign out.</p>
        )}
        {target.id === 'local' && (
          <LocalDemoClient
            onUse={(demo) => {
              onClientIdChange(demo.clientId);
              onClientSecretChange(demo.clientSecret);
            }}
          />
        )}
        <div className={shared.field}>
          <label htmlFor={`${idPrefix}-client-id`}>Client ID</label>
          <input
            id={`${idPrefix}-client-id`}
            autoComplete="off"
            value={clientId}
            onChange={(event) => onClientIdChange(event.target.value)}
          />
        </div>
        <div className={shared.field}>
          <label htmlFor={`${idPrefix}-client-secret`}>Client secret</label>
          <input
            id={`${idPrefix}-client-secret`}
            type="password"
            autoComplete="off"
            value={clientSecret}
            onChange={(event) => onClientSecretChange(event.target.value)}
          />
        </div>
        <button type="submit" className="button button--sm button--primary">
          {token ? 'Get a new token' : 'Get token'}
        </button>
        <p className={shared.note} role="status">
          {message}
        </p>
      </fieldset>
    </form>
  );
}
