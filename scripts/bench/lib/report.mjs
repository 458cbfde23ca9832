/**
 * The report: the Markdown table of the rows `judge` (budgets.mjs) made, the summary under it, and
 * BENCHMARKS.md. Pure: strings from results; run.mjs prints and writes them.
 */
const HEADER = ['Measure', 'This site', 'Stock template', 'Same content, no features', 'Budget', 'Result'];

const verdict = (pass) => (pass ? 'pass' : '**FAIL**');
const escape = (cell) => String(cell).replaceAll('|', '\\|');

/** The Result cell: each check's decision, or that it was not measured. */
export function resultText(checks) {
  return checks.map((c) => (c.pass === null ? 'not measured' : `${c.text}: ${verdict(c.pass)}`)).join('; ');
}

/** The results table, one line per row (GitHub Markdown). */
export function renderTable(rows) {
  const lines = rows.map((r) => [
    r.measure,
    r.cells.site ?? '–',
    r.cells.stock ?? '–',
    r.cells.same ?? '–',
    r.budget,
    resultText(r.checks),
  ]);
  return [HEADER, HEADER.map(() => '---'), ...lines].map((cells) => `| ${cells.map(escape).join(' | ')} |`).join('\n');
}

/** The columns of the table "At N× the content" (budgets.mjs `judgeScale`), after the measure. */
const SCALE_HEADER = [
  'Measure',
  'This site at 1× (v1 docs)',
  'This site at N× (v1 docs)',
  'Stock template holding the N× page Markdown',
  'Budget',
  'Result',
];

/** The table "At N× the content", one line per row of `judgeScale` (GitHub Markdown). */
export function renderScaleTable(rows) {
  const lines = rows.map((r) => [
    r.measure,
    r.cells.one ?? '–',
    r.cells.scaled ?? '–',
    r.cells.rendered ?? '–',
    r.budget,
    resultText(r.checks),
  ]);
  return [SCALE_HEADER, SCALE_HEADER.map(() => '---'), ...lines]
    .map((cells) => `| ${cells.map(escape).join(' | ')} |`)
    .join('\n');
}

/** The lines under the table: budgets passed and failed, the wall time, what could not be measured. */
export function renderSummary(results) {
  const { budgets } = results;
  const failed = budgets.filter((b) => b.pass === false).map((b) => b.name);
  return [
    `Budgets: ${budgets.filter((b) => b.pass).length} pass, ${failed.length} fail${failed.length ? ` (${failed.join('; ')})` : ''}, ${budgets.filter((b) => b.pass === null).length} not measured.`,
    `Bench wall time: ${(results.wallMs / 60_000).toFixed(1)} min${results.scaleWallMs ? `, of which the scaled builds ${(results.scaleWallMs / 60_000).toFixed(1)} min` : ''}.`,
    ...results.errors.map(
      (error) => `Could not measure: ${error.what}: ${error.message.split('\n').filter(Boolean).slice(0, 2).join(' ')}`,
    ),
  ].join('\n');
}

/**
 * BENCHMARKS.md for a full run (before Prettier aligns its table), with the table at N× the content when it was measured.
 * @param {any} results @param {{ table: string, summary: string, scaleTable?: string }} parts
 */
export function benchmarksMarkdown(results, { table, summary, scaleTable }) {
  const m = results.machine;
  return `# Benchmarks

Written by \`npm run bench\` (scripts/bench/run.mjs) on ${results.started.slice(0, 10)}; rerun it to rewrite this file.
This site against the classic TypeScript template of Docusaurus ${results.docusaurus} (Faster on, our install
overrides) and against that template holding ${results.content.pages} generated plain Markdown pages of the shape of our
docs/ (${results.content.proseWords} prose words, ${results.content.headings} headings, ${results.content.tableRows} table rows, ${results.content.codeLines} code lines).${results.rendered ? ` The cold builds also ran that template holding this site's ${results.rendered.pages} pages of page Markdown instead (the rendered-content template: the text readers get, without the features).` : ''}
Every site was served by ${results.server}. Lighthouse cells are performance (every run) / accessibility / best practices (audited in the first run only: they do not vary from run to run, and accessibility's scan is most of a run on a large page).

## Machine

- Date: ${results.started}
- CPU: ${m.cpu}, \`nproc\` ${m.nproc}
- Memory: ${m.memoryGiB} GiB
- Node ${m.node}; ${m.chromium}
- Load average at the end: ${m.loadAverageAtEnd.join(', ')}${m.note ? `\n- Note: ${m.note}` : ''}

## Results

${table}
${scaleTable ? `\n## At ${results.scales.join('×, ')}× the content\n\nThis site with N× its docs pages and operations (scripts/bench/scale-content.mjs: each docs section and each operation, path and schema copied, renamed), built cold beside the classic template holding that build's page Markdown, and this site at 1×, alternating in the same rounds; every build of the v1 docs only (\`DOCS_VERSIONS=current\`).\n\n${scaleTable}\n` : ''}
${summary.split('\n').join('\n\n')}

See [README.md](README.md#benchmarks) for how each figure is measured.
`;
}
