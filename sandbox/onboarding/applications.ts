/** Reserving account numbers, opening accounts and reading the onboarding result (Onboarding API). */
import { type JsonObject, isObject } from '../../openapi/document';
import { ownersOf, profileOf } from '../accounts/profile';
import { type Context, type Handler, bodyOf } from '../context';
import { ApiError } from '../http';
import { unknownIdentifier } from '../identifiers';
import { iso } from '../state';
import { checkOwners } from './businessRules';
import { actionsFor, reviewOf, reviewOutcome } from './review';
import { testNames } from './testNames';

const RESERVATION_DAYS = 30;

/** Reserved numbers unused at their `expiresAt` are `EXPIRED` from then on (30 days, or sooner by the sandbox clock). */
function expireReservations(context: Context): void {
  for (const reservation of context.state.reservations.values()) {
    if (reservation.status === 'RESERVED' && context.now >= reservation.expiresAt) reservation.status = 'EXPIRED';
  }
}

/**
 * The `Location` of an application's onboarding result: a path, as the description's `ApplicationLocation`
 * gives it (an order's and a document's `Location` are whole URLs).
 */
export const applicationPath = (context: Context, applicationId: string): string =>
  `${new URL(context.base).pathname}/onboarding/applications/${applicationId}`;

export const reserveAccountNumber: Handler = (context) => {
  const { state, now, limits } = context;
  expireReservations(context);
  const reserved = [...state.reservations.values()].filter((reservation) => reservation.status === 'RESERVED');
  if (reserved.length >= limits.reservations) {
    throw new ApiError(
      422,
      'BUSINESS_RULE_VIOLATION',
      `Your firm already holds ${limits.reservations} unused reservations. Use the reservations you hold, or reset the sandbox.`,
    );
  }
  const accountNumber = `5GT${state.nextAccountNumber++}`;
  const reservation = {
    accountNumber,
    accountType: String(bodyOf(context).accountType),
    status: 'RESERVED' as const,
    reservedAt: now,
    expiresAt: now + RESERVATION_DAYS * 86_400_000,
  };
  state.reservations.set(accountNumber, reservation);
  return { status: 201, body: reservationBody(reservation) };
};

const reservationBody = (reservation: {
  accountNumber: string;
  accountType: string;
  status: string;
  reservedAt: number;
  expiresAt: number;
}) => ({
  accountNumber: reservation.accountNumber,
  accountType: reservation.accountType,
  status: reservation.status,
  reservedAt: iso(reservation.reservedAt),
  expiresAt: iso(reservation.expiresAt),
});

function primaryFamilyName(body: JsonObject): string | undefined {
  const candidates = [body.primaryOwner, ...(Array.isArray(body.owners) ? body.owners : [])];
  for (const owner of candidates) {
    if (isObject(owner) && (owner.role === undefined || owner.role === 'PRIMARY') && 'familyName' in owner) {
      return String(owner.familyName);
    }
  }
  const parties = Object.values(body).filter(isObject);
  const named = parties.find((party) => typeof party.familyName === 'string');
  return named ? String(named.familyName) : undefined;
}

export const openAccount: Handler = (context) => {
  const { state, now, limits, timing } = context;
  const body = bodyOf(context);
  const accountType = String(body.accountType);
  if (state.accounts.size >= limits.accounts) {
    throw new ApiError(
      422,
      'BUSINESS_RULE_VIOLATION',
      `This sandbox client holds ${limits.accounts} accounts, the most the sandbox keeps per client. POST /v1/sandbox/reset clears them.`,
    );
  }
  // The rules of the account type come first: a 422 creates nothing and uses no reserved number.
  checkOwners(context, body);
  let accountNumber: string;
  if (typeof body.accountNumber === 'string') {
    expireReservations(context);
    const reservation = state.reservations.get(body.accountNumber);
    if (!reservation || reservation.status !== 'RESERVED' || reservation.accountType !== accountType) {
      const why = !reservation
        ? 'was never reserved by your firm'
        : reservation.status !== 'RESERVED'
          ? `is ${reservation.status}`
          : `is reserved for ${reservation.accountType}`;
      throw new ApiError(409, 'CONFLICT', `Account number ${body.accountNumber} ${why}; nothing was created.`);
    }
    reservation.status = 'USED';
    accountNumber = reservation.accountNumber;
  } else {
    accountNumber = `5GT${state.nextAccountNumber++}`;
  }
  const applicationId = context.ids();
  const familyName = primaryFamilyName(body);
  const names = testNames(context.descriptions);
  const outcome = reviewOutcome(names, familyName);
  const template = context.descriptions.example('getOnboardingResult', '200', 'actionRequired');
  const examples = Array.isArray(template.requiredActions) ? template.requiredActions.filter(isObject) : [];
  // A rejection by name comes without actions; every other review first asks for what the test values and the type need.
  const profile = profileOf(body, context.ids);
  // The actions name the owners by the partyIds that Get account shows.
  const { actions, windowMs } =
    outcome.status === 'APPROVED'
      ? actionsFor(
          { ...body, owners: ownersOf(profile) },
          familyName === undefined ? undefined : names.get(familyName),
          examples,
          context.ids,
        )
      : { actions: [], windowMs: 0 };
  state.applications.set(applicationId, {
    applicationId,
    accountNumber,
    accountType,
    submittedAt: now,
    decideAt: now + timing.reviewMs,
    outcome,
    actions,
    actionWindowMs: windowMs,
  });
  state.accounts.set(accountNumber, {
    accountNumber,
    accountType,
    applicationId,
    request: body,
    profile,
    cash: 0,
    positions: new Map(),
    activity: [],
    trades: [],
  });
  return {
    status: 202,
    headers: { Location: applicationPath(context, applicationId) },
    body: { applicationId, accountNumber, accountType, status: 'PENDING', submittedAt: iso(now) },
  };
};

export const getOnboardingResult: Handler = (context) => {
  const application = context.state.applications.get(context.params.applicationId);
  if (!application) throw unknownIdentifier(`Application ${context.params.applicationId}`);
  const review = reviewOf(application, context.now, context.timing.reviewMs);
  const at = (ms: number | null) => (ms === null ? null : iso(ms));
  return {
    status: 200,
    body: {
      applicationId: application.applicationId,
      accountNumber: application.accountNumber,
      accountType: application.accountType,
      status: review.status,
      submittedAt: iso(application.submittedAt),
      updatedAt: iso(review.updatedAt),
      decidedAt: at(review.decidedAt),
      actionDueBy: at(review.actionDueBy),
      requiredActions: review.actions.map(({ action, status }) => ({
        actionId: action.actionId,
        type: action.type,
        documentType: action.documentType,
        partyId: action.partyId,
        field: action.field,
        message: action.message,
        status,
      })),
      rejectionReason: review.rejectionReason
        ? {
            code: review.rejectionReason,
            message: `The sandbox rejected this application (${review.rejectionReason}), as its test values say.`,
          }
        : null,
    },
  };
};
