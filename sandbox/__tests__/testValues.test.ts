/**
 * @jest-environment node
 *
 * The sandbox reads its test symbols and test family names from the rows of `x-sandbox-test-values`
 * (sandbox/orders/testSymbols.ts, sandbox/onboarding/testNames.ts): the tables it builds from the descriptions, and
 * how a row changed in a description changes them. The behaviour itself is held by the contract suite and the
 * sandbox tests, which run every row.
 */
import type { TestValueRow } from '../../openapi/sandboxBehaviour';
import { testNames } from '../onboarding/testNames';
import { testSymbols } from '../orders/testSymbols';
import { loadSandboxDescriptions, type SandboxDescriptions, type SandboxOperation } from '../spec';

const descriptions = loadSandboxDescriptions();

/** The descriptions with the rows of one operation changed. */
function withRows(operationId: string, change: (rows: TestValueRow[]) => TestValueRow[]): SandboxDescriptions {
  const operations = descriptions.operations.map((operation): SandboxOperation => {
    if (operation.operationId !== operationId) return operation;
    const rows = structuredClone(operation.definition['x-sandbox-test-values']) as TestValueRow[];
    return { ...operation, definition: { ...operation.definition, 'x-sandbox-test-values': change(rows) } };
  });
  return { ...descriptions, operations } as SandboxDescriptions;
}

describe('the test symbols', () => {
  it('are those the rows of placeEquityOrder name, XMPL being an ordinary symbol', () => {
    expect(Object.fromEntries(testSymbols(descriptions))).toEqual({
      XPRT: { fills: 0.5 },
      XNFL: { fills: 0 },
      XRJT: { rejected: true },
      XHLT: { refused: { code: 'SYMBOL_NOT_TRADABLE' } },
      XNBR: { refused: { code: 'SHORT_LOCATE_UNAVAILABLE', side: 'SELL_SHORT' } },
    });
  });

  it('follow a changed row', () => {
    const changed = withRows('placeEquityOrder', (rows) =>
      rows.map((row) =>
        row.trigger.request.symbol === 'XRJT'
          ? { ...row, trigger: { ...row.trigger, request: { symbol: 'XBAD' } } }
          : row,
      ),
    );
    expect(testSymbols(changed).get('XBAD')).toEqual({ rejected: true });
    expect(testSymbols(changed).has('XRJT')).toBe(false);
  });
});

describe('the test family names', () => {
  it('are those the rows of openAccount name, with their outcome and action', () => {
    const names = testNames(descriptions);
    expect(Object.fromEntries([...names].map(([name, value]) => [name, value.outcome]))).toEqual({
      Pending: { status: 'PENDING' },
      Document: { status: 'APPROVED' },
      Information: { status: 'APPROVED' },
      Expire: { status: 'APPROVED' },
      Identity: { status: 'REJECTED', reason: 'IDENTITY_NOT_VERIFIED' },
      Jurisdiction: { status: 'REJECTED', reason: 'RESTRICTED_JURISDICTION' },
      Duplicate: { status: 'REJECTED', reason: 'DUPLICATE_ACCOUNT' },
      Compliance: { status: 'REJECTED', reason: 'COMPLIANCE_DECLINED' },
    });
    expect(names.get('Document')?.action).toEqual({
      type: 'DOCUMENT_REQUIRED',
      documentType: 'GOVERNMENT_ID',
      field: null,
    });
    expect(names.get('Information')?.action).toEqual({
      type: 'INFORMATION_REQUIRED',
      documentType: null,
      field: 'legalAddress',
    });
    expect(names.get('Expire')?.action?.expiresAfterMs).toBe(10 * 60_000);
    expect(names.has('Rivera')).toBe(false);
  });

  it('follow a changed row', () => {
    const changed = withRows('openAccount', (rows) =>
      rows.map((row) =>
        row.trigger.request['owners[0].familyName'] === 'Identity'
          ? { ...row, trigger: { request: { ...row.trigger.request, 'owners[0].familyName': 'Unverified' } } }
          : row,
      ),
    );
    expect(testNames(changed).get('Unverified')?.outcome).toEqual({
      status: 'REJECTED',
      reason: 'IDENTITY_NOT_VERIFIED',
    });
    expect(testNames(changed).has('Identity')).toBe(false);
  });
});
