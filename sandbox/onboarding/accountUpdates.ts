/**
 * Account updates (Onboarding API): contact details apply at once (200); identity changes and a legal
 * address in another country go to a review (202 with an applicationId), which approves within seconds.
 */
import type { JsonObject } from '../../openapi/document';
import { type AccountChange, applyChange, needsReview, partyOf, project } from '../accounts/profile';
import { accountOf, accountStatus } from '../accounts/status';
import { type Context, type Handler, bodyOf } from '../context';
import { ApiError } from '../http';
import { type AccountRecord, iso } from '../state';
import { applicationPath } from './applications';
import { checkOwner } from './businessRules';
import { answerWithCorrection, reviewOf } from './review';

/** Applies the reviewed changes of the account whose review is approved by now, at the moment it was. */
export function applyApprovedChanges(context: Context, account: AccountRecord): void {
  const approved = [...context.state.applications.values()]
    .filter((application) => application.accountNumber === account.accountNumber && application.change)
    .filter((application) => !application.applied)
    .map((application) => ({ application, review: reviewOf(application, context.now, context.timing.reviewMs) }))
    .filter(({ review }) => review.status === 'APPROVED')
    .sort((a, b) => Number(a.review.decidedAt) - Number(b.review.decidedAt));
  for (const { application, review } of approved) {
    applyChange(
      account.profile,
      account.accountNumber,
      application.change as AccountChange,
      Number(review.decidedAt),
      context.ids,
    );
    application.applied = true;
  }
}

/** Whether a review of an update by `operationId` is still open on the account (it decides at `decideAt`). */
function openReview(context: Context, accountNumber: string, operationId: string): boolean {
  for (const application of context.state.applications.values()) {
    if (application.update === operationId && application.accountNumber === accountNumber) {
      if (context.now < application.decideAt) return true;
    }
  }
  return false;
}

export function accountUpdate(operationId: string): Handler {
  return (context) => {
    const account = accountOf(context);
    const status = accountStatus(context, account);
    if (status === 'CLOSED') throw new ApiError(409, 'CONFLICT', `Account ${account.accountNumber} is CLOSED.`);
    const body = bodyOf(context);
    // A change the account type's rules forbid is refused at once, whatever else it changes.
    if (operationId === 'updatePrimaryOwner') checkOwner(context, account.accountType, body);
    const application = context.state.applications.get(account.applicationId);
    if (status === 'PENDING') {
      // Only the correction an open INFORMATION_REQUIRED action asks for; it is reviewed with the application.
      if (!application) throw new ApiError(409, 'CONFLICT', `Account ${account.accountNumber} is PENDING.`);
      const blocks = Object.keys(body).filter((name) => name !== 'partyId');
      answerWithCorrection(application, context.now, context.timing.reviewMs, blocks);
      // Only one review per account and operation: while one is open, this operation takes no other change (a
      // retry of the change that opened it replays its 202 when it carries the same Idempotency-Key).
    } else if (openReview(context, account.accountNumber, operationId)) {
      throw new ApiError(
        409,
        'CONFLICT',
        `A review of a previous change of this kind is open on account ${account.accountNumber}.`,
      );
    }
    applyApprovedChanges(context, account);
    const change: AccountChange = {
      operationId,
      partyId: context.params.partyId ?? (typeof body.partyId === 'string' ? body.partyId : null),
      body: structuredClone(Object.fromEntries(Object.entries(body).filter(([field]) => field !== 'partyId'))),
    };
    if (status !== 'PENDING' && needsReview(change, account.profile, account.accountNumber)) {
      const applicationId = context.ids();
      context.state.applications.set(applicationId, {
        applicationId,
        accountNumber: account.accountNumber,
        accountType: account.accountType,
        submittedAt: context.now,
        decideAt: context.now + context.timing.reviewMs,
        outcome: { status: 'APPROVED' },
        actions: [],
        actionWindowMs: 0,
        update: operationId,
        change,
      });
      return {
        status: 202,
        headers: { Location: applicationPath(context, applicationId) },
        body: { accountNumber: account.accountNumber, applicationId, status: 'PENDING', submittedAt: iso(context.now) },
      };
    }
    // Applied at once; a correction an action asks for is also applied as it is sent.
    applyChange(account.profile, account.accountNumber, change, context.now, context.ids);
    const { profile } = account;
    const party = partyOf(profile, account.accountNumber, change.partyId);
    const template = context.descriptions.example(operationId, '200');
    const current: JsonObject =
      operationId === 'updatePrimaryOwner'
        ? {
            ...(profile.primaryOwner ?? {}),
            entity:
              profile.entity &&
              project(
                profile.entity,
                Object.keys(context.descriptions.schema('onboarding', 'EntityRecord').properties as JsonObject),
              ),
            financialProfile: profile.financialProfile,
            trustedContact: profile.trustedContact,
            electronicDelivery: profile.electronicDelivery,
          }
        : party;
    const result = project(current, Object.keys(template));
    result.accountNumber = account.accountNumber;
    result.updatedAt = iso(context.now);
    const holder = operationId === 'updatePrimaryOwner' ? profile.primaryOwner : party;
    if ('partyId' in template) result.partyId = holder?.partyId ?? profile.primaryOwner?.partyId ?? null;
    return { status: 200, body: result };
  };
}
