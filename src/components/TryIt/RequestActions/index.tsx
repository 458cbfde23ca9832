import React, { type ReactNode } from 'react';
import styles from './styles.module.css';

export interface Props {
  /** The target's name in "Send to the …". */
  readonly targetLabel: string;
  readonly sending: boolean;
  /** Whether the operation takes an `Idempotency-Key`: only then can a request be sent again with the same key. */
  readonly canResend: boolean;
  /** The key of the last request sent, if any (its first characters are shown on wide screens). */
  readonly resendKey: string | undefined;
  /** Whether a request was sent already. */
  readonly sent: boolean;
  readonly onResend: () => void;
  readonly onCopyCurl: () => void;
}

/** The request form's buttons: send (the form's submit button), send again with the same key, copy as curl. */
export default function RequestActions({
  targetLabel,
  sending,
  canResend,
  resendKey,
  sent,
  onResend,
  onCopyCurl,
}: Props): ReactNode {
  return (
    <div className={styles.actions}>
      <button type="submit" className="button button--sm button--primary" disabled={sending}>
        Send to the {targetLabel}
      </button>
      {canResend && (
        <button
          type="button"
          className="button button--sm button--secondary"
          disabled={!sent || sending}
          onClick={onResend}>
          Send again with the same key
          {resendKey ? <span className={styles.wideOnly}> ({resendKey.slice(0, 8)}…)</span> : null}
        </button>
      )}
      <button type="button" className="button button--sm button--secondary" onClick={onCopyCurl}>
        Copy as curl
      </button>
    </div>
  );
}
