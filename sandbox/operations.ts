/**
 * What each operation of the four descriptions does in the sandbox, over one client's state. Bodies are
 * built from the descriptions' own response examples with the client's values laid over them, so that a
 * field the sandbox does not simulate still has a documented value and every response keeps its shape.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { ApiName } from '../openapi/descriptions';
import { isObject, type JsonObject } from '../openapi/document';
import { ApiError, type Answer, type Detail } from './http';
import { unknownIdentifier } from './identifiers';
import { applyChange, needsReview, ownersOf, partyOf, profileOf, project, type AccountChange } from './accountData';
import {
  actionsFor,
  answerWithCorrection,
  answerWithDocument,
  reviewOf,
  reviewOutcome,
  type Review,
} from './onboarding';
import type { SandboxDescriptions } from './spec';
import {
  businessDate,
  iso,
  isoDate,
  money,
  moveOrder,
  quantityText,
  settlementDate,
  type AccountRecord,
  type ClientState,
  type Limits,
  type OrderRecord,
  type OrderStep,
  type Timing,
} from './state';

/** The simulator's prices: `XMPL` at 185.50 USD as the descriptions say; every other symbol at 50.00. */
export const EQUITY_PRICES: Readonly<Record<string, number>> = { XMPL: 185.5 };
const DEFAULT_PRICE = 50;
/** An option's premium per share when a `MARKET` option order fills. */
const OPTION_PREMIUM = 5;
const OPTION_MULTIPLIER = 100;
/** The most test cash a deposit and an account may hold (`createSandboxDeposit`). */
const DEPOSIT_LIMIT = 1_000_000;
const CASH_LIMIT = 10_000_000;
const RESERVATION_DAYS = 30;

const WORKING = new Set(['PENDING_NEW', 'NEW', 'PARTIALLY_FILLED', 'PENDING_CANCEL', 'PENDING_REPLACE']);

export interface Context {
  readonly api: ApiName;
  readonly descriptions: SandboxDescriptions;
  readonly state: ClientState;
  readonly timing: Timing;
  readonly limits: Limits;
  readonly now: number;
  readonly params: Readonly<Record<string, string>>;
  readonly query: Readonly<Record<string, unknown>>;
  readonly body: unknown;
  /** The path below `/v1`, for `Location` headers. */
  readonly base: string;
}

type Handler = (context: Context) => Answer;

const amountOf = (value: unknown): number | null =>
  isObject(value) && typeof value.amount === 'string' ? Number(value.amount) : null;

const bodyOf = (context: Context): JsonObject => (isObject(context.body) ? context.body : {});

/** The review of the account's onboarding application now (`null` for an account without one). */
function onboardingReview(context: Context, account: AccountRecord): Review | null {
  const application = context.state.applications.get(account.applicationId);
  return application ? reviewOf(application, context.now, context.timing.reviewMs) : null;
}

/** The account's status now: `PENDING` until its application is approved, `ACTIVE` after, `CLOSED` if rejected. */
function accountStatus(context: Context, account: AccountRecord): string {
  const review = onboardingReview(context, account);
  if (review?.status === 'APPROVED') return 'ACTIVE';
  if (review?.status === 'REJECTED') return 'CLOSED';
  return 'PENDING';
}

function accountOf(context: Context, accountNumber = context.params.accountNumber): AccountRecord {
  const account = context.state.accounts.get(accountNumber);
  if (!account) throw unknownIdentifier(`Account ${accountNumber}`);
  return account;
}

function buyingPower(context: Context, account: AccountRecord): number {
  return account.cash - openOrderReserve(context, account.accountNumber);
}

function openOrderReserve(context: Context, accountNumber: string): number {
  let reserve = 0;
  for (const record of context.state.working) {
    const order = record.order;
    if (order.accountNumber !== accountNumber || !String(order.side).startsWith('BUY')) continue;
    reserve += Number(order.leavesQuantity) * record.price * record.multiplier;
  }
  return reserve;
}

/** Applies the steps of every working order whose moment has come: statuses, fills, cash and positions. */
export function advance(context: Context): void {
  const transitions = context.descriptions.orderTransitions;
  const records = [...context.state.working];
  // A replacement that a step creates joins `records`, and this loop reaches it: its own steps may be due too.
  for (const record of records) {
    while (record.steps.length > 0 && record.steps[0].at <= context.now) {
      const step = record.steps.shift() as OrderStep;
      if (step.fill) fill(context, record, step.fill, step.at);
      moveOrder(transitions, record, step.status, step.at);
      if (step.reason) record.order.statusReason = step.reason;
      if (step.replacement) {
        record.order.replacedByOrderId = step.replacement.order.orderId;
        context.state.orders.set(String(step.replacement.order.orderId), step.replacement);
        context.state.working.add(step.replacement);
        records.push(step.replacement);
      }
      if (step.status === 'CANCELED' || step.status === 'REJECTED' || step.status === 'REPLACED') {
        record.order.leavesQuantity = '0';
      }
    }
    if (record.steps.length === 0) context.state.working.delete(record);
  }
}

function fill(context: Context, record: OrderRecord, quantity: number, at: number): void {
  const order = record.order;
  const filled = Number(order.filledQuantity) + quantity;
  order.filledQuantity = quantityText(filled);
  order.leavesQuantity = quantityText(Math.max(0, Number(order.quantity) - filled));
  order.averageFillPrice = money(record.price);
  const symbol = String(order.symbol);
  const buying = String(order.side).startsWith('BUY');
  const value = quantity * record.price * record.multiplier;
  const tradeDate = businessDate(at);
  for (const accountNumber of order.kind === 'BLOCK' ? [] : [String(order.accountNumber)]) {
    const account = context.state.accounts.get(accountNumber);
    if (!account) continue;
    account.cash += buying ? -value : value;
    const position = account.positions.get(symbol) ?? {
      quantity: 0,
      cost: 0,
      assetClass: record.assetClass === 'options' ? ('OPTION' as const) : ('EQUITY' as const),
    };
    position.quantity += buying ? quantity : -quantity;
    position.cost += buying ? value : -Math.min(position.cost, value);
    if (position.quantity <= 0) account.positions.delete(symbol);
    else account.positions.set(symbol, position);
    account.trades.unshift({
      tradeId: randomUUID(),
      orderId: order.orderId,
      tradeDate,
      settlementDate: settlementDate(tradeDate),
      executedAt: iso(at),
      symbol,
      assetClass: position.assetClass,
      side: order.side,
      quantity: quantityText(quantity),
      price: money(record.price),
      grossAmount: money(value),
      commission: money(0),
      fees: money(0),
      // Signed from the account's point of view: cash leaves on a purchase. The sandbox charges no commission or fees.
      netAmount: money(buying ? -value : value),
      status: 'UNSETTLED',
    });
  }
}

// ---------------------------------------------------------------------------------------------------
// Accounts and onboarding

const reserveAccountNumber: Handler = (context) => {
  const { state, now, limits } = context;
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

const openAccount: Handler = (context) => {
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
  let accountNumber: string;
  if (typeof body.accountNumber === 'string') {
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
  const applicationId = randomUUID();
  const familyName = primaryFamilyName(body);
  const outcome = reviewOutcome(familyName);
  const template = context.descriptions.example('getOnboardingResult', '200', 'actionRequired');
  const examples = Array.isArray(template.requiredActions) ? template.requiredActions.filter(isObject) : [];
  // A rejection by name comes without actions; every other review first asks for what the test values and the type need.
  const profile = profileOf(body);
  // The actions name the owners by the partyIds that Get account shows.
  const { actions, windowMs } =
    outcome.status === 'APPROVED'
      ? actionsFor({ ...body, owners: ownersOf(profile) }, familyName, examples)
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
    headers: { Location: `${context.base}/onboarding/applications/${applicationId}` },
    body: { applicationId, accountNumber, accountType, status: 'PENDING', submittedAt: iso(now) },
  };
};

const getOnboardingResult: Handler = (context) => {
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

const getAccount: Handler = (context) => {
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

/** Applies the reviewed changes of the account whose review is approved by now, at the moment it was. */
function applyApprovedChanges(context: Context, account: AccountRecord): void {
  const approved = [...context.state.applications.values()]
    .filter((application) => application.accountNumber === account.accountNumber && application.change)
    .filter((application) => !application.applied)
    .map((application) => ({ application, review: reviewOf(application, context.now, context.timing.reviewMs) }))
    .filter(({ review }) => review.status === 'APPROVED')
    .sort((a, b) => Number(a.review.decidedAt) - Number(b.review.decidedAt));
  for (const { application, review } of approved) {
    applyChange(account.profile, account.accountNumber, application.change as AccountChange, Number(review.decidedAt));
    application.applied = true;
  }
}

function balances(context: Context, account: AccountRecord): JsonObject {
  const long = [...account.positions.entries()].reduce(
    (sum, [symbol, position]) =>
      sum +
      position.quantity * (position.assetClass === 'OPTION' ? OPTION_PREMIUM * OPTION_MULTIPLIER : priceOf(symbol)),
    0,
  );
  const reserve = openOrderReserve(context, account.accountNumber);
  return {
    accountNumber: account.accountNumber,
    asOf: iso(context.now),
    cashBalance: money(account.cash),
    settledCash: money(account.cash),
    unsettledCash: money(0),
    openOrderReserve: money(reserve),
    cashAvailableForWithdrawal: money(Math.max(0, account.cash - reserve)),
    pendingDeposits: money(0),
    pendingWithdrawals: money(0),
    longMarketValue: money(long),
    shortMarketValue: money(0),
    totalEquity: money(account.cash + long),
    buyingPower: money(account.cash - reserve),
  };
}

const getBalanceSummary: Handler = (context) => ({ status: 200, body: balances(context, accountOf(context)) });

const priceOf = (symbol: string): number => EQUITY_PRICES[symbol] ?? DEFAULT_PRICE;

function positionBody(
  context: Context,
  symbol: string,
  position: AccountRecord['positions'] extends Map<string, infer P> ? P : never,
): JsonObject {
  const option = position.assetClass === 'OPTION';
  const last = option ? OPTION_PREMIUM : priceOf(symbol);
  const factor = option ? OPTION_MULTIPLIER : 1;
  const value = position.quantity * last * factor;
  return {
    symbol,
    assetClass: position.assetClass,
    description: option ? `${symbol.trim()} option contract` : `${symbol} (sandbox test symbol)`,
    side: 'LONG',
    quantity: quantityText(position.quantity),
    lastPrice: money(last),
    priceAsOf: iso(context.now),
    marketValue: money(value),
    averageCost: money(position.cost / position.quantity / factor),
    costBasis: money(position.cost),
    unrealizedGainLoss: money(value - position.cost),
    option: option ? optionDetails(symbol) : null,
  };
}

function optionDetails(symbol: string): JsonObject {
  const match = /^(.{6})(\d{2})(\d{2})(\d{2})([CP])(\d{8})$/.exec(symbol);
  if (!match)
    return {
      underlying: symbol.trim(),
      expirationDate: '2099-01-01',
      strikePrice: money(0),
      putCall: 'CALL',
      multiplier: '100',
    };
  const [, underlying, year, month, day, putCall, strike] = match;
  return {
    underlying: underlying.trim(),
    expirationDate: `20${year}-${month}-${day}`,
    strikePrice: money(Number(strike) / 1000),
    putCall: putCall === 'C' ? 'CALL' : 'PUT',
    multiplier: '100',
  };
}

/** One page of a list, with a cursor that carries the offset and the filters it was made for. */
function page<T>(
  context: Context,
  items: readonly T[],
  filters: Readonly<Record<string, unknown>>,
): { data: T[]; nextCursor: string | null } {
  const limit = Number(context.query.limit ?? 50);
  const fingerprint = JSON.stringify(filters);
  let offset = 0;
  if (typeof context.query.cursor === 'string') {
    const decoded = decodeCursor(context.query.cursor);
    if (!decoded || decoded.filters !== fingerprint) {
      throw new ApiError(
        400,
        'INVALID_FIELD',
        'cursor does not belong to this query: keep every filter identical while you follow nextCursor.',
        [{ field: 'cursor', issue: context.api === 'orders' ? 'invalid' : 'invalid_value' }],
      );
    }
    offset = decoded.offset;
  }
  const data = items.slice(offset, offset + limit);
  const next = offset + limit < items.length ? encodeCursor({ offset: offset + limit, filters: fingerprint }) : null;
  return { data, nextCursor: next };
}

const encodeCursor = (value: { offset: number; filters: string }): string =>
  Buffer.from(JSON.stringify(value)).toString('base64url');

function decodeCursor(cursor: string): { offset: number; filters: string } | null {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (isObject(value) && Number.isInteger(value.offset) && typeof value.filters === 'string') {
      return { offset: Number(value.offset), filters: value.filters };
    }
  } catch {
    // Not a cursor this sandbox made.
  }
  return null;
}

const listPositions: Handler = (context) => {
  const account = accountOf(context);
  const assetClass = context.query.assetClass;
  const items = [...account.positions.entries()]
    .filter(([, position]) => !assetClass || position.assetClass === assetClass)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([symbol, position]) => positionBody(context, symbol, position));
  return { status: 200, body: page(context, items, { account: account.accountNumber, assetClass }) };
};

const getPosition: Handler = (context) => {
  const account = accountOf(context);
  const position = account.positions.get(context.params.symbol);
  if (!position) throw unknownIdentifier(`A position in ${context.params.symbol} of account ${account.accountNumber}`);
  const body = positionBody(context, context.params.symbol, position);
  const lot = {
    lotId: randomUUID(),
    openDate: isoDate(context.now),
    quantity: body.quantity,
    unitCost: body.averageCost,
    costBasis: body.costBasis,
    washSaleAdjustment: money(0),
    marketValue: body.marketValue,
    unrealizedGainLoss: body.unrealizedGainLoss,
    holdingPeriod: 'SHORT_TERM',
    covered: true,
  };
  return {
    status: 200,
    body: { accountNumber: account.accountNumber, ...body, costBasisMethod: 'FIFO', taxLots: [lot] },
  };
};

/** Whether a date (`YYYY-MM-DD`) is within the `from` and `to` dates of the query, both included. */
function inDates(context: Context, date: unknown): boolean {
  const { from, to } = context.query;
  if (typeof from === 'string' && typeof to === 'string' && from > to) {
    throw new ApiError(400, 'INVALID_FIELD', 'from must not be after to.', [{ field: 'from', issue: 'out_of_range' }]);
  }
  const day = String(date);
  return (typeof from !== 'string' || day >= from) && (typeof to !== 'string' || day <= to);
}

const listTradeActivity: Handler = (context) => {
  const account = accountOf(context);
  const { symbol, assetClass, from, to } = context.query;
  const items = account.trades.filter(
    (trade) =>
      inDates(context, trade.tradeDate) &&
      (!symbol || trade.symbol === symbol) &&
      (!assetClass || trade.assetClass === assetClass),
  );
  return { status: 200, body: page(context, items, { account: account.accountNumber, symbol, assetClass, from, to }) };
};

const listNonTradeActivity: Handler = (context) => {
  const account = accountOf(context);
  const { type, status, from, to } = context.query;
  const items = account.activity.filter(
    (entry) =>
      inDates(context, entry.activityDate) &&
      (!Array.isArray(type) || type.includes(entry.type)) &&
      (!status || entry.status === status),
  );
  return { status: 200, body: page(context, items, { account: account.accountNumber, type, status, from, to }) };
};

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

const createSandboxDeposit: Handler = (context) => {
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
    activityId: randomUUID(),
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

const resetSandbox: Handler = (context) => {
  const { state } = context;
  const counts = {
    accountsDeleted: state.accounts.size,
    ordersDeleted: state.orders.size,
    documentsDeleted: state.documents.size,
  };
  state.reservations.clear();
  state.applications.clear();
  state.accounts.clear();
  state.orders.clear();
  state.working.clear();
  state.documents.clear();
  state.nextAccountNumber = 10001;
  // The idempotency keys go too (what they answered no longer exists); the app remembers this reset's own key
  // after this, so that a retry of the reset gets its original answer.
  state.idempotency.clear();
  state.idempotencyBytes = 0;
  return { status: 200, body: { resetAt: iso(context.now), ...counts } };
};

function documentOf(context: Context, kind: 'add' | 'generate'): Answer {
  const account = accountOf(context);
  if (accountStatus(context, account) === 'CLOSED') {
    throw new ApiError(409, 'CONFLICT', `Account ${account.accountNumber} is CLOSED.`);
  }
  if (context.state.documents.size >= context.limits.documents) {
    throw new ApiError(
      409,
      'CONFLICT',
      `This sandbox client holds ${context.limits.documents} documents, the most the sandbox keeps. POST /v1/sandbox/reset clears them.`,
    );
  }
  const operationId = kind === 'add' ? 'addAccountDocument' : 'generateAccountDocument';
  const template = context.descriptions.example(operationId, '201');
  const body = bodyOf(context);
  const actionId = typeof body.actionId === 'string' && body.actionId !== '' ? body.actionId : undefined;
  const application = context.state.applications.get(account.applicationId);
  if (kind === 'add' && application) {
    const documentType = typeof body.documentType === 'string' ? body.documentType : undefined;
    answerWithDocument(application, context.now, context.timing.reviewMs, { actionId, documentType });
  }
  const documentId = randomUUID();
  const created: JsonObject = {
    ...template,
    documentId,
    accountNumber: account.accountNumber,
    createdAt: iso(context.now),
  };
  if (typeof body.documentType === 'string') created.documentType = body.documentType;
  if ('partyId' in created) created.partyId = typeof body.partyId === 'string' ? body.partyId : null;
  if ('actionId' in created) created.actionId = actionId ?? null;
  if ('updatedAt' in created) created.updatedAt = iso(context.now);
  context.state.documents.set(documentId, { documentId, accountNumber: account.accountNumber, body: created });
  return { status: 201, headers: { Location: `${context.base}/documents/${documentId}` }, body: created };
}

// ---------------------------------------------------------------------------------------------------
// Account updates (Onboarding API): contact details apply at once (200); identity changes and a legal
// address in another country go to a review (202 with an applicationId), which approves within seconds.

/** Whether a review of an update by `operationId` is still open on the account (it decides at `decideAt`). */
function openReview(context: Context, accountNumber: string, operationId: string): boolean {
  for (const application of context.state.applications.values()) {
    if (application.update === operationId && application.accountNumber === accountNumber) {
      if (context.now < application.decideAt) return true;
    }
  }
  return false;
}

function accountUpdate(operationId: string): Handler {
  return (context) => {
    const account = accountOf(context);
    const status = accountStatus(context, account);
    if (status === 'CLOSED') throw new ApiError(409, 'CONFLICT', `Account ${account.accountNumber} is CLOSED.`);
    const body = bodyOf(context);
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
      const applicationId = randomUUID();
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
        headers: { Location: `${context.base}/onboarding/applications/${applicationId}` },
        body: { accountNumber: account.accountNumber, applicationId, status: 'PENDING', submittedAt: iso(context.now) },
      };
    }
    // Applied at once; a correction an action asks for is also applied as it is sent.
    applyChange(account.profile, account.accountNumber, change, context.now);
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

// ---------------------------------------------------------------------------------------------------
// Orders

function orderOf(context: Context, assetClass: OrderRecord['assetClass']): OrderRecord {
  const record = context.state.orders.get(context.params.orderId);
  if (!record || record.assetClass !== assetClass) {
    throw unknownIdentifier(`${assetClass === 'equity' ? 'Equity' : 'Option'} order ${context.params.orderId}`);
  }
  return record;
}

function checkRoom(context: Context, adding = 1): void {
  if (context.state.orders.size + adding > context.limits.orders) {
    throw new ApiError(
      422,
      'BUSINESS_RULE_VIOLATION',
      `This sandbox client holds ${context.limits.orders} orders, the most the sandbox keeps per client. POST /v1/sandbox/reset clears them.`,
    );
  }
}

function checkPrices(body: JsonObject): void {
  const type = String(body.type);
  const wants = {
    limitPrice: type === 'LIMIT' || type === 'STOP_LIMIT',
    stopPrice: type === 'STOP' || type === 'STOP_LIMIT',
  };
  for (const [field, needed] of Object.entries(wants)) {
    const present = body[field] !== undefined && body[field] !== null;
    if (present && !needed) {
      throw new ApiError(400, 'INVALID_FIELD', `${field} is not allowed on a ${type} order.`, [
        { field, issue: 'not_allowed' },
      ]);
    }
    if (!present && needed) {
      throw new ApiError(400, 'INVALID_FIELD', `${field} is required on a ${type} order.`, [
        { field, issue: 'required' },
      ]);
    }
  }
  if (type === 'MARKET' && body.timeInForce === 'GTC') {
    throw new ApiError(400, 'INVALID_FIELD', 'MARKET orders accept DAY, IOC and FOK, never GTC.', [
      { field: 'timeInForce', issue: 'invalid' },
    ]);
  }
}

/**
 * What happens to an order after it is accepted (`x-sandbox-test-values` of `placeEquityOrder`): its fills
 * take what is left, `leavesQuantity` (all of `quantity` on a new order, the rest on a replacement).
 */
function stepsFor(context: Context, order: JsonObject, price: number): OrderStep[] {
  const { now, timing } = context;
  const acknowledged = now + timing.acknowledgeMs;
  const filled = now + timing.fillMs;
  const quantity = Number(order.leavesQuantity);
  const underlying = String(order.underlying ?? order.symbol);
  if (underlying === 'XRJT') {
    return [
      { at: acknowledged, status: 'REJECTED', reason: 'The sandbox rejects every order for the test symbol XRJT.' },
    ];
  }
  if (underlying === 'XNFL') return [{ at: acknowledged, status: 'NEW' }];
  if (underlying === 'XPRT') {
    return [
      { at: acknowledged, status: 'NEW' },
      { at: filled, status: 'PARTIALLY_FILLED', fill: Math.max(1, Math.floor(quantity / 2)) },
    ];
  }
  const buying = String(order.side).startsWith('BUY');
  const limit = amountOf(order.limitPrice);
  const marketable =
    order.type === 'MARKET' || (order.type === 'LIMIT' && limit !== null && (buying ? limit >= price : limit <= price));
  return marketable
    ? [
        { at: acknowledged, status: 'NEW' },
        { at: filled, status: 'FILLED', fill: quantity },
      ]
    : [{ at: acknowledged, status: 'NEW' }];
}

function newOrder(context: Context, fields: JsonObject): JsonObject {
  const now = iso(context.now);
  return {
    orderId: randomUUID(),
    clientOrderId: null,
    kind: 'SINGLE',
    accountNumber: null,
    accountNumbers: null,
    parentOrderId: null,
    ...fields,
    limitPrice: fields.limitPrice ?? null,
    stopPrice: fields.stopPrice ?? null,
    status: 'PENDING_NEW',
    statusReason: null,
    filledQuantity: '0',
    leavesQuantity: fields.quantity,
    averageFillPrice: null,
    allocationStatus: fields.kind === 'BLOCK' ? 'UNALLOCATED' : null,
    allocations: fields.kind === 'BLOCK' ? [] : null,
    replacesOrderId: null,
    replacedByOrderId: null,
    createdAt: now,
    updatedAt: now,
  };
}

function tradingAccount(context: Context, accountNumber: string): AccountRecord {
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

function store(context: Context, record: OrderRecord, location: string): Answer {
  context.state.orders.set(String(record.order.orderId), record);
  context.state.working.add(record);
  return {
    status: 201,
    headers: { Location: `${context.base}${location}/${String(record.order.orderId)}` },
    body: record.order,
  };
}

const placeEquityOrder =
  (kind: 'SINGLE' | 'BLOCK'): Handler =>
  (context) => {
    checkRoom(context);
    const body = bodyOf(context);
    checkPrices(body);
    const symbol = String(body.symbol);
    const quantity = Number(body.quantity);
    const side = String(body.side);
    const accounts = (kind === 'BLOCK' ? (body.accountNumbers as string[]) : [String(body.accountNumber)]).map(
      (number) => tradingAccount(context, number),
    );
    if (symbol === 'XHLT')
      throw new ApiError(422, 'SYMBOL_NOT_TRADABLE', 'Trading in XHLT is halted (sandbox test symbol).');
    if (!Number.isInteger(quantity) && !(body.type === 'MARKET' && body.timeInForce === 'DAY')) {
      throw new ApiError(
        422,
        'FRACTIONAL_NOT_ALLOWED',
        'Fractional quantities are accepted only on MARKET orders with DAY.',
      );
    }
    const price = priceOf(symbol);
    const limit = amountOf(body.limitPrice);
    if (limit !== null && (limit > price * 5 || limit < price / 5)) {
      throw new ApiError(
        422,
        'PRICE_OUT_OF_RANGE',
        `limitPrice ${limit.toFixed(2)} USD is too far from the current market price of ${symbol}.`,
      );
    }
    if (side === 'SELL_SHORT') {
      if (symbol === 'XNBR')
        throw new ApiError(422, 'SHORT_LOCATE_UNAVAILABLE', 'No shares of XNBR are available to borrow today.');
      throw new ApiError(
        422,
        'SHORT_SALE_NOT_ALLOWED',
        `SELL_SHORT requires a margin account; ${accounts[0].accountNumber} is a cash account.`,
      );
    }
    if (side === 'SELL' && kind === 'SINGLE') {
      const account = accounts[0];
      const held = account.positions.get(symbol)?.quantity ?? 0;
      const committed = [...context.state.working]
        .filter(
          (record) =>
            record.order.accountNumber === account.accountNumber &&
            record.order.side === 'SELL' &&
            record.order.symbol === symbol,
        )
        .reduce((sum, record) => sum + Number(record.order.leavesQuantity), 0);
      if (quantity > held - committed) {
        throw new ApiError(
          422,
          'INSUFFICIENT_POSITION',
          `Account ${account.accountNumber} has ${quantityText(Math.max(0, held - committed))} shares of ${symbol} available to sell; the order is for ${quantityText(quantity)}.`,
        );
      }
    }
    if (side === 'BUY' && kind === 'SINGLE') {
      const account = accounts[0];
      const needed = quantity * Math.max(price, limit ?? 0, amountOf(body.stopPrice) ?? 0);
      const power = buyingPower(context, account);
      if (needed > power) {
        throw new ApiError(
          422,
          'INSUFFICIENT_BUYING_POWER',
          `Account ${account.accountNumber} has ${power.toFixed(2)} USD of buying power; the order needs an estimated ${needed.toFixed(2)} USD.`,
        );
      }
    }
    const order = newOrder(context, { ...body, kind });
    return store(
      context,
      { assetClass: 'equity', order, price, multiplier: 1, steps: stepsFor(context, order, price) },
      '/orders/equity',
    );
  };

/** The OCC symbol of a contract given by its terms: root padded to six, YYMMDD, C or P, strike × 1000 in eight digits. */
function occSymbol(body: JsonObject): string {
  if (typeof body.symbol === 'string') return body.symbol;
  const date = String(body.expirationDate).replace(/-/g, '').slice(2);
  const strike = Math.round((amountOf(body.strikePrice) ?? 0) * 1000);
  return `${String(body.underlying).padEnd(6, ' ')}${date}${body.putCall === 'PUT' ? 'P' : 'C'}${String(strike).padStart(8, '0')}`;
}

const placeOptionOrder =
  (kind: 'SINGLE' | 'BLOCK'): Handler =>
  (context) => {
    checkRoom(context);
    const body = bodyOf(context);
    checkPrices(body);
    const accounts = (kind === 'BLOCK' ? (body.accountNumbers as string[]) : [String(body.accountNumber)]).map(
      (number) => tradingAccount(context, number),
    );
    const symbol = occSymbol(body);
    const details = optionDetails(symbol);
    const price = OPTION_PREMIUM;
    const quantity = Number(body.quantity);
    const side = String(body.side);
    if (side.endsWith('_TO_CLOSE') && kind === 'SINGLE') {
      const held = accounts[0].positions.get(symbol)?.quantity ?? 0;
      const selling = side === 'SELL_TO_CLOSE';
      if (selling && quantity > held) {
        throw new ApiError(
          422,
          'NO_POSITION_TO_CLOSE',
          `Account ${accounts[0].accountNumber} holds ${quantityText(held)} contracts of ${symbol}; the order closes ${quantityText(quantity)}.`,
        );
      }
    }
    if (side.startsWith('BUY') && kind === 'SINGLE') {
      const needed = quantity * Math.max(price, amountOf(body.limitPrice) ?? 0) * OPTION_MULTIPLIER;
      const power = buyingPower(context, accounts[0]);
      if (needed > power) {
        throw new ApiError(
          422,
          'INSUFFICIENT_BUYING_POWER',
          `Account ${accounts[0].accountNumber} has ${power.toFixed(2)} USD of buying power; the order needs an estimated ${needed.toFixed(2)} USD.`,
        );
      }
    }
    const order = newOrder(context, {
      ...body,
      kind,
      symbol,
      underlying: details.underlying,
      expirationDate: details.expirationDate,
      strikePrice: details.strikePrice,
      putCall: details.putCall,
      multiplier: '100',
    });
    // The key order of the response follows the schema's: terms right after the symbol.
    return store(
      context,
      { assetClass: 'options', order, price, multiplier: OPTION_MULTIPLIER, steps: stepsFor(context, order, price) },
      '/orders/options',
    );
  };

const getOrder =
  (assetClass: OrderRecord['assetClass']): Handler =>
  (context) => ({
    status: 200,
    body: orderOf(context, assetClass).order,
  });

const searchOrders =
  (assetClass: OrderRecord['assetClass']): Handler =>
  (context) => {
    const { accountNumber, symbol } = context.query;
    const statuses =
      typeof context.query.status === 'string'
        ? context.query.status.split(',')
        : Array.isArray(context.query.status)
          ? context.query.status.map(String)
          : null;
    const to = typeof context.query.to === 'string' ? Date.parse(context.query.to) : context.now;
    const from = typeof context.query.from === 'string' ? Date.parse(context.query.from) : to - 7 * 86_400_000;
    if (to - from > 90 * 86_400_000 || from > to) {
      throw new ApiError(400, 'INVALID_FIELD', 'from and to may be at most 90 days apart, from first.', [
        { field: 'from', issue: 'range_too_long' },
      ]);
    }
    const items = [...context.state.orders.values()]
      .filter((record) => record.assetClass === assetClass)
      .map((record) => record.order)
      .filter((order) => {
        const created = Date.parse(String(order.createdAt));
        return (
          created >= from - 1000 &&
          created <= to + 1000 &&
          (!accountNumber ||
            order.accountNumber === accountNumber ||
            (Array.isArray(order.accountNumbers) && order.accountNumbers.includes(accountNumber))) &&
          (!symbol || order.symbol === symbol || order.underlying === symbol) &&
          (!statuses || statuses.includes(String(order.status)))
        );
      })
      .reverse();
    return { status: 200, body: page(context, items, { accountNumber, symbol, statuses, from, to }) };
  };

const cancelOrder =
  (assetClass: OrderRecord['assetClass']): Handler =>
  (context) => {
    const record = orderOf(context, assetClass);
    const status = String(record.order.status);
    if (record.order.kind === 'ALLOCATION' || !WORKING.has(status)) {
      throw new ApiError(
        409,
        'ORDER_NOT_MODIFIABLE',
        `Order ${String(record.order.orderId)} is ${status}; it can't be canceled.`,
      );
    }
    if (status !== 'PENDING_CANCEL') {
      // During PENDING_REPLACE the original is still the working version (the market has not confirmed the
      // replace, or the order would be REPLACED): the cancel is for it, and dropping its steps drops the
      // replacement, which only the confirmation would create. PENDING_CANCEL can't become REPLACED.
      moveOrder(context.descriptions.orderTransitions, record, 'PENDING_CANCEL', context.now);
      record.steps = [{ at: context.now + context.timing.acknowledgeMs, status: 'CANCELED' }];
      context.state.working.add(record);
    }
    return { status: 202, body: record.order };
  };

const updateOrder =
  (assetClass: OrderRecord['assetClass']): Handler =>
  (context) => {
    const record = orderOf(context, assetClass);
    const status = String(record.order.status);
    if (record.order.kind === 'ALLOCATION' || !['NEW', 'PARTIALLY_FILLED'].includes(status)) {
      throw new ApiError(
        409,
        'ORDER_NOT_MODIFIABLE',
        `Order ${String(record.order.orderId)} is ${status}; it can't be replaced now.`,
      );
    }
    const changes = bodyOf(context);
    const merged = { ...record.order, ...changes };
    checkPrices(merged);
    const quantity = Number(merged.quantity);
    if (quantity <= Number(record.order.filledQuantity)) {
      throw new ApiError(
        422,
        'QUANTITY_BELOW_FILLED',
        `quantity must exceed the ${String(record.order.filledQuantity)} already filled.`,
      );
    }
    checkRoom(context);
    // The market confirms the replace at `at`, which creates the replacement: with the changed terms, the
    // same `clientOrderId`, and the fills so far (`quantity` is the new total, filled shares included).
    const at = context.now + context.timing.acknowledgeMs;
    const filled = Number(record.order.filledQuantity);
    const replacement = newOrder(
      { ...context, now: at },
      Object.fromEntries(
        Object.entries(merged).filter(
          ([key]) => !['orderId', 'status', 'createdAt', 'updatedAt', 'filledQuantity', 'leavesQuantity'].includes(key),
        ),
      ),
    );
    Object.assign(replacement, {
      replacesOrderId: record.order.orderId,
      filledQuantity: record.order.filledQuantity,
      leavesQuantity: quantityText(quantity - filled),
      averageFillPrice: record.order.averageFillPrice,
    });
    const price = record.price;
    // Working at once: NEW, and PARTIALLY_FILLED when it carries fills (x-transitions has no shorter way).
    const working: OrderStep[] = [{ at, status: 'NEW' }];
    if (filled > 0) working.push({ at, status: 'PARTIALLY_FILLED' });
    const next: OrderRecord = {
      assetClass,
      order: replacement,
      price,
      multiplier: record.multiplier,
      steps: [
        ...working,
        ...stepsFor({ ...context, now: at }, replacement, price).filter((step) => step.status !== 'NEW'),
      ],
    };
    moveOrder(context.descriptions.orderTransitions, record, 'PENDING_REPLACE', context.now);
    record.steps = [{ at, status: 'REPLACED', replacement: next }];
    context.state.working.add(record);
    return { status: 202, body: record.order };
  };

const allocateBlock =
  (assetClass: OrderRecord['assetClass']): Handler =>
  (context) => {
    const record = orderOf(context, assetClass);
    const block = record.order;
    // Allocated once only: the next allocation is a conflict with the block's state, not a broken rule.
    if (block.kind === 'BLOCK' && block.allocationStatus === 'ALLOCATED') {
      throw new ApiError(409, 'CONFLICT', `Block ${String(block.orderId)} has already been allocated.`);
    }
    // Final with fills: FILLED, or CANCELED or EXPIRED with some filled. A PARTIALLY_FILLED block still works.
    if (block.kind !== 'BLOCK' || Number(block.filledQuantity) === 0 || WORKING.has(String(block.status))) {
      throw new ApiError(
        422,
        'BLOCK_NOT_ALLOCATABLE',
        block.kind === 'BLOCK'
          ? `Block ${String(block.orderId)} is ${String(block.status)} with ${String(block.filledQuantity)} filled; allocate it once it is final with fills.`
          : `Order ${String(block.orderId)} is not a block order.`,
      );
    }
    const instructions = (bodyOf(context).allocations as JsonObject[]) ?? [];
    const members = new Set((block.accountNumbers as string[]) ?? []);
    const outsider = instructions.find((instruction) => !members.has(String(instruction.accountNumber)));
    if (outsider) {
      throw new ApiError(
        422,
        'ALLOCATION_ACCOUNT_INVALID',
        `Account ${String(outsider.accountNumber)} is not one of the block's accounts.`,
      );
    }
    const total = instructions.reduce((sum, instruction) => sum + Number(instruction.quantity), 0);
    if (total !== Number(block.filledQuantity)) {
      throw new ApiError(
        422,
        'ALLOCATION_QUANTITY_MISMATCH',
        `The allocations add up to ${total}; the block filled ${String(block.filledQuantity)}.`,
      );
    }
    checkRoom(context, instructions.length);
    const allocations = instructions.map((instruction) => {
      const quantity = String(instruction.quantity);
      const child = newOrder(context, {
        ...Object.fromEntries(
          Object.entries(block).filter(
            ([key]) => !['orderId', 'accountNumbers', 'allocationStatus', 'allocations'].includes(key),
          ),
        ),
        kind: 'ALLOCATION',
        accountNumber: instruction.accountNumber,
        parentOrderId: block.orderId,
        quantity,
      });
      // An allocation order is created FILLED and never changes (OrderKind ALLOCATION).
      Object.assign(child, {
        status: 'FILLED',
        filledQuantity: quantity,
        leavesQuantity: '0',
        averageFillPrice: block.averageFillPrice,
        allocationStatus: null,
        allocations: null,
      });
      const childRecord: OrderRecord = {
        assetClass,
        order: child,
        price: record.price,
        multiplier: record.multiplier,
        steps: [],
      };
      context.state.orders.set(String(child.orderId), childRecord);
      const account = context.state.accounts.get(String(instruction.accountNumber));
      if (account) {
        const fake: OrderRecord = { ...childRecord, order: { ...child, filledQuantity: '0' } };
        fill(context, fake, Number(quantity), context.now);
      }
      return { accountNumber: instruction.accountNumber, quantity, orderId: child.orderId };
    });
    block.allocations = allocations;
    block.allocationStatus = 'ALLOCATED';
    block.updatedAt = iso(context.now);
    return { status: 201, body: block };
  };

// ---------------------------------------------------------------------------------------------------
// Documents API

const listDocumentTypes: Handler = (context) => {
  const template = context.descriptions.example('listDocumentTypes', '200');
  const items = Array.isArray(template.data) ? template.data : [];
  return { status: 200, body: page(context, items, {}) };
};

function storedDocument(context: Context) {
  const document = context.state.documents.get(context.params.documentId);
  if (!document) throw unknownIdentifier(`Document ${context.params.documentId}`);
  return document;
}

const getDocument: Handler = (context) => {
  const document = storedDocument(context);
  const generated = document.body.status === 'GENERATED';
  const template = context.descriptions.example('getDocument', '200', generated ? 'generatedForm' : 'acceptedUpload');
  const body: JsonObject = { ...template };
  for (const key of Object.keys(body)) if (key in document.body) body[key] = document.body[key];
  body.documentId = document.documentId;
  body.accountNumber = document.accountNumber;
  body.updatedAt = body.createdAt;
  // The hash of the PDF the content endpoint returns, as the description says, so that a download checks out.
  body.sha256 = EMPTY_PDF_SHA256;
  return { status: 200, body };
};

/** The smallest PDF readers open: one empty page. The content of every sandbox document. */
const EMPTY_PDF =
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';
const EMPTY_PDF_SHA256 = createHash('sha256').update(EMPTY_PDF).digest('hex');

const downloadDocument: Handler = (context) => {
  storedDocument(context);
  return { status: 200, raw: { text: EMPTY_PDF, contentType: 'application/pdf' } };
};

/** The sandbox's behaviour of every operation, by `operationId`. */
export const HANDLERS: Readonly<Record<string, Handler>> = {
  reserveAccountNumber,
  getOnboardingResult,
  getAccount,
  getBalanceSummary,
  listPositions,
  getPosition,
  listTradeActivity,
  listNonTradeActivity,
  addAccountDocument: (context) => documentOf(context, 'add'),
  generateAccountDocument: (context) => documentOf(context, 'generate'),
  createSandboxDeposit,
  resetSandbox,
  openAccount,
  updateAccountAddresses: accountUpdate('updateAccountAddresses'),
  updateAssociatedParty: accountUpdate('updateAssociatedParty'),
  updatePrimaryOwner: accountUpdate('updatePrimaryOwner'),
  searchEquityOrders: searchOrders('equity'),
  placeEquityOrder: placeEquityOrder('SINGLE'),
  placeBlockEquityOrder: placeEquityOrder('BLOCK'),
  getEquityOrder: getOrder('equity'),
  updateEquityOrder: updateOrder('equity'),
  cancelEquityOrder: cancelOrder('equity'),
  allocateBlockEquityOrder: allocateBlock('equity'),
  searchOptionOrders: searchOrders('options'),
  placeOptionOrder: placeOptionOrder('SINGLE'),
  placeBlockOptionOrder: placeOptionOrder('BLOCK'),
  getOptionOrder: getOrder('options'),
  updateOptionOrder: updateOrder('options'),
  cancelOptionOrder: cancelOrder('options'),
  allocateBlockOptionOrder: allocateBlock('options'),
  listDocumentTypes,
  getDocument,
  downloadDocument,
};
