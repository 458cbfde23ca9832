#!/usr/bin/env node
/**
 * `npm run bench`: this site side by side with stock Docusaurus, measured in one run, alternating
 * (site, stock, same-content, site, …), with our budgets checked against the templates' figures.
 *
 *   node scripts/bench/run.mjs [--quick] [--only=builds,writers,js,lighthouse,reference,signin,search] [--note=TEXT]
 *
 * --quick: one run of each, no Lighthouse desktop, no writers' loop (a smoke test).
 * --only:  some sections; the served sections reuse the last bench builds when builds is left out.
 * --note:  a line about the machine for BENCHMARKS.md (e.g. that it was shared).
 *
 * Progress goes to stderr, the table to stdout and to bench-results/latest.json; a full run (neither
 * --quick nor --only) also rewrites BENCHMARKS.md. Budget failures are reported, not fatal: the exit code
 * is non-zero only when a measurement could not run.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import * as prettier from 'prettier';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../../tests/e2e/environment.mjs';
import { measureFirstLoadJs } from './first-load-js.mjs';
import { timedBuild } from './lib/builds.mjs';
import { launchDebuggableChromium, runLighthouse, signInOverCdp } from './lib/lighthouse.mjs';
import { run, start, stop, waitForUrl, withTimeout } from './lib/processes.mjs';
import { median } from './lib/stats.mjs';
import { precompressBuild, SERVER_DESCRIPTION, startStaticServer } from './lib/staticServer.mjs';
import { prepareTemplates } from './lib/templates.mjs';
import { measureWritersLoop } from './lib/writersLoop.mjs';
import { measureSearch } from './search.mjs';
import { measureSignInRoundTrip } from './sign-in-round-trip.mjs';
import { signInOnce } from './signInOnce.mjs';
import { assertPinnedNode } from '../../config/nodeRuntime.mjs';

assertPinnedNode();

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MINUTE = 60_000;
const SECTIONS = ['builds', 'writers', 'js', 'lighthouse', 'reference', 'signin', 'search'];

const { values: options } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    only: { type: 'string' },
    note: { type: 'string' },
    report: { type: 'string' },
  },
});
// --report=<results.json>: no measuring, only the table (and BENCHMARKS.md) from the results of an earlier run.
const loaded = options.report ? JSON.parse(readFileSync(options.report, 'utf8')) : undefined;
const only = loaded?.sections ?? (options.only ? options.only.split(',').map((name) => name.trim()) : SECTIONS);
for (const name of only) {
  if (!SECTIONS.includes(name)) {
    console.error(`Unknown section "${name}"; the sections are ${SECTIONS.join(', ')}.`);
    process.exit(2);
  }
}
const quick = loaded?.quick ?? options.quick;
const wants = (section) => only.includes(section) && !(quick && section === 'writers');
const RUNS = quick ? 1 : 3;
const JS_RUNS = quick ? 1 : 5;
// A dev start of this site takes minutes on a busy machine: one round of the writers' loop.
const WRITERS_RUNS = 1;
const medianOf = (runs) => (runs === 1 ? 'one run' : `median of ${runs}`);
const SIGN_IN_RUNS = quick ? 1 : 10;
const FORM_FACTORS = quick ? ['mobile'] : ['mobile', 'desktop'];

const benchStarted = Date.now();
const log = (message) =>
  console.error(`[bench ${((Date.now() - benchStarted) / 1000).toFixed(0).padStart(5)} s] ${message}`);

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
const DOCS_PAGE = '/docs/accounts-api/endpoints/balance-summary';
const API_PAGE = '/api/orders-api';

const results = loaded ?? {
  started: new Date().toISOString(),
  quick,
  sections: only,
  server: SERVER_DESCRIPTION,
  errors: [],
};
const SITE_KEYS = ['site', 'stock', 'same'];
const RESULTS_FILE = join(ROOT, 'bench-results/latest.json');

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

/** The rows of pages compared: our page (anonymous or signed in) and the templates' counterpart. */
const PAGE_ROWS = [
  { key: 'home', label: '`/` (anonymous)', paths: { site: '/', stock: '/', same: '/' } },
  { key: 'health', label: '`/health` (anonymous)', paths: { site: '/health' } },
  {
    key: 'docs',
    label: `docs page (ours signed in: \`${DOCS_PAGE}\`; templates \`/docs/intro\`)`,
    paths: { site: DOCS_PAGE, stock: '/docs/intro', same: '/docs/intro' },
    signedIn: true,
  },
  { key: 'api', label: `\`${API_PAGE}\` (signed in)`, paths: { site: API_PAGE }, signedIn: true },
];

if (!loaded) {
  // ---------------------------------------------------------------------------------------------------
  // The three sites.

  log(`sections: ${only.join(', ')}${quick ? ' (quick)' : ''}; static server: ${SERVER_DESCRIPTION}`);
  const templates = await prepareTemplates({ projectRoot: ROOT, log });
  results.content = templates.statistics.totals;
  results.docusaurus = templates.version;

  const SITES = [
    {
      key: 'site',
      name: 'This site',
      dir: ROOT,
      outDir: 'build-bench',
      env: siteEnv(SITE_ORIGIN),
      port: 3201,
      devPort: 3211,
      devEnv: siteEnv(SITE_DEV_ORIGIN),
      edit: { path: DOCS_PAGE, file: `docs${DOCS_PAGE.slice('/docs'.length)}.mdx` },
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
  // Builds: cold (caches cleared) ×RUNS, alternating, then one warm rebuild each.

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
  if (wants('builds')) {
    for (const site of SITES) results[site.key].build = { coldMs: [], peakBytes: [] };
    for (let round = 1; round <= RUNS; round += 1) {
      for (const site of SITES) {
        log(`cold build ${round}/${RUNS}: ${site.name}`);
        const build = await attempt(`cold build of ${site.name}`, () =>
          timedBuild({
            siteDir: site.dir,
            outDir: site.outDir,
            env: site.env,
            cold: true,
            label: site.name,
            timeoutMs: BUILD_TIMEOUT,
          }),
        );
        if (build) {
          results[site.key].build.coldMs.push(build.ms);
          results[site.key].build.peakBytes.push(build.peakBytes);
          log(`  ${(build.ms / 1000).toFixed(1)} s, peak ${(build.peakBytes / 2 ** 20).toFixed(0)} MiB`);
        }
      }
    }
    for (const site of SITES) {
      log(`warm rebuild: ${site.name}`);
      const build = await attempt(`warm rebuild of ${site.name}`, () => warmBuild(site));
      if (build) {
        Object.assign(results[site.key].build, { warmMs: build.ms, warmPeakBytes: build.peakBytes });
        log(`  ${(build.ms / 1000).toFixed(1)} s, peak ${(build.peakBytes / 2 ** 20).toFixed(0)} MiB`);
      }
    }
  }

  // ---------------------------------------------------------------------------------------------------
  // The development identity provider (for our gated pages, in the dev server and the production build).

  const needsServing = ['js', 'lighthouse', 'reference', 'signin', 'search'].some(wants);
  let idp;
  if (wants('writers') || needsServing) {
    log(`development identity provider on ${IDP_ORIGIN}`);
    idp = start(process.execPath, [join(ROOT, 'dev/idp/cli.mjs')], {
      cwd: ROOT,
      env: IDP_ENV,
      label: 'identity provider',
    });
    await waitForUrl(`${IDP_ORIGIN}/.well-known/openid-configuration`, { timeoutMs: 30_000, child: idp });
  }

  let browser;
  const getBrowser = async () =>
    (browser ??= await chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS }));

  // ---------------------------------------------------------------------------------------------------
  // The writers' loop: dev server start to the page served, and an MDX edit to the browser.

  if (wants('writers')) {
    for (const site of SITES) results[site.key].writers = { startMs: [], hmrMs: [] };
    for (let round = 1; round <= WRITERS_RUNS; round += 1) {
      for (const site of SITES) {
        log(`writers' loop ${round}/${WRITERS_RUNS}: ${site.name} (docusaurus start, edit ${site.edit.file})`);
        const loop = await attempt(`writers' loop of ${site.name}`, async () =>
          measureWritersLoop({
            browser: await getBrowser(),
            label: site.name,
            siteDir: site.dir,
            port: site.devPort,
            env: site.devEnv ?? site.env,
            page: site.edit,
            signIn: site.gated ? signInOnce : undefined,
            timeoutMs: 15 * MINUTE,
          }),
        );
        if (loop) {
          results[site.key].writers.startMs.push(loop.startMs);
          results[site.key].writers.hmrMs.push(loop.hmrMs);
          log(`  start ${(loop.startMs / 1000).toFixed(1)} s, edit shown after ${(loop.hmrMs / 1000).toFixed(2)} s`);
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

  if (wants('js')) {
    const rows = PAGE_ROWS.filter((row) => row.key !== 'health');
    const samples = {};
    for (let round = 1; round <= JS_RUNS; round += 1) {
      for (const row of rows) {
        for (const site of SITES.filter((s) => row.paths[s.key])) {
          const url = `${origin(site)}${row.paths[site.key]}`;
          log(`first-load JS ${round}/${JS_RUNS}: ${url}`);
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

  if (wants('lighthouse')) {
    let anonymous;
    let signedIn;
    await attempt('Lighthouse', async () => {
      anonymous = await launchDebuggableChromium(3291);
      signedIn = await launchDebuggableChromium(3292);
      log('Lighthouse: signing in through the debuggable Chromium');
      await signInOverCdp(signedIn.port, SITE_ORIGIN);
      const samples = {};
      for (let round = 1; round <= RUNS; round += 1) {
        for (const formFactor of FORM_FACTORS) {
          for (const row of PAGE_ROWS) {
            // The same-content template is left out here: each Lighthouse run takes most of a minute.
            for (const site of SITES.filter((s) => row.paths[s.key] && s.key !== 'same')) {
              const keepStorage = Boolean(row.signedIn && site.gated);
              const url = `${origin(site)}${row.paths[site.key]}`;
              log(`Lighthouse ${formFactor} ${round}/${RUNS}: ${url}${keepStorage ? ' (signed in)' : ''}`);
              const sample = await attempt(`Lighthouse ${formFactor} ${url}`, () =>
                runLighthouse({ url, port: (keepStorage ? signedIn : anonymous).port, formFactor, keepStorage }),
              );
              if (sample) {
                const below = [...sample.failingAudits.accessibility, ...sample.failingAudits.bestPractices];
                log(
                  `  ${sample.performance} / ${sample.accessibility} / ${sample.bestPractices}` +
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
            results[siteKey].lighthouse[rowKey][formFactor] = {
              runs: list.length,
              performance: median(list.map((s) => s.performance)),
              accessibility: median(list.map((s) => s.accessibility)),
              bestPractices: median(list.map((s) => s.bestPractices)),
              totalBlockingMs: median(list.map((s) => s.totalBlockingMs)),
              largestContentfulPaintMs: median(list.map((s) => s.largestContentfulPaintMs)),
              // Audits that kept accessibility or best practices below 100 in any run.
              failingAudits: [
                ...new Set(list.flatMap((s) => [...s.failingAudits.accessibility, ...s.failingAudits.bestPractices])),
              ],
            };
          }
        }
      }
    });
    await anonymous?.close();
    await signedIn?.close();
  }

  const REFERENCE_SCRIPT = join(ROOT, 'scripts/bench/reference.mjs');
  if (wants('reference')) {
    if (!existsSync(REFERENCE_SCRIPT)) {
      log('reference pages: not measured (scripts/bench/reference.mjs missing)');
      results.site.reference = { missing: true };
    } else {
      log(`reference pages: node scripts/bench/reference.mjs ${SITE_ORIGIN} ${API_PAGE} --json`);
      await attempt('reference pages', async () => {
        const { output } = await run(process.execPath, [REFERENCE_SCRIPT, SITE_ORIGIN, API_PAGE, '--json'], {
          cwd: ROOT,
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

  if (wants('signin')) {
    log(`sign-in round trip ×${SIGN_IN_RUNS}`);
    await attempt('sign-in round trip', async () => {
      results.site.signIn = await measureSignInRoundTrip({
        browser: await getBrowser(),
        site: SITE_ORIGIN,
        runs: SIGN_IN_RUNS,
      });
    });
  }

  if (wants('search')) {
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
  results.wallMs = Date.now() - benchStarted;
  results.machine = machine();
  // The raw samples first, so that a failure below loses no measurement (--report renders them again).
  mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
  writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
}

// ---------------------------------------------------------------------------------------------------
// The table, the budgets, the files.

const KiB = 1024;
const sec = (ms) => (ms === undefined ? '–' : `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`);
const msText = (ms) => (ms === undefined ? '–' : `${ms.toFixed(0)} ms`);
const mib = (bytes) => (bytes === undefined ? '–' : `${(bytes / 2 ** 20).toFixed(0)} MiB`);
const kib = (bytes) => `${(bytes / KiB).toFixed(1)} KiB`;
const med = (list) => (list?.length ? median(list) : undefined);
const verdict = (pass) => (pass ? 'pass' : '**FAIL**');

const budgets = [];
/** A budget: `value` compared with `limit` (`atMost` or not); unmeasured values are reported as such. */
function budget(name, value, limit, { atMost = true, text }) {
  if (value === undefined || limit === undefined || Number.isNaN(value) || Number.isNaN(limit)) {
    budgets.push({ name, pass: null });
    return 'not measured';
  }
  const pass = atMost ? value <= limit : value >= limit;
  budgets.push({ name, value, limit, pass });
  return `${text ?? name}: ${verdict(pass)}`;
}

const rows = [];
const row = (measure, cells, budgetText = '', result = '') =>
  rows.push([measure, cells.site ?? '–', cells.stock ?? '–', cells.same ?? '–', budgetText, result]);
const per = (pick) => Object.fromEntries(SITE_KEYS.map((key) => [key, pick(results[key] ?? {}, key)]));

if (wants('builds')) {
  const cold = per((r) => med(r.build?.coldMs));
  const peak = per((r) => med(r.build?.peakBytes));
  const ratio = (a, b) => (a && b ? a / b : undefined);
  row(
    `Cold build (caches cleared), ${medianOf(RUNS)}`,
    per((_, key) => sec(cold[key])),
    '≤ 1.5× same-content; ≤ 2.5× stock',
    [
      budget('cold build vs same-content', ratio(cold.site, cold.same), 1.5, {
        text: `${ratio(cold.site, cold.same)?.toFixed(2)}× same-content`,
      }),
      budget('cold build vs stock', ratio(cold.site, cold.stock), 2.5, {
        text: `${ratio(cold.site, cold.stock)?.toFixed(2)}× stock`,
      }),
    ].join('; '),
  );
  row(
    `Peak memory of the build's process tree (summed VmRSS), ${medianOf(RUNS)}`,
    per((_, key) => mib(peak[key])),
    '≤ 2× stock',
    budget('peak build memory vs stock', ratio(peak.site, peak.stock), 2, {
      text: `${ratio(peak.site, peak.stock)?.toFixed(2)}× stock`,
    }),
  );
  row(
    'Warm rebuild (caches kept)',
    per((r) => sec(r.build?.warmMs)),
  );
}
if (wants('writers')) {
  row(
    `\`docusaurus start\` (caches cleared) to the docs page served, ${medianOf(WRITERS_RUNS)}`,
    per((r) => sec(med(r.writers?.startMs))),
  );
  row(
    `Markdown edit to the text shown in Chromium (hot reload), ${medianOf(WRITERS_RUNS)}`,
    per((r) => sec(med(r.writers?.hmrMs))),
  );
}
if (wants('js')) {
  const js = (siteKey, rowKey) => results[siteKey].firstLoadJs?.[rowKey];
  const cell = (value) =>
    value ? `${value.files} files, ${kib(value.bytes)} raw, ${kib(value.gzip)} gzip` : undefined;
  const over = (a, b) => (a && b ? a.gzip - b.gzip : undefined);
  const delta = (bytes) => (bytes === undefined ? '?' : `${bytes >= 0 ? '+' : ''}${kib(bytes)}`);
  row(
    `First-load JS, \`/\` anonymous, ${medianOf(JS_RUNS)}`,
    per((_, key) => cell(js(key, 'home'))),
    '≤ stock `/` + 10 KiB gzip',
    budget('first-load JS of /', over(js('site', 'home'), js('stock', 'home')), 10 * KiB, {
      text: `${delta(over(js('site', 'home'), js('stock', 'home')))} gzip`,
    }),
  );
  row(
    `First-load JS, docs page (ours \`${DOCS_PAGE}\` signed in; templates \`/docs/intro\`)`,
    per((_, key) => cell(js(key, 'docs'))),
    '≤ stock `/docs/intro` + 60 KiB gzip',
    budget('first-load JS of a docs page', over(js('site', 'docs'), js('stock', 'docs')), 60 * KiB, {
      text: `${delta(over(js('site', 'docs'), js('stock', 'docs')))} gzip`,
    }),
  );
  row(`First-load JS, \`${API_PAGE}\` signed in`, { site: cell(js('site', 'api')) });
}
if (wants('lighthouse')) {
  const MOBILE_PERFORMANCE = { home: 95, docs: 90, api: 80 };
  for (const formFactor of FORM_FACTORS) {
    for (const pageRow of PAGE_ROWS) {
      const scores = (siteKey) => results[siteKey].lighthouse?.[pageRow.key]?.[formFactor];
      const cells = per((_, key) => {
        const s = scores(key);
        if (!s) return undefined;
        const below = s.failingAudits?.length ? ` (not passed: ${s.failingAudits.join(', ')})` : '';
        return `${s.performance} / ${s.accessibility} / ${s.bestPractices}${below}`;
      });
      const ours = scores('site');
      const limits = [];
      const checks = [];
      const performanceLimit =
        formFactor === 'mobile' ? MOBILE_PERFORMANCE[pageRow.key] : pageRow.key === 'home' ? 100 : undefined;
      if (performanceLimit !== undefined) {
        limits.push(`performance ≥ ${performanceLimit}`);
        checks.push(
          budget(`Lighthouse ${formFactor} performance ${pageRow.paths.site}`, ours?.performance, performanceLimit, {
            atMost: false,
            text: `performance ${ours?.performance}`,
          }),
        );
      }
      limits.push('accessibility, best practices 100');
      checks.push(
        budget(`Lighthouse ${formFactor} accessibility ${pageRow.paths.site}`, ours?.accessibility, 100, {
          atMost: false,
          text: 'accessibility',
        }),
      );
      checks.push(
        budget(`Lighthouse ${formFactor} best practices ${pageRow.paths.site}`, ours?.bestPractices, 100, {
          atMost: false,
          text: 'best practices',
        }),
      );
      row(
        `Lighthouse ${formFactor}, ${pageRow.label}: performance / accessibility / best practices, ${medianOf(RUNS)}`,
        cells,
        limits.join('; '),
        checks.join('; '),
      );
    }
  }
}
if (wants('reference')) {
  const reference = results.site.reference;
  if (reference?.missing) {
    row(
      'Reference page `/api/orders-api`: first operation rendered, total blocking time',
      { site: 'not measured (scripts/bench/reference.mjs missing)' },
      'first operation ≤ 1.0 s at 1×, ≤ 1.5 s at 4×; blocking ≤ 600 ms at 4×',
    );
  } else {
    const r1 = reference?.['1x'];
    const r4 = reference?.['4x'];
    row(
      'Reference page `/api/orders-api` at 1× CPU: first operation rendered, total blocking time',
      { site: r1 ? `${sec(r1.firstOperationMs)}, ${msText(r1.totalBlockingMs)}` : undefined },
      'first operation ≤ 1.0 s',
      budget('reference first operation at 1×', r1?.firstOperationMs, 1000, { text: 'first operation' }),
    );
    row(
      'Reference page `/api/orders-api` at 4× CPU: first operation rendered, total blocking time',
      { site: r4 ? `${sec(r4.firstOperationMs)}, ${msText(r4.totalBlockingMs)}` : undefined },
      'first operation ≤ 1.5 s; blocking ≤ 600 ms',
      [
        budget('reference first operation at 4×', r4?.firstOperationMs, 1500, { text: 'first operation' }),
        budget('reference blocking time at 4×', r4?.totalBlockingMs, 600, { text: 'blocking' }),
      ].join('; '),
    );
  }
}
if (wants('signin')) {
  const signIn = results.site.signIn;
  row(
    `Sign-in round trip (deep link to content, typing excluded), ${medianOf(SIGN_IN_RUNS)}`,
    {
      site: signIn
        ? `${sec(signIn.median.total)} (to form ${msText(signIn.median.toForm)}, submit to content ${msText(signIn.median.formToContent)})`
        : undefined,
    },
    '≤ 1.0 s',
    budget('sign-in round trip', signIn?.median.total, 1000, { text: sec(signIn?.median.total) }),
  );
}
if (wants('search')) {
  const search = results.site.search;
  row(
    `Search keystroke to results, median of ${search?.timings.length ?? 20} queries`,
    { site: search ? msText(search.median) : undefined },
    '≤ 50 ms',
    budget('search keystroke to results', search?.median, 50, { text: search ? msText(search.median) : 'search' }),
  );
  row(
    'Search index: raw / gzip -9 / brotli 11',
    { site: search ? `${kib(search.index.raw)} / ${kib(search.index.gzip)} / ${kib(search.index.brotli)}` : undefined },
    '≤ 400 KiB brotli',
    budget('search index brotli', search?.index.brotli, 400 * KiB, {
      text: search ? kib(search.index.brotli) : 'index',
    }),
  );
}
results.budgets = budgets;

const HEADER = ['Measure', 'This site', 'Stock template', 'Same content, no features', 'Budget', 'Result'];
const escape = (cell) => String(cell).replaceAll('|', '\\|');
const table = [HEADER, HEADER.map(() => '---'), ...rows]
  .map((cells) => `| ${cells.map(escape).join(' | ')} |`)
  .join('\n');

function machine() {
  const nproc = spawnSync('nproc', { encoding: 'utf8' }).stdout?.trim() || String(os.availableParallelism());
  const cpu = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? os.cpus()[0]?.model;
  return {
    nproc: Number(nproc),
    cpu,
    memoryGiB: Number((os.totalmem() / 2 ** 30).toFixed(1)),
    node: process.version,
    chromium: spawnSync(CHROMIUM_EXECUTABLE, ['--version'], { encoding: 'utf8' }).stdout?.trim(),
    loadAverageAtEnd: os.loadavg().map((n) => Number(n.toFixed(2))),
    note: options.note,
  };
}
if (loaded && options.note) results.machine.note = options.note;
results.table = table;

const failed = budgets.filter((b) => b.pass === false).map((b) => b.name);
const summary = [
  `Budgets: ${budgets.filter((b) => b.pass).length} pass, ${failed.length} fail${failed.length ? ` (${failed.join('; ')})` : ''}, ${budgets.filter((b) => b.pass === null).length} not measured.`,
  `Bench wall time: ${(results.wallMs / 60_000).toFixed(1)} min.`,
  ...results.errors.map(
    (error) => `Could not measure: ${error.what}: ${error.message.split('\n').filter(Boolean).slice(0, 2).join(' ')}`,
  ),
].join('\n');

mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
console.log(table);
console.log(`\n${summary}`);
log('results written to bench-results/latest.json');

if (!quick && only.length === SECTIONS.length) {
  const m = results.machine;
  const markdown = `# Benchmarks

Written by \`npm run bench\` (scripts/bench/run.mjs) on ${results.started.slice(0, 10)}; rerun it to rewrite this file.
This site against the classic TypeScript template of Docusaurus ${results.docusaurus} (Faster on, our install
overrides) and against that template holding ${results.content.pages} generated plain Markdown pages of the shape of our
docs/ (${results.content.proseWords} prose words, ${results.content.headings} headings, ${results.content.tableRows} table rows, ${results.content.codeLines} code lines).
Every site was served by ${results.server}. Lighthouse cells are performance / accessibility / best practices.

## Machine

- Date: ${results.started}
- CPU: ${m.cpu}, \`nproc\` ${m.nproc}
- Memory: ${m.memoryGiB} GiB
- Node ${m.node}; ${m.chromium}
- Load average at the end: ${m.loadAverageAtEnd.join(', ')}${m.note ? `\n- Note: ${m.note}` : ''}

## Results

${table}

${summary.split('\n').join('\n\n')}

See [README.md](README.md#benchmarks) for how each figure is measured.
`;
  const prettierOptions = (await prettier.resolveConfig(join(ROOT, 'BENCHMARKS.md'))) ?? {};
  writeFileSync(
    join(ROOT, 'BENCHMARKS.md'),
    await prettier.format(markdown, { ...prettierOptions, parser: 'markdown' }),
  );
  log('BENCHMARKS.md rewritten');
}

process.exit(results.errors.length > 0 ? 1 : 0);
