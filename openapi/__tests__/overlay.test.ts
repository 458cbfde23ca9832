/**
 * A later API version is an OpenAPI Overlay on v1's description (openapi/v2/*.overlay.yaml): applied as written, and
 * refused, naming the file and the action, when it does not extend the description or an action changes nothing
 * (its target left v1), so that a later version never silently keeps v1's behaviour.
 */
import { applyOverlay, loadBundled, type JsonObject } from '../descriptions';

const base: JsonObject = {
  openapi: '3.1.0',
  info: { title: 'Trading API', version: '1.5.0' },
  paths: {
    '/orders/{orderId}': { delete: { operationId: 'cancelOrder', responses: { '202': { description: 'ok' } } } },
  },
};
const where = { api: 'orders', file: 'openapi/v2/orders.overlay.yaml' } as const;

describe('applyOverlay', () => {
  it('moves an operation by copy and remove, and sets the version', async () => {
    const overlaid = await applyOverlay(
      base,
      {
        overlay: '1.1.0',
        extends: '../orders.yaml',
        actions: [
          { target: '$.info', update: { version: '2.0.0' } },
          { target: '$.paths', update: { '/orders/{orderId}/cancel': { post: {} } } },
          { target: "$.paths['/orders/{orderId}/cancel'].post", copy: "$.paths['/orders/{orderId}'].delete" },
          { target: "$.paths['/orders/{orderId}'].delete", remove: true },
        ],
      },
      where,
    );
    expect(overlaid.info).toEqual({ title: 'Trading API', version: '2.0.0' });
    expect(overlaid.paths).toEqual({
      '/orders/{orderId}': {},
      '/orders/{orderId}/cancel': { post: { operationId: 'cancelOrder', responses: { '202': { description: 'ok' } } } },
    });
    // The base is left as it was.
    expect(Object.keys((base.paths as JsonObject)['/orders/{orderId}'] as JsonObject)).toEqual(['delete']);
  });

  it('stops at an action that changes nothing, naming the file and the action', async () => {
    await expect(
      applyOverlay(
        base,
        {
          extends: '../orders.yaml',
          actions: [
            { target: '$.info', update: { version: '2.0.0' } },
            { target: "$.paths['/orders/{orderId}'].patch", remove: true },
          ],
        },
        where,
      ),
    ).rejects.toThrow(
      "openapi/v2/orders.overlay.yaml: actions that change nothing in openapi/orders.yaml:\n  action 2: $.paths['/orders/{orderId}'].patch",
    );
  });

  it('stops at an overlay of another description, or one without actions', async () => {
    const message = 'openapi/v2/orders.overlay.yaml: an overlay with `extends: ../orders.yaml` and a list of `actions`';
    await expect(applyOverlay(base, { extends: '../accounts.yaml', actions: [] }, where)).rejects.toThrow(message);
    await expect(applyOverlay(base, 'not an overlay', where)).rejects.toThrow(message);
  });
});

describe("Trading API v2, today's overlay", () => {
  it('is v1 with cancel as POST …/cancel, clientOrderId required, and the v2 servers', () => {
    const v2 = loadBundled('orders', { dereferenced: true, version: 'v2' });
    const paths = v2.paths as Record<string, JsonObject>;
    expect((v2.info as JsonObject).version).toBe('2.0.0');
    expect((v2.servers as JsonObject[]).map((server) => server.url)).toEqual([
      'https://sandbox.api.clearing.example/v2',
      'https://api.clearing.example/v2',
    ]);
    expect(paths['/orders/equity/{orderId}'].delete).toBeUndefined();
    expect((paths['/orders/equity/{orderId}/cancel'].post as JsonObject).operationId).toBe('cancelEquityOrder');
    expect((paths['/orders/equity/{orderId}/cancel'].post as JsonObject).deprecated).toBeUndefined();
    const schema = (
      ((paths['/orders/equity'].post as JsonObject).requestBody as JsonObject).content as Record<string, JsonObject>
    )['application/json'].schema as JsonObject;
    expect(schema.required).toContain('clientOrderId');
  });
});
