import { fieldAnchor } from '../fieldAnchor';

describe('fieldAnchor', () => {
  it.each([
    ['request', 'limitPrice.amount', 'request.limitPrice.amount'],
    ['request', 'owners[].legalAddress.city', 'request.owners.legalAddress.city'],
    ['header', 'Idempotency-Key', 'header.Idempotency-Key'],
    ['status', '202', 'status.202'],
    ['Money', 'amount', 'Money.amount'],
  ])('%s + %s is %s', (scope, path, anchor) => {
    expect(fieldAnchor(scope, path)).toBe(anchor);
  });

  it.each([
    ['', 'amount'],
    ['request body', 'amount'],
    ['request.body', 'amount'],
    ['request', ''],
    ['request', '[]'],
    ['request', 'limit price'],
  ])('refuses scope "%s" with path "%s"', (scope, path) => {
    expect(() => fieldAnchor(scope, path)).toThrow(/field anchor/);
  });
});
