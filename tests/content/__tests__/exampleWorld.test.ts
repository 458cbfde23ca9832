import {
  allDescriptionExamples,
  allDocsExamples,
  buildWorld,
  descriptionExamples,
  kindOf,
  worldProblems,
} from '../exampleWorld';

/**
 * The examples of every description and page are one world (tests/content/exampleWorld.ts has the rules,
 * WRITING.md "One example world" the timeline): no ID with two meanings, no activity of an account before it
 * exists, no two prices of a symbol at one moment.
 */
describe('the example world', () => {
  const examples = [...allDescriptionExamples(), ...allDocsExamples()];

  it('reads the examples of the descriptions and the pages', () => {
    expect(examples.filter((example) => example.where.startsWith('openapi/')).length).toBeGreaterThan(200);
    expect(examples.filter((example) => example.where.startsWith('docs/')).length).toBeGreaterThan(100);
  });

  it('is one timeline of accounts, orders and prices', () => {
    expect(worldProblems(buildWorld(examples))).toEqual([]);
  });
});

describe('the world check', () => {
  const problemsOf = (...values: unknown[]) =>
    worldProblems(buildWorld(values.map((value, index) => ({ where: `example ${index}`, value }))));
  const opened = { accountNumber: '5GT10001', accountType: 'INDIVIDUAL', submittedAt: '2025-03-10T15:09:26Z' };
  const order = {
    orderId: '0c4f3a5e-7d2b-4a61-9f38-5b1e6c2d8a70',
    accountNumber: '5GT10001',
    symbol: 'XMPL',
    side: 'BUY',
    quantity: '300',
    createdAt: '2025-03-14T14:30:05Z',
    updatedAt: '2025-03-14T14:30:07Z',
    averageFillPrice: { amount: '185.42', currency: 'USD' },
  };

  it('names the kind of an ID by its field', () => {
    expect(kindOf('parentOrderId', undefined)).toBe('order');
    expect(kindOf('replacedByOrderId', undefined)).toBe('order');
    expect(kindOf('counterpartyAccountNumber', undefined)).toBe('account');
    expect(kindOf('id', 'allocations')).toBe('allocation');
    expect(kindOf('orderIds', undefined)).toBe('order');
  });

  it('passes a consistent world', () => {
    expect(problemsOf(opened, order, { ...order, updatedAt: '2025-03-14T14:41:19Z' })).toEqual([]);
  });

  it('fails on an ID with two kinds, and on an order ID naming two orders', () => {
    expect(problemsOf(opened, order, { applicationId: order.orderId })).toEqual([
      `${order.orderId} is an order at example 1 /orderId and an application at example 2 /applicationId`,
    ]);
    expect(problemsOf(opened, order, { ...order, symbol: 'XNFL', averageFillPrice: null })).toEqual([
      `${order.orderId}: order with symbol XMPL at example 1 /orderId and XNFL at example 2 /orderId`,
    ]);
  });

  it('fails on an account with two primary owners, in owners or primaryOwner', () => {
    const rivera = { role: 'PRIMARY', givenName: 'Jordan', familyName: 'Rivera' };
    const application = { ...opened, owners: [{ role: 'JOINT', givenName: 'Ruth', familyName: 'Castellano' }, rivera] };
    const account = { accountNumber: '5GT10001', accountType: 'INDIVIDUAL', primaryOwner: rivera };
    expect(problemsOf(application, account)).toEqual([]);
    expect(
      problemsOf(application, { ...account, primaryOwner: { givenName: 'Ruth', familyName: 'Castellano' } }),
    ).toEqual([
      '5GT10001: account with primaryOwner Jordan Rivera at example 0 /accountNumber and Ruth Castellano at example 1 /accountNumber',
    ]);
  });

  it("fails on a tax ID held by two people, not on an entity under its owner's SSN", () => {
    const owner = { givenName: 'Jordan', familyName: 'Rivera', taxId: '123-45-6789', taxIdType: 'SSN' };
    const trust = {
      entity: { legalName: 'Rivera Family Trust', taxId: '123-45-6789', taxIdType: 'SSN' },
      owners: [owner],
    };
    expect(problemsOf(trust, { ...owner, middleName: 'Avery' })).toEqual([]);
    // Another type, another number: the same digits as a foreign tax ID are not the SSN.
    expect(problemsOf(owner, { ...owner, givenName: 'Ruth', taxIdType: 'FOREIGN_TIN' })).toEqual([]);
    expect(problemsOf(trust, { ...owner, givenName: 'Ruth', familyName: 'Castellano' })).toEqual([
      "SSN 123-45-6789 is Jordan Rivera's at example 0 /owners/0/taxId and Ruth Castellano's at example 1 /taxId",
    ]);
  });

  it('fails on activity before the account exists, or of an account nothing opens', () => {
    expect(problemsOf({ ...opened, submittedAt: '2025-03-14T15:09:26Z' }, order)).toHaveLength(2);
    expect(
      problemsOf({ block: { createdAt: '2025-03-14T14:31:12Z', allocations: [{ accountNumber: '5GT10002' }] } }),
    ).toEqual(['5GT10002 has activity (example 0 /block/allocations/0/accountNumber) but no example opens it']);
  });

  it('fails on two prices of a symbol in one minute, or far apart on one day', () => {
    const position = {
      symbol: 'XMPL',
      lastPrice: { amount: '185.40', currency: 'USD' },
      priceAsOf: '2025-03-14T14:30:00Z',
    };
    expect(problemsOf(opened, order, position)).toHaveLength(1);
    expect(problemsOf(opened, order, { ...position, priceAsOf: '2025-03-14T15:09:00Z' })).toEqual([]);
    expect(
      problemsOf(opened, order, { ...position, lastPrice: { amount: '48.25' }, priceAsOf: '2025-03-14T15:09:00Z' }),
    ).toHaveLength(1);
  });

  it('reads the examples of a description with the field they are of', () => {
    const description = {
      components: {
        parameters: { OrderId: { name: 'orderId', in: 'path', schema: { type: 'string', example: 'x' } } },
        schemas: { Order: { properties: { accountNumber: { example: '5GT10001' } }, example: { symbol: 'XMPL' } } },
      },
    };
    expect(descriptionExamples('d.yaml', description)).toEqual([
      { where: 'd.yaml#/components/parameters/OrderId/schema/example', value: { orderId: 'x' } },
      {
        where: 'd.yaml#/components/schemas/Order/properties/accountNumber/example',
        value: { accountNumber: '5GT10001' },
      },
      { where: 'd.yaml#/components/schemas/Order/example', value: { symbol: 'XMPL' } },
    ]);
  });
});
