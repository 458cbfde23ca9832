// @ts-check
// The report rendered from a saved result (fixtures/results.json, the full run of 2026-11-24).
// Run: node --test scripts/bench/__tests__/
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { judge } from '../lib/budgets.mjs';
import { benchPlan } from '../lib/plan.mjs';
import { benchmarksMarkdown, renderSummary, renderTable, resultText } from '../lib/report.mjs';

const savedRun = () => JSON.parse(readFileSync(new URL('fixtures/results.json', import.meta.url), 'utf8'));

/** The report of `results` as run.mjs renders it. @param {any} results */
function report(results, plan = benchPlan()) {
  const { rows, budgets } = judge(results, plan);
  results.budgets = budgets;
  return { table: renderTable(rows), summary: renderSummary(results) };
}

/** The cells of the table line whose Measure starts with `measure`. @param {string} table @param {string} measure */
function line(table, measure) {
  const found = table.split('\n').find((l) => l.startsWith(`| ${measure}`));
  assert.ok(found, `no row "${measure}" in\n${table}`);
  return found
    .slice(2, -2)
    .split(/(?<!\\) \| /)
    .map((cell) => cell.trim());
}

describe('the table', () => {
  test('has a header, a rule and one line per row of a full run', () => {
    const lines = report(savedRun()).table.split('\n');
    assert.equal(lines[0], '| Measure | This site | Stock template | Same content, no features | Budget | Result |');
    assert.equal(lines[1], '| --- | --- | --- | --- | --- | --- |');
    assert.equal(lines.length, 2 + 26 + 7 + 3 + 4);
  });

  test('the production server rows: Node, workerd and serve-handler, each against serve-handler', () => {
    assert.deepEqual(line(report(savedRun()).table, 'Production server, public page'), [
      'Production server, public page `/`, 10 connections: requests/s, p99 (× serve-handler), median of 3',
      'Node 7263 req/s, p99 6 ms (2.05×); workerd 726 req/s, p99 88 ms (0.20×); serve-handler 3549 req/s, p99 24 ms',
      '–',
      '–',
      'Node ≥ 0.8× serve-handler; Node p99 ≤ 10 ms',
      '2.05× serve-handler: pass; p99 6 ms: pass',
    ]);
  });

  test("the MCP rows give each tool's median and p99, and what the search index costs", () => {
    const table = report(savedRun()).table;
    assert.deepEqual(line(table, 'MCP `search_docs` on Node').slice(1), ['3.4 ms / 9.8 ms', '–', '–', '', '']);
    assert.equal(line(table, 'MCP `read_page` on Node')[0], 'MCP `read_page` on Node: median / p99 of 200 calls');
    assert.equal(line(table, 'MCP search index')[1], '1604 ms / 54.5 MiB / 68.0 MiB');
  });

  test('a figure that varies shows its lowest and highest run beside the median', () => {
    const results = savedRun();
    results.site.lighthouse.api.mobile.performanceRuns = [70, 64, 77];
    results.site.signIn.totals = [900, 850, 1200];
    const table = report(results).table;
    assert.match(line(table, 'Lighthouse mobile, `/api/orders-api`')[1], /^70 \(64–77\) \/ /);
    assert.match(line(table, 'Sign-in round trip')[1], /^0\.90 s \(0\.85 s–1\.20 s\); medians: /);
    assert.deepEqual(line(table, 'Wall time of this full run').slice(1), [
      '15.7 min',
      '–',
      '–',
      '≤ 20 min',
      'wall time: pass',
    ]);
  });

  test('a row shows each site, the budget and each decision', () => {
    assert.deepEqual(line(report(savedRun()).table, 'Cold build'), [
      'Cold build (caches cleared), median (min–max) of 3',
      '19.7 s (19.6 s–20.1 s)',
      '6.57 s (6.50 s–6.72 s)',
      '9.92 s (9.85 s–10.1 s)',
      '≤ 1.5× the stock template holding our page Markdown; ≤ 3× stock',
      '1.75× our page Markdown in stock: **FAIL**; 3.00× stock (1.99× same-content: information): pass',
    ]);
    assert.deepEqual(line(report(savedRun()).table, 'First-load JS, `/` anonymous'), [
      'First-load JS, `/` anonymous, median of 5',
      '4 files, 555.1 KiB raw, 172.8 KiB gzip',
      '4 files, 548.9 KiB raw, 167.3 KiB gzip',
      '4 files, 570.2 KiB raw, 172.2 KiB gzip',
      '≤ stock `/` + 10 KiB gzip',
      '+5.5 KiB gzip: pass',
    ]);
  });

  test("a site without the figure shows '–'; a row without a budget leaves both columns empty", () => {
    const cells = line(report(savedRun()).table, 'First-load JS, `/api/orders-api` signed in').slice(1);
    assert.deepEqual(cells, ['10 files, 1472.0 KiB raw, 433.7 KiB gzip', '–', '–', '', '']);
  });

  test('Lighthouse cells name the audits a template did not pass', () => {
    const cells = line(report(savedRun()).table, 'Lighthouse mobile, `/` (anonymous)');
    assert.equal(cells[1], '91 / 100 / 100');
    assert.equal(cells[2], '97 / 98 / 100 (not passed: heading-order)');
    assert.equal(cells[5], 'performance 91: **FAIL**; accessibility: pass; best practices: pass');
  });

  test('an unmeasured figure reads "not measured", and a | in a cell cannot break the table', () => {
    const results = savedRun();
    delete results.site.signIn;
    results.stock.lighthouse.home.mobile.failingAudits = ['a|b'];
    const { table } = report(results);
    assert.deepEqual(line(table, 'Sign-in round trip').slice(1), ['–', '–', '–', '≤ 1.0 s', 'not measured']);
    assert.equal(line(table, 'Lighthouse mobile, `/` (anonymous)')[2], '97 / 98 / 100 (not passed: a\\|b)');
    assert.equal(
      resultText([
        { name: 'x', pass: null },
        { name: 'y', pass: true, text: 'y' },
      ]),
      'not measured; y: pass',
    );
  });
});

describe('the summary', () => {
  test('counts the decisions and names the failed budgets', () => {
    assert.equal(
      report(savedRun()).summary,
      [
        'Budgets: 34 pass, 17 fail (cold build vs our page Markdown in stock; peak build memory vs stock; ' +
          'warm rebuild vs cold build; docusaurus start vs same-content; ' +
          'edit of a page with <ApiOperation>; description edit to its docs page; ' +
          'first-load JS of a docs page; Lighthouse mobile performance /; ' +
          'Lighthouse mobile performance /docs/accounts-api/endpoints/balance-summary; ' +
          'Lighthouse mobile performance /api/orders-api; Lighthouse desktop performance /api/orders-api; ' +
          'sign-in round trip; sandbox read p99; sandbox place vs the mock; sandbox place p99; server p99 protected; server p99 asset), 0 not measured.',
        'Bench wall time: 15.7 min.',
      ].join('\n'),
    );
  });

  test('names what could not be measured, in at most two lines of its message', () => {
    const results = savedRun();
    results.errors = [{ what: 'search', message: 'page crashed\n\nat line 1\nat line 2' }];
    delete results.site.search;
    const summary = report(results).summary.split('\n');
    assert.match(summary[0], /, 2 not measured\.$/);
    assert.equal(summary.at(-1), 'Could not measure: search: page crashed at line 1');
  });
});

describe('BENCHMARKS.md', () => {
  test('describes the content, the machine and the server, then the table and the summary', () => {
    const results = savedRun();
    const { table, summary } = report(results);
    const markdown = benchmarksMarkdown(results, { table, summary });
    assert.match(markdown, /^# Benchmarks\n\nWritten by `npm run bench` \(scripts\/bench\/run\.mjs\) on 2026-11-24;/);
    assert.match(markdown, /holding 79 generated plain Markdown pages/);
    assert.match(markdown, /docs\/ \(52220 prose words, 792 headings, 1448 table rows, 2998 code lines\)/);
    assert.match(markdown, /Every site was served by server\/cli\.mjs with precompressed files\./);
    assert.match(markdown, /- CPU: AMD EPYC, `nproc` 2\n- Memory: 23\.5 GiB\n/);
    assert.match(markdown, /- Load average at the end: 2\.13, 1\.95, 2\.8\n- Note: 2 cores, 24 GiB;/);
    assert.ok(markdown.includes(`## Results\n\n${table}\n\n`));
    assert.ok(markdown.includes('\n\nBench wall time: 15.7 min.\n'));
  });

  test('names the rendered-content template when the cold builds ran it', () => {
    const results = savedRun();
    delete results.rendered;
    assert.doesNotMatch(benchmarksMarkdown(results, report(results)), /rendered-content template/);
    results.rendered = { pages: 85, bytes: 1_572_864, build: { coldMs: [9000, 9500, 9900] } };
    const { table, summary } = report(results);
    const markdown = benchmarksMarkdown(results, { table, summary });
    assert.match(markdown, /holding this site's 85 pages of page Markdown instead \(the rendered-content template:/);
    assert.match(table, /\| Cold build of the stock template holding this site's page Markdown \(85 pages, 1\.5 MiB/);
  });

  test('has a section at N× the content, after the results, when the run measured it', () => {
    const results = savedRun();
    const { table, summary } = report(results);
    assert.doesNotMatch(benchmarksMarkdown(results, { table, summary }), /## At/);
    results.scales = [3, 10];
    const scaleTable = '| Measure |\n| --- |\n| 3×: cold build |';
    const markdown = benchmarksMarkdown(results, { table, summary, scaleTable });
    assert.ok(
      markdown.includes(`## Results\n\n${table}\n\n## At 3×, 10× the content\n\nThis site with N× its docs pages`),
    );
    assert.ok(markdown.includes(`\`DOCS_VERSIONS=current\`).\n\n${scaleTable}\n\nBudgets:`));
  });

  test('leaves the note line out when the run had none', () => {
    const results = savedRun();
    delete results.machine.note;
    const markdown = benchmarksMarkdown(results, report(results));
    assert.doesNotMatch(markdown, /- Note:/);
    assert.match(markdown, /- Load average at the end: 2\.13, 1\.95, 2\.8\n\n## Results/);
  });
});
