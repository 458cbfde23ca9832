/** The simulator's prices of equities and option contracts, and the terms an OCC option symbol carries. */
import type { JsonObject } from '../../openapi/document';
import { money } from '../state';

/** The simulator's prices: `XMPL` at 185.50 USD as the descriptions say; every other symbol at 50.00. */
const EQUITY_PRICES: Readonly<Record<string, number>> = { XMPL: 185.5 };
const DEFAULT_PRICE = 50;
/** An option's premium per share when a `MARKET` option order fills. */
export const OPTION_PREMIUM = 5;
export const OPTION_MULTIPLIER = 100;

/** A symbol's price now: the one set for the client (`PUT /v1/sandbox/prices/{symbol}`), or the simulator's. */
export const priceOf = (symbol: string, set?: ReadonlyMap<string, number>): number =>
  set?.get(symbol) ?? EQUITY_PRICES[symbol] ?? DEFAULT_PRICE;

export function optionDetails(symbol: string): JsonObject {
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
