// Which operation a path below the Try it proxy names (server/apiProxy.mjs): decided by the shared path templates
// (contracts/openapi/pathTemplate.ts), as the sandbox decides it.
import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';

import { createApiProxy, parseApiProxyManifest } from '../apiProxy.mjs';

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

describe('a later version (v2)', () => {
  const manifest = {
    apiUrl: 'https://sandbox.api.clearing.example/v1',
    tokenUrl: 'https://sandbox.api.clearing.example/connect/token',
    routes: [route('DELETE', '/orders/equity/{orderId}'), route('GET', '/accounts/{accountNumber}')],
    versions: { v2: { routes: [route('POST', '/orders/equity/{orderId}/cancel')] } },
  };

  test('is forwarded by its own routes to the API URL with /v2 for /v1', () => {
    const proxy = createApiProxy(manifest);
    const target = proxy.target('POST', 'v2/orders/equity/abc/cancel');
    assert.ok(typeof target !== 'string');
    assert.equal(target.upstream, 'https://sandbox.api.clearing.example/v2/orders/equity/abc/cancel');
    assert.equal(target.route.path, '/orders/equity/{orderId}/cancel');
    assert.equal(proxy.target('DELETE', 'v2/orders/equity/abc'), 'unknown', "v1's routes are not v2's");
    assert.equal(proxy.target('GET', 'v2/accounts/5GT10001'), 'unknown');
    assert.equal(proxy.target('POST', 'v1/orders/equity/abc/cancel'), 'unknown', "v2's routes are not v1's");
    assert.equal(proxy.target('POST', 'v3/orders/equity/abc/cancel'), 'unknown');
    const v1 = proxy.target('DELETE', 'v1/orders/equity/abc');
    assert.ok(typeof v1 !== 'string');
    assert.equal(v1.upstream, 'https://sandbox.api.clearing.example/v1/orders/equity/abc');
  });

  test('follows an API URL the server is started with, and is not forwarded below one that does not end in /v1', () => {
    const moved = createApiProxy(manifest, { apiUrl: 'http://127.0.0.1:4020/v1' });
    const target = moved.target('POST', 'v2/orders/equity/abc/cancel');
    assert.ok(typeof target !== 'string');
    assert.equal(target.upstream, 'http://127.0.0.1:4020/v2/orders/equity/abc/cancel');
    const elsewhere = createApiProxy(manifest, { apiUrl: 'http://127.0.0.1:4020/api' });
    assert.equal(elsewhere.target('POST', 'v2/orders/equity/abc/cancel'), 'unknown');
  });

  test('is checked in the manifest: a version name and well-formed routes', () => {
    assert.deepEqual(parseApiProxyManifest(manifest), manifest);
    assert.throws(
      () => parseApiProxyManifest({ ...manifest, versions: { v1: { routes: [] } } }),
      /not a later version/,
    );
    assert.throws(
      () => parseApiProxyManifest({ ...manifest, versions: { beta: { routes: [] } } }),
      /not a later version/,
    );
    assert.throws(
      () => parseApiProxyManifest({ ...manifest, versions: { v2: { routes: [{ method: 'GET' }] } } }),
      /apiProxy\.versions\.v2\.routes must list/,
    );
  });
});
