/**
 * The sandbox reads a path as contracts/openapi/pathTemplate.ts and parameters.ts say, as the site's Try it proxy
 * and the Try it panel do. Each case here is one on which they disagreed before.
 */
import { loadSandboxDescriptions, matchOperation, validatePath } from '../spec';
import { testClient } from './client';

const descriptions = loadSandboxDescriptions();

describe('a path parameter, as contracts/openapi/pathTemplate.ts reads it', () => {
  const position = (segment: string) => matchOperation(descriptions, 'GET', `/accounts/5GT10001/positions/${segment}`);

  it('is one segment, decoded once', () => {
    expect(position('BRK.B')).toMatchObject({
      kind: 'operation',
      params: { accountNumber: '5GT10001', symbol: 'BRK.B' },
    });
    expect(position('A%20B')).toMatchObject({ kind: 'operation', params: { symbol: 'A B' } });
  });

  it.each([
    ['an encoded slash', 'BRK%2FB'],
    ['an encoded backslash', 'BRK%5CB'],
    ['an encoded percent (a second decoding would read %2F)', '%252F'],
    ['a malformed escape', '%E0%A4%A'],
    ['an encoded dot-segment', '%2E%2E'],
    ['a control character', 'A%00B'],
  ])('names no operation when it holds %s', (_, segment) => {
    expect(position(segment)).toEqual({ kind: 'unknownPath' });
  });

  it('is required whatever its description says (OpenAPI: a path parameter always is)', () => {
    const getOrder = descriptions.operations.find((operation) => operation.operationId === 'getEquityOrder');
    if (!getOrder) throw new Error('no getEquityOrder');
    const withoutRequired = {
      ...getOrder,
      definition: {
        ...getOrder.definition,
        parameters: [{ name: 'orderId', in: 'path', schema: { type: 'string', format: 'uuid' } }],
      },
    };
    expect(validatePath(withoutRequired, {})).toEqual([
      expect.objectContaining({ field: 'orderId', keyword: 'required' }),
    ]);
  });
});

describe('a query parameter, typed as contracts/openapi/parameters.ts says (as the Try it panel types it)', () => {
  it('is a whole number in decimal, or no whole number at all (Ajv alone read 0x10 and 1e1 as numbers)', async () => {
    const { send } = await testClient();
    for (const limit of ['0x10', '1e1', '']) {
      const reply = await send('GET', `/v1/accounts/5GT10001/positions?limit=${limit}`);
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ error: { details: [{ field: 'limit', issue: 'invalid_format' }] } });
    }
    expect((await send('GET', '/v1/accounts/5GT10001/positions?limit=16')).status).not.toBe(400);
  });

  it('takes an array as repeated names or comma-separated items', async () => {
    const { send } = await testClient();
    for (const query of ['status=FILLED,CANCELED', 'status=FILLED&status=CANCELED', 'status=FILLED']) {
      expect((await send('GET', `/v1/orders/equity?${query}`)).status).toBe(200);
    }
    const wrong = await send('GET', '/v1/orders/equity?status=FILLED,DONE');
    expect(wrong.status).toBe(400);
  });
});
