import { API_NAMES, loadDereferenced, operationsOf } from '../../../openapi/descriptions';
import { referenceOperation } from '../../../plugins/remark-api-reference';
import { PRODUCTION_BASE_URL, SANDBOX_BASE_URL } from '../../../contracts/facts';
import { docsFiles, docsRoute, readPage } from '../docsPages';

/**
 * The sandbox-only operations (`x-sandbox-only`) exist in the sandbox alone: their pages show the sandbox's URL
 * and no production one, in the operation block too, and say that production has no such operation.
 */
const sandboxOnly = API_NAMES.flatMap((api) => operationsOf(api, loadDereferenced(api))).filter(
  (operation) => operation.definition['x-sandbox-only'] === true,
);
const pageOf = (docsPath: unknown) => docsFiles().find((file) => docsRoute(file) === docsPath);

describe('the sandbox-only pages', () => {
  it('are the pages of the sandbox-only operations', () => {
    expect(sandboxOnly.map((operation) => operation.operationId).sort()).toEqual([
      'advanceSandboxClock',
      'createSandboxDeposit',
      'getSandboxClock',
      'resetSandbox',
      'setSandboxPrice',
    ]);
    for (const operation of sandboxOnly) expect(pageOf(operation.docsPath)).toBeDefined();
  });

  it.each(sandboxOnly.map((operation) => [operation.operationId, operation] as const))(
    '%s: the operation block shows the sandbox URL only',
    (operationId, operation) => {
      expect(referenceOperation(operationId).urls).toEqual([
        { environment: 'Sandbox', url: `${SANDBOX_BASE_URL}${operation.path}` },
      ]);
      expect(referenceOperation(operationId).serverUrl).toBe(SANDBOX_BASE_URL);
    },
  );

  it.each(sandboxOnly.map((operation) => [operation.operationId, operation] as const))(
    '%s: the page names no production URL and says the operation exists in the sandbox only',
    (operationId, operation) => {
      const page = readPage(pageOf(operation.docsPath) as string);
      expect(page.source).toContain(`<ApiOperation operationId="${operationId}" />`);
      expect(page.source).not.toMatch(/PRODUCTION_BASE_URL/);
      expect(page.source).not.toContain(PRODUCTION_BASE_URL);
      expect(page.source).toMatch(/This operation exists in the sandbox only\. Production has no such path/);
    },
  );

  it('leave every other operation on both servers', () => {
    const placed = referenceOperation('getAccount').urls.map((url) => url.environment);
    expect(placed).toEqual(['Sandbox', 'Production']);
  });
});
