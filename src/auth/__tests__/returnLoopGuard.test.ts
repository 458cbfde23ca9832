/** @jest-environment jsdom */
import { allowReturn } from '../returnLoopGuard';

beforeEach(() => window.sessionStorage.clear());

describe('allowReturn', () => {
  it('allows two returns to one address within a minute and refuses the third', () => {
    expect(allowReturn('/docs/a', 1_000)).toBe(true);
    expect(allowReturn('/docs/a', 2_000)).toBe(true);
    expect(allowReturn('/docs/a', 3_000)).toBe(false);
  });

  it('counts again once the minute has passed', () => {
    allowReturn('/docs/a', 0);
    allowReturn('/docs/a', 1_000);
    expect(allowReturn('/docs/a', 61_500)).toBe(true);
  });

  it('starts counting afresh for another address', () => {
    allowReturn('/docs/a', 0);
    allowReturn('/docs/a', 1_000);
    expect(allowReturn('/docs/b', 2_000)).toBe(true);
  });

  it('survives a corrupted record', () => {
    window.sessionStorage.setItem('docs-sign-in-returns', '{not json');
    expect(allowReturn('/docs/a', 0)).toBe(true);
  });
});
