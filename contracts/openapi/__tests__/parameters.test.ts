import { isRequiredParameter, locationSchema, parameterValues, parametersOf } from '../parameters.ts';

const parameters = parametersOf([
  { name: 'accountNumber', in: 'path', schema: { type: 'string' } },
  { name: 'limit', in: 'query', schema: { type: 'integer', default: 50 } },
  { name: 'status', in: 'query', schema: { type: 'array', items: { type: 'string' } } },
  { name: 'ids', in: 'query', schema: { type: 'array', items: { type: 'integer' } } },
  { name: 'open', in: 'query', schema: { type: 'boolean' } },
  { name: 'Idempotency-Key', in: 'header', required: true, schema: { type: 'string' } },
  { $ref: '#/components/parameters/Unresolved' },
]);

describe('parameters', () => {
  it('requires every path parameter, and others only when the description says so', () => {
    expect(parameters.map((parameter) => [parameter.name, isRequiredParameter(parameter)])).toEqual([
      ['accountNumber', true],
      ['limit', false],
      ['status', false],
      ['ids', false],
      ['open', false],
      ['Idempotency-Key', true],
    ]);
    expect(locationSchema(parameters, 'path')).toEqual({
      type: 'object',
      properties: { accountNumber: { type: 'string' } },
      required: ['accountNumber'],
    });
  });

  it('types the texts of a request as their schemas say, and leaves the rest to the check', () => {
    const query = new URLSearchParams('limit=20&status=FILLED,CANCELED&status=NEW&ids=1,x&open=true&other=1');
    expect(parameterValues(parameters, 'query', (name) => query.getAll(name))).toEqual({
      limit: 20,
      status: ['FILLED', 'CANCELED', 'NEW'],
      ids: [1, 'x'],
      open: true,
    });
    for (const text of ['0x10', '1e1', ' 5', '', '5.']) {
      expect(parameterValues(parameters, 'query', (name) => (name === 'limit' ? [text] : []))).toEqual({ limit: text });
    }
    expect(parameterValues(parameters, 'query', (name) => (name === 'limit' ? ['1', '2'] : []))).toEqual({ limit: 2 });
  });
});
