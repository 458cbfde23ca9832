/** Trade and non-trade activity (Accounts API). */
import { type Context, type Handler, page } from '../context';
import { ApiError } from '../http';
import { accountOf } from './status';

/** Whether a date (`YYYY-MM-DD`) is within the `from` and `to` dates of the query, both included. */
function inDates(context: Context, date: unknown): boolean {
  const { from, to } = context.query;
  if (typeof from === 'string' && typeof to === 'string' && from > to) {
    throw new ApiError(400, 'INVALID_FIELD', 'from must not be after to.', [{ field: 'from', issue: 'out_of_range' }]);
  }
  const day = String(date);
  return (typeof from !== 'string' || day >= from) && (typeof to !== 'string' || day <= to);
}

export const listTradeActivity: Handler = (context) => {
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

export const listNonTradeActivity: Handler = (context) => {
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
