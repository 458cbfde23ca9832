// @ts-check
/**
 * The site as Cloudflare runs it, for tests: the Worker wrangler.toml names, bundled the way wrangler bundles
 * it (esbuild), on the real workerd runtime (miniflare, offline), with a build directory as its static
 * assets, over HTTP on loopback.
 *
 *   const site = await startWorkerSite({ dir: 'build' });
 *   const response = await site.fetch('/docs/orders/');   // or plain fetch(new URL('docs/', site.url))
 *   await site.close();
 *
 * Every setting that changes what the Worker does comes from wrangler.toml (entry, compatibility date and
 * flags, the assets binding, run_worker_first, HTML and not-found handling); only the directory is the
 * caller's. A key the harness cannot reproduce is an error, so the tests never run a configuration other
 * than the one that is deployed. miniflare reads the directory once, at start: write it first.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { build } from 'esbuild';
import { Miniflare } from 'miniflare';
import { parse } from 'smol-toml';

import { GATE_MANIFEST_FILE } from '../gate/accessPolicy.mjs';
import { BUNDLED_BUILD_DIRECTORY } from '../mcp/bundledTryIt.mjs';
import { FILES, fixtureGateManifest, writeFixtureBuild } from './fixtureBuild.mjs';
import { signIdToken, signingKey, startProvider } from './testProvider.mjs';

const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const WRANGLER_CONFIG = path.join(PROJECT_ROOT, 'wrangler.toml');

/** workerd starts in well under a second here; on a loaded machine it may take several. */
const STARTUP_TIMEOUT_MS = 30_000;
/** A request that takes longer than this has hung: it fails instead of stalling the test run. */
const REQUEST_TIMEOUT_MS = 15_000;
/** Stopping takes milliseconds; a close that hangs must not hold the test run. */
const DISPOSE_TIMEOUT_MS = 10_000;

/** The bundle's module name (it is never written). */
const BUNDLE_NAME = 'worker.bundle.mjs';
/** Keys that matter to the deployment only (where and under which name), not to what the Worker answers. */
const DEPLOYMENT_KEYS = new Set(['name', 'account_id', 'workers_dev', 'preview_urls', 'route', 'routes']);
const WORKER_KEYS = new Set(['main', 'compatibility_date', 'compatibility_flags', 'assets']);
const ASSETS_KEYS = new Set(['directory', 'binding', 'run_worker_first', 'html_handling', 'not_found_handling']);
const HTML_HANDLING = /** @type {const} */ ([
  'auto-trailing-slash',
  'force-trailing-slash',
  'drop-trailing-slash',
  'none',
]);
const NOT_FOUND_HANDLING = /** @type {const} */ (['single-page-application', '404-page', 'none']);

/**
 * What the harness takes from wrangler.toml.
 * @typedef {object} WorkerConfig
 * @property {string} main the entry, relative to the project root
 * @property {string} compatibilityDate
 * @property {string[]} compatibilityFlags
 * @property {{ directory: string, binding: string, runWorkerFirst: boolean, htmlHandling: (typeof HTML_HANDLING)[number], notFoundHandling: (typeof NOT_FOUND_HANDLING)[number] }} assets
 */

/**
 * @param {string} file
 * @param {string} key
 * @param {string} problem
 */
function configError(file, key, problem) {
  return new Error(`${path.relative(PROJECT_ROOT, file) || file}: ${key} ${problem}`);
}

/**
 * Reads and checks wrangler.toml.
 * @param {string} [file]
 * @returns {Promise<WorkerConfig>}
 */
export async function readWorkerConfig(file = WRANGLER_CONFIG) {
  const config = parse(await readFile(file, 'utf8'));
  for (const key of Object.keys(config)) {
    if (!DEPLOYMENT_KEYS.has(key) && !WORKER_KEYS.has(key)) {
      throw configError(file, key, 'is not reproduced by the test harness (server/__tests__/workerSite.mjs): add it');
    }
  }
  const { main, compatibility_date: compatibilityDate, compatibility_flags: flags = [] } = config;
  const assets = /** @type {Record<string, unknown> | undefined} */ (config.assets);
  if (typeof main !== 'string') throw configError(file, 'main', 'must name the Worker entry');
  if (typeof compatibilityDate !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(compatibilityDate)) {
    throw configError(file, 'compatibility_date', 'must be a date, yyyy-mm-dd');
  }
  if (!Array.isArray(flags) || !flags.every((flag) => typeof flag === 'string')) {
    throw configError(file, 'compatibility_flags', 'must be a list of flags');
  }
  if (!assets || typeof assets !== 'object' || Array.isArray(assets)) {
    throw configError(file, '[assets]', 'is missing');
  }
  for (const key of Object.keys(assets)) {
    if (!ASSETS_KEYS.has(key)) throw configError(file, `assets.${key}`, 'is not reproduced by the test harness');
  }
  const { directory, binding, run_worker_first: runWorkerFirst = false } = assets;
  const { html_handling: htmlHandling = 'auto-trailing-slash', not_found_handling: notFoundHandling = 'none' } = assets;
  if (typeof directory !== 'string') throw configError(file, 'assets.directory', 'must name the build directory');
  if (typeof binding !== 'string') throw configError(file, 'assets.binding', 'must name the binding the Worker reads');
  if (typeof runWorkerFirst !== 'boolean') {
    throw configError(file, 'assets.run_worker_first', 'must be true or false (the harness maps no route list)');
  }
  if (!HTML_HANDLING.includes(/** @type {any} */ (htmlHandling))) {
    throw configError(file, 'assets.html_handling', `must be one of ${HTML_HANDLING.join(', ')}`);
  }
  if (!NOT_FOUND_HANDLING.includes(/** @type {any} */ (notFoundHandling))) {
    throw configError(file, 'assets.not_found_handling', `must be one of ${NOT_FOUND_HANDLING.join(', ')}`);
  }
  return {
    main,
    compatibilityDate,
    compatibilityFlags: /** @type {string[]} */ (flags),
    assets: {
      directory,
      binding,
      runWorkerFirst,
      htmlHandling: /** @type {WorkerConfig['assets']['htmlHandling']} */ (htmlHandling),
      notFoundHandling: /** @type {WorkerConfig['assets']['notFoundHandling']} */ (notFoundHandling),
    },
  };
}

/** The module whose glob import bundles a build's Try it modules into the Worker. */
const BUNDLED_TRY_IT = path.join(PROJECT_ROOT, 'server/mcp/bundledTryIt.mjs');

/**
 * Points the Worker's bundled Try it modules (server/mcp/bundledTryIt.mjs) at `assetsDir`, the build it serves:
 * deployed, its glob reads wrangler.toml's assets directory, which must be the one that module names.
 * @param {WorkerConfig} config
 * @param {string} assetsDir
 * @returns {import('esbuild').Plugin}
 */
export function bundledBuildPlugin(config, assetsDir) {
  const deployed = path.relative(path.dirname(BUNDLED_TRY_IT), path.resolve(PROJECT_ROOT, config.assets.directory));
  const served = path.relative(path.dirname(BUNDLED_TRY_IT), path.resolve(assetsDir));
  return {
    name: 'bundled-build',
    setup(build) {
      build.onLoad({ filter: /[\\/]server[\\/]mcp[\\/]bundledTryIt\.mjs$/ }, async (args) => {
        if (path.normalize(BUNDLED_BUILD_DIRECTORY) !== path.normalize(config.assets.directory)) {
          throw new Error(
            `wrangler.toml's assets.directory (${config.assets.directory}) is not the build server/mcp/bundledTryIt.mjs bundles (${BUNDLED_BUILD_DIRECTORY})`,
          );
        }
        const source = await readFile(args.path, 'utf8');
        const expression = `import(\`${deployed}/docs/try-it/\${moduleName}.js\`)`;
        if (!source.includes(expression))
          throw new Error(`${args.path} no longer has ${expression}: keep the harness in step`);
        // A build without Try it modules (a fixture) bundles none: esbuild refuses a glob over a missing folder.
        const replacement = existsSync(path.join(assetsDir, 'docs/try-it'))
          ? `import(\`${served}/docs/try-it/\${moduleName}.js\`)`
          : `Promise.reject(new Error('the Worker was bundled from a build without Try it modules'))`;
        return { contents: source.replace(expression, replacement), loader: 'js' };
      });
    },
  };
}

/**
 * Bundles the Worker entry into one ES module, as wrangler does: the `workerd`/`worker`/`browser` builds of
 * packages, everything inlined but Node's built-ins, which workerd provides under `nodejs_compat`. Kept in
 * memory, so that a run that is killed leaves no file behind.
 * @param {WorkerConfig} config
 * @param {string} assetsDir the build the Worker serves, whose Try it modules it bundles
 * @returns {Promise<string>} the module's source
 */
async function bundleWorker(config, assetsDir) {
  const { outputFiles } = await build({
    entryPoints: [path.resolve(PROJECT_ROOT, config.main)],
    outfile: path.join(PROJECT_ROOT, BUNDLE_NAME),
    write: false,
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    conditions: ['workerd', 'worker', 'browser'],
    mainFields: ['browser', 'module', 'main'],
    target: 'es2022',
    external: config.compatibilityFlags.includes('nodejs_compat') ? ['node:*'] : [],
    sourcemap: 'inline',
    logLevel: 'silent',
    plugins: [bundledBuildPlugin(config, assetsDir)],
  });
  return outputFiles[0].text;
}

/**
 * @template T
 * @param {Promise<T>} promise
 * @param {number} ms
 * @param {string} message
 * @returns {Promise<T>}
 */
function withTimeout(promise, ms, message) {
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return /** @type {Promise<T>} */ (Promise.race([promise, timeout])).finally(() => clearTimeout(timer));
}

/**
 * @typedef {object} WorkerSite
 * @property {string} url the site's origin on loopback, ending in `/`
 * @property {(path: string, init?: RequestInit) => Promise<Response>} fetch `path` starts with `/` and is
 *   sent as it is (after the URL parser's normalisation); redirects are returned, not followed
 * @property {() => Promise<void>} close stops workerd; safe to call twice
 */

/**
 * Starts the deployed Worker configuration on workerd, serving `dir` as its assets.
 * @param {{ dir: string, vars?: Record<string, string>, port?: number }} options `vars`: the Worker variables
 *   a deployment sets (the Try it proxy's, server/worker.mjs); `port`: where it listens on 127.0.0.1, any free
 *   port unless said (scripts/worker-site.mjs serves a fixed one to the browser tests)
 * @returns {Promise<WorkerSite>}
 */
export async function startWorkerSite({ dir, vars = {}, port = 0 }) {
  const assetsDir = path.resolve(dir);
  if (!(await stat(assetsDir).catch(() => undefined))?.isDirectory()) {
    throw new Error(`${dir} is not a directory: build the site first (npm run build).`);
  }
  const config = await readWorkerConfig();
  const code = await bundleWorker(config, assetsDir);
  /** @type {Miniflare | undefined} */
  let miniflare;
  let closed = false;
  async function close() {
    if (closed) return;
    closed = true;
    await withTimeout(
      miniflare?.dispose() ?? Promise.resolve(),
      DISPOSE_TIMEOUT_MS,
      `workerd did not stop within ${DISPOSE_TIMEOUT_MS / 1000} s`,
    ).catch((error) => console.warn(`[worker site] ${error.message}`));
  }

  try {
    miniflare = new Miniflare({
      modulesRoot: PROJECT_ROOT,
      modules: [{ type: 'ESModule', path: path.join(PROJECT_ROOT, BUNDLE_NAME), contents: code }],
      compatibilityDate: config.compatibilityDate,
      compatibilityFlags: config.compatibilityFlags,
      bindings: vars,
      assets: {
        directory: assetsDir,
        binding: config.assets.binding,
        routerConfig: { has_user_worker: true, invoke_user_worker_ahead_of_assets: config.assets.runWorkerFirst },
        assetConfig: {
          html_handling: config.assets.htmlHandling,
          not_found_handling: config.assets.notFoundHandling,
        },
      },
      host: '127.0.0.1',
      port,
    });
    const ready = await withTimeout(
      miniflare.ready,
      STARTUP_TIMEOUT_MS,
      `workerd did not start within ${STARTUP_TIMEOUT_MS / 1000} s (miniflare, ${config.main}, assets ${dir})`,
    );
    const url = ready.href;
    return {
      url,
      fetch(requestPath, init = {}) {
        if (closed) return Promise.reject(new Error('the Worker site is closed'));
        if (!requestPath.startsWith('/'))
          return Promise.reject(new TypeError(`a path starts with "/": ${requestPath}`));
        return fetch(url + requestPath.slice(1), {
          redirect: 'manual',
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
          ...init,
        });
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * The fixture build (fixtureBuild.mjs) plus `extraFiles`, with a gate manifest naming a provider on loopback
 * that publishes one key: what the gate's tests start from, on Node and on workerd.
 * @param {{ extraFiles?: Record<string, string>, protectedFiles: string[], protectedPaths: string[], shell: string, baseUrl?: string, apiProxy?: import('../apiProxy.mjs').ApiProxyManifest }} options
 *   `baseUrl`: the build's base URL (BASE_URL), `/` unless said otherwise; `apiProxy` goes into the manifest
 */
export async function writeGatedFixture({
  extraFiles = {},
  protectedFiles,
  protectedPaths,
  shell,
  baseUrl = '/',
  apiProxy,
}) {
  const clientId = 'developer-docs';
  const key = await signingKey('key-1');
  const provider = await startProvider({ keys: [key] });
  const fixture = await writeFixtureBuild();
  const close = async () => {
    await provider.close();
    await fixture.cleanup();
  };
  try {
    for (const [file, content] of Object.entries(extraFiles)) {
      await mkdir(path.dirname(path.join(fixture.dir, file)), { recursive: true });
      await writeFile(path.join(fixture.dir, file), content);
    }
    const files = [...Object.keys(FILES), ...Object.keys(extraFiles)];
    const manifest = fixtureGateManifest({
      issuer: provider.issuer,
      clientId,
      files,
      protectedFiles,
      protectedPaths,
      shell,
      baseUrl,
    });
    await writeFile(path.join(fixture.dir, GATE_MANIFEST_FILE), JSON.stringify({ ...manifest, apiProxy }));
  } catch (error) {
    await close();
    throw error;
  }
  return {
    provider,
    key,
    clientId,
    fixture,
    /** An ID token the provider signed for the site. @param {Parameters<typeof signIdToken>[2]['claims']} [claims] */
    signToken: (claims) => signIdToken(key, provider.issuer, { clientId, claims }),
    close,
  };
}

/**
 * The gated fixture (writeGatedFixture) served by the Worker on workerd.
 *
 *   const gated = await startGatedWorkerSite({ protectedFiles: ['docs/orders/index.html'], protectedPaths: ['/docs'], shell: 'index.html' });
 *   gated.site.fetch('/docs/orders/', { headers: { Cookie: `docs_id_token=${await gated.signToken()}` } });
 *
 * @param {Parameters<typeof writeGatedFixture>[0] & { vars?: Record<string, string> }} options
 *   `vars` are the Worker's variables
 */
export async function startGatedWorkerSite({ vars, ...options }) {
  const gated = await writeGatedFixture(options);
  /** @type {WorkerSite} */
  let site;
  try {
    site = await startWorkerSite({ dir: gated.fixture.dir, vars });
  } catch (error) {
    await gated.close();
    throw error;
  }
  return {
    ...gated,
    site,
    close: async () => {
      await site.close();
      await gated.close();
    },
  };
}
