/**
 * The measuring: builds the three sites, serves them and measures each section of `plan` into
 * `results` (the samples and their medians; `budgets.mjs` judges them). A measurement that fails is
 * recorded in `results.errors` and the run goes on.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../../chromium.mjs';
import { measureFirstLoadJs } from '../first-load-js.mjs';
import { measureSearch } from '../search.mjs';
import { measureSignInRoundTrip } from '../sign-in-round-trip.mjs';
import { signInOnce } from '../signInOnce.mjs';
import { timedBuild } from './builds.mjs';
import {
  EVERY_CATEGORY,
  launchDebuggableChromium,
  lighthouseSummary,
  ONCE_PER_PAGE,
  runLighthouse,
  signInOverCdp,
} from './lighthouse.mjs';
import {
  API_PAGE,
  CHECK_DOCS_PAGE,
  DOCS_PAGE,
  DOCS_PAGE_DESCRIPTION,
  PAGE_ROWS,
  PROSE_PAGE,
  WRITERS_EDITS,
} from './plan.mjs';
import { run, start, stop, waitForUrl, withTimeout } from './processes.mjs';
import { median } from './stats.mjs';
import { precompressBuild, startStaticServer } from './staticServer.mjs';
import { measureScale } from './scale.mjs';
import { prepareRenderedContent, prepareTemplates } from './templates.mjs';
import { editOperationSummary, editProse, measureWritersLoop } from './writersLoop.mjs';

const MINUTE = 60_000;

// Ports: sites 3200–3299, the development identity provider on 4200.
const IDP_ORIGIN = 'http://localhost:4200';
const SITE_ORIGIN = 'http://localhost:3201';
const SITE_DEV_ORIGIN = 'http://localhost:3211';
const siteEnv = (siteUrl) => ({
  SITE_URL: siteUrl,
  BASE_URL: '/',
  OIDC_ISSUER: IDP_ORIGIN,
  OIDC_CLIENT_ID: 'developer-docs',
  OIDC_REALM: 'developers',
});
const IDP_ENV = {
  IDP_PORT: '4200',
  IDP_SITE_ORIGINS: `${SITE_ORIGIN},${SITE_DEV_ORIGIN}`,
  OIDC_CLIENT_ID: 'developer-docs',
  OIDC_REALM: 'developers',
};

/**
 * Measures the sections `plan` asks for (see `benchPlan`) into `results`, with `root` the project
 * folder and `log` the progress line writer.
 */
export async function measure({ root, results, plan, log }) {
  /**
   * Runs one measurement, bounded by `timeoutMs` (the builds, servers and Lighthouse runs have their own,
   * shorter ones); a failure is recorded (and makes the exit code non-zero), the run goes on.
   */
  async function attempt(what, action, timeoutMs = 30 * MINUTE) {
    try {
      return await withTimeout(action(), timeoutMs, what);
    } catch (error) {
      log(`FAILED: ${what}: ${error.message}`);
      results.errors.push({ what, message: error.message });
      return undefined;
    }
  }

  // ---------------------------------------------------------------------------------------------------
  // The three sites.

  const templates = await prepareTemplates({ projectRoot: root, log });
  results.content = templates.statistics.totals;
  results.docusaurus = templates.version;

  const SITES = [
    {
      key: 'site',
      name: 'This site',
      dir: root,
      outDir: 'build-bench',
      env: siteEnv(SITE_ORIGIN),
      port: 3201,
      devPort: 3211,
      devEnv: siteEnv(SITE_DEV_ORIGIN),
      edit: { path: DOCS_PAGE, file: `docs${DOCS_PAGE.slice('/docs'.length)}.mdx` },
      // A prose page (no reference blocks), the page of DOCS_PAGE (which embeds an operation), and the description of
      // that operation until that page shows the edit (plugins/remark-api-reference/pageDependenciesPlugin.ts).
      edits: [
        { key: 'hmrMs', path: PROSE_PAGE, file: `docs${PROSE_PAGE.slice('/docs'.length)}.mdx`, change: editProse },
        {
          key: 'operationPageMs',
          path: DOCS_PAGE,
          file: `docs${DOCS_PAGE.slice('/docs'.length)}.mdx`,
          change: editProse,
        },
        {
          key: 'descriptionMs',
          path: DOCS_PAGE,
          file: DOCS_PAGE_DESCRIPTION.file,
          change: editOperationSummary(DOCS_PAGE_DESCRIPTION.operationId),
        },
      ],
      gated: true,
    },
    {
      key: 'stock',
      name: 'Stock template',
      dir: templates.stock,
      outDir: 'build',
      env: {},
      port: 3202,
      devPort: 3212,
      edit: { path: '/docs/intro', file: 'docs/intro.mdx' },
    },
    {
      key: 'same',
      name: 'Same-content template',
      dir: templates.sameContent,
      outDir: 'build',
      env: {},
      port: 3203,
      devPort: 3213,
      edit: { path: '/docs/intro', file: 'docs/intro.md' },
    },
  ];
  for (const site of SITES) results[site.key] = {};

  // ---------------------------------------------------------------------------------------------------
  // Builds: cold (caches cleared) ×plan.runs, alternating, then one warm rebuild each.

  const BUILD_TIMEOUT = 25 * MINUTE;
  /** A build of `site` into its output folder, caches kept. */
  const warmBuild = (site) =>
    timedBuild({
      siteDir: site.dir,
      outDir: site.outDir,
      env: site.env,
      cold: false,
      label: site.name,
      timeoutMs: BUILD_TIMEOUT,
    });
  if (plan.wants('builds')) {
    for (const site of SITES) results[site.key].build = { coldMs: [], peakBytes: [] };
    /** A cold build of `site`, or undefined (recorded) when it fails. */
    const coldBuild = (site, round) => {
      log(`cold build ${round}/${plan.runs}: ${site.name}`);
      return attempt(`cold build of ${site.name}`, () =>
        timedBuild({
          siteDir: site.dir,
          outDir: site.outDir,
          env: site.env,
          cold: true,
          label: site.name,
          timeoutMs: BUILD_TIMEOUT,
        }),
      );
    };
    const ONE_VERSION = { ...SITES[0], name: 'This site, v1 docs only', outDir: 'build-bench-v1' };
    ONE_VERSION.env = { ...SITES[0].env, DOCS_VERSIONS: 'current' };
    results.oneVersion = { build: { coldMs: [], peakBytes: [] } };
    // The stock template holding this site's page Markdown: made from this site's first build, then built cold in
    // each round after the three sites (builds only: a reference for what the build costs, not a site to serve).
    let rendered;
    for (let round = 1; round <= plan.runs; round += 1) {
      for (const site of SITES) {
        const build = await coldBuild(site, round);
        if (!build) continue;
        results[site.key].build.coldMs.push(build.ms);
        results[site.key].build.peakBytes.push(build.peakBytes);
        log(`  ${(build.ms / 1000).toFixed(1)} s, peak ${(build.peakBytes / 2 ** 20).toFixed(0)} MiB`);
        if (site.key === 'site' && !rendered) {
          rendered = await attempt('the rendered-content template', async () => {
            const made = prepareRenderedContent({
              base: templates.base,
              sameContent: templates.sameContent,
              builtDocs: join(root, site.outDir, 'docs'),
            });
            results.rendered = { pages: made.pages, bytes: made.bytes, build: { coldMs: [], peakBytes: [] } };
            return { name: 'Rendered-content template', dir: made.dir, outDir: 'build', env: {} };
          });
        }
      }
      const build = rendered && (await coldBuild(rendered, round));
      if (build) {
        results.rendered.build.coldMs.push(build.ms);
        results.rendered.build.peakBytes.push(build.peakBytes);
        log(`  ${(build.ms / 1000).toFixed(1)} s, peak ${(build.peakBytes / 2 ** 20).toFixed(0)} MiB`);
      }
    }
    // Each site's warm rebuild right after the rounds, from the caches its last cold build wrote.
    for (const site of SITES) {
      log(`warm rebuild: ${site.name}`);
      const build = await attempt(`warm rebuild of ${site.name}`, () => warmBuild(site));
      if (build) {
        Object.assign(results[site.key].build, { warmMs: build.ms, warmPeakBytes: build.peakBytes });
        log(`  ${(build.ms / 1000).toFixed(1)} s, peak ${(build.peakBytes / 2 ** 20).toFixed(0)} MiB`);
      }
    }
    // This site with its v1 docs only (DOCS_VERSIONS=current): what the v2 preview adds to a build. After the warm
    // rebuilds: its cold builds clear this site's caches (the same folder), which a warm rebuild after them lacked.
    for (let round = 1; round <= plan.runs; round += 1) {
      const one = await coldBuild(ONE_VERSION, round);
      if (one) {
        results.oneVersion.build.coldMs.push(one.ms);
        results.oneVersion.build.peakBytes.push(one.peakBytes);
        log(`  ${(one.ms / 1000).toFixed(1)} s, peak ${(one.peakBytes / 2 ** 20).toFixed(0)} MiB`);
      }
    }
  }

  // ---------------------------------------------------------------------------------------------------
  // At N× the content (--scale=N): this site scaled, the stock template holding its page Markdown, and this site
  // at 1× (lib/scale.mjs).

  if (plan.scales.length > 0) {
    const scaleStarted = Date.now();
    await attempt(
      `builds at ${plan.scales.join('×, ')}× the content`,
      () => measureScale({ root, site: SITES[0], templates, results, plan, log, attempt }),
      6 * 60 * MINUTE,
    );
    // The full run's wall-time budget is for the sections; the scaled builds are reported in a section of their own.
    results.scaleWallMs = Date.now() - scaleStarted;
  }

  // ---------------------------------------------------------------------------------------------------
  // The development identity provider (for our gated pages, in the dev server and the production build).

  const needsServing = ['js', 'lighthouse', 'reference', 'signin', 'search'].some(plan.wants);
  let idp;
  if (plan.wants('writers') || needsServing) {
    log(`development identity provider on ${IDP_ORIGIN}`);
    idp = start(process.execPath, [join(root, 'dev/idp/cli.mjs')], {
      cwd: root,
      env: IDP_ENV,
      label: 'identity provider',
    });
    await waitForUrl(`${IDP_ORIGIN}/.well-known/openid-configuration`, { timeoutMs: 30_000, child: idp });
  }

  let browser;
  const getBrowser = async () =>
    (browser ??= await chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS }));

  // ---------------------------------------------------------------------------------------------------
  // The writers' loop: their check of one page (this site only), dev server start to the page shown, and an MDX
  // edit to the browser.

  if (plan.wants('writers')) {
    results.site.writers = { checkDocsMs: [] };
    for (let round = 1; round <= plan.checkDocsRuns; round += 1) {
      log(`npm run check:docs -- ${CHECK_DOCS_PAGE} ${round}/${plan.checkDocsRuns}`);
      const ms = await attempt(`npm run check:docs -- ${CHECK_DOCS_PAGE}`, async () => {
        const started = performance.now();
        // What `npm run check:docs -- <file>` runs, without npm's own start-up.
        await run(process.execPath, [join(root, 'scripts/check-docs.mjs'), CHECK_DOCS_PAGE], {
          cwd: root,
          label: 'check:docs',
          timeoutMs: MINUTE,
        });
        return performance.now() - started;
      });
      if (ms !== undefined) {
        results.site.writers.checkDocsMs.push(ms);
        log(`  ${(ms / 1000).toFixed(2)} s`);
      }
    }
    for (const site of SITES) {
      Object.assign((results[site.key].writers ??= {}), {
        startMs: [],
        ...Object.fromEntries((site.edits ?? [{ key: 'hmrMs' }]).map(({ key }) => [key, []])),
      });
    }
    for (let round = 1; round <= plan.writersRuns; round += 1) {
      for (const site of SITES) {
        log(`writers' loop ${round}/${plan.writersRuns}: ${site.name} (docusaurus start, edit ${site.edit.file})`);
        const loop = await attempt(`writers' loop of ${site.name}`, async () =>
          measureWritersLoop({
            browser: await getBrowser(),
            label: site.name,
            siteDir: site.dir,
            port: site.devPort,
            env: site.devEnv ?? site.env,
            page: site.edit,
            edits: site.edits,
            editRuns: plan.writersEditRuns,
            signIn: site.gated ? signInOnce : undefined,
            timeoutMs: 15 * MINUTE,
          }),
        );
        if (loop) {
          results[site.key].writers.startMs.push(loop.startMs);
          for (const [key, times] of Object.entries(loop.edits)) results[site.key].writers[key].push(...times);
          const shown = Object.entries(loop.edits).map(
            ([key, times]) => `${WRITERS_EDITS[key]} ${times.map((ms) => (ms / 1000).toFixed(2)).join(', ')} s`,
          );
          log(`  start ${(loop.startMs / 1000).toFixed(1)} s; edit shown after: ${shown.join('; ')}`);
        }
      }
    }
  }

  // ---------------------------------------------------------------------------------------------------
  // Production servers, then everything measured against them.

  const servers = [];
  if (needsServing) {
    for (const site of SITES) {
      const dir = join(site.dir, site.outDir);
      if (!existsSync(join(dir, 'index.html'))) {
        log(`no build of ${site.name} yet: building it (not measured)`);
        await warmBuild(site);
      }
      if (!existsSync(join(dir, 'index.html.br'))) {
        log(`precompressing ${dir}`);
        await precompressBuild(dir);
      }
      log(`serving ${site.name} on http://localhost:${site.port}`);
      servers.push(await startStaticServer({ dir, port: site.port }));
    }
  }
  const origin = (site) => `http://localhost:${site.port}`;

  let signedInState;
  const getSignedInState = async () => (signedInState ??= await signInOnce(await getBrowser(), SITE_ORIGIN));

  if (plan.wants('js')) {
    const rows = PAGE_ROWS.filter((row) => row.key !== 'health');
    const samples = {};
    for (let round = 1; round <= plan.jsRuns; round += 1) {
      for (const row of rows) {
        for (const site of SITES.filter((s) => row.paths[s.key])) {
          const url = `${origin(site)}${row.paths[site.key]}`;
          log(`first-load JS ${round}/${plan.jsRuns}: ${url}`);
          const sample = await attempt(`first-load JS of ${site.name} ${url}`, async () =>
            measureFirstLoadJs({
              browser: await getBrowser(),
              url,
              runs: 1,
              storageState: row.signedIn && site.gated ? await getSignedInState() : undefined,
            }),
          );
          if (sample) ((samples[site.key] ??= {})[row.key] ??= []).push(sample);
        }
      }
    }
    for (const [siteKey, byRow] of Object.entries(samples)) {
      results[siteKey].firstLoadJs = Object.fromEntries(
        Object.entries(byRow).map(([rowKey, list]) => [
          rowKey,
          {
            path: PAGE_ROWS.find((row) => row.key === rowKey).paths[siteKey],
            files: median(list.map((s) => s.files)),
            bytes: median(list.map((s) => s.bytes)),
            gzip: median(list.map((s) => s.gzip)),
            scripts: list[0].names,
          },
        ]),
      );
    }
  }

  if (plan.wants('lighthouse')) {
    let anonymous;
    let signedIn;
    await attempt('Lighthouse', async () => {
      anonymous = await launchDebuggableChromium(3291);
      signedIn = await launchDebuggableChromium(3292);
      log('Lighthouse: signing in through the debuggable Chromium');
      await signInOverCdp(signedIn.port, SITE_ORIGIN);
      const samples = {};
      for (let round = 1; round <= plan.runs; round += 1) {
        for (const formFactor of plan.formFactors) {
          for (const row of PAGE_ROWS) {
            // The same-content template is left out here: each Lighthouse run takes most of a minute.
            for (const site of SITES.filter((s) => row.paths[s.key] && s.key !== 'same')) {
              const keepStorage = Boolean(row.signedIn && site.gated);
              const url = `${origin(site)}${row.paths[site.key]}`;
              log(`Lighthouse ${formFactor} ${round}/${plan.runs}: ${url}${keepStorage ? ' (signed in)' : ''}`);
              // Accessibility and best practices do not vary: audited in the first round only.
              const categories =
                round === 1 ? EVERY_CATEGORY : EVERY_CATEGORY.filter((category) => !ONCE_PER_PAGE.includes(category));
              const sample = await attempt(`Lighthouse ${formFactor} ${url}`, () =>
                runLighthouse({
                  url,
                  port: (keepStorage ? signedIn : anonymous).port,
                  formFactor,
                  keepStorage,
                  categories,
                }),
              );
              if (sample) {
                const below = [...sample.failingAudits.accessibility, ...sample.failingAudits.bestPractices];
                log(
                  `  ${[sample.performance, sample.accessibility ?? '-', sample.bestPractices ?? '-'].join(' / ')}` +
                    (below.length ? ` (not passed: ${below.join(', ')})` : ''),
                );
                (((samples[site.key] ??= {})[row.key] ??= {})[formFactor] ??= []).push(sample);
              }
            }
          }
        }
      }
      for (const [siteKey, byRow] of Object.entries(samples)) {
        results[siteKey].lighthouse = {};
        for (const [rowKey, byFormFactor] of Object.entries(byRow)) {
          results[siteKey].lighthouse[rowKey] = { path: PAGE_ROWS.find((row) => row.key === rowKey).paths[siteKey] };
          for (const [formFactor, list] of Object.entries(byFormFactor)) {
            results[siteKey].lighthouse[rowKey][formFactor] = lighthouseSummary(list);
          }
        }
      }
    });
    await anonymous?.close();
    await signedIn?.close();
  }

  const REFERENCE_SCRIPT = join(root, 'scripts/bench/reference.mjs');
  if (plan.wants('reference')) {
    if (!existsSync(REFERENCE_SCRIPT)) {
      log('reference pages: not measured (scripts/bench/reference.mjs missing)');
      results.site.reference = { missing: true };
    } else {
      log(`reference pages: node scripts/bench/reference.mjs ${SITE_ORIGIN} ${API_PAGE} --json`);
      await attempt('reference pages', async () => {
        const { output } = await run(process.execPath, [REFERENCE_SCRIPT, SITE_ORIGIN, API_PAGE, '--json'], {
          cwd: root,
          label: 'scripts/bench/reference.mjs',
          timeoutMs: 20 * MINUTE,
        });
        const lastLine = output.trim().split('\n').at(-1);
        let parsed;
        try {
          parsed = JSON.parse(lastLine);
        } catch {
          throw new Error(`scripts/bench/reference.mjs printed no JSON on its last line: ${lastLine}`);
        }
        for (const rate of ['1x', '4x']) {
          if (typeof parsed[rate]?.firstOperationMs !== 'number' || typeof parsed[rate]?.totalBlockingMs !== 'number')
            throw new Error(`scripts/bench/reference.mjs: no ${rate}.firstOperationMs/totalBlockingMs in ${lastLine}`);
        }
        results.site.reference = parsed;
      });
    }
  }

  if (plan.wants('signin')) {
    log(`sign-in round trip ×${plan.signInRuns}`);
    await attempt('sign-in round trip', async () => {
      results.site.signIn = await measureSignInRoundTrip({
        browser: await getBrowser(),
        site: SITE_ORIGIN,
        runs: plan.signInRuns,
      });
    });
  }

  if (plan.wants('search')) {
    log('search: index and keystroke to results');
    await attempt('search', async () => {
      results.site.search = await measureSearch({
        browser: await getBrowser(),
        site: SITE_ORIGIN,
        storageState: await getSignedInState(),
      });
    });
  }

  await browser?.close();
  for (const server of servers) await server.close();
  await stop(idp);

  /**
   * Runs one of the bench's scripts in a process of its own with `--json`: its result is the last line of its output
   * that is a JSON object.
   */
  const runJsonScript = async (script, args, { nodeOptions = [], timeoutMs }) => {
    const { output } = await run(process.execPath, [...nodeOptions, join(root, script), ...args], {
      cwd: root,
      label: script,
      timeoutMs,
    });
    const line = output
      .split('\n')
      .reverse()
      .find((text) => text.startsWith('{'));
    if (!line) throw new Error(`${script} printed no result:\n${output.slice(-2000)}`);
    return JSON.parse(line);
  };

  // The MCP server's tools on this site's build, in a process of their own (scripts/bench/mcp.mjs).
  if (plan.wants('mcp')) {
    const site = SITES[0];
    const buildDir = join(site.dir, site.outDir);
    if (!existsSync(join(buildDir, 'index.html'))) {
      log(`no build of ${site.name} yet: building it (not measured)`);
      await warmBuild(site);
    }
    log(`MCP tools on Node, ${plan.mcpCalls} calls each`);
    await attempt('MCP tools', async () => {
      results.site.mcp = await runJsonScript(
        'scripts/bench/mcp.mjs',
        ['--json', `--calls=${plan.mcpCalls}`, buildDir],
        {
          nodeOptions: ['--expose-gc'],
          timeoutMs: 10 * MINUTE,
        },
      );
    });
  }

  // The local sandbox beside Prism's mock of the same operations, each in a process of its own
  // (scripts/bench/sandbox.mjs): no build needed.
  if (plan.wants('sandbox')) {
    log(`the local sandbox beside Prism's mock: ${plan.runs} rounds of ${plan.sandboxSeconds} s per server and case`);
    await attempt('the sandbox beside the mock', async () => {
      const args = ['--json', `--seconds=${plan.sandboxSeconds}`, `--rounds=${plan.runs}`];
      results.site.sandbox = await runJsonScript('scripts/bench/sandbox.mjs', args, { timeoutMs: 15 * MINUTE });
    });
  }

  // ---------------------------------------------------------------------------------------------------
  // The production server under load against serve-handler on this site's build (scripts/bench/server.mjs), in a
  // process of its own, once the provider has stopped: the script publishes keys at the build's issuer itself.

  if (plan.wants('server')) {
    const buildDir = join(SITES[0].dir, SITES[0].outDir);
    if (!existsSync(join(buildDir, 'index.html'))) {
      log(`no build of ${SITES[0].name} yet: building it (not measured)`);
      await warmBuild(SITES[0]);
    }
    const args = ['--json', `--seconds=${plan.serverSeconds}`, `--rounds=${plan.runs}`, buildDir];
    log(`production server under load: node scripts/bench/server.mjs ${args.join(' ')}`);
    await attempt('production server under load', async () => {
      results.site.server = await runJsonScript('scripts/bench/server.mjs', args, { timeoutMs: 20 * MINUTE });
    });
  }
}

/** The machine a run measured on (with `note`, a line about it for BENCHMARKS.md). */
export function describeMachine(note) {
  const nproc = spawnSync('nproc', { encoding: 'utf8' }).stdout?.trim() || String(os.availableParallelism());
  const cpu = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? os.cpus()[0]?.model;
  return {
    nproc: Number(nproc),
    cpu,
    memoryGiB: Number((os.totalmem() / 2 ** 30).toFixed(1)),
    node: process.version,
    chromium: spawnSync(CHROMIUM_EXECUTABLE, ['--version'], { encoding: 'utf8' }).stdout?.trim(),
    loadAverageAtEnd: os.loadavg().map((n) => Number(n.toFixed(2))),
    note,
  };
}
