/**
 * The one rule for identifiers (Standard data formats, section Identifiers; Standard errors, 404): an identifier
 * in a path names a resource or it doesn't, and one that names nothing your client may see (malformed, unknown
 * or another firm's) is `404 NOT_FOUND`, on every operation. Every operation with a path parameter is walked,
 * so a new one that answers otherwise fails here.
 */
import { randomUUID } from 'node:crypto';
import { isObject, type JsonObject } from '../../openapi/document';
import { key, testClient, type TestClient } from './client';

let client: TestClient;
beforeAll(async () => {
  client = await testClient();
});

/** A value no path parameter's format accepts: lower case, a space, and too long for any of them. */
const MALFORMED = 'not a valid id of any kind 5gt';

/** A well-formed value that names nothing in a fresh sandbox, per parameter. */
const UNKNOWN: Readonly<Record<string, string>> = { accountNumber: 'ZZZ99999', symbol: 'XMPL' };

/** Whether an operation requires a body or a query parameter. */
function needsInput(definition: JsonObject): boolean {
  const parameters = Array.isArray(definition.parameters) ? definition.parameters.filter(isObject) : [];
  const body = isObject(definition.requestBody) && definition.requestBody.required === true;
  return body || parameters.some((parameter) => parameter.in === 'query' && parameter.required === true);
}

describe('an identifier in a path', () => {
  it('is answered 404 NOT_FOUND on every operation when it is malformed or unknown, and every such operation lists 404', async () => {
    // Every version's: v2's operations (Trading API v2) are matched and checked as v1's are.
    const operations = Object.values(client.sandbox.versions).flatMap((descriptions) =>
      descriptions.operations
        .filter((operation) => operation.pathParameterNames.length > 0)
        .map((operation) => ({ ...operation, prefix: `/${descriptions.version}` })),
    );
    expect(operations.length).toBeGreaterThan(20);
    const wrong: string[] = [];
    for (const operation of operations) {
      if (!operation.statuses.includes('404')) wrong.push(`${operation.operationId} does not list 404`);
      for (const name of operation.pathParameterNames) {
        // A well-formed unknown value is looked up only after the rest of the request is valid: it is sent
        // where nothing else is required (the malformed one is answered before the body is read).
        const values = needsInput(operation.definition) ? [MALFORMED] : [MALFORMED, UNKNOWN[name] ?? randomUUID()];
        for (const value of values) {
          const path = operation.path.replace(/\{(\w+)\}/g, (_, parameter: string) =>
            encodeURIComponent(parameter === name ? value : (UNKNOWN[parameter] ?? randomUUID())),
          );
          const reply = await client.send(operation.method, `${operation.prefix}${path}`, { headers: key() });
          const code = (reply.body.error as JsonObject | undefined)?.code;
          if (reply.status !== 404 || code !== 'NOT_FOUND') {
            wrong.push(
              `${operation.method} ${operation.prefix}${path} (${name} ${JSON.stringify(value)}): ${reply.status} ${String(code)}`,
            );
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('an account number in an order', () => {
  it.each([
    ['/v1/orders/equity', { symbol: 'XMPL', side: 'BUY', type: 'MARKET', quantity: '1', timeInForce: 'DAY' }],
    [
      '/v1/orders/options',
      { symbol: 'XMPL  270115C00190000', side: 'BUY_TO_OPEN', type: 'MARKET', quantity: '1', timeInForce: 'DAY' },
    ],
  ])(
    'that names no account of the client is 404 NOT_FOUND on %s, as another firm’s account is',
    async (path, fields) => {
      const reply = await client.send('POST', path, { body: { accountNumber: 'ZZZ99999', ...fields }, headers: key() });
      expect([reply.status, (reply.body.error as JsonObject).code]).toEqual([404, 'NOT_FOUND']);
      expect(client.invalid).toEqual([]);
    },
  );
});
