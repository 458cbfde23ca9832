#!/usr/bin/env node
/**
 * Lints every API description named in redocly.yaml with Redocly's recommended rules and fails on
 * any problem, warnings included (the Redocly CLI itself fails on errors only).
 */
import { spawnSync } from 'node:child_process';
import { assertPinnedNode } from '../config/nodeRuntime.mjs';

assertPinnedNode();

const redocly = ['node_modules/@redocly/cli/bin/cli.js'];
const run = (args) => spawnSync(process.execPath, [...redocly, ...args], { encoding: 'utf8' });

const result = run(['lint', '--format=json']);
// One JSON report per API description, one after the other.
let reports;
try {
  reports = result.stdout
    .split(/(?<=\})\s*(?=\{\s*"totals")/)
    .filter((chunk) => chunk.trim())
    .map((chunk) => JSON.parse(chunk));
} catch {
  reports = [];
}
if (reports.length === 0) {
  process.stderr.write(result.stdout + result.stderr);
  console.error('Could not read the linter report.');
  process.exit(1);
}
const errors = reports.reduce((sum, report) => sum + (report.totals?.errors ?? 0), 0);
const warnings = reports.reduce((sum, report) => sum + (report.totals?.warnings ?? 0), 0);
if (errors + warnings > 0) {
  // Show the problems the way people read them.
  const readable = run(['lint', '--format=stylish']);
  process.stdout.write(readable.stdout);
  console.error(`OpenAPI lint: ${errors} error(s), ${warnings} warning(s). Every problem fails the build.`);
  process.exit(1);
}
console.log(
  `OpenAPI lint: all ${reports.length} descriptions are clean (Redocly recommended rules, examples validated).`,
);
