/** Where an account stands now: its onboarding review and status, and the account an order may trade for. */
import type { Context } from '../context';
import { ApiError } from '../http';
import { unknownIdentifier } from '../identifiers';
import { type Review, reviewOf } from '../onboarding/review';
import type { AccountRecord } from '../state';

/** The review of the account's onboarding application now (`null` for an account without one). */
export function onboardingReview(context: Context, account: AccountRecord): Review | null {
  const application = context.state.applications.get(account.applicationId);
  return application ? reviewOf(application, context.now, context.timing.reviewMs) : null;
}

/** The account's status now: `PENDING` until its application is approved, `ACTIVE` after, `CLOSED` if rejected. */
export function accountStatus(context: Context, account: AccountRecord): string {
  const review = onboardingReview(context, account);
  if (review?.status === 'APPROVED') return 'ACTIVE';
  if (review?.status === 'REJECTED') return 'CLOSED';
  return 'PENDING';
}

export function accountOf(context: Context, accountNumber = context.params.accountNumber): AccountRecord {
  const account = context.state.accounts.get(accountNumber);
  if (!account) throw unknownIdentifier(`Account ${accountNumber}`);
  return account;
}

export function tradingAccount(context: Context, accountNumber: string): AccountRecord {
  const account = context.state.accounts.get(accountNumber);
  // Unknown to the client, as another firm's account is: not found (Standard errors, 404).
  if (!account) throw unknownIdentifier(`Account ${accountNumber}`);
  if (accountStatus(context, account) !== 'ACTIVE') {
    throw new ApiError(
      422,
      'ACCOUNT_NOT_ACTIVE',
      `Account ${accountNumber} is ${accountStatus(context, account)}, not ACTIVE.`,
    );
  }
  return account;
}
