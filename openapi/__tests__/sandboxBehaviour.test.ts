/** @jest-environment node */
import { API_NAMES, loadBundled, loadDereferenced, operationsOf, type JsonObject } from '../descriptions';
import {
  closeAfter,
  closeOn,
  durationMs,
  outcomeNotExpected,
  problemsOf,
  readField,
  withField,
  type TestValueRow,
} from '../sandboxBehaviour';

/**
 * The behaviour the descriptions state as data (openapi/sandboxBehaviour.ts): every row of every
 * `x-sandbox-test-values` and every rule extension holds to its schema, and a malformed one is refused.
 */

const rows = API_NAMES.flatMap((api) =>
  operationsOf(api, loadDereferenced(api)).flatMap((operation) =>
    ((operation.definition['x-sandbox-test-values'] ?? []) as TestValueRow[]).map((row, index) => ({
      where: `${api}#${operation.operationId} row ${index + 1} (${row.when})`,
      row,
    })),
  ),
);

const VALID: TestValueRow = {
  when: 'Any order for `XNFL`',
  outcome: { 'orders#OrderStatus': 'NEW' },
  trigger: { request: { symbol: 'XNFL' }, account: { status: 'ACTIVE', funded: true } },
  expect: { status: 201, state: { status: 'NEW' } },
};

describe('x-sandbox-test-values', () => {
  it('has rows', () => {
    expect(rows.length).toBeGreaterThan(15);
  });

  it.each(rows)('$where: holds to the row schema, its outcome named in its expect', ({ row }) => {
    expect(problemsOf('row', row)).toEqual([]);
    expect(outcomeNotExpected(row)).toEqual([]);
  });

  it('accepts the example row of WRITING.md', () => {
    expect(problemsOf('row', VALID)).toEqual([]);
  });

  const malformed: [string, unknown][] = [
    ['no trigger', { ...VALID, trigger: undefined }],
    ['a trigger without a request', { ...VALID, trigger: { account: { status: 'ACTIVE' } } }],
    ['an account status no test sets up', { ...VALID, trigger: { request: {}, account: { status: 'CLOSED' } } }],
    ['a request field that is no field path', { ...VALID, trigger: { request: { 'owners.0.name': 'x' } } }],
    ['no expect', { ...VALID, expect: undefined }],
    ['an expected status that is no HTTP status', { ...VALID, expect: { status: 42, state: { status: 'NEW' } } }],
    ['an error without its code', { ...VALID, expect: { status: 422 } }],
    ['an error with a state to follow', { ...VALID, expect: { status: 422, code: 'X', state: { status: 'NEW' } } }],
    ['a success without a state', { ...VALID, expect: { status: 201 } }],
    ['a success with an error code', { ...VALID, expect: { status: 201, code: 'X', state: { status: 'NEW' } } }],
    [
      'a wait that is no duration',
      { ...VALID, expect: { status: 201, state: { status: 'NEW' }, after: '10 minutes' } },
    ],
    ['an unknown key', { ...VALID, then: 'cancel it' }],
    ['an outcome that names no enumeration', { ...VALID, outcome: { OrderStatus: 'NEW' } }],
  ];
  it.each(malformed)('refuses a row with %s', (_, row) => {
    expect(problemsOf('row', row)).not.toEqual([]);
  });

  it('refuses a row whose outcome its expect does not name', () => {
    expect(outcomeNotExpected({ ...VALID, expect: { status: 201, state: { status: 'FILLED' } } })).toEqual([
      'orders#OrderStatus: NEW',
    ]);
  });
});

describe('the rule extensions', () => {
  const infos = API_NAMES.map((api) => loadBundled(api, { dereferenced: true }).info as JsonObject);

  it('state the identifier rule in every description, the same in all four', () => {
    for (const info of infos) expect(problemsOf('identifiers', info['x-identifier-errors'])).toEqual([]);
    expect(new Set(infos.map((info) => JSON.stringify(info['x-identifier-errors']))).size).toBe(1);
    expect(problemsOf('identifiers', { status: 400, code: 'INVALID_FIELD', path: [], body: [] })).not.toEqual([]);
  });

  it('state which answers every Idempotency-Key replays, on every operation that takes one', () => {
    const keys = API_NAMES.flatMap((api) =>
      operationsOf(api, loadDereferenced(api)).flatMap((operation) =>
        ((operation.definition.parameters ?? []) as JsonObject[])
          .filter((parameter) => parameter.name === 'Idempotency-Key')
          .map((parameter) => ({ where: operation.operationId, replay: parameter['x-replay'] })),
      ),
    );
    expect(keys.length).toBeGreaterThan(10);
    expect(keys.flatMap(({ where, replay }) => problemsOf('replay', replay).map((p) => `${where}: ${p}`))).toEqual([]);
    expect(problemsOf('replay', { stored: ['2xx'], notStored: [], otherBody: '409 X' })).not.toEqual([]);
  });

  it('state how trade and settlement dates follow from the execution', () => {
    const trade = ((loadBundled('accounts', { dereferenced: true }).components as JsonObject).schemas as JsonObject)
      .Trade as JsonObject;
    expect(problemsOf('tradeDates', trade['x-dates'])).toEqual([]);
    expect(problemsOf('tradeDates', { tradeDate: { of: 'executedAt' }, settlementDate: {} })).not.toEqual([]);
  });
});

describe('the order rules', () => {
  const byId = (operationId: string) =>
    operationsOf('orders', loadDereferenced('orders')).find((operation) => operation.operationId === operationId)!
      .definition;

  it.each(['updateEquityOrder', 'updateOptionOrder'])('%s states what a replacement carries', (operationId) => {
    expect(problemsOf('replacement', byId(operationId)['x-replacement'])).toEqual([]);
  });

  it.each(['allocateBlockEquityOrder', 'allocateBlockOptionOrder'])(
    '%s states when a block allocates',
    (operationId) => {
      expect(problemsOf('allocation', byId(operationId)['x-allocation'])).toEqual([]);
    },
  );

  it('TimeInForce states what each time in force does with the rest, and OrderType when a stop triggers', () => {
    const schemas = (loadBundled('orders', { dereferenced: true }).components as JsonObject).schemas as Record<
      string,
      JsonObject
    >;
    expect(problemsOf('timeInForce', schemas.TimeInForce['x-time-in-force'])).toEqual([]);
    expect(problemsOf('stopTrigger', schemas.OrderType['x-stop-trigger'])).toEqual([]);
    const rules = schemas.TimeInForce['x-time-in-force'] as JsonObject;
    expect(Object.keys(rules).filter((name) => name !== 'close' && name !== 'optionContracts')).toEqual(
      (schemas.TimeInForce.enum as string[]).slice(),
    );
    expect(problemsOf('timeInForce', { ...rules, GTC: { rest: 'WORKING', at: 'once' } })).not.toEqual([]);
    expect(problemsOf('timeInForce', { ...rules, DAY: { rest: 'EXPIRED' } })).not.toEqual([]);
    expect(
      problemsOf('stopTrigger', { field: 'stopPrice', buy: 'above', sell: 'at-or-below', becomes: {} }),
    ).not.toEqual([]);
  });

  it('reads the close in its time zone, daylight saving time included', () => {
    const close = { time: '16:00', timeZone: 'America/New_York', days: 'weekdays' as const };
    expect(new Date(closeOn(close, '2026-03-06')).toISOString()).toBe('2026-03-06T21:00:00.000Z');
    expect(new Date(closeOn(close, '2026-03-09')).toISOString()).toBe('2026-03-09T20:00:00.000Z');
    // Friday evening: the next close is Monday's.
    expect(new Date(closeAfter(close, Date.parse('2026-03-06T22:00:00Z'))).toISOString()).toBe(
      '2026-03-09T20:00:00.000Z',
    );
    expect(new Date(closeAfter(close, Date.parse('2026-03-04T15:00:00Z'))).toISOString()).toBe(
      '2026-03-04T21:00:00.000Z',
    );
  });

  it('finds the next close of any moment, asked in time order or not (the last close found is reused)', () => {
    const close = { time: '16:00', timeZone: 'America/New_York', days: 'weekdays' as const };
    // Every weekday's close from Wednesday 4 March 2026 on, across the weekend and the change to daylight saving time.
    const closes = ['04', '05', '06', '09', '10', '11'].map((day) => closeOn(close, `2026-03-${day}`));
    const next = (ms: number): number => closes.find((at) => at > ms) as number;
    const from = Date.parse('2026-03-04T05:00:00Z');
    const moments: number[] = [];
    for (let ms = from; ms < Date.parse('2026-03-10T18:00:00Z'); ms += 7 * 60_000 + 13_000) moments.push(ms);
    // Each close itself and the moment before it: the boundaries of the reused interval.
    moments.push(...closes.slice(0, -1).flatMap((at) => [at - 1, at, at + 1]));
    for (const ms of [...moments, ...moments.slice().reverse(), ...moments.filter((_, index) => index % 3 === 0)]) {
      expect([new Date(ms).toISOString(), closeAfter(close, ms)]).toEqual([new Date(ms).toISOString(), next(ms)]);
    }
  });

  it('refuses a malformed rule', () => {
    expect(
      problemsOf('replacement', { from: [], otherwise: '409', quantity: 'new', carries: [], links: {} }),
    ).toHaveLength(6);
    expect(
      problemsOf('allocation', { from: {}, otherwise: 'CONFLICT', again: '409 CONFLICT', creates: {} }),
    ).not.toEqual([]);
  });
});

describe('the account rules', () => {
  const schemas = API_NAMES.flatMap((api) =>
    Object.entries(
      ((loadBundled(api, { dereferenced: true }).components as JsonObject).schemas ?? {}) as Record<string, JsonObject>,
    ).map(([name, schema]) => ({ name: `${api}#${name}`, schema })),
  );

  it("state the owners' rules of the account types (x-business-rules) in their schema", () => {
    const ruled = schemas.filter(({ schema }) => 'x-business-rules' in schema);
    expect(ruled.map(({ name }) => name)).toEqual(
      expect.arrayContaining(['onboarding#Custodian', 'onboarding#JointCommunityPropertyOwner']),
    );
    expect(
      ruled.flatMap(({ name, schema }) =>
        problemsOf('businessRules', schema['x-business-rules']).map((p) => `${name}: ${p}`),
      ),
    ).toEqual([]);
    expect(problemsOf('businessRules', [{ field: 'dateOfBirth', message: 'no rule' }])).not.toEqual([]);
    expect(
      problemsOf('businessRules', [{ field: 'x', minimumAge: 18, equals: 'Y', message: 'two rules' }]),
    ).not.toEqual([]);
  });

  it('state which forms fit which account types (x-document-fits)', () => {
    const generate = operationsOf('accounts', loadDereferenced('accounts')).find(
      (operation) => operation.operationId === 'generateAccountDocument',
    )!.definition;
    expect(problemsOf('documentFits', generate['x-document-fits'])).toEqual([]);
    expect(problemsOf('documentFits', { W8BEN: { message: 'fits nothing named' } })).not.toEqual([]);
  });
});

describe('field paths and durations', () => {
  it('read and set fields in the dot notation of Standard errors', () => {
    const value = { owners: [{ familyName: 'Rivera', role: 'PRIMARY' }], accountNumber: '5GT10001' };
    expect(readField(value, 'owners[0].familyName')).toBe('Rivera');
    expect(readField(value, 'owners[1].familyName')).toBeUndefined();
    expect(withField(value, 'owners[0].familyName', 'Pending').owners).toEqual([
      { familyName: 'Pending', role: 'PRIMARY' },
    ]);
    expect(withField(value, 'accountNumber', null)).toEqual({ owners: value.owners });
    expect(value.accountNumber).toBe('5GT10001');
  });

  it('read ISO 8601 durations', () => {
    expect(durationMs('PT10M')).toBe(600_000);
    expect(durationMs('PT1H2S')).toBe(3_602_000);
    expect(() => durationMs('10m')).toThrow();
  });
});
