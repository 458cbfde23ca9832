/** The sandbox-only test deposit (`createSandboxDeposit`). */
import type { JsonObject } from '../../openapi/document';
import { accountOf, accountStatus } from '../accounts/status';
import { type Handler, amountOf, bodyOf } from '../context';
import { ApiError, type Detail } from '../http';
import { businessDate, iso, money } from '../state';

/** The most test cash a deposit and an account may hold (`createSandboxDeposit`). */
const DEPOSIT_LIMIT = 1_000_000;
const CASH_LIMIT = 10_000_000;

/**
 * What is wrong with a deposit's amount, as the description names it: more than two decimal places is
 * `invalid_format`, zero, negative or above 1000000.00 is `out_of_range`, another currency is `invalid_value`.
 * (A value that is no decimal at all failed the Money schema before, as `invalid_format`.)
 */
function depositProblems(money: JsonObject): Detail[] {
  const text = String(money.amount);
  const problems: Detail[] = [];
  if (!/^-?\d+(\.\d{1,2})?$/.test(text)) problems.push({ field: 'amount.amount', issue: 'invalid_format' });
  else if (Number(text) <= 0 || Number(text) > DEPOSIT_LIMIT) {
    problems.push({ field: 'amount.amount', issue: 'out_of_range' });
  }
  if (money.currency !== 'USD') problems.push({ field: 'amount.currency', issue: 'invalid_value' });
  return problems;
}

export const createSandboxDeposit: Handler = (context) => {
  const account = accountOf(context);
  const body = bodyOf(context);
  const problems = depositProblems(body.amount as JsonObject);
  if (problems.length > 0) {
    throw new ApiError(
      400,
      'INVALID_FIELD',
      'amount must be greater than 0.00 and at most 1000000.00 USD, with at most two decimal places.',
      problems,
    );
  }
  const status = accountStatus(context, account);
  if (status === 'CLOSED') throw new ApiError(409, 'CONFLICT', `Account ${account.accountNumber} is CLOSED.`);
  if (status === 'PENDING') {
    throw new ApiError(
      422,
      'BUSINESS_RULE_VIOLATION',
      `Account ${account.accountNumber} is still PENDING: wait until its onboarding result is APPROVED.`,
    );
  }
  const amount = amountOf(body.amount) ?? 0;
  if (account.cash + amount > CASH_LIMIT) {
    throw new ApiError(
      422,
      'BUSINESS_RULE_VIOLATION',
      `Account ${account.accountNumber} would hold more than 10000000.00 USD of test cash. Reset the sandbox to start again from zero.`,
    );
  }
  account.cash += amount;
  const entry = {
    activityId: context.ids(),
    type: 'DEPOSIT',
    status: 'POSTED',
    activityDate: businessDate(context.now),
    postedAt: iso(context.now),
    description: 'Sandbox test deposit',
    amount: money(amount),
    symbol: null,
    quantity: null,
    counterpartyAccountNumber: null,
    relatedActivityId: null,
  };
  account.activity.unshift(entry);
  return { status: 201, body: entry };
};
