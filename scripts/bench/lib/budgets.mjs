/**
 * The budgets: from a run's results (`bench-results/latest.json`), the rows of the results table,
 * each with its figures per site, the budget it is held to and the decision of each check. Pure: it
 * reads the results and measures nothing (`report.mjs` renders the rows).
 */
import { API_PAGE, DOCS_PAGE, medianOf, medianRangeOf, PAGE_ROWS, SECTIONS, SITE_KEYS } from './plan.mjs';
import { median } from './stats.mjs';
import { KiB, kib, mib, msText, sec } from './units.mjs';

/** Lighthouse performance each page of ours must reach, per form factor. */
/** A full run (every section, three runs each) must fit in this, to be run before every release. */
const FULL_RUN_LIMIT_MS = 20 * 60_000;

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
          same: `${spread(times, sec)}: ${ratio(renderedMs, cold.same)?.toFixed(2)}× same-content`,
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
          text: `${ratio(peak.site, peak.stock)?.toFixed(2)}× stock`,
        }),
      ],
    );
    row(
      'Warm rebuild (caches kept)',
      per((r) => sec(r.build?.warmMs)),
    );
  }
  if (plan.wants('writers')) {
    row(
      `\`docusaurus start\` (caches cleared) to the docs page served, ${medianOf(plan.writersRuns)}`,
      per((r) => sec(med(r.writers?.startMs))),
    );
    row(
      `Markdown edit to the text shown in Chromium (hot reload), ${medianOf(plan.writersRuns)}`,
      per((r) => sec(med(r.writers?.hmrMs))),
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
    const minutes = results.wallMs === undefined ? undefined : results.wallMs / 60_000;
    row(
      'Wall time of this full run',
      { site: minutes === undefined ? undefined : `${minutes.toFixed(1)} min` },
      '≤ 20 min',
      [check('full run wall time', results.wallMs, FULL_RUN_LIMIT_MS, { text: 'wall time' })],
    );
  }
  // Saved without the Result text, which the report renders.
  const budgets = rows
    .flatMap((r) => r.checks)
    .map(({ name, value, limit, pass }) => (pass === null ? { name, pass } : { name, value, limit, pass }));
  return { rows, budgets };
}
