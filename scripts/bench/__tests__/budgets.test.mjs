// @ts-check
// The budgets judged from a saved result (fixtures/results.json: the figures of the full run of 2026-11-24,
// in the shape run.mjs saves to bench-results/latest.json), without measuring anything.
// Run: node --test scripts/bench/__tests__/
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import {
  check,
  judge,
  judgeScale,
  markdownPass,
  phaseMedians,
  SCALE_MARKDOWN_SHARE_LIMIT,
  SCALE_PEAK_LIMIT_BYTES,
  SCALE_VS_STOCK_LIMIT,
  spread,
} from '../lib/budgets.mjs';
import { buildPassSteps, buildPhases } from '../lib/builds.mjs';
import { benchPlan, DOCS_PAGE, parseScales } from '../lib/plan.mjs';
import { renderScaleTable } from '../lib/report.mjs';
import { median } from '../lib/stats.mjs';

/** A fresh copy of the saved result, for a test to change. */
const savedRun = () => JSON.parse(readFileSync(new URL('fixtures/results.json', import.meta.url), 'utf8'));
const FULL = benchPlan();
/** Each check's decision by name. @param {any} results @param {ReturnType<typeof benchPlan>} [plan] */
const decisions = (results, plan = FULL) =>
  Object.fromEntries(judge(results, plan).budgets.map((b) => [b.name, b.pass]));

describe('check', () => {
  test('an at-most budget passes at its limit and fails above it', () => {
    assert.equal(check('x', 50, 50).pass, true);
    assert.equal(check('x', 50.5, 50).pass, false);
  });

  test('an at-least budget passes at its limit and fails below it', () => {
    assert.equal(check('x', 100, 100, { atMost: false }).pass, true);
    assert.equal(check('x', 99, 100, { atMost: false }).pass, false);
  });

  test('a figure that was not measured is neither a pass nor a fail', () => {
    for (const value of [undefined, Number.NaN]) {
      assert.deepEqual(check('x', value, 50), { name: 'x', pass: null });
      assert.deepEqual(check('x', 10, value), { name: 'x', pass: null });
    }
  });
});

describe('the saved run', () => {
  // The sandbox's figures (site.sandbox) are those of `node scripts/bench/sandbox.mjs --seconds=5` on 2026-11-30 (a
  // busy machine); the production server's (site.server) those of `node scripts/bench/server.mjs build-e2e` on
  // 2026-11-30, on the same 2 shared cores under a load average of 8 to 9; `npm run check:docs -- <file>` on the
  // largest page (site.writers.checkDocsMs) those of `node scripts/check-docs.mjs` on it on 2026-11-30, under a load
  // average of 5 to 9.
  // The writers' loop's edit of a page with <ApiOperation> and of a description (site.writers.operationPageMs and
  // descriptionMs) are those of measureWritersLoop on this site alone on 2026-11-30, 2 shared cores under a load
  // average of about 10.
  test('each budget decides as in the saved run: 34 pass, these 17 fail, none unmeasured', () => {
    const judged = Object.entries(decisions(savedRun()));
    assert.deepEqual(
      judged.filter(([, pass]) => pass === false).map(([name]) => name),
      [
        'cold build vs our page Markdown in stock',
        'peak build memory vs stock',
        'warm rebuild vs cold build',
        'docusaurus start vs same-content',
        'edit of a page with <ApiOperation>',
        'description edit to its docs page',
        'first-load JS of a docs page',
        'Lighthouse mobile performance /',
        `Lighthouse mobile performance ${DOCS_PAGE}`,
        'Lighthouse mobile performance /api/orders-api',
        'Lighthouse desktop performance /api/orders-api',
        'sign-in round trip',
        'sandbox read p99',
        'sandbox place vs the mock',
        'sandbox place p99',
        'server p99 protected',
        'server p99 asset',
      ],
    );
    assert.equal(judged.filter(([, pass]) => pass === true).length, 34);
    assert.equal(judged.length, 51);
  });

  test('each check is saved with the figure and the limit it compared', () => {
    const saved = judge(savedRun(), FULL).budgets.find((b) => b.name === 'first-load JS of a docs page');
    assert.deepEqual(saved, { name: 'first-load JS of a docs page', value: 61 * 1024, limit: 60 * 1024, pass: false });
  });
});

/**
 * Each budget at its limit (passes) and just past it (fails), from the saved run: `set(results, n)`
 * puts our figure at n, with n = `limit` on the budget's own scale.
 */
/** @type {{ name: string, limit: number, set: (results: any, n: number) => void }[]} */
const BUDGETS = [
  {
    name: 'cold build vs our page Markdown in stock',
    limit: 1.5,
    set: (r, n) => (r.site.build.coldMs = [median(r.rendered.build.coldMs) * n]),
  },
  {
    name: 'cold build vs stock',
    limit: 3,
    set: (r, n) => (r.site.build.coldMs = [median(r.stock.build.coldMs) * n]),
  },
  {
    name: 'peak build memory vs stock',
    limit: 2,
    set: (r, n) => (r.site.build.peakBytes = [median(r.stock.build.peakBytes) * n]),
  },
  {
    name: 'warm rebuild vs cold build',
    limit: 0.6,
    set: (r, n) => (r.site.build.warmMs = median(r.site.build.coldMs) * n),
  },
  {
    name: 'first-load JS of /',
    limit: 10 * 1024,
    set: (r, n) => (r.site.firstLoadJs.home.gzip = r.stock.firstLoadJs.home.gzip + n),
  },
  {
    name: 'first-load JS of a docs page',
    limit: 60 * 1024,
    set: (r, n) => (r.site.firstLoadJs.docs.gzip = r.stock.firstLoadJs.docs.gzip + n),
  },
  {
    name: 'reference first operation at 1×',
    limit: 1000,
    set: (r, n) => (r.site.reference['1x'].firstOperationMs = n),
  },
  {
    name: 'reference first operation at 4×',
    limit: 1500,
    set: (r, n) => (r.site.reference['4x'].firstOperationMs = n),
  },
  { name: 'reference blocking time at 4×', limit: 600, set: (r, n) => (r.site.reference['4x'].totalBlockingMs = n) },
  { name: 'npm run check:docs on one page', limit: 3000, set: (r, n) => (r.site.writers.checkDocsMs = [n]) },
  {
    name: 'docusaurus start vs same-content',
    limit: 1.3,
    set: (r, n) => (r.site.writers.startMs = [median(r.same.writers.startMs) * n]),
  },
  {
    name: 'Markdown edit vs same-content',
    limit: 2,
    set: (r, n) => (r.site.writers.hmrMs = [median(r.same.writers.hmrMs) * n]),
  },
  { name: 'edit of a page with <ApiOperation>', limit: 1500, set: (r, n) => (r.site.writers.operationPageMs = [n]) },
  { name: 'description edit to its docs page', limit: 3000, set: (r, n) => (r.site.writers.descriptionMs = [n]) },
  { name: 'sign-in round trip', limit: 1000, set: (r, n) => (r.site.signIn.median.total = n) },
  { name: 'search keystroke to results', limit: 50, set: (r, n) => (r.site.search.median = n) },
  { name: 'search index brotli', limit: 400 * 1024, set: (r, n) => (r.site.search.index.brotli = n) },
  { name: 'full run wall time', limit: 20 * 60_000, set: (r, n) => (r.wallMs = n) },
  ...['public', 'protected', 'notModified', 'asset'].map((name) => ({
    name: `server p99 ${name}`,
    limit: 10,
    set: (/** @type {any} */ r, /** @type {number} */ n) => (r.site.server.cases[name].node.p99Ms = [n]),
  })),
  { name: 'sandbox read p99', limit: 20, set: (r, n) => (r.site.sandbox.cases.read.sandbox.p99 = [n]) },
  { name: 'sandbox place p99', limit: 20, set: (r, n) => (r.site.sandbox.cases.place.sandbox.p99 = [n]) },
  { name: 'sandbox heap of 10,000 orders', limit: 32, set: (r, n) => (r.site.sandbox.heap.ordersMb = n) },
];

/** At-least budgets: each passes at its limit and fails just below it. */
/** @type {{ name: string, limit: number, set: (results: any, n: number) => void }[]} */
const AT_LEAST_BUDGETS = [
  ...['read', 'place'].map((key) => ({
    name: `sandbox ${key} vs the mock`,
    limit: 1,
    set: (/** @type {any} */ r, /** @type {number} */ n) =>
      (r.site.sandbox.cases[key].sandbox.rps = [median(r.site.sandbox.cases[key].mock.rps) * n]),
  })),
  {
    name: 'sandbox refuses order 10,001',
    limit: 1,
    set: (r, n) => (r.site.sandbox.heap.refusedCode = n >= 1 ? 'BUSINESS_RULE_VIOLATION' : null),
  },
];

/**
 * The production server's at-least budgets: its requests per second as a share of serve-handler's on the same file
 * (serve-handler set to 10,000/s, so that the share is exact).
 * @type {{ name: string, limit: number, set: (results: any, share: number) => void }[]}
 */
const SHARE_BUDGETS = ['public', 'protected'].map((name) => ({
  name: `server ${name} vs serve-handler`,
  limit: { public: 0.8, protected: 0.6 }[name] ?? Number.NaN,
  set: (r, share) => {
    r.site.server.cases[name].serveHandler.requestsPerSecond = [10_000];
    r.site.server.cases[name].node.requestsPerSecond = [Math.round(10_000 * share)];
  },
}));

/** The pages of ours Lighthouse scores: the result's key and the path in the budget's name. */
const PAGES = [
  ['home', '/'],
  ['health', '/health'],
  ['docs', DOCS_PAGE],
  ['api', '/api/orders-api'],
];
/**
 * The Lighthouse budgets are at-least scores (issue 26): mobile performance per page, desktop performance
 * of `/` and `/api/orders-api`,
 * accessibility and best practices 100 on every page.
 * @type {{ formFactor: string, key: string, path: string, score: string, limit: number }[]}
 */
const SCORE_BUDGETS = [
  { formFactor: 'mobile', key: 'home', path: '/', score: 'performance', limit: 95 },
  { formFactor: 'mobile', key: 'docs', path: DOCS_PAGE, score: 'performance', limit: 95 },
  { formFactor: 'mobile', key: 'api', path: '/api/orders-api', score: 'performance', limit: 90 },
  { formFactor: 'desktop', key: 'home', path: '/', score: 'performance', limit: 100 },
  { formFactor: 'desktop', key: 'api', path: '/api/orders-api', score: 'performance', limit: 100 },
  ...['mobile', 'desktop'].flatMap((formFactor) =>
    PAGES.flatMap(([key, path]) =>
      ['accessibility', 'bestPractices'].map((score) => ({ formFactor, key, path, score, limit: 100 })),
    ),
  ),
];
/** @param {{ formFactor: string, path: string, score: string }} budget */
const scoreBudgetName = ({ formFactor, path, score }) =>
  `Lighthouse ${formFactor} ${score === 'bestPractices' ? 'best practices' : score} ${path}`;

describe('each budget decides at its limit', () => {
  for (const { name, limit, set } of BUDGETS) {
    test(`${name}: passes at ${limit}, fails past it`, () => {
      const atLimit = savedRun();
      set(atLimit, limit);
      assert.equal(decisions(atLimit)[name], true);
      const past = savedRun();
      set(past, limit * 1.01);
      assert.equal(decisions(past)[name], false);
    });
  }

  for (const { name, limit, set } of AT_LEAST_BUDGETS) {
    test(`${name}: passes at ${limit}, fails below it`, () => {
      const atLimit = savedRun();
      set(atLimit, limit);
      assert.equal(decisions(atLimit)[name], true);
      const below = savedRun();
      set(below, limit * 0.99);
      assert.equal(decisions(below)[name], false);
    });
  }

  test('a sandbox figure with error answers in it is not measured, and the cell says how many', () => {
    const results = savedRun();
    results.site.sandbox.cases.place.mock.non2xx = 12;
    assert.equal(decisions(results)['sandbox place vs the mock'], null);
    assert.equal(decisions(results)['sandbox place p99'], null);
    const { rows } = judge(results, FULL);
    const placement = rows.find((r) => r.measure.startsWith('Local sandbox, an order placement'));
    assert.match(placement?.cells.site ?? '', /; non-2xx answers: 0 and 12$/);
  });

  for (const budget of SCORE_BUDGETS) {
    const { formFactor, key, score, limit } = budget;
    const name = scoreBudgetName(budget);
    test(`${name}: passes at ${limit}, fails below it`, () => {
      const atLimit = savedRun();
      atLimit.site.lighthouse[key][formFactor][score] = limit;
      assert.equal(decisions(atLimit)[name], true);
      const below = savedRun();
      below.site.lighthouse[key][formFactor][score] = limit - 1;
      assert.equal(decisions(below)[name], false);
    });
  }

  for (const { name, limit, set } of SHARE_BUDGETS) {
    test(`${name}: passes at ${limit}×, fails below it`, () => {
      const atLimit = savedRun();
      set(atLimit, limit);
      assert.equal(decisions(atLimit)[name], true);
      const below = savedRun();
      set(below, limit - 0.01);
      assert.equal(decisions(below)[name], false);
    });
  }

  test('every budget of a full run is covered above', () => {
    const covered = new Set([
      ...BUDGETS.map((b) => b.name),
      ...AT_LEAST_BUDGETS.map((b) => b.name),
      ...SHARE_BUDGETS.map((b) => b.name),
      ...SCORE_BUDGETS.map(scoreBudgetName),
    ]);
    assert.deepEqual(Object.keys(decisions(savedRun())).sort(), [...covered].sort());
  });
});

describe('spread', () => {
  test('is the median with the lowest and highest run; one run alone; none not measured', () => {
    assert.equal(spread([3, 1, 2], String), '2 (1–3)');
    assert.equal(spread([5], String), '5');
    assert.equal(spread([], String), undefined);
    assert.equal(spread(undefined, String), undefined);
  });
});

describe('what a run leaves out', () => {
  test('a section that failed to measure is not measured, never a pass', () => {
    const results = savedRun();
    delete results.site.signIn;
    delete results.stock.firstLoadJs.docs;
    results.site.reference = { missing: true };
    const judged = decisions(results);
    assert.equal(judged['sign-in round trip'], null);
    assert.equal(judged['first-load JS of a docs page'], null);
    assert.equal(judged['reference first operation at 1×'], undefined, 'a missing script has no checks, only its row');
  });

  test('the llms files measured with search are reported, each as a row without a budget', () => {
    const results = savedRun();
    results.site.search.llms = {
      'llms.txt': { raw: 22 * 1024, gzip: 6 * 1024, brotli: 5 * 1024 },
      'llms-full.txt': { raw: 1500 * 1024, gzip: 270 * 1024, brotli: 150 * 1024 },
    };
    const { rows, budgets } = judge(results, benchPlan({ sections: ['search'] }));
    const llmsRows = rows.filter((r) => r.measure.startsWith('llms'));
    assert.deepEqual(
      llmsRows.map((r) => [r.measure, r.cells.site, r.checks.length]),
      [
        ['llms.txt: raw / gzip -9 / brotli 11', '22.0 KiB / 6.0 KiB / 5.0 KiB', 0],
        ['llms-full.txt: raw / gzip -9 / brotli 11', '1500.0 KiB / 270.0 KiB / 150.0 KiB', 0],
      ],
    );
    assert.deepEqual(
      budgets.map((b) => b.name),
      ['search keystroke to results', 'search index brotli'],
    );
  });

  test('the rendered-content template is reported under the cold builds, which are held to it', () => {
    const results = savedRun();
    const cold = (/** @type {string} */ key) => median(results[key].build.coldMs);
    results.rendered = {
      pages: 85,
      bytes: 1.5 * 2 ** 20,
      build: { coldMs: [1.2, 1.1, 1.3].map((factor) => cold('same') * factor) },
    };
    const without = savedRun();
    delete without.rendered;
    const plain = judge(without, FULL);
    const { rows, budgets } = judge(results, FULL);
    const index = rows.findIndex((r) => r.measure.startsWith("Cold build of the stock template holding this site's"));
    assert.equal(rows.length, plain.rows.length + 1, 'without the template, no such row');
    assert.equal(index, 1, 'right under the cold builds');
    assert.match(
      rows[index].measure,
      /\(85 pages, 1\.5 MiB: the text readers get, none of the features\), median \(min–max\) of 3$/,
    );
    assert.equal(rows[index].cells.site, `${(cold('site') / (cold('same') * 1.2)).toFixed(2)}× it`);
    assert.match(rows[index].cells.same, /^[\d.]+ s \([\d.]+ s–[\d.]+ s\): 1\.20× same-content$/);
    assert.deepEqual(rows[index].checks, []);
    const coldCheck = budgets.find((b) => b.name === 'cold build vs our page Markdown in stock');
    assert.equal(coldCheck?.value, cold('site') / (cold('same') * 1.2));
    // Without the template the budget is not measured: reported as such, never as a pass.
    assert.equal(plain.budgets.find((b) => b.name === 'cold build vs our page Markdown in stock')?.pass, null);
  });

  test("the rendered-content template's peak memory is shown beside the memory budget, as information", () => {
    const results = savedRun();
    const stockPeak = median(results.stock.build.peakBytes);
    results.rendered = {
      pages: 179,
      bytes: 2.8 * 2 ** 20,
      build: {
        coldMs: [1.2, 1.1, 1.3].map((factor) => median(results.same.build.coldMs) * factor),
        peakBytes: [2.7, 2.75, 2.8].map((factor) => stockPeak * factor),
      },
    };
    const { rows, budgets } = judge(results, FULL);
    const template = rows.find((r) => r.measure.startsWith("Cold build of the stock template holding this site's"));
    assert.match(template?.cells.same ?? '', /× same-content; peak memory \d+ MiB \(\d+ MiB–\d+ MiB\): 2\.75× stock$/);
    const memoryCheck = (/** @type {ReturnType<typeof judge>} */ judged) =>
      judged.rows.flatMap((r) => r.checks).find((c) => c.name === 'peak build memory vs stock');
    assert.equal(
      budgets.find((b) => b.name === 'peak build memory vs stock')?.value,
      median(results.site.build.peakBytes) / stockPeak,
      'the budget itself is unchanged',
    );
    assert.match(
      memoryCheck({ rows, budgets })?.text ?? '',
      /× stock \(the stock template holding our page Markdown: 2\.75× stock, information\)$/,
    );
    // A run saved before the template's memory was measured: the budget's text alone.
    delete results.rendered.build.peakBytes;
    const older = judge(results, FULL);
    assert.match(memoryCheck(older)?.text ?? '', /^[\d.]+× stock$/);
    assert.doesNotMatch(
      older.rows.find((r) => r.measure.startsWith("Cold build of the stock template holding this site's"))?.cells
        .same ?? '',
      /peak memory/,
    );
  });

  test('the production server: Node held to its budgets, workerd reported beside it; not measured, no pass', () => {
    const onlyServer = benchPlan({ sections: ['server'] });
    const { rows, budgets } = judge(savedRun(), onlyServer);
    assert.deepEqual(
      budgets.map((b) => b.name),
      [
        'server public vs serve-handler',
        'server p99 public',
        'server protected vs serve-handler',
        'server p99 protected',
        'server p99 notModified',
        'server p99 asset',
      ],
    );
    assert.equal(rows.length, 4);
    for (const row of rows) {
      assert.match(
        String(row.cells.site),
        /^Node \d+ req\/s, p99 \d+ ms \([\d.]+×\); workerd \d+ req\/s, p99 \d+ ms \([\d.]+×\); serve-handler \d+ req\/s, p99 \d+ ms$/,
      );
    }
    const missing = savedRun();
    delete missing.site.server;
    assert.deepEqual(
      judge(missing, onlyServer).budgets.map((b) => b.pass),
      [null, null, null, null, null, null],
    );
  });

  test("the writers' check of one page is held to 3 s, the median of its runs", () => {
    const onlyWriters = benchPlan({ sections: ['writers'] });
    const withRuns = (/** @type {number[]} */ checkDocsMs) => {
      const results = savedRun();
      results.site.writers.checkDocsMs = checkDocsMs;
      return judge(results, onlyWriters);
    };
    const passing = withRuns([2400, 3000, 3900, 1800, 3000]);
    assert.deepEqual(passing.budgets[0], {
      name: 'npm run check:docs on one page',
      value: 3000,
      limit: 3000,
      pass: true,
    });
    assert.deepEqual(
      [passing.rows[0].measure, passing.rows[0].cells.site, passing.rows[0].budget],
      [
        '`npm run check:docs -- <file>` on one page (`docs/accounts-api/appendix/values.mdx`, the largest), median (min–max) of 5',
        '3.00 s (1.80 s–3.90 s)',
        '≤ 3 s',
      ],
    );
    assert.equal(withRuns([3100, 3050, 2000, 3200, 2900]).budgets[0].pass, false);
    assert.equal(withRuns([]).budgets[0].pass, null);
  });

  test('the full run is held to 20 min without the scaled builds, which the wall-time row names beside it', () => {
    const results = savedRun();
    results.wallMs = 33 * 60_000;
    assert.equal(decisions(results)['full run wall time'], false);
    results.scaleWallMs = 13.5 * 60_000;
    const judged = judge(results, FULL);
    const wall = judged.rows.find((row) => row.measure.startsWith('Wall time of this full run'));
    assert.equal(wall?.cells.site, '19.5 min; the scaled builds beside it: 13.5 min');
    assert.deepEqual(
      judged.budgets.find((budget) => budget.name === 'full run wall time'),
      { name: 'full run wall time', value: 19.5 * 60_000, limit: 20 * 60_000, pass: true },
    );
  });

  test('--only judges only its sections; --quick drops the writers and Lighthouse desktop', () => {
    const onlySearch = judge(savedRun(), benchPlan({ sections: ['search'] }));
    assert.deepEqual(
      onlySearch.budgets.map((b) => b.name),
      ['search keystroke to results', 'search index brotli'],
    );
    const quick = judge(savedRun(), benchPlan({ quick: true }));
    assert.equal(quick.rows.filter((r) => r.measure.startsWith('Lighthouse desktop')).length, 0);
    assert.equal(quick.rows.filter((r) => r.measure.includes('hot reload')).length, 0);
    assert.equal(quick.rows.filter((r) => r.measure.includes('check:docs')).length, 0);
    assert.equal(quick.rows.filter((r) => r.measure.startsWith('Lighthouse mobile')).length, 4);
    assert.match(quick.rows[0].measure, /one run$/);
    assert.equal(
      quick.rows.filter((r) => r.measure.startsWith('Wall time')).length,
      0,
      'only a full run has a time limit',
    );
  });
});

describe('at N× the content (--scale)', () => {
  const GiB = 2 ** 30;
  const phases = { 'Load site': 2000, 'Bundling with rspack': 28_000, SSG: 8000, 'postBuild()': 8000, other: 0 };
  /**
   * A result at 10×: this site at 1× 60 s, at 10× `siteMs` with peak `peak`, the stock template holding its page
   * Markdown `stockMs`, its page-markdown write `markdownMs` (the page Markdown steps take 6 s of the 60 s at 1×).
   * @param {{ siteMs?: number, stockMs?: number, peak?: number, markdownMs?: number }} figures
   */
  const at10 = ({ siteMs = 300_000, stockMs = 250_000, peak = 2 * GiB, markdownMs = 41_000 } = {}) => ({
    scale: {
      one: {
        build: {
          coldMs: [60_000],
          peakBytes: [GiB],
          phases: [phases],
          passes: [{ 'page-markdown plan': 1000, 'read the built pages': 2000, 'page-markdown write': 3000 }],
        },
      },
      at: {
        10: {
          pages: { before: 89, after: 881 },
          operations: { before: 36, after: 360 },
          site: {
            build: {
              coldMs: [siteMs],
              peakBytes: [peak],
              phases: [phases],
              passes: [{ 'page-markdown plan': 0, 'read the built pages': 9000, 'page-markdown write': markdownMs }],
            },
          },
          rendered: {
            pages: 880,
            bytes: 9 * 2 ** 20,
            build: { coldMs: [stockMs], peakBytes: [GiB], phases: [phases] },
          },
        },
      },
    },
  });
  const PLAN = benchPlan({ sections: [], quick: true, scales: [10] });
  /** @param {any} results */
  const decided = (results) => Object.fromEntries(judgeScale(results, PLAN).budgets.map((b) => [b.name, b.pass]));

  test('the cold build passes at N× the 1× build and fails past it', () => {
    assert.equal(decided(at10({ siteMs: 600_000, stockMs: 600_000 }))['cold build at 10× vs 1×'], true);
    assert.equal(decided(at10({ siteMs: 600_001, stockMs: 600_000 }))['cold build at 10× vs 1×'], false);
  });

  test('the cold build passes at 1.5× the stock template holding the same page Markdown and fails past it', () => {
    const name = 'cold build at 10× vs its page Markdown in stock';
    assert.equal(SCALE_VS_STOCK_LIMIT, 1.5);
    assert.equal(decided(at10({ siteMs: 300_000, stockMs: 200_000 }))[name], true);
    assert.equal(decided(at10({ siteMs: 300_001, stockMs: 200_000 }))[name], false);
  });

  test('peak memory passes at 2.5 GiB and fails past it', () => {
    assert.equal(SCALE_PEAK_LIMIT_BYTES, 2.5 * GiB);
    assert.equal(decided(at10({ peak: 2.5 * GiB }))['peak build memory at 10×'], true);
    assert.equal(decided(at10({ peak: 2.5 * GiB + 1 }))['peak build memory at 10×'], false);
  });

  test('the page Markdown pass passes at 2× its share of the 1× build and fails past it', () => {
    // At 1×: 6 s of 60 s, 10%; at 10×, 9 s of reading and 51 s of writing are 20% of 300 s.
    const name = 'page Markdown share of the build at 10× vs 1×';
    assert.equal(SCALE_MARKDOWN_SHARE_LIMIT, 2);
    assert.equal(decided(at10({ markdownMs: 51_000 }))[name], true);
    assert.equal(decided(at10({ markdownMs: 51_001 }))[name], false);
    assert.deepEqual(
      markdownPass({
        coldMs: [100, 200, 300, 400],
        passes: [
          { 'page-markdown plan': 1, 'page-markdown write': 9, 'read the built pages': 5 },
          { 'page-markdown plan': 1, 'page-markdown write': 19, 'read the built pages': 6 },
          { 'page-markdown plan': 1, 'page-markdown write': 59, 'read the built pages': 7 },
          undefined,
        ],
      }),
      { ms: 26, share: 0.15, readMs: 6 },
    );
    assert.equal(markdownPass({ coldMs: [100], passes: [{}] }), undefined);
  });

  test('a scale not measured is neither a pass nor a fail, and no scale makes no rows', () => {
    assert.deepEqual(Object.values(decided({})), [null, null, null, null]);
    assert.deepEqual(judgeScale(at10(), benchPlan({ sections: [] })), { rows: [], budgets: [] });
  });

  test('the table has a row each for time, memory and phases, naming the content', () => {
    const table = renderScaleTable(judgeScale(at10(), PLAN).rows);
    const lines = table.split('\n');
    assert.equal(lines.length, 2 + 4);
    assert.match(
      lines[2],
      /^\| 10×: cold build .*881 docs pages, 360 operations .*\| 60\.0 s \| 300\.0 s: 5\.00× the 1× build \|/,
    );
    assert.match(lines[2], /5\.00× the 1× build: pass; 1\.20× its page Markdown in stock: pass \|$/);
    assert.match(lines[3], /2048 MiB: pass \|$/);
    assert.match(
      lines[4],
      /\| 6\.00 s, 10\.0% of the build .*\| 50\.0 s, 16\.7% of the build .*1\.67× its 1× share: pass \|$/,
    );
    assert.match(lines[5], /Bundling with rspack 28\.0 s/);
  });

  test('the phases are read from the performance log, the phases of the phases left out', () => {
    const log = [
      '[PERF] Build > en > Load site - 2.02 seconds! - (Heap 72mb -> 136mb / Total 236mb)',
      '[PERF] Build > en > Bundling with rspack - 27.77 seconds! - (Heap 149mb -> 253mb / Total 491mb)',
      '[PERF] Build > en > SSG > Thread pool - 7.51 seconds! - (Heap 209mb -> 157mb / Total 164mb)',
      '\u001b[32m[PERF] Build > en > SSG - 7.63 seconds! - (Heap 253mb -> 158mb / Total 164mb)\u001b[39m',
      '[PERF] Build > en > Broken links checker - 29.70 ms - (Heap 334mb -> 345mb / Total 421mb)',
      '[PERF] Build - 45.61 seconds! - (Heap 72mb -> 345mb / Total 421mb)',
    ].join('\n');
    assert.deepEqual(buildPhases(log), {
      'Load site': 2020,
      'Bundling with rspack': 27_770,
      SSG: 7630,
      'Broken links checker': 29.7,
    });
  });

  test("the passes' steps are read from their own [PERF] lines", () => {
    const log = [
      '[PERF] build-passes > page-markdown plan - 12.50 ms',
      '[PERF] Build > en > SSG - 7.63 seconds! - (Heap 253mb -> 158mb / Total 164mb)',
      '[PERF] build-passes > read the built pages - 2000.00 ms',
      '[PERF] build-passes > page-markdown write - 1500.25 ms',
    ].join('\n');
    assert.deepEqual(buildPassSteps(log), {
      'page-markdown plan': 12.5,
      'read the built pages': 2000,
      'page-markdown write': 1500.25,
    });
  });

  test('phase medians: each main phase, and the others summed', () => {
    assert.deepEqual(
      phaseMedians([
        { 'Load site': 1, 'Bundling with rspack': 10, SSG: 5, 'postBuild()': 4, 'Broken links checker': 1 },
        { 'Load site': 3, 'Bundling with rspack': 30, SSG: 7, 'postBuild()': 6, 'Broken links checker': 2, X: 1 },
        { 'Load site': 2, 'Bundling with rspack': 20, SSG: 6, 'postBuild()': 5, 'Broken links checker': 2 },
      ]),
      { 'Load site': 2, 'Bundling with rspack': 20, SSG: 6, 'postBuild()': 5, other: 2 },
    );
    assert.equal(phaseMedians([]), undefined);
  });

  test('--scale takes whole numbers from 2 up, each once, ascending', () => {
    assert.deepEqual(parseScales(undefined), []);
    assert.deepEqual(parseScales('10,3,3'), [3, 10]);
    for (const bad of ['1', '2.5', 'ten', '']) assert.throws(() => parseScales(bad), /--scale takes whole numbers/);
  });
});
