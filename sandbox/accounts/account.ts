/** Get account: the account's data with every approved change applied (Accounts API). */
import type { JsonObject } from '../../openapi/document';
import type { Handler } from '../context';
import { applyApprovedChanges } from '../onboarding/accountUpdates';
import { iso } from '../state';
import { project } from './profile';
import { accountOf, accountStatus, onboardingReview } from './status';

export const getAccount: Handler = (context) => {
  const account = accountOf(context);
  applyApprovedChanges(context, account);
  const template = context.descriptions.example('getAccount', '200', 'individualActive');
  const review = onboardingReview(context, account);
  const decidedAt = review?.decidedAt ?? null;
  const status = accountStatus(context, account);
  const { profile } = account;
  const keysOf = (name: string) => Object.keys(context.descriptions.schema('accounts', name).properties as JsonObject);
  const partyKeys = keysOf('Party');
  const entityKeys = keysOf('Entity');
  return {
    status: 200,
    body: {
      ...template,
      accountNumber: account.accountNumber,
      accountType: account.accountType,
      status,
      applicationId: account.applicationId,
      openedAt: status === 'ACTIVE' && decidedAt !== null ? iso(decidedAt) : null,
      closedAt: status === 'CLOSED' && decidedAt !== null ? iso(decidedAt) : null,
      primaryOwner: profile.primaryOwner ? project(profile.primaryOwner, partyKeys) : null,
      associatedParties: profile.associatedParties.map((party) => project(party, partyKeys)),
      entity: profile.entity ? project(profile.entity, entityKeys) : null,
      financialProfile: project(profile.financialProfile ?? {}, keysOf('FinancialProfile')),
      trustedContact: profile.trustedContact && project(profile.trustedContact, keysOf('TrustedContact')),
      electronicDelivery:
        profile.electronicDelivery && project(profile.electronicDelivery, keysOf('ElectronicDelivery')),
      updatedAt: iso(profile.updatedAt ?? decidedAt ?? review?.updatedAt ?? context.now),
    },
  };
};
