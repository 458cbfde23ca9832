/**
 * In `npm start` and in a build (`pageDependenciesPlugin.ts`): makes a docs page that embeds reference blocks depend on its dependency file
 * (`pageDependencies.ts`), so that rspack recompiles the page when a description edit changes what its blocks show.
 * A post loader, after the MDX loader, whose remark plugin has recorded the page by then; the pitch adds it too, for
 * a page whose compilation fails (a page recorded before).
 */
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS loader, as rspack loads it */
const { createHash } = require('node:crypto');
const { existsSync } = require('node:fs');
const path = require('node:path');
/* eslint-enable @typescript-eslint/no-require-imports */

/** `pageKey` of pageDependencies.ts. */
const keyOf = (page) => createHash('sha256').update(page).digest('hex').slice(0, 16);

function addPageDependency(loader) {
  const { dir } = loader.getOptions();
  const key = keyOf(loader.resourcePath);
  if (!existsSync(path.join(dir, `${key}.json`))) return;
  // `recordsIdentityFile`: new records (`.docusaurus/` removed) compile the page again.
  const identity = path.join(dir, 'records.id');
  if (existsSync(identity)) loader.addDependency(identity);
  const file = path.join(dir, `${key}.fingerprint`);
  // Written only when a description edit changes the page: until then it is missing, and its creation counts.
  if (existsSync(file)) loader.addDependency(file);
  else loader.addMissingDependency(file);
}

module.exports = function pageDependencyLoader(source, map, meta) {
  addPageDependency(this);
  this.callback(null, source, map, meta);
};

module.exports.pitch = function pitch() {
  addPageDependency(this);
};
