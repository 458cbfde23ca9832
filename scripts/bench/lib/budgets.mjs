/**
 * The budgets: from a run's results (`bench-results/latest.json`), the rows of the results table,
 * each with its figures per site, the budget it is held to and the decision of each check. Pure: it
 * reads the results and measures nothing (`report.mjs` renders the rows).
 */
import {
  API_PAGE,
  CHECK_DOCS_PAGE,
  DOCS_PAGE,
  DOCS_PAGE_DESCRIPTION,
  medianOf,
  medianRangeOf,
  PAGE_ROWS,
  PROSE_PAGE,
  SECTIONS,
  SITE_KEYS,
} from './plan.mjs';
import { median } from './stats.mjs';
import { KiB, kib, mib, msText, sec } from './units.mjs';

/** Lighthouse performance each page of ours must reach, per form factor. */
/** A full run (every section, three runs each) must fit in this, to be run before every release. */
const FULL_RUN_LIMIT_MS = 20 * 60_000;

/** `npm run check:docs -- <file>` on one page, the writer's check before a commit (issue 45). */
const CHECK_DOCS_LIMIT_MS = 3000;
/** The writers' loop (issue 45): an edit of a page that embeds an operation, and of a description, to the browser. */
const OPERATION_PAGE_EDIT_MS = 1500;
const DESCRIPTION_EDIT_MS = 3000;

const PERFORMANCE = { mobile: { home: 95, docs: 95, api: 90 }, desktop: { home: 100, api: 100 } };

/**
 * The production server on Node under load (scripts/bench/server.mjs): requests per second at least this share of
 * serve-handler's on the same file, and a p99 of at most SERVER_P99_MS in every case.
 */
const SERVER_SHARE = { public: 0.8, protected: 0.6 };
const SERVER_P99_MS = 10;
const SERVER_CASES = [
  ['public', 'public page'],
  ['protected', 'protected page, signed in (serve-handler: the same file)'],
  ['notModified', '304 (If-None-Match)'],
  ['asset', 'hashed asset'],
];

/**
 * One check: `value` against `limit` (at most, or with `atMost: false` at least). `pass` is null when
 * either is missing: reported as not measured, never as a pass.
 */
export function check(name, value, limit, { atMost = true, text } = {}) {
  if (value === undefined || limit === undefined || Number.isNaN(value) || Number.isNaN(limit)) {
    return { name, pass: null };
  }
  return { name, value, limit, pass: atMost ? value <= limit : value >= limit, text: text ?? name };
}

const med = (list) => (list?.length ? median(list) : undefined);

/**
 * A figure that varies from run to run: its median with the lowest and highest run, as
 * `median (min–max)`; the median alone for one run.
 * @param {number[] | undefined} list @param {(value: number) => string} format
 */
export function spread(list, format) {
  if (!list?.length) return undefined;
  if (list.length === 1) return format(list[0]);
  return `${format(median(list))} (${format(Math.min(...list))}–${format(Math.max(...list))})`;
}
const ratio = (a, b) => (a && b ? a / b : undefined);

/**
 * The rows of the results table for the sections `plan` asked for (see `benchPlan`), and every check
 * made, in table order (`{ name, value, limit, pass }`, as saved in the results).
 */
export function judge(results, plan) {
  const rows = [];
  const row = (measure, cells, budget = '', checks = []) => rows.push({ measure, cells, budget, checks });
  const per = (pick) => Object.fromEntries(SITE_KEYS.map((key) => [key, pick(results[key] ?? {}, key)]));

  if (plan.wants('builds')) {
    const cold = per((r) => med(r.build?.coldMs));
    const peak = per((r) => med(r.build?.peakBytes));
    // The features are held to the stock template holding this site's own page Markdown (the text readers get) and
    // to stock; the same-content pages count a component as its tag, so their ratio is information only (issue 45).
    const rendered = results.rendered;
    const renderedMs = med(rendered?.build?.coldMs);
    // Runs saved before the template's memory was measured have none.
    const renderedPeak = med(rendered?.build?.peakBytes);
    const sameContent = ratio(cold.site, cold.same);
    row(
      `Cold build (caches cleared), ${medianRangeOf(plan.runs)}`,
      per((r) => spread(r.build?.coldMs, sec)),
      '≤ 1.5× the stock template holding our page Markdown; ≤ 3× stock',
      [
        check('cold build vs our page Markdown in stock', ratio(cold.site, renderedMs), 1.5, {
          text: `${ratio(cold.site, renderedMs)?.toFixed(2)}× our page Markdown in stock`,
        }),
        check('cold build vs stock', ratio(cold.site, cold.stock), 3, {
          text: `${ratio(cold.site, cold.stock)?.toFixed(2)}× stock${sameContent ? ` (${sameContent.toFixed(2)}× same-content: information)` : ''}`,
        }),
      ],
    );
    if (rendered?.build?.coldMs?.length) {
      const times = rendered.build.coldMs;
      row(
        `Cold build of the stock template holding this site's page Markdown (${rendered.pages} pages, ${(rendered.bytes / 2 ** 20).toFixed(1)} MiB: the text readers get, none of the features), ${medianRangeOf(times.length)}`,
        {
          site: `${ratio(cold.site, renderedMs)?.toFixed(2)}× it`,
          same:
            `${spread(times, sec)}: ${ratio(renderedMs, cold.same)?.toFixed(2)}× same-content` +
            (renderedPeak
              ? `; peak memory ${spread(rendered.build.peakBytes, mib)}: ${ratio(renderedPeak, peak.stock)?.toFixed(2)}× stock`
              : ''),
        },
        'the cold build budget compares with it',
      );
    }
    const oneVersion = results.oneVersion?.build;
    if (oneVersion?.coldMs?.length) {
      // Information, no budget: what the second docs version (the v2 preview at /docs/v2) costs a build.
      row(
        `Cold build and peak memory with the v1 docs only (\`DOCS_VERSIONS=current\`), ${medianRangeOf(oneVersion.coldMs.length)}`,
        {
          site: `${spread(oneVersion.coldMs, sec)}, ${spread(oneVersion.peakBytes, mib)}: two versions take ${ratio(cold.site, med(oneVersion.coldMs))?.toFixed(2)}× the time and ${ratio(peak.site, med(oneVersion.peakBytes))?.toFixed(2)}× the memory`,
        },
        'information (what the v2 preview costs)',
      );
    }
    row(
      `Peak memory of the build's process tree (summed VmRSS), ${medianRangeOf(plan.runs)}`,
      per((r) => spread(r.build?.peakBytes, mib)),
      '≤ 2× stock',
      [
        check('peak build memory vs stock', ratio(peak.site, peak.stock), 2, {
          // Beside it, for the budget's reader: what the stock template needs for this site's page Markdown alone.
          text:
            `${ratio(peak.site, peak.stock)?.toFixed(2)}× stock` +
            (renderedPeak
              ? ` (the stock template holding our page Markdown: ${ratio(renderedPeak, peak.stock)?.toFixed(2)}× stock, information)`
              : ''),
        }),
      ],
    );
    const warm = per((r) => r.build?.warmMs);
    row(
      'Warm rebuild (caches kept)',
      per((r) => sec(r.build?.warmMs)),
      "≤ 0.6× this site's cold build",
      [
        check('warm rebuild vs cold build', ratio(warm.site, cold.site), 0.6, {
          text: `${ratio(warm.site, cold.site)?.toFixed(2)}× the cold build`,
        }),
      ],
    );
  }
  if (plan.wants('writers')) {
    const checkDocs = results.site?.writers?.checkDocsMs;
    row(
      `\`npm run check:docs -- <file>\` on one page (\`${CHECK_DOCS_PAGE}\`, the largest), ${medianRangeOf(plan.checkDocsRuns)}`,
      { site: spread(checkDocs, sec) },
      `≤ ${CHECK_DOCS_LIMIT_MS / 1000} s`,
      [check('npm run check:docs on one page', med(checkDocs), CHECK_DOCS_LIMIT_MS, { text: sec(med(checkDocs)) })],
    );
    const devStart = per((r) => med(r.writers?.startMs));
    row(
      `\`docusaurus start\` (caches cleared) to the docs page shown in Chromium (sign-in left out), ${medianOf(plan.writersRuns)}`,
      per((r) => sec(med(r.writers?.startMs))),
      '≤ 1.3× same-content',
      [
        check('docusaurus start vs same-content', ratio(devStart.site, devStart.same), 1.3, {
          text: `${ratio(devStart.site, devStart.same)?.toFixed(2)}× same-content`,
        }),
      ],
    );
    // Each edit `writersEditRuns` times in the dev server of each round. Ours: a page without reference blocks.
    const edits = plan.writersRuns * plan.writersEditRuns;
    const hmr = per((r) => med(r.writers?.hmrMs));
    row(
      `Markdown edit to the text shown in Chromium (hot reload; ours \`${PROSE_PAGE}\`), ${medianRangeOf(edits)}`,
      per((r) => spread(r.writers?.hmrMs, sec)),
      '≤ 2× same-content',
      [
        check('Markdown edit vs same-content', ratio(hmr.site, hmr.same), 2, {
          text: `${ratio(hmr.site, hmr.same)?.toFixed(2)}× same-content`,
        }),
      ],
    );
    const operationPage = med(results.site?.writers?.operationPageMs);
    row(
      `Edit of a page that embeds an operation (\`<ApiOperation>\`, \`${DOCS_PAGE}\`) to the text shown in Chromium, ${medianRangeOf(edits)}`,
      { site: spread(results.site?.writers?.operationPageMs, sec) },
      `≤ ${sec(OPERATION_PAGE_EDIT_MS)}`,
      [
        check('edit of a page with <ApiOperation>', operationPage, OPERATION_PAGE_EDIT_MS, {
          text: operationPage === undefined ? undefined : sec(operationPage),
        }),
      ],
    );
    const description = med(results.site?.writers?.descriptionMs);
    row(
      `Edit of an API description (\`${DOCS_PAGE_DESCRIPTION.file}\`, \`${DOCS_PAGE_DESCRIPTION.operationId}\`'s summary) to the docs page that embeds it, shown in Chromium (no restart), ${medianRangeOf(edits)}`,
      { site: spread(results.site?.writers?.descriptionMs, sec) },
      `≤ ${sec(DESCRIPTION_EDIT_MS)}`,
      [
        check('description edit to its docs page', description, DESCRIPTION_EDIT_MS, {
          text: description === undefined ? undefined : sec(description),
        }),
      ],
    );
  }
  if (plan.wants('js')) {
    const js = (siteKey, rowKey) => results[siteKey]?.firstLoadJs?.[rowKey];
    const cell = (value) =>
      value ? `${value.files} files, ${kib(value.bytes)} raw, ${kib(value.gzip)} gzip` : undefined;
    const over = (a, b) => (a && b ? a.gzip - b.gzip : undefined);
    const delta = (bytes) => (bytes === undefined ? '?' : `${bytes >= 0 ? '+' : ''}${kib(bytes)}`);
    row(
      `First-load JS, \`/\` anonymous, ${medianOf(plan.jsRuns)}`,
      per((_, key) => cell(js(key, 'home'))),
      '≤ stock `/` + 10 KiB gzip',
      [
        check('first-load JS of /', over(js('site', 'home'), js('stock', 'home')), 10 * KiB, {
          text: `${delta(over(js('site', 'home'), js('stock', 'home')))} gzip`,
        }),
      ],
    );
    row(
      `First-load JS, docs page (ours \`${DOCS_PAGE}\` signed in; templates \`/docs/intro\`)`,
      per((_, key) => cell(js(key, 'docs'))),
      '≤ stock `/docs/intro` + 60 KiB gzip',
      [
        check('first-load JS of a docs page', over(js('site', 'docs'), js('stock', 'docs')), 60 * KiB, {
          text: `${delta(over(js('site', 'docs'), js('stock', 'docs')))} gzip`,
        }),
      ],
    );
    row(`First-load JS, \`${API_PAGE}\` signed in`, { site: cell(js('site', 'api')) });
  }
  if (plan.wants('lighthouse')) {
    for (const formFactor of plan.formFactors) {
      for (const pageRow of PAGE_ROWS) {
        const scores = (siteKey) => results[siteKey]?.lighthouse?.[pageRow.key]?.[formFactor];
        const cells = per((_, key) => {
          const s = scores(key);
          if (!s) return undefined;
          const below = s.failingAudits?.length ? ` (not passed: ${s.failingAudits.join(', ')})` : '';
          const performance = spread(s.performanceRuns, String) ?? s.performance;
          return `${performance} / ${s.accessibility} / ${s.bestPractices}${below}`;
        });
        const ours = scores('site');
        const limits = [];
        const checks = [];
        const performanceLimit = PERFORMANCE[formFactor]?.[pageRow.key];
        if (performanceLimit !== undefined) {
          limits.push(`performance ≥ ${performanceLimit}`);
          checks.push(
            check(`Lighthouse ${formFactor} performance ${pageRow.paths.site}`, ours?.performance, performanceLimit, {
              atMost: false,
              text: `performance ${ours?.performance}`,
            }),
          );
        }
        limits.push('accessibility, best practices 100');
        checks.push(
          check(`Lighthouse ${formFactor} accessibility ${pageRow.paths.site}`, ours?.accessibility, 100, {
            atMost: false,
            text: 'accessibility',
          }),
          check(`Lighthouse ${formFactor} best practices ${pageRow.paths.site}`, ours?.bestPractices, 100, {
            atMost: false,
            text: 'best practices',
          }),
        );
        row(
          `Lighthouse ${formFactor}, ${pageRow.label}: performance, ${medianRangeOf(plan.runs)} / accessibility / best practices (first run)`,
          cells,
          limits.join('; '),
          checks,
        );
      }
    }
  }
  if (plan.wants('reference')) {
    const reference = results.site?.reference;
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
        [check('reference first operation at 1×', r1?.firstOperationMs, 1000, { text: 'first operation' })],
      );
      row(
        'Reference page `/api/orders-api` at 4× CPU: first operation rendered, total blocking time',
        { site: r4 ? `${sec(r4.firstOperationMs)}, ${msText(r4.totalBlockingMs)}` : undefined },
        'first operation ≤ 1.5 s; blocking ≤ 600 ms',
        [
          check('reference first operation at 4×', r4?.firstOperationMs, 1500, { text: 'first operation' }),
          check('reference blocking time at 4×', r4?.totalBlockingMs, 600, { text: 'blocking' }),
        ],
      );
    }
  }
  if (plan.wants('signin')) {
    const signIn = results.site?.signIn;
    row(
      `Sign-in round trip (deep link to content, typing excluded), ${medianRangeOf(plan.signInRuns)}`,
      {
        site: signIn
          ? `${spread(signIn.totals, sec) ?? sec(signIn.median.total)}; medians: to form ${msText(signIn.median.toForm)}, submit to content ${msText(signIn.median.formToContent)}${signIn.median.formToHydrated === undefined ? '' : ` (to the page hydrated ${msText(signIn.median.formToHydrated)})`}`
          : undefined,
      },
      '≤ 1.0 s',
      [check('sign-in round trip', signIn?.median.total, 1000, { text: sec(signIn?.median.total) })],
    );
  }
  if (plan.wants('search')) {
    const search = results.site?.search;
    row(
      `Search keystroke to results, median of ${search?.timings.length ?? 20} queries`,
      { site: search ? msText(search.median) : undefined },
      '≤ 50 ms',
      [check('search keystroke to results', search?.median, 50, { text: search ? msText(search.median) : 'search' })],
    );
    row(
      'Search index: raw / gzip -9 / brotli 11',
      {
        site: search ? `${kib(search.index.raw)} / ${kib(search.index.gzip)} / ${kib(search.index.brotli)}` : undefined,
      },
      '≤ 400 KiB brotli',
      [
        check('search index brotli', search?.index.brotli, 400 * KiB, {
          text: search ? kib(search.index.brotli) : 'index',
        }),
      ],
    );
    // Reported, with no budget: the Markdown of every docs page grows with the docs.
    for (const [file, sizes] of Object.entries(search?.llms ?? {})) {
      row(`${file}: raw / gzip -9 / brotli 11`, {
        site: `${kib(sizes.raw)} / ${kib(sizes.gzip)} / ${kib(sizes.brotli)}`,
      });
    }
  }
  if (plan.wants('mcp')) {
    // Reported, with no budget of its own: what an assistant waits for on each call, and what the search index
    // costs a server process.
    const mcp = results.site?.mcp;
    const fine = (ms) => `${ms < 10 ? ms.toFixed(1) : ms.toFixed(0)} ms`;
    const mibFine = (bytes) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
    for (const [name, times] of Object.entries(mcp?.tools ?? { search_docs: undefined })) {
      row(`MCP \`${name}\` on Node: median / p99 of ${mcp?.calls ?? plan.mcpCalls} calls`, {
        site: times ? `${fine(times.median)} / ${fine(times.p99)}` : undefined,
      });
    }
    row('MCP search index: first search (builds it) / heap / resident memory', {
      site: mcp
        ? `${fine(mcp.index.firstSearchMs)} / ${mibFine(mcp.index.heapBytes)} / ${mibFine(mcp.index.rssBytes)}`
        : undefined,
    });
  }
  if (plan.wants('sandbox')) {
    // The local sandbox, which the contract suite and every reader's loop run against, beside the peer a reader would
    // use instead: Prism's mock of the same operation (issue 45). A figure with error answers in it measures nothing.
    const sandbox = results.site?.sandbox;
    const server = sandbox?.pinned ? ', the server on a CPU of its own' : '';
    for (const [key, label] of [
      ['read', 'a read (GET balance summary)'],
      ['place', 'an order placement (POST /orders/equity)'],
    ]) {
      const own = sandbox?.cases?.[key]?.sandbox;
      const mock = sandbox?.cases?.[key]?.mock;
      const clean = own && mock && own.non2xx === 0 && mock.non2xx === 0;
      const [ownRps, mockRps, ownP99] = [med(own?.rps), med(mock?.rps), med(own?.p99)];
      const errors = own && mock && !clean ? `; non-2xx answers: ${own.non2xx} and ${mock.non2xx}` : '';
      row(
        `Local sandbox, ${label}: req/s and p99 beside Prism's mock, ${medianOf(sandbox?.rounds ?? plan.runs)} (${sandbox?.connections ?? 10} connections${server})`,
        {
          site:
            own && mock
              ? `${Math.round(ownRps)} req/s, p99 ${ownP99} ms; the mock ${Math.round(mockRps)} req/s, p99 ${med(mock.p99)} ms${errors}`
              : undefined,
        },
        "≥ the mock's req/s; p99 ≤ 20 ms",
        [
          check(`sandbox ${key} vs the mock`, clean ? ratio(ownRps, mockRps) : undefined, 1, {
            atMost: false,
            text: `${ratio(ownRps, mockRps)?.toFixed(2)}× the mock`,
          }),
          check(`sandbox ${key} p99`, clean ? ownP99 : undefined, 20, { text: `p99 ${ownP99} ms` }),
        ],
      );
    }
    const heap = sandbox?.heap;
    row(
      "Local sandbox: the heap of one client's 10,000 orders (its limit), and order 10,001",
      {
        site: heap
          ? `${heap.ordersMb.toFixed(1)} MiB (${((heap.ordersMb * 1024) / heap.orders).toFixed(2)} KiB an order); order ${heap.orders + 1}: ${heap.refusedCode ?? 'accepted'}`
          : undefined,
      },
      '≤ 32 MiB; order 10,001 refused',
      [
        check('sandbox heap of 10,000 orders', heap?.ordersMb, 32, { text: `${heap?.ordersMb.toFixed(1)} MiB` }),
        check('sandbox refuses order 10,001', heap ? Number(Boolean(heap.refusedCode)) : undefined, 1, {
          atMost: false,
          text: heap?.refusedCode ? 'refused' : 'accepted',
        }),
      ],
    );
  }
  if (plan.wants('server')) {
    // Held on Node, the production server; the Worker on workerd is reported (miniflare on this machine, with its
    // local asset server: not Cloudflare's edge).
    const server = results.site?.server;
    const figures = (name, key) => {
      const samples = server?.cases?.[name]?.[key];
      return samples && { rps: med(samples.requestsPerSecond), p99: med(samples.p99Ms) };
    };
    for (const [name, label] of SERVER_CASES) {
      const [node, worker, plain] = ['node', 'worker', 'serveHandler'].map((key) => figures(name, key));
      const share = ratio(node?.rps, plain?.rps);
      const shown = (what, f) =>
        f && `${what} ${f.rps} req/s, p99 ${f.p99} ms (${ratio(f.rps, plain?.rps)?.toFixed(2)}×)`;
      const cell = node &&
        plain && [
          shown('Node', node),
          shown('workerd', worker),
          `serve-handler ${plain.rps} req/s, p99 ${plain.p99} ms`,
        ];
      const checks = [];
      const limits = [];
      if (SERVER_SHARE[name] !== undefined) {
        limits.push(`Node ≥ ${SERVER_SHARE[name]}× serve-handler`);
        checks.push(
          check(`server ${name} vs serve-handler`, share, SERVER_SHARE[name], {
            atMost: false,
            text: `${share?.toFixed(2)}× serve-handler`,
          }),
        );
      }
      limits.push(`Node p99 ≤ ${SERVER_P99_MS} ms`);
      checks.push(check(`server p99 ${name}`, node?.p99, SERVER_P99_MS, { text: `p99 ${node?.p99} ms` }));
      row(
        `Production server, ${label} \`${server?.cases?.[name]?.path ?? '?'}\`, ${server?.connections ?? 10} connections: requests/s, p99 (× serve-handler), ${medianOf(server?.rounds ?? plan.runs)}`,
        { site: cell?.filter(Boolean).join('; ') },
        limits.join('; '),
        checks,
      );
    }
  }
  if (!plan.quick && SECTIONS.every((section) => plan.sections.includes(section))) {
    // The scaled builds (--scale, run with the sections or alone) have a section of their own: not in this budget.
    const sectionsMs = results.wallMs === undefined ? undefined : results.wallMs - (results.scaleWallMs ?? 0);
    const scaled = results.scaleWallMs
      ? `; the scaled builds beside it: ${(results.scaleWallMs / 60_000).toFixed(1)} min`
      : '';
    row(
      'Wall time of this full run (every section, three runs each)',
      { site: sectionsMs === undefined ? undefined : `${(sectionsMs / 60_000).toFixed(1)} min${scaled}` },
      '≤ 20 min',
      [check('full run wall time', sectionsMs, FULL_RUN_LIMIT_MS, { text: 'wall time' })],
    );
  }
  // Saved without the Result text, which the report renders.
  const budgets = rows
    .flatMap((r) => r.checks)
    .map(({ name, value, limit, pass }) => (pass === null ? { name, pass } : { name, value, limit, pass }));
  return { rows, budgets };
}

// -----------------------------------------------------------------------------------------------------
// At N× the content (`--scale=N`, lib/scale.mjs; issue 45).

/** The peak build memory at any scale, at most. */
export const SCALE_PEAK_LIMIT_BYTES = 2.5 * 2 ** 30;
/** The cold build at N× against the stock template holding the same N× page Markdown, at most. */
export const SCALE_VS_STOCK_LIMIT = 1.5;
/** The build phases shown (Docusaurus's names for them); the others are summed as "other". */
const MAIN_PHASES = ['Load site', 'Bundling with rspack', 'SSG', 'postBuild()'];

/** The median of each main phase over the builds' `phases` (and "other": the rest), or undefined without any. */
export function phaseMedians(phaseRuns) {
  const runs = (phaseRuns ?? []).filter(Boolean);
  if (runs.length === 0) return undefined;
  const medians = {};
  for (const phase of MAIN_PHASES) medians[phase] = med(runs.map((run) => run[phase]).filter((ms) => ms !== undefined));
  medians.other = med(
    runs.map((run) =>
      Object.entries(run)
        .filter(([phase]) => !MAIN_PHASES.includes(phase))
        .reduce((sum, [, ms]) => sum + ms, 0),
    ),
  );
  return medians;
}

/**
 * The share of the build the page Markdown and llms files may grow to, against their share at 1×: the page-markdown
 * pass's plan and write, and the reading of the built pages (which converts each to Markdown, for the search index
 * too: counted whole, so the figure leans high).
 */
export const SCALE_MARKDOWN_SHARE_LIMIT = 2;
const MARKDOWN_STEPS = ['page-markdown plan', 'read the built pages', 'page-markdown write'];

/**
 * The page Markdown steps of the builds `build` (`coldMs` and `passes` per run): the median of their time, of their
 * share of each build and of the reading of the built pages among them; undefined when no run timed them.
 */
export function markdownPass(build) {
  const runs = (build?.passes ?? [])
    .map((steps, index) => ({ steps, ms: build.coldMs[index] }))
    .filter(({ steps }) => steps && MARKDOWN_STEPS.every((step) => steps[step] !== undefined));
  if (runs.length === 0) return undefined;
  const passMs = runs.map(({ steps }) => MARKDOWN_STEPS.reduce((sum, step) => sum + steps[step], 0));
  return {
    ms: med(passMs),
    share: med(passMs.map((ms, index) => ms / runs[index].ms)),
    readMs: med(runs.map(({ steps }) => steps['read the built pages'])),
  };
}

const markdownText = (pass) =>
  pass &&
  `${sec(pass.ms)}, ${(pass.share * 100).toFixed(1)}% of the build (of which reading and converting the built pages, shared with the search index: ${sec(pass.readMs)})`;

const phasesText = (phaseRuns) => {
  const medians = phaseMedians(phaseRuns);
  return (
    medians &&
    Object.entries(medians)
      .map(([phase, ms]) => `${phase} ${sec(ms)}`)
      .join(', ')
  );
};

/**
 * The rows of the table "At N× the content" (cells: `one`, this site at 1×; `scaled`, at N×; `rendered`, the stock
 * template holding the N× page Markdown) and their checks, one group of rows per scale of `plan.scales`.
 */
export function judgeScale(results, plan) {
  const rows = [];
  const scale = results.scale;
  for (const factor of plan.scales) {
    const at = scale?.at?.[factor];
    const one = scale?.one?.build;
    const site = at?.site?.build;
    const rendered = at?.rendered;
    const oneMs = med(one?.coldMs);
    const siteMs = med(site?.coldMs);
    const renderedMs = med(rendered?.build?.coldMs);
    const sitePeak = med(site?.peakBytes);
    const content = at
      ? `${at.pages.after} docs pages, ${at.operations.after} operations (1×: ${at.pages.before}, ${at.operations.before})`
      : 'not written';
    const runs = site?.coldMs?.length || plan.runs;
    const vsOne = ratio(siteMs, oneMs);
    const vsStock = ratio(siteMs, renderedMs);
    rows.push({
      measure: `${factor}×: cold build (caches cleared, v1 docs only), ${content}, ${medianRangeOf(runs)}`,
      cells: {
        one: spread(one?.coldMs, sec),
        scaled: site?.coldMs?.length ? `${spread(site.coldMs, sec)}: ${vsOne?.toFixed(2)}× the 1× build` : undefined,
        rendered: rendered?.build?.coldMs?.length
          ? `${spread(rendered.build.coldMs, sec)} (${rendered.pages} pages, ${mib(rendered.bytes)})`
          : undefined,
      },
      budget: `≤ ${factor}× the 1× build (no worse than linear); ≤ ${SCALE_VS_STOCK_LIMIT}× the stock template holding the ${factor}× page Markdown`,
      checks: [
        check(`cold build at ${factor}× vs 1×`, vsOne, factor, { text: `${vsOne?.toFixed(2)}× the 1× build` }),
        check(`cold build at ${factor}× vs its page Markdown in stock`, vsStock, SCALE_VS_STOCK_LIMIT, {
          text: `${vsStock?.toFixed(2)}× its page Markdown in stock`,
        }),
      ],
    });
    rows.push({
      measure: `${factor}×: peak memory of the build's process tree (summed VmRSS), ${medianRangeOf(runs)}`,
      cells: {
        one: spread(one?.peakBytes, mib),
        scaled: spread(site?.peakBytes, mib),
        rendered: spread(rendered?.build?.peakBytes, mib),
      },
      budget: `≤ ${SCALE_PEAK_LIMIT_BYTES / 2 ** 30} GiB`,
      checks: [check(`peak build memory at ${factor}×`, sitePeak, SCALE_PEAK_LIMIT_BYTES, { text: mib(sitePeak) })],
    });
    const markdownOne = markdownPass(one);
    const markdownAt = markdownPass(site);
    const shareGrowth = ratio(markdownAt?.share, markdownOne?.share);
    rows.push({
      measure: `${factor}×: page Markdown and llms files (postBuild: the built pages read and converted, the page-markdown pass's plan and write), medians`,
      cells: { one: markdownText(markdownOne), scaled: markdownText(markdownAt) },
      budget: `share of the build ≤ ${SCALE_MARKDOWN_SHARE_LIMIT}× its share at 1×`,
      checks: [
        check(`page Markdown share of the build at ${factor}× vs 1×`, shareGrowth, SCALE_MARKDOWN_SHARE_LIMIT, {
          text: `${shareGrowth?.toFixed(2)}× its 1× share`,
        }),
      ],
    });
    rows.push({
      measure: `${factor}×: build phases (Docusaurus's performance log), medians`,
      cells: {
        one: phasesText(one?.phases),
        scaled: phasesText(site?.phases),
        rendered: phasesText(rendered?.build?.phases),
      },
      budget: '',
      checks: [],
    });
  }
  const budgets = rows
    .flatMap((r) => r.checks)
    .map(({ name, value, limit, pass }) => (pass === null ? { name, pass } : { name, value, limit, pass }));
  return { rows, budgets };
}
