/** @jest-environment jsdom */
import { allowSessionRestart } from '../sessionRestartGuard';

beforeEach(() => window.sessionStorage.clear());

describe('allowSessionRestart', () => {
  it('allows one restart and refuses another within the minute', () => {
    expect(allowSessionRestart(1_000)).toBe(true);
    expect(allowSessionRestart(30_000)).toBe(false);
    expect(allowSessionRestart(60_999)).toBe(false);
  });

  it('allows the next one once the minute has passed', () => {
    allowSessionRestart(1_000);
    expect(allowSessionRestart(61_000)).toBe(true);
    expect(allowSessionRestart(62_000)).toBe(false);
  });

  it('survives a corrupted record, and a record from the future (a clock set back)', () => {
    window.sessionStorage.setItem('docs-session-restarted-at', 'not a number');
    expect(allowSessionRestart(5_000)).toBe(true);
    window.sessionStorage.setItem('docs-session-restarted-at', String(10_000_000));
    expect(allowSessionRestart(5_000)).toBe(true);
  });
});
