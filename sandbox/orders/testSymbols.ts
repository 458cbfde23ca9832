/**
 * The test symbols of the simulated market, read once from the rows of `x-sandbox-test-values` of
 * `placeEquityOrder` (their `trigger` names the symbol, their `expect` what happens), so that a row changed in the
 * description changes the sandbox. The symbol of the first row (`XMPL`, "any symbol not listed here") is an
 * ordinary one; every other symbol a trigger names is a test symbol, and its rows say what it does: refused at
 * placement with a code (for every side, or for the side the trigger names), rejected by the market, or filled in
 * part (`filledQuantity` of the order's quantity, none for an order that never fills). Rows about a time in force
 * (`IOC`, `FOK`, or what holds only `after` some time) are the time in force's, not the symbol's.
 */
import type { TestValueRow } from '../../openapi/sandboxBehaviour';
import type { SandboxDescriptions } from '../spec';

export interface TestSymbol {
  /** Refused at placement: `422` with this code, for any side or only for `side`. */
  readonly refused?: { readonly code: string; readonly side?: string };
  /** Rejected by the market once placed. */
  readonly rejected?: true;
  /** The share of the quantity that fills at once (0: never fills), the rest working on. */
  readonly fills?: number;
}

const tables = new WeakMap<SandboxDescriptions, ReadonlyMap<string, TestSymbol>>();

/** The test symbols, each with what it does. */
export function testSymbols(descriptions: SandboxDescriptions): ReadonlyMap<string, TestSymbol> {
  const cached = tables.get(descriptions);
  if (cached) return cached;
  const operation = descriptions.operations.find((candidate) => candidate.operationId === 'placeEquityOrder');
  const rows = (operation?.definition['x-sandbox-test-values'] ?? []) as TestValueRow[];
  const ordinary = rows[0]?.trigger.request.symbol;
  const table = new Map<string, TestSymbol>();
  for (const row of rows) {
    const { request } = row.trigger;
    const symbol = request.symbol;
    if (typeof symbol !== 'string' || symbol === ordinary || row.expect.after) continue;
    if (['IOC', 'FOK'].includes(String(request.timeInForce))) continue;
    const known = table.get(symbol) ?? {};
    const state = row.expect.state ?? {};
    if (row.expect.code) {
      const side = typeof request.side === 'string' ? request.side : undefined;
      table.set(symbol, { ...known, refused: { code: row.expect.code, ...(side ? { side } : {}) } });
    } else if (state.status === 'REJECTED') table.set(symbol, { ...known, rejected: true });
    else if (typeof state.filledQuantity === 'string' && typeof request.quantity === 'string') {
      table.set(symbol, { ...known, fills: Number(state.filledQuantity) / Number(request.quantity) });
    } else if (state.status === 'NEW' && state.filledQuantity === '0') table.set(symbol, { ...known, fills: 0 });
  }
  tables.set(descriptions, table);
  return table;
}

/** Whether the market's outcome of the symbol is fixed whatever its price: rejected, or filled in a fixed part. */
export const fixedOutcome = (symbol: TestSymbol | undefined): boolean =>
  symbol?.rejected === true || symbol?.fills !== undefined;
