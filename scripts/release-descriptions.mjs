#!/usr/bin/env node
/**
 * `npm run release:descriptions [-- --date=YYYY-MM-DD]`: releases each API description whose `info.version` is new,
 * once its bump matches its changes (openapi/changes/release.ts). It writes the bundled description to
 * `openapi/released/<api>/<version>.yaml` and lists the version in `openapi/released/releases.yaml` with the day
 * (today, in UTC, unless `--date` says otherwise). A description changed without the version bump its changes call
 * for stops it, each change named with the versioning page's rule. Then the release's note goes in the changelog
 * (WRITING.md, "Releasing a description"). Each release's comparison with the one before it is stored beside it
 * (`openapi/released/<api>/<version>.changes.json`, openapi/changes/comparisons.ts), for the build's changelog.
 *
 * `npm run release:descriptions -- --compare` writes again, and only, each stored comparison that is missing or out
 * of date: after a change to the code that classifies changes (a test says when).
 */
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import { assertPinnedNode } from '../config/nodeRuntime.mjs';

assertPinnedNode();

const require = createRequire(import.meta.url);
const jiti = require('jiti')(import.meta.filename, { interopDefault: true });
const { bundleDescriptions } = jiti('../openapi/descriptions.ts');
const { compareReleasesAgain, releaseDescriptions } = jiti('../openapi/changes/release.ts');
const { ReleasedDescriptionError, repositoryPath } = jiti('../openapi/changes/released.ts');

const { values } = parseArgs({ options: { date: { type: 'string' }, compare: { type: 'boolean', default: false } } });
if (values.compare) {
  const written = compareReleasesAgain();
  for (const { file, why } of written) console.log(`${repositoryPath(file)}: written (${why})`);
  console.log(
    written.length > 0 ? `${written.length} comparison(s) stored again.` : 'Every stored comparison is current.',
  );
  process.exit(0);
}
const date = values.date ?? new Date().toISOString().slice(0, 10);
if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date))) {
  console.error(`--date=${date} is not a day, YYYY-MM-DD`);
  process.exit(2);
}

const { bundled } = await bundleDescriptions();
let outcome;
try {
  outcome = releaseDescriptions(bundled, date);
} catch (error) {
  if (!(error instanceof ReleasedDescriptionError)) throw error;
  console.error(error.message);
  process.exit(1);
}

for (const release of outcome.unchanged) {
  console.log(`${release.api} ${release.version}: released on ${release.date}, unchanged`);
}
if (outcome.problems.length > 0) {
  console.error(`\nNothing released: ${outcome.problems.length} change(s) need another version:\n`);
  for (const problem of outcome.problems) console.error(`- ${problem}`);
  process.exit(1);
}
for (const { api, version, base, changes, file, comparison } of outcome.released) {
  const counts = ['breaking', 'additive', 'documentation']
    .map((kind) => `${changes.filter((change) => change.class === kind).length} ${kind}`)
    .join(', ');
  console.log(
    `${api} ${version}: released on ${date} (${counts} since ${base.version}): ${repositoryPath(file)}, ` +
      `its comparison ${repositoryPath(comparison)}`,
  );
}
if (outcome.released.length > 0) {
  console.log("\nNow add each release's <ReleaseNote> to docs/getting-started/changelog.mdx (WRITING.md says how).");
}
