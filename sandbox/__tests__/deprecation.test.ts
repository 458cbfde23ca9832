/** The deprecation of an operation from its description alone (sandbox/requests/deprecation.ts). */
import { deprecationHeaders, deprecationOf, sunsetError } from '../requests/deprecation';

const definition = {
  operationId: 'cancelThing',
  deprecated: true,
  'x-deprecation': {
    since: '2026-11-30',
    sunset: '2028-03-01',
    replacement: 'POST /v2/things/{id}/cancel',
    link: 'https://example.test/changelog#1',
  },
};

describe('deprecationHeaders', () => {
  it('gives RFC 9745 Deprecation, RFC 8594 Sunset and a rel="deprecation" Link', () => {
    expect(deprecationHeaders(definition)).toEqual({
      Deprecation: `@${Date.UTC(2026, 10, 30) / 1000}`,
      Sunset: 'Wed, 01 Mar 2028 00:00:00 GMT',
      Link: '<https://example.test/changelog#1>; rel="deprecation"',
    });
  });

  it('gives nothing for an operation that is not deprecated, or deprecated without x-deprecation', () => {
    expect(deprecationHeaders({ operationId: 'getThing' })).toEqual({});
    expect(deprecationHeaders({ operationId: 'old', deprecated: true })).toEqual({});
  });

  it('refuses an x-deprecation without its dates in order', () => {
    const broken = { ...definition, 'x-deprecation': { ...definition['x-deprecation'], sunset: '2026-01-01' } };
    expect(() => deprecationOf(broken)).toThrow(/since < sunset/);
  });
});

describe('sunsetError', () => {
  it('is null before the sunset and a 404 naming the sunset and the replacement from midnight UTC on', () => {
    const deprecation = deprecationOf(definition);
    if (!deprecation) throw new Error('not deprecated');
    const sunset = Date.UTC(2028, 2, 1);
    expect(sunsetError(deprecation, 'DELETE', '/v1/things/1', sunset - 1)).toBeNull();
    const error = sunsetError(deprecation, 'DELETE', '/v1/things/1', sunset);
    expect([error?.status, error?.code]).toEqual([404, 'NOT_FOUND']);
    expect(error?.message).toMatch(
      /DELETE \/v1\/things\/1 was sunset on 2028-03-01.*POST \/v2\/things\/\{id\}\/cancel/,
    );
    expect(error?.headers).toEqual(deprecation.headers);
  });
});
