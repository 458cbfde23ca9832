/**
 * The sandbox-only test price (`setSandboxPrice`): a client sets an equity symbol's simulated price, so that
 * limit orders reach their limit and stop orders trigger when a test says. The price holds for the client until it
 * is set again or the sandbox is reset.
 */
import { isObject } from '../../openapi/document';
import { amountOf, bodyOf, type Handler } from '../context';
import { ApiError, type Detail } from '../http';
import { reprice } from '../orders/execution';
import { iso, money } from '../state';

/** The highest test price: 100000.00 USD. */
const PRICE_LIMIT = 100_000;

/** What is wrong with a price, in the description's issue names. */
function priceProblems(price: unknown): Detail[] {
  const value = isObject(price) ? price : {};
  const problems: Detail[] = [];
  const text = String(value.amount);
  if (!/^\d+(\.\d{1,2})?$/.test(text)) problems.push({ field: 'price.amount', issue: 'invalid_format' });
  else if (Number(text) <= 0 || Number(text) > PRICE_LIMIT)
    problems.push({ field: 'price.amount', issue: 'out_of_range' });
  if (value.currency !== 'USD') problems.push({ field: 'price.currency', issue: 'invalid_value' });
  return problems;
}

export const setSandboxPrice: Handler = (context) => {
  const { symbol } = context.params;
  const body = bodyOf(context);
  const problems = priceProblems(body.price);
  if (problems.length > 0) {
    throw new ApiError(
      400,
      'INVALID_FIELD',
      'price must be greater than 0.00 and at most 100000.00 USD, with at most two decimal places.',
      problems,
    );
  }
  const price = amountOf(body.price) as number;
  context.state.prices.set(symbol, price);
  reprice(context, symbol, price);
  return { status: 200, body: { symbol, price: money(price), setAt: iso(context.now) } };
};
