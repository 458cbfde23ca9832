// Which operation a path below the Try it proxy names (server/apiProxy.mjs): decided by the shared path templates
// (contracts/openapi/pathTemplate.ts), as the sandbox decides it.
import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';

import { createApiProxy } from '../apiProxy.mjs';

/** @param {string} method @param {string} path */
const route = (method, path) => ({ method, path, mediaTypes: [], requestHeaders: [], responseHeaders: [] });

/** @param {ReturnType<typeof route>[]} routes */
function targetOf(routes) {
  const proxy = createApiProxy({
    apiUrl: 'https://sandbox.api.clearing.example/v1',
    tokenUrl: 'https://sandbox.api.clearing.example/connect/token',
    routes,
  });
  /** @param {string} method @param {string} path */
  return (method, path) => {
    const target = proxy.target(method, path);
    return typeof target === 'string' ? target : target.route.path;
  };
}

describe('the operation a path names', () => {
  test('a literal segment wins over a parameter, whatever the order of the routes', () => {
    const target = targetOf([route('GET', '/orders/{orderId}'), route('GET', '/orders/summary')]);
    assert.equal(target('GET', 'v1/orders/summary'), '/orders/summary');
    assert.equal(target('GET', 'v1/orders/abc'), '/orders/{orderId}');
  });

  test('a path parameter is one non-empty segment', () => {
    const target = targetOf([route('GET', '/accounts/{accountNumber}/positions/{symbol}')]);
    assert.equal(target('GET', 'v1/accounts/5GT10001/positions/XMPL'), '/accounts/{accountNumber}/positions/{symbol}');
    assert.equal(
      target('GET', 'v1/accounts/5GT10001/positions/BRK.B%20X'),
      '/accounts/{accountNumber}/positions/{symbol}',
    );
    assert.equal(target('GET', 'v1/accounts//positions/XMPL'), 'unknown');
    assert.equal(target('GET', 'v1/accounts/5GT10001/positions/'), 'unknown');
    assert.equal(target('POST', 'v1/accounts/5GT10001/positions/XMPL'), 'unknown');
    for (const segment of ['A%2FB', 'A%5CB', '%252F', '%E0%A4%A', '%2E%2E', 'A%00B']) {
      assert.equal(target('GET', `v1/accounts/5GT10001/positions/${segment}`), 'ambiguous', segment);
    }
  });
});
