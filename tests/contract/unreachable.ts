/**
 * The one list of what the contract suite cannot reach through the API, each with its reason: test-value rows
 * (by `api#operationId: when`), `x-transitions` edges (`FROM -> TO`) and documented statuses (`operationId
 * status`, or `* status` for every operation that documents it). The suite checks the list itself: an entry
 * that names nothing fails, and so does one the run reaches after all (its recipe or producer works, or an
 * order passed along the edge anyway): then take it off the list.
 *
 * A reason that starts with "sandbox disagrees:" is a place where the local sandbox does not do what the
 * description and the pages say: the suite runs its recipe and expects it still to fail, so a fix in the
 * sandbox turns the suite red until the entry goes.
 */

export interface Unreachable {
  readonly reason: string;
  /** Unreachable only against a sandbox at `CONTRACT_BASE_URL` (it needs what only the local target has). */
  readonly remoteOnly?: true;
}

export const UNREACHABLE_ROWS: Readonly<Record<string, Unreachable>> = {};

export const UNREACHABLE_EDGES: Readonly<Record<string, Unreachable>> = {
  'NEW -> REJECTED': {
    reason: 'no test value makes the market refuse an order it has acknowledged (XRJT is refused before NEW)',
  },
  'PARTIALLY_FILLED -> FILLED': {
    reason:
      'no test value fills an order in parts and then in full (the rest of an XPRT order works until it is canceled or expires, as Sandbox test values says)',
  },
  'PENDING_CANCEL -> FILLED': { reason: 'the sandbox confirms a cancel before any fill it would make' },
  'PENDING_CANCEL -> EXPIRED': {
    reason: 'a cancel is confirmed within the acknowledgement time, so none is still pending at the close',
  },
  'PENDING_REPLACE -> NEW': {
    reason: 'no test value makes the market refuse a change: the sandbox confirms every replace',
  },
  'PENDING_REPLACE -> PARTIALLY_FILLED': {
    reason: 'no test value makes the market refuse a change: the sandbox confirms every replace',
  },
  'PENDING_REPLACE -> FILLED': { reason: 'the sandbox confirms a replace before any fill it would make' },
  'PENDING_REPLACE -> EXPIRED': {
    reason: 'a replace is confirmed within the acknowledgement time, so none is still pending at the close',
  },
};

export const UNREACHABLE_STATUSES: Readonly<Record<string, Unreachable>> = {
  '* 500': { reason: "the sandbox's own failure: no request makes it fail on purpose" },
  '* 503': { reason: 'production only: nothing makes a sandbox unavailable on request' },
  'reserveAccountNumber 422': {
    reason: 'needs 1,000 unused reservations held at once, more than a small test should make',
  },
  'updateAccountAddresses 422': {
    reason:
      'not modeled: the countries we cannot serve follow sanctions and are not in the description, so a legal address anywhere goes to review (Sandbox test values, What the sandbox models)',
  },
  'updateAssociatedParty 422': {
    reason:
      'no producer written yet: listed ownership over 100% needs an active LLC or trust account, whose review first waits for its documents (ARTICLES_OF_ORGANIZATION, TRUST_CERTIFICATION)',
  },
  'resetSandbox 409': {
    reason:
      'a reset answers at once, so none is still running for a retry to meet, and it takes no body, so its key cannot come with another',
  },
};
