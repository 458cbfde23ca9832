import fc from 'fast-check';
import {
  decodeSegment,
  fillPathTemplate,
  hasAmbiguousSegment,
  matchPathTemplate,
  pathParameterNames,
  routeMatcher,
  segmentProblem,
} from '../pathTemplate.ts';

const POSITION = '/accounts/{accountNumber}/positions/{symbol}';

describe('matchPathTemplate', () => {
  it('gives the parameters of a matching path, each decoded once', () => {
    expect(matchPathTemplate(POSITION, '/accounts/5GT10001/positions/BRK.B')).toEqual({
      accountNumber: '5GT10001',
      symbol: 'BRK.B',
    });
    expect(matchPathTemplate(POSITION, '/accounts/5GT10001/positions/A%20B')).toEqual({
      accountNumber: '5GT10001',
      symbol: 'A B',
    });
    expect(matchPathTemplate('/orders/equity', '/orders/equity')).toEqual({});
  });

  it.each([
    ['an empty parameter', '/accounts//positions/XMPL'],
    ['an empty last parameter', '/accounts/5GT10001/positions/'],
    ['a segment too many', '/accounts/5GT10001/positions/XMPL/more'],
    ['a segment too few', '/accounts/5GT10001/positions'],
    ['another literal', '/accounts/5GT10001/position/XMPL'],
    ['a literal in another case', '/Accounts/5GT10001/positions/XMPL'],
    ['an encoded slash', '/accounts/5GT10001/positions/BRK%2FB'],
    ['an encoded backslash', '/accounts/5GT10001/positions/BRK%5cB'],
    ['an encoded percent', '/accounts/5GT10001/positions/%252F'],
    ['a malformed escape', '/accounts/5GT10001/positions/%E0%A4%A'],
    ['an encoded dot-segment', '/accounts/5GT10001/positions/%2e%2E'],
    ['a control character', '/accounts/5GT10001/positions/A%0AB'],
  ])('does not match %s', (_, path) => {
    expect(matchPathTemplate(POSITION, path)).toBeNull();
  });

  it('takes whole-segment parameters only', () => {
    expect(() => matchPathTemplate('/files/{name}.pdf', '/files/a.pdf')).toThrow(/whole segment/);
    expect(pathParameterNames(POSITION)).toEqual(['accountNumber', 'symbol']);
  });
});

describe('fillPathTemplate', () => {
  it('encodes each value', () => {
    expect(fillPathTemplate(POSITION, { accountNumber: '5GT10001', symbol: 'AAPL  250117C00150000' })).toEqual({
      ok: true,
      path: '/accounts/5GT10001/positions/AAPL%20%20250117C00150000',
    });
  });

  it('names every value that cannot stand as one segment', () => {
    expect(fillPathTemplate(POSITION, { accountNumber: '', symbol: 'BRK/B' })).toEqual({
      ok: false,
      problems: { accountNumber: 'is empty', symbol: 'holds a / or \\' },
    });
  });

  it('is undone by matchPathTemplate, for any value it accepts', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', minLength: 1 }),
        fc.string({ minLength: 1 }),
        (accountNumber, symbol) => {
          const filled = fillPathTemplate(POSITION, { accountNumber, symbol });
          if (filled.ok) expect(matchPathTemplate(POSITION, filled.path)).toEqual({ accountNumber, symbol });
          else expect(segmentProblem(accountNumber) ?? segmentProblem(symbol)).not.toBeNull();
        },
      ),
    );
  });
});

describe('segments', () => {
  it('decodes once, safely', () => {
    expect(decodeSegment('a%20b')).toBe('a b');
    expect(decodeSegment('%252F')).toBeNull();
    expect(decodeSegment('%')).toBeNull();
    expect(decodeSegment('.')).toBeNull();
  });

  it('finds a path an upstream could read as other segments (empty segments are no risk)', () => {
    expect(hasAmbiguousSegment('v1/orders/equity/')).toBe(false);
    expect(hasAmbiguousSegment('v1/accounts/5GT10001/positions/BRK.B')).toBe(false);
    for (const segment of ['%2F', '%5C', '%25', '%2e', '..', '%00', '%7F', '%E0%A4%A']) {
      expect(hasAmbiguousSegment(`v1/documents/${segment}`)).toBe(true);
    }
  });
});

describe('routeMatcher', () => {
  const route = (method: string, path: string) => ({ method, path });
  const routes = [
    route('GET', '/orders/equity/{orderId}'),
    route('PATCH', '/orders/equity/{orderId}'),
    route('POST', '/orders/equity/block'),
    route('POST', '/orders/equity'),
  ];
  const match = routeMatcher(routes);

  it('prefers a literal segment to a parameter', () => {
    expect(match('POST', '/orders/equity/block')).toMatchObject({ kind: 'operation', route: routes[2], params: {} });
    expect(match('GET', '/orders/equity/block')).toMatchObject({ kind: 'operation', route: routes[0] });
  });

  it('lists the methods of the most specific templates for a method it lacks', () => {
    expect(match('DELETE', '/orders/equity/block')).toEqual({ kind: 'wrongMethod', allowed: ['POST'] });
    expect(match('delete', '/orders/equity/abc')).toEqual({ kind: 'wrongMethod', allowed: ['GET', 'PATCH'] });
    expect(match('GET', '/orders/options')).toEqual({ kind: 'unknownPath' });
  });
});
