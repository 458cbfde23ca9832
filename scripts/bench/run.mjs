#!/usr/bin/env node
/**
 * `npm run bench`: this site side by side with stock Docusaurus, measured in one run, alternating
 * (site, stock, same-content, site, …), with our budgets checked against the templates' figures.
 *
 *   node scripts/bench/run.mjs [--quick] [--only=builds,writers,js,lighthouse,reference,signin,search,mcp,sandbox,server] [--note=TEXT]
 *   node scripts/bench/run.mjs --scale=N[,M…] [--quick] [--only=…] [--note=TEXT]
 *   node scripts/bench/run.mjs --report=bench-results/latest.json [--note=TEXT]
 *
 * --quick:  one run of each, no Lighthouse desktop, no writers' loop (a smoke test).
 * --only:   some sections; the served sections reuse the last bench builds when builds is left out.
 * --note:   a line about the machine for BENCHMARKS.md (e.g. that it was shared).
 * --report: no measuring, only the table (and BENCHMARKS.md) from the results of an earlier run.
 * --scale:  this site with N× its content built beside the stock template holding its page Markdown and this site at
 *           1× (lib/scale.mjs), in a table of its own; alone (without --only) it measures nothing else.
 *
 * Progress goes to stderr, the table to stdout and to bench-results/latest.json; a full run (neither
 * --quick nor --only) also rewrites BENCHMARKS.md. Budget failures are reported, not fatal: the exit code
 * is non-zero only when a measurement could not run.
 *
 * The parts: lib/measure.mjs measures, lib/budgets.mjs judges the results against the budgets,
 * lib/report.mjs renders the table and BENCHMARKS.md; this file runs them in that order.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as prettier from 'prettier';
import { judge, judgeScale } from './lib/budgets.mjs';
import { describeMachine, measure } from './lib/measure.mjs';
import { benchPlan, parseScales, SECTIONS } from './lib/plan.mjs';
import { benchmarksMarkdown, renderScaleTable, renderSummary, renderTable } from './lib/report.mjs';
import { SERVER_DESCRIPTION } from './lib/staticServer.mjs';
import { assertPinnedNode } from '../../config/nodeRuntime.mjs';

assertPinnedNode();

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const RESULTS_FILE = join(ROOT, 'bench-results/latest.json');

const { values: options } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    only: { type: 'string' },
    note: { type: 'string' },
    report: { type: 'string' },
    scale: { type: 'string' },
  },
});
let scales;
try {
  scales = parseScales(options.scale);
} catch (error) {
  console.error(error.message);
  process.exit(2);
}
const loaded = options.report ? JSON.parse(readFileSync(options.report, 'utf8')) : undefined;
const only =
  loaded?.sections ??
  (options.only ? options.only.split(',').map((name) => name.trim()) : scales.length > 0 ? [] : SECTIONS);
for (const name of only) {
  if (!SECTIONS.includes(name)) {
    console.error(`Unknown section "${name}"; the sections are ${SECTIONS.join(', ')}.`);
    process.exit(2);
  }
}
const plan = benchPlan({ sections: only, quick: loaded?.quick ?? options.quick, scales: loaded?.scales ?? scales });

const benchStarted = Date.now();
const log = (message) =>
  console.error(`[bench ${((Date.now() - benchStarted) / 1000).toFixed(0).padStart(5)} s] ${message}`);

const results = loaded ?? {
  started: new Date().toISOString(),
  quick: plan.quick,
  sections: only,
  scales: plan.scales,
  server: SERVER_DESCRIPTION,
  errors: [],
};

if (!loaded) {
  log(
    `sections: ${only.join(', ') || 'none'}${plan.scales.length ? `; at ${plan.scales.join('×, ')}× the content` : ''}${plan.quick ? ' (quick)' : ''}; static server: ${SERVER_DESCRIPTION}`,
  );
  await measure({ root: ROOT, results, plan, log });
  results.wallMs = Date.now() - benchStarted;
  results.machine = describeMachine(options.note);
  // The raw samples first, so that a failure below loses no measurement (--report renders them again).
  mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
  writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
}

const { rows, budgets } = judge(results, plan);
// At N× the content: a table of its own, its budgets with the others.
const scaled = judgeScale(results, plan);
results.budgets = [...budgets, ...scaled.budgets];
if (loaded && options.note) results.machine.note = options.note;
const table = renderTable(rows);
results.table = table;
const scaleTable = scaled.rows.length > 0 ? renderScaleTable(scaled.rows) : undefined;
results.scaleTable = scaleTable;
const summary = renderSummary(results);

mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
if (rows.length > 0) console.log(table);
if (scaleTable) console.log(`\nAt ${plan.scales.join('×, ')}× the content\n\n${scaleTable}`);
console.log(`\n${summary}`);
log('results written to bench-results/latest.json');

if (!plan.quick && only.length === SECTIONS.length) {
  const prettierOptions = (await prettier.resolveConfig(join(ROOT, 'BENCHMARKS.md'))) ?? {};
  writeFileSync(
    join(ROOT, 'BENCHMARKS.md'),
    await prettier.format(benchmarksMarkdown(results, { table, summary, scaleTable }), {
      ...prettierOptions,
      parser: 'markdown',
    }),
  );
  log('BENCHMARKS.md rewritten');
}

process.exit(results.errors.length > 0 ? 1 : 0);
