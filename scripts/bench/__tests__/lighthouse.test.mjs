// What the bench makes of its Lighthouse runs of one page and form factor (lib/lighthouse.mjs).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EVERY_CATEGORY, lighthouseSummary, ONCE_PER_PAGE } from '../lib/lighthouse.mjs';

const run = (performance, audited, failing = []) => ({
  performance,
  accessibility: audited ? 100 : undefined,
  bestPractices: audited ? 96 : undefined,
  totalBlockingMs: performance * 10,
  largestContentfulPaintMs: performance * 20,
  failingAudits: { accessibility: [], bestPractices: audited ? failing : [] },
});

describe('lighthouseSummary', () => {
  it('takes performance from every run and the audits from the run that made them', () => {
    const summary = lighthouseSummary([run(80, true, ['errors-in-console']), run(90, false), run(70, false)]);
    assert.equal(summary.runs, 3);
    assert.equal(summary.performance, 80);
    assert.deepEqual(summary.performanceRuns, [80, 90, 70]);
    assert.equal(summary.accessibility, 100);
    assert.equal(summary.accessibilityRuns, 1);
    assert.equal(summary.bestPractices, 96);
    assert.equal(summary.totalBlockingMs, 800);
    assert.equal(summary.largestContentfulPaintMs, 1600);
    assert.deepEqual(summary.failingAudits, ['errors-in-console']);
  });

  it('leaves accessibility and best practices undefined when no run audited them (their budgets then read: not measured)', () => {
    const summary = lighthouseSummary([run(95, false), run(97, false)]);
    assert.equal(summary.accessibility, undefined);
    assert.equal(summary.bestPractices, undefined);
    assert.equal(summary.performance, 97);
  });

  it('audits every category once: the later rounds leave out only what does not vary', () => {
    assert.deepEqual(EVERY_CATEGORY, ['performance', 'accessibility', 'best-practices']);
    assert.ok(!ONCE_PER_PAGE.includes('performance'));
    assert.ok(ONCE_PER_PAGE.every((category) => EVERY_CATEGORY.includes(category)));
  });
});
