/** Placing single and block orders, equity and option (Orders API). */
import type { JsonObject } from '../../openapi/document';
import { tradingAccount } from '../accounts/status';
import { type Context, type Handler, amountOf, bodyOf } from '../context';
import { ApiError } from '../http';
import { type OrderRecord, quantityText } from '../state';
import { stepsFor } from './execution';
import { WORKING, buyingPower, checkPrices, checkRoom, newOrder, store } from './lifecycle';
import { OPTION_MULTIPLIER, OPTION_PREMIUM, optionDetails, priceOf } from './prices';
import { testSymbols } from './testSymbols';

/** The message of a test symbol's refusal, by its code (the row gives the code, not the words). */
const REFUSALS: Readonly<Record<string, (symbol: string) => string>> = {
  SYMBOL_NOT_TRADABLE: (symbol) => `Trading in ${symbol} is halted (sandbox test symbol).`,
  SHORT_LOCATE_UNAVAILABLE: (symbol) => `No shares of ${symbol} are available to borrow today.`,
};

/** Fails when the test symbol's row refuses the order at placement (for this side, or for every side). */
function refuseTestSymbol(context: Context, symbol: string, side: string | undefined): void {
  const refused = testSymbols(context.descriptions).get(symbol)?.refused;
  if (!refused || refused.side !== side) return;
  const message = REFUSALS[refused.code]?.(symbol) ?? `The sandbox refuses ${symbol} (sandbox test symbol).`;
  throw new ApiError(422, refused.code, message);
}

/** The code of a placement refused for a `clientOrderId` that a working order of the client already has. */
const DUPLICATE_CLIENT_ORDER_ID = 'DUPLICATE_CLIENT_ORDER_ID';

/**
 * Fails when the operation's description lists `DUPLICATE_CLIENT_ORDER_ID` among its `409` examples (Trading API
 * v2) and a working order of this client (any asset class) already has the body's `clientOrderId`.
 */
function refuseDuplicateClientOrderId(context: Context, body: JsonObject): void {
  const clientOrderId = body.clientOrderId;
  if (typeof clientOrderId !== 'string') return;
  if (!context.descriptions.exampleErrorCodes(context.operationId, '409').includes(DUPLICATE_CLIENT_ORDER_ID)) return;
  const working = [...context.state.orders.values()].find(
    (record) => record.order.clientOrderId === clientOrderId && WORKING.has(String(record.order.status)),
  );
  if (working) {
    throw new ApiError(
      409,
      DUPLICATE_CLIENT_ORDER_ID,
      `Order ${String(working.order.orderId)} with clientOrderId ${clientOrderId} is still working.`,
    );
  }
}

export const placeEquityOrder =
  (kind: 'SINGLE' | 'BLOCK'): Handler =>
  (context) => {
    checkRoom(context);
    const body = bodyOf(context);
    refuseDuplicateClientOrderId(context, body);
    checkPrices(body);
    const symbol = String(body.symbol);
    const quantity = Number(body.quantity);
    const side = String(body.side);
    const accounts = (kind === 'BLOCK' ? (body.accountNumbers as string[]) : [String(body.accountNumber)]).map(
      (number) => tradingAccount(context, number),
    );
    refuseTestSymbol(context, symbol, undefined);
    if (!Number.isInteger(quantity) && !(body.type === 'MARKET' && body.timeInForce === 'DAY')) {
      throw new ApiError(
        422,
        'FRACTIONAL_NOT_ALLOWED',
        'Fractional quantities are accepted only on MARKET orders with DAY.',
      );
    }
    const price = priceOf(symbol, context.state.prices);
    const limit = amountOf(body.limitPrice);
    if (limit !== null && (limit > price * 5 || limit < price / 5)) {
      throw new ApiError(
        422,
        'PRICE_OUT_OF_RANGE',
        `limitPrice ${limit.toFixed(2)} USD is too far from the current market price of ${symbol}.`,
      );
    }
    if (side === 'SELL_SHORT') {
      refuseTestSymbol(context, symbol, side);
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
    const record: OrderRecord = { assetClass: 'equity', order, price, multiplier: 1, steps: [] };
    record.steps = stepsFor(context, record);
    return store(context, record, '/orders/equity');
  };

/** The OCC symbol of a contract given by its terms: root padded to six, YYMMDD, C or P, strike × 1000 in eight digits. */
function occSymbol(body: JsonObject): string {
  if (typeof body.symbol === 'string') return body.symbol;
  const date = String(body.expirationDate).replace(/-/g, '').slice(2);
  const strike = Math.round((amountOf(body.strikePrice) ?? 0) * 1000);
  return `${String(body.underlying).padEnd(6, ' ')}${date}${body.putCall === 'PUT' ? 'P' : 'C'}${String(strike).padStart(8, '0')}`;
}

export const placeOptionOrder =
  (kind: 'SINGLE' | 'BLOCK'): Handler =>
  (context) => {
    checkRoom(context);
    const body = bodyOf(context);
    refuseDuplicateClientOrderId(context, body);
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
    const record: OrderRecord = { assetClass: 'options', order, price, multiplier: OPTION_MULTIPLIER, steps: [] };
    record.steps = stepsFor(context, record);
    return store(context, record, '/orders/options');
  };
