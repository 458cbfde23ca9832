// @ts-check
/**
 * The Try it modules a Worker runs for `validate_request`. A Worker may not load code from data (Node's
 * `importFromText`, requestCheck.mjs), so the modules of the build it serves are bundled into it. The import below
 * is a glob, which esbuild resolves when it bundles the Worker (wrangler deploy, and the tests' harness) to every
 * `.js` file below `docs/try-it/` of the build in wrangler.toml's assets directory, v1's modules and a later API
 * version's (`docs/try-it/v2/…`) alike: build the site before deploying the Worker (README, "Deploying"). The harness (server/__tests__/workerSite.mjs) points it at the build it serves.
 */
import { tryItModuleName } from '../../contracts/tryIt/operation.ts';

/** The build directory the glob reads, as wrangler.toml's `assets.directory` names it (checked by the harness). */
export const BUNDLED_BUILD_DIRECTORY = './build';

/**
 * The module of `file` from the Worker's bundle, when the build it serves has that file. A module the build has
 * and the bundle lacks (a Worker bundled from another build) is an error, not a missing check.
 * @type {import('./requestCheck.mjs').ModuleLoader}
 */
export async function importBundledTryItModule(file, readSource) {
  const moduleName = tryItModuleName(file);
  if (!moduleName || (await readSource()) === undefined) return undefined;
  const loaded = await import(`../../build/docs/try-it/${moduleName}.js`);
  return loaded.default;
}
