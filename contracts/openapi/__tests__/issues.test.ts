import { isObject, loadDereferenced } from '../../../openapi/descriptions';
import { createAjv } from '../ajv';
import { fieldPath, issueCodes, issueOf, orderPatternIssue, problemsOf, type IssueVocabulary } from '../issues.ts';

describe('problemsOf', () => {
  it('names each field in dot notation, once per keyword, without the combinators', () => {
    const validate = createAjv('body').compile({
      type: 'object',
      required: ['quantity'],
      additionalProperties: false,
      properties: {
        quantity: { type: 'string', pattern: '^[0-9]+$' },
        allocations: { type: 'array', items: { type: 'object', required: ['accountNumber'] } },
        side: { oneOf: [{ const: 'BUY' }, { const: 'SELL' }] },
      },
    });
    expect(validate({ allocations: [{}], extra: 1, side: 'HOLD' })).toBe(false);
    expect(problemsOf(validate.errors).map(({ field, keyword }) => `${field} ${keyword}`)).toEqual([
      'quantity required',
      'extra additionalProperties',
      'allocations[0].accountNumber required',
      'side const',
    ]);
    expect(validate({ quantity: '1.5' })).toBe(false);
    expect(problemsOf(validate.errors, 'body')).toEqual([
      {
        field: 'body.quantity',
        keyword: 'pattern',
        message: 'body.quantity must match pattern "^[0-9]+$"',
        pattern: '^[0-9]+$',
        value: '1.5',
      },
    ]);
    expect(fieldPath(['legs', '0', 'symbol'])).toBe('legs[0].symbol');
  });
});

describe('issue codes', () => {
  it.each([
    ['ValidationIssue', 'pattern', 'invalid_format'],
    ['ValidationIssue', 'maximum', 'out_of_range'],
    ['ValidationIssue', 'enum', 'invalid_value'],
    ['ValidationIssue', 'uniqueItems', 'invalid_value'],
    ['ValidationIssue', 'x-max-bytes', 'too_large'],
    ['OrderValidationIssue', 'format', 'format'],
    ['OrderValidationIssue', 'exclusiveMinimum', 'minimum'],
    ['OrderValidationIssue', 'maximum', 'invalid'],
    ['OrderValidationIssue', 'toString', 'invalid'],
  ] as const)('%s names %s %s', (vocabulary, keyword, issue) => {
    expect(issueOf(vocabulary, { field: 'x', keyword, message: '' })).toBe(issue);
  });

  it('tells a number pattern’s failure apart in the order vocabulary', () => {
    const shares = '^[1-9][0-9]*$';
    const quantity = '^(0|[1-9][0-9]*)(\\.[0-9]{1,6})?$';
    expect(orderPatternIssue(shares, '10.5')).toBe('whole_number');
    expect(orderPatternIssue(quantity, '1.1234567')).toBe('precision');
    expect(orderPatternIssue(shares, '0')).toBe('minimum');
    expect(orderPatternIssue(shares, 'ten')).toBe('format');
    expect(
      issueOf('OrderValidationIssue', { field: 'q', keyword: 'pattern', message: '', pattern: shares, value: '10.5' }),
    ).toBe('whole_number');
    expect(
      issueOf('ValidationIssue', { field: 'q', keyword: 'pattern', message: '', pattern: shares, value: '10.5' }),
    ).toBe('invalid_format');
  });

  it.each([
    ['ValidationIssue', 'accounts'],
    ['OrderValidationIssue', 'orders'],
  ] as const)('%s: every code given is one the %s description documents', (vocabulary: IssueVocabulary, api) => {
    const schemas = loadDereferenced(api).components as { schemas: Record<string, unknown> };
    const schema = schemas.schemas[vocabulary];
    const documented = isObject(schema) && Array.isArray(schema.enum) ? schema.enum : [];
    expect(documented.length).toBeGreaterThan(0);
    expect(issueCodes(vocabulary).filter((code) => !documented.includes(code))).toEqual([]);
  });
});
