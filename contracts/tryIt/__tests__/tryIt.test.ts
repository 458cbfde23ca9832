/** @jest-environment node */
import { tryItAnchor } from '../anchor';
import { responseCheckName, TRY_IT_MODULE_FILES, tryItModuleFile, tryItModuleName } from '../operation';

describe('the Try it contracts', () => {
  it('names each operation’s module where the gate’s classification finds it, and nothing else', () => {
    for (const operationId of ['placeEquityOrder', 'getAccount', 'reserve-account_number']) {
      expect(TRY_IT_MODULE_FILES.test(tryItModuleFile(operationId))).toBe(true);
    }
    expect(tryItModuleFile('getAccount')).toBe('docs/try-it/getAccount.js');
    // A later API version's modules are in its folder, named by it for the MCP server on a Worker.
    expect(tryItModuleFile('cancelEquityOrder', 'v2')).toBe('docs/try-it/v2/cancelEquityOrder.js');
    expect(tryItModuleFile('cancelEquityOrder', 'v1')).toBe('docs/try-it/cancelEquityOrder.js');
    expect(TRY_IT_MODULE_FILES.test('docs/try-it/v2/cancelEquityOrder.js')).toBe(true);
    expect(tryItModuleName('docs/try-it/cancelEquityOrder.js')).toBe('cancelEquityOrder');
    expect(tryItModuleName('docs/try-it/v2/cancelEquityOrder.js')).toBe('v2/cancelEquityOrder');
    for (const file of [
      'docs/try-it/a/b.js',
      'docs/try-it/v2/a/b.js',
      'docs/try-it/../x.js',
      'docs/try-it/x.js.map',
      'docs/try-it.js',
    ]) {
      expect(TRY_IT_MODULE_FILES.test(file)).toBe(false);
      expect(tryItModuleName(file)).toBeUndefined();
    }
  });

  it('names a status’s check as an export name', () => {
    expect(['201', 'default', '2XX'].map(responseCheckName)).toEqual([
      'response_201',
      'response_default',
      'response_2XX',
    ]);
  });

  it('names the panel’s anchor after the operation', () => {
    expect(tryItAnchor('placeEquityOrder')).toBe('try-it-placeEquityOrder');
  });
});
