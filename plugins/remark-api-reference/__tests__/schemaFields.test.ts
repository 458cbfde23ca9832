import {
  fieldTree,
  requiredAlternatives,
  schemaConstraints,
  schemaVariants,
  typeLabel,
  type FieldNode,
} from '../schemaFields';
import { resolveReferences } from '../resolveReferences';

const money = {
  title: 'Money',
  type: 'object',
  required: ['amount', 'currency'],
  properties: {
    amount: { type: 'string', description: 'Decimal string.' },
    currency: { type: 'string', enum: ['USD'] },
  },
};

/** The tree depth first, parents before their children. */
const flat = (nodes: readonly FieldNode[]): FieldNode[] => nodes.flatMap((node) => [node, ...flat(node.children)]);

describe('fieldTree', () => {
  it('nests each field under its parent, with dotted paths, array items with [], and what is required', () => {
    const tree = fieldTree({
      type: 'object',
      required: ['id'],
      properties: {
        id: { type: 'string', format: 'uuid', description: 'The ID.' },
        price: { oneOf: [money, { type: 'null' }], description: 'The limit price.' },
        legs: {
          type: 'array',
          items: { type: 'object', required: ['symbol'], properties: { symbol: { type: 'string' } } },
        },
      },
    });
    expect(tree.map((node) => [node.key, node.children.map((child) => child.key)])).toEqual([
      ['id', []],
      ['price', ['amount', 'currency']],
      ['legs', ['symbol']],
    ]);
    const rows = flat(tree);
    expect(rows.map((row) => [row.name, row.type, row.required])).toEqual([
      ['id', 'string (uuid)', true],
      ['price', 'object (Money) or null', false],
      ['price.amount', 'string', true],
      ['price.currency', 'string', true],
      ['legs', 'array of object', false],
      ['legs[].symbol', 'string', true],
    ]);
    expect(rows[1].description).toBe('The limit price.');
    expect(rows[3].description).toBe('One of: `USD`.');
  });

  it('merges allOf members, their properties and their required lists', () => {
    const rows = fieldTree({
      allOf: [
        { type: 'object', required: ['a'], properties: { a: { type: 'string' } } },
        {
          type: 'object',
          required: ['b'],
          properties: { b: { type: 'integer', minimum: 1, maximum: 200, default: 50 } },
        },
      ],
    });
    expect(rows.map((row) => [row.name, row.required])).toEqual([
      ['a', true],
      ['b', true],
    ]);
    expect(rows[1].description).toBe('From 1 to 200. Default `50`.');
  });
});

describe('a status field', () => {
  it('lists its transitions below its description and values, as Markdown the page renders as a list', () => {
    const [status] = fieldTree({
      type: 'object',
      properties: {
        status: {
          type: 'string',
          description: 'Where the order is.',
          enum: ['NEW', 'FILLED', 'CANCELED'],
          'x-transitions': { NEW: ['FILLED', 'CANCELED'] },
        },
      },
    });
    expect(status.description).toBe(
      [
        'Where the order is. One of: `NEW`, `FILLED`, `CANCELED`.',
        '',
        'Transitions, from each status that is not final:',
        '',
        '- `NEW` can move to `FILLED` or `CANCELED`.',
      ].join('\n'),
    );
  });
});

describe('schemaConstraints', () => {
  it.each([
    [{ type: 'integer', minimum: 1, maximum: 200, default: 50 }, ['From 1 to 200.', 'Default `50`.']],
    [{ type: 'integer', minimum: 0 }, ['At least 0.']],
    [{ type: 'number', exclusiveMinimum: 0 }, ['Above 0.']],
    [{ type: 'string', maxLength: 21 }, ['At most 21 characters.']],
    [{ type: 'string', minLength: 1, maxLength: 1 }, ['Exactly 1 character.']],
    [
      { type: 'array', minItems: 1, items: { enum: ['NEW', 'FILLED'] } },
      ['At least 1 item.', 'Each item one of: `NEW`, `FILLED`.'],
    ],
    [
      { type: 'string', pattern: '^[A-Z]{3}$', readOnly: true },
      ['Pattern: `^[A-Z]{3}$`.', 'Read-only: set by the server.'],
    ],
  ])('%j says %j', (schema, notes) => {
    expect(schemaConstraints(schema)).toEqual(notes);
  });
});

describe('typeLabel', () => {
  it('names arrays by their item title and nullable types', () => {
    expect(typeLabel({ type: 'array', items: money })).toBe('array of Money');
    expect(typeLabel({ type: 'array', items: { title: 'AccountNumber', type: 'string' } })).toBe('array of string');
    expect(typeLabel({ type: ['string', 'null'], format: 'date' })).toBe('string (date) or null');
  });
});

describe('schemaVariants', () => {
  it('gives each oneOf alternative the discriminator value that selects it', () => {
    const variants = schemaVariants({
      discriminator: { propertyName: 'accountType' },
      oneOf: [
        { title: 'Individual', properties: { accountType: { const: 'INDIVIDUAL' } } },
        { title: 'Custodial', properties: { accountType: { type: 'string', enum: ['CUSTODIAL'] } } },
      ],
    });
    expect(variants.map((variant) => [variant.title, variant.selector])).toEqual([
      ['Individual', 'accountType: INDIVIDUAL'],
      ['Custodial', 'accountType: CUSTODIAL'],
    ]);
  });
});

describe('resolveReferences', () => {
  it('inlines local references and keeps the schema name as the title', () => {
    const document = {
      components: {
        schemas: {
          Money: { type: 'object', properties: { amount: { type: 'string' } } },
          Node: { type: 'object', properties: { child: { $ref: '#/components/schemas/Node' } } },
        },
      },
      value: { price: { $ref: '#/components/schemas/Money' }, tree: { $ref: '#/components/schemas/Node' } },
    };
    const resolved = resolveReferences(document, document.value) as Record<string, Record<string, unknown>>;
    expect(resolved.price).toEqual({ title: 'Money', type: 'object', properties: { amount: { type: 'string' } } });
    expect(resolved.tree.title).toBe('Node');
    expect((resolved.tree.properties as Record<string, { title: string }>).child.title).toBe('Node');
  });

  it('reports a reference to nothing', () => {
    expect(() => resolveReferences({}, { $ref: '#/components/schemas/Missing' })).toThrow('unresolved $ref');
  });
});

describe('constraint-only alternatives', () => {
  const addressUpdate = {
    type: 'object',
    properties: { legalAddress: { type: 'object' }, mailingAddress: { type: 'object' } },
    anyOf: [{ required: ['legalAddress'] }, { required: ['mailingAddress'] }],
  };

  it('are a rule about the fields, not alternative schemas', () => {
    expect(schemaVariants(addressUpdate)).toEqual([]);
    expect(typeLabel(addressUpdate)).toBe('object');
    expect(fieldTree(addressUpdate).map((row) => row.name)).toEqual(['legalAddress', 'mailingAddress']);
    expect(requiredAlternatives(addressUpdate)).toBe('Send at least one of: `legalAddress`, `mailingAddress`.');
  });

  it('leave real alternatives alone', () => {
    expect(requiredAlternatives({ oneOf: [{ type: 'string' }, { type: 'integer' }] })).toBeNull();
  });
});
