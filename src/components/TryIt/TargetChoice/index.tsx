import React, { type ReactNode } from 'react';
import type { Target } from '../tryItRequest';
import type { Probe } from '../useSandboxTarget';
import shared from '../shared.module.css';
import styles from './styles.module.css';

export interface Props {
  /** Prefixes the inputs' ids (the panel's `useId`). */
  readonly idPrefix: string;
  readonly operationId: string;
  /** Whether the local sandbox is offered (a site served from this machine). */
  readonly onLoopback: boolean;
  /** The target a request goes to now. */
  readonly targetId: Target['id'];
  readonly probe: Probe;
  readonly localAddress: string;
  /** The origin of the address typed, or null when it is not one the panel accepts. */
  readonly localOrigin: string | null;
  readonly onAddressChange: (address: string) => void;
  readonly onCheckAgain: () => void;
  readonly onChoose: (id: Target['id']) => void;
}

/** What the "Local sandbox" choice says of it. */
export function localNote(probe: Probe, localOrigin: string | null): string {
  if (probe === 'answers') return `(answers at ${localOrigin ?? ''})`;
  return probe === 'checking' ? '(checking…)' : '(not answering: start it with npm run sandbox)';
}

/**
 * The panel's "Send to" choice: the local sandbox (on a site served from this machine), with its address and a
 * button that asks it again, and the hosted sandbox through the site.
 */
export default function TargetChoice({
  idPrefix,
  operationId,
  onLoopback,
  targetId,
  probe,
  localAddress,
  localOrigin,
  onAddressChange,
  onCheckAgain,
  onChoose,
}: Props): ReactNode {
  /** One radio of the "Send to" group. */
  const choice = (id: Target['id'], label: string, note: string, disabled: boolean) => (
    <>
      <input
        type="radio"
        id={`${idPrefix}-${id}`}
        name={`${idPrefix}-target`}
        checked={targetId === id}
        disabled={disabled}
        onChange={() => onChoose(id)}
      />
      <label htmlFor={`${idPrefix}-${id}`}>
        {label} <span className={shared.note}>{note}</span>
      </label>
    </>
  );
  return (
    <form onSubmit={(event) => event.preventDefault()} aria-label={`Try ${operationId}`} noValidate>
      <fieldset className={shared.group}>
        <legend>Send to</legend>
        {onLoopback && (
          <div className={styles.choice}>
            {choice('local', 'Local sandbox', localNote(probe, localOrigin), probe !== 'answers')}
            <div className={shared.inline}>
              <label htmlFor={`${idPrefix}-local-address`}>Local sandbox address</label>
              <input
                id={`${idPrefix}-local-address`}
                type="url"
                value={localAddress}
                aria-invalid={localOrigin ? undefined : true}
                onChange={(event) => onAddressChange(event.target.value)}
              />
              <button type="button" className="button button--sm button--secondary" onClick={onCheckAgain}>
                Check again
              </button>
            </div>
          </div>
        )}
        <div className={styles.choice}>
          {choice('proxy', 'Sandbox', '(the hosted sandbox, through this site)', false)}
        </div>
      </fieldset>
    </form>
  );
}
