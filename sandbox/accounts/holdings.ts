/** Balances and positions (Accounts API). */
import type { JsonObject } from '../../openapi/document';
import { type Context, type Handler, page } from '../context';
import { unknownIdentifier } from '../identifiers';
import { openOrderReserve } from '../orders/lifecycle';
import { OPTION_MULTIPLIER, OPTION_PREMIUM, optionDetails, priceOf } from '../orders/prices';
import { type AccountRecord, iso, isoDate, money, quantityText } from '../state';
import { accountOf } from './status';

function balances(context: Context, account: AccountRecord): JsonObject {
  const long = [...account.positions.entries()].reduce(
    (sum, [symbol, position]) =>
      sum +
      position.quantity *
        (position.assetClass === 'OPTION' ? OPTION_PREMIUM * OPTION_MULTIPLIER : priceOf(symbol, context.state.prices)),
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

export const getBalanceSummary: Handler = (context) => ({ status: 200, body: balances(context, accountOf(context)) });

function positionBody(
  context: Context,
  symbol: string,
  position: AccountRecord['positions'] extends Map<string, infer P> ? P : never,
): JsonObject {
  const option = position.assetClass === 'OPTION';
  const last = option ? OPTION_PREMIUM : priceOf(symbol, context.state.prices);
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

export const listPositions: Handler = (context) => {
  const account = accountOf(context);
  const assetClass = context.query.assetClass;
  const items = [...account.positions.entries()]
    .filter(([, position]) => !assetClass || position.assetClass === assetClass)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([symbol, position]) => positionBody(context, symbol, position));
  return { status: 200, body: page(context, items, { account: account.accountNumber, assetClass }) };
};

export const getPosition: Handler = (context) => {
  const account = accountOf(context);
  const position = account.positions.get(context.params.symbol);
  if (!position) throw unknownIdentifier(`A position in ${context.params.symbol} of account ${account.accountNumber}`);
  const body = positionBody(context, context.params.symbol, position);
  const lot = {
    lotId: context.ids(),
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
