/**
 * The onboarding review in the sandbox: what an application asks for (the account type's documents and the
 * `x-sandbox-test-values` of `openAccount`), and where it stands at a moment, as the onboarding result's
 * description says. An action is `OPEN` until your response arrives (an upload with its `actionId`, or the
 * correction its `field` names), `SUBMITTED` while we review the response, and `RESOLVED` after. While an
 * action is `OPEN` the application is `ACTION_REQUIRED`; with none open it is `PENDING`, and with all
 * resolved it is decided. Actions still open at `actionDueBy` end it as `REJECTED` with `ACTION_NOT_COMPLETED`.
 * Like the rest of the state, the review moves lazily: it is worked out whenever a request reads it.
 */
import { isObject, type JsonObject } from '../../openapi/document';
import { ApiError } from '../http';
import { unknownIdentifier } from '../identifiers';
import type { Application, OnboardingAction, ReviewOutcome } from '../state';
import type { TestName } from './testNames';

const DAY_MS = 86_400_000;
/** How long actions may stay open: 30 days, or what the row of a test name that expires says (testNames.ts). */
const ACTION_WINDOW_MS = 30 * DAY_MS;

/** The review outcome the `PRIMARY` owner's family name picks, by the rows of `openAccount` (testNames.ts). */
export const reviewOutcome = (names: ReadonlyMap<string, TestName>, familyName: string | undefined): ReviewOutcome =>
  (familyName === undefined ? undefined : names.get(familyName)?.outcome) ?? { status: 'APPROVED' };

/**
 * The documents each account type always waits for (`openAccount`'s description): a `W8BEN` and a
 * `GOVERNMENT_ID` for each foreign owner, the court order for `GUARDIAN`, the articles for LLC and non-profit
 * accounts, the trust certification for trusts, and the trust's Form W-8BEN-E (as `W8BEN`) for `TRUST_NON_US`.
 */
const ACCOUNT_DOCUMENTS: Readonly<Record<string, { perOwner?: readonly string[]; account?: readonly string[] }>> = {
  INDIVIDUAL_FOREIGN: { perOwner: ['W8BEN', 'GOVERNMENT_ID'] },
  JOINT_FOREIGN: { perOwner: ['W8BEN', 'GOVERNMENT_ID'] },
  GUARDIAN: { account: ['COURT_ORDER'] },
  LLC_C: { account: ['ARTICLES_OF_ORGANIZATION'] },
  LLC_S: { account: ['ARTICLES_OF_ORGANIZATION'] },
  NON_PROFIT: { account: ['ARTICLES_OF_ORGANIZATION'] },
  TRUST_US: { account: ['TRUST_CERTIFICATION'] },
  TRUST_NON_US: { account: ['TRUST_CERTIFICATION', 'W8BEN'] },
};

/** The owners of an application (`owners`, or the one `primaryOwner`), each with its `partyId`, or a new one. */
function partiesOf(body: JsonObject, ids: () => string): { partyId: string; role: unknown }[] {
  const owners = Array.isArray(body.owners) ? body.owners.filter(isObject) : [];
  const people = owners.length > 0 ? owners : isObject(body.primaryOwner) ? [body.primaryOwner] : [];
  return people.map((owner) => ({
    partyId: typeof owner.partyId === 'string' ? owner.partyId : ids(),
    role: owner.role ?? 'PRIMARY',
  }));
}

const documentAction = (
  ids: () => string,
  documentType: string,
  partyId: string | null,
  message: string,
): OnboardingAction => ({
  actionId: ids(),
  type: 'DOCUMENT_REQUIRED',
  documentType,
  partyId,
  field: null,
  message,
  answeredAt: null,
});

/**
 * The actions the review of a new application raises, and how long they may stay open: the account type's
 * documents, and the action of its test name (`Document`, `Information`, `Expire`), if it has one.
 * `examples` are the `requiredActions` of the onboarding result's `actionRequired` example, for their messages.
 */
export function actionsFor(
  body: JsonObject,
  testName: TestName | undefined,
  examples: readonly JsonObject[],
  ids: () => string,
): { actions: OnboardingAction[]; windowMs: number } {
  const accountType = String(body.accountType);
  const parties = partiesOf(body, ids);
  const primary = parties.find((party) => party.role === 'PRIMARY')?.partyId ?? parties[0]?.partyId ?? null;
  const needed = ACCOUNT_DOCUMENTS[accountType] ?? {};
  const actions: OnboardingAction[] = [
    ...parties.flatMap((party) =>
      (needed.perOwner ?? []).map((type) =>
        documentAction(ids, type, party.partyId, `A ${accountType} account needs a ${type} for each owner.`),
      ),
    ),
    ...(needed.account ?? []).map((type) =>
      documentAction(ids, type, null, `A ${accountType} account needs a ${type} before it opens.`),
    ),
  ];
  const example = (type: string) => examples.find((action) => action.type === type) ?? {};
  const wanted = testName?.action;
  if (wanted?.expiresAfterMs !== undefined) {
    actions.push(
      documentAction(
        ids,
        String(wanted.documentType),
        primary,
        'Upload a proof of address (sandbox test value Expire).',
      ),
    );
    return { actions, windowMs: wanted.expiresAfterMs };
  }
  if (wanted) {
    actions.push({
      actionId: ids(),
      type: wanted.type,
      documentType: wanted.documentType,
      partyId: primary,
      field: wanted.field,
      message: String(example(wanted.type).message ?? 'The sandbox asks for this action, as its test values say.'),
      answeredAt: null,
    });
  }
  return { actions, windowMs: ACTION_WINDOW_MS };
}

type ActionStatus = 'OPEN' | 'SUBMITTED' | 'RESOLVED';

/** Where an application stands at a moment: what the onboarding result answers. */
export interface Review {
  readonly status: 'PENDING' | 'ACTION_REQUIRED' | 'APPROVED' | 'REJECTED';
  readonly updatedAt: number;
  readonly decidedAt: number | null;
  readonly actionDueBy: number | null;
  /** The actions raised so far, each with its status. */
  readonly actions: readonly { readonly action: OnboardingAction; readonly status: ActionStatus }[];
  readonly rejectionReason: string | null;
}

/** The review of an application at `now`; `reviewMs` is how long we take to review a response. */
export function reviewOf(application: Application, now: number, reviewMs: number): Review {
  const { decideAt, outcome } = application;
  const undecided = { updatedAt: application.submittedAt, decidedAt: null, actionDueBy: null, actions: [] };
  if (now < decideAt || outcome.status === 'PENDING') return { status: 'PENDING', rejectionReason: null, ...undecided };
  if (outcome.status === 'REJECTED') {
    return {
      ...undecided,
      status: 'REJECTED',
      updatedAt: decideAt,
      decidedAt: decideAt,
      rejectionReason: outcome.reason,
    };
  }
  const dueBy = decideAt + application.actionWindowMs;
  // A response that came before the action was raised (an early upload) counts from the moment it was.
  const answered = (action: OnboardingAction) =>
    action.answeredAt === null ? null : Math.max(action.answeredAt, decideAt);
  const statusAt = (action: OnboardingAction, at: number): ActionStatus => {
    const at0 = answered(action);
    if (at0 === null || at < at0) return 'OPEN';
    return at < at0 + reviewMs ? 'SUBMITTED' : 'RESOLVED';
  };
  const late = application.actions.some((action) => (answered(action) ?? Infinity) >= dueBy);
  if (late && now >= dueBy) {
    return {
      status: 'REJECTED',
      updatedAt: dueBy,
      decidedAt: dueBy,
      actionDueBy: null,
      actions: application.actions.map((action) => ({ action, status: statusAt(action, dueBy) })),
      rejectionReason: 'ACTION_NOT_COMPLETED',
    };
  }
  const actions = application.actions.map((action) => ({ action, status: statusAt(action, now) }));
  const moments = application.actions.flatMap((action) => {
    const at0 = answered(action);
    return at0 === null ? [] : [at0, at0 + reviewMs].filter((moment) => moment <= now);
  });
  const updatedAt = Math.max(decideAt, ...moments);
  if (actions.some(({ status }) => status === 'OPEN')) {
    return {
      status: 'ACTION_REQUIRED',
      updatedAt,
      decidedAt: null,
      actionDueBy: dueBy,
      actions,
      rejectionReason: null,
    };
  }
  if (actions.some(({ status }) => status === 'SUBMITTED')) {
    return { status: 'PENDING', updatedAt, decidedAt: null, actionDueBy: null, actions, rejectionReason: null };
  }
  return { status: 'APPROVED', updatedAt, decidedAt: updatedAt, actionDueBy: null, actions, rejectionReason: null };
}

/**
 * Records an upload as the response to an action: the action its `actionId` names (`404` for an action the
 * application has not raised, `409` for one already `RESOLVED` or one that asks for a correction), or, with
 * no `actionId` before the review has decided, the first unanswered action for the same document type.
 */
export function answerWithDocument(
  application: Application,
  now: number,
  reviewMs: number,
  upload: { readonly actionId?: string; readonly documentType?: string },
): void {
  const review = reviewOf(application, now, reviewMs);
  if (upload.actionId === undefined) {
    if (now >= application.decideAt) return;
    const early = application.actions.find(
      (action) => action.answeredAt === null && action.documentType === upload.documentType,
    );
    if (early) early.answeredAt = now;
    return;
  }
  const raised = review.actions.find(({ action }) => action.actionId === upload.actionId);
  if (!raised) throw unknownIdentifier(`Onboarding action ${upload.actionId} of account ${application.accountNumber}`);
  if (raised.status === 'RESOLVED') {
    throw new ApiError(409, 'CONFLICT', `Onboarding action ${upload.actionId} is already RESOLVED.`);
  }
  if (raised.action.type !== 'DOCUMENT_REQUIRED') {
    throw new ApiError(
      409,
      'CONFLICT',
      `Onboarding action ${upload.actionId} asks for a correction of ${String(raised.action.field)}; send it with the update operation.`,
    );
  }
  if (raised.status === 'OPEN') raised.action.answeredAt = now;
}

/**
 * Records an update of a `PENDING` account as the response to its open `INFORMATION_REQUIRED` actions: every
 * block of the update must be one that an open action names, or the update is `409 CONFLICT`.
 */
export function answerWithCorrection(
  application: Application,
  now: number,
  reviewMs: number,
  blocks: readonly string[],
): void {
  const review = reviewOf(application, now, reviewMs);
  const open = review.actions.filter(
    ({ action, status }) => status === 'OPEN' && action.type === 'INFORMATION_REQUIRED',
  );
  const asked = new Set(open.map(({ action }) => String(action.field)));
  const unasked = blocks.filter((block) => !asked.has(block));
  if (review.status !== 'ACTION_REQUIRED' || blocks.length === 0 || unasked.length > 0) {
    throw new ApiError(
      409,
      'CONFLICT',
      review.status === 'ACTION_REQUIRED'
        ? `No open action of account ${application.accountNumber}'s application asks for ${unasked.join(', ') || 'this change'}.`
        : `The onboarding application of account ${application.accountNumber} is ${review.status}; it accepts no update.`,
    );
  }
  for (const { action } of open) if (blocks.includes(String(action.field))) action.answeredAt = now;
}
