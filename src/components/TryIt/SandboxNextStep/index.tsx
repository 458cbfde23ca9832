import React, { type ReactNode } from 'react';
import Link from '@docusaurus/Link';
import styles from './styles.module.css';

/** The endpoint page of `createSandboxDeposit` (its `x-docs-path`; a test holds the two together). */
export const DEPOSIT_PAGE = '/docs/accounts-api/endpoints/sandbox-deposit';
/** The quick start, which opens and funds an account step by step. */
export const QUICK_START_PAGE = '/docs/getting-started/first-test-order';

/** The operations that place an order: the sandbox fills one only for an account that is open and funded. */
const ORDER_PLACEMENTS = new Set([
  'placeEquityOrder',
  'placeOptionOrder',
  'placeBlockEquityOrder',
  'placeBlockOptionOrder',
]);

export interface Props {
  readonly operationId: string;
  /** The last response shown, if any: its status and its body's text. */
  readonly response: { readonly status: number; readonly body: string } | null;
}

/** The `error.code` and `error.message` of an error response of the APIs, if the text is one. */
function errorOf(body: string): { code: string; message: string } | null {
  try {
    const parsed = JSON.parse(body) as { error?: { code?: unknown; message?: unknown } } | null;
    const code = parsed?.error?.code;
    return typeof code === 'string' ? { code, message: String(parsed?.error?.message ?? '') } : null;
  } catch {
    return null;
  }
}

const depositLink = <Link to={DEPOSIT_PAGE}>Create a sandbox deposit</Link>;
const quickStartLink = <Link to={QUICK_START_PAGE}>the quick start</Link>;

/**
 * What to do first in the sandbox, where each client starts with nothing: after an answer that says so (no
 * buying power, no such account), the call that fixes it; before an order is sent, what it needs.
 */
export default function SandboxNextStep({ operationId, response }: Props): ReactNode {
  const error = response && response.status >= 400 ? errorOf(response.body) : null;
  let text: ReactNode = null;
  if (error?.code === 'INSUFFICIENT_BUYING_POWER') {
    text = (
      <>
        <strong>Next step:</strong> a new sandbox account holds no cash. Add test cash to it with {depositLink}, then
        send the order again.
      </>
    );
  } else if (error?.code === 'NOT_FOUND' && /^Account /.test(error.message)) {
    text = (
      <>
        <strong>Next step:</strong> each sandbox client starts with no accounts. Reserve an account number and open an
        account (as in {quickStartLink}), then use its number here.
      </>
    );
  } else if (ORDER_PLACEMENTS.has(operationId)) {
    text = (
      <>
        <strong>Before you send:</strong> in the sandbox an order needs an account you opened, with cash. Open one (as
        in {quickStartLink}), add test cash with {depositLink}, and put its number in <code>accountNumber</code>.
      </>
    );
  }
  return text ? <p className={styles.step}>{text}</p> : null;
}
