/**
 * What a bench run covers, shared by the measuring (`measure.mjs`) and the budgets (`budgets.mjs`):
 * the sections, the pages compared and how many runs each figure is the median of.
 */
export const SECTIONS = [
  'builds',
  'writers',
  'js',
  'lighthouse',
  'reference',
  'signin',
  'search',
  'mcp',
  'sandbox',
  'server',
];

/** The three sites, as keys of the results. */
export const SITE_KEYS = ['site', 'stock', 'same'];

export const DOCS_PAGE = '/docs/accounts-api/endpoints/balance-summary';
export const API_PAGE = '/api/orders-api';
/** The writers' loop's prose edit on our site: a page without reference blocks. */
export const PROSE_PAGE = '/docs/getting-started/introduction';
/** The description of the operation DOCS_PAGE embeds, which the writers' loop edits. */
export const DOCS_PAGE_DESCRIPTION = { file: 'openapi/accounts.yaml', operationId: 'getBalanceSummary' };
/** The writers' loop's edits, by their key in the results (`writers`), as the log names them. */
export const WRITERS_EDITS = {
  hmrMs: 'Markdown',
  operationPageMs: 'page with <ApiOperation>',
  descriptionMs: 'description',
};

/** The page `npm run check:docs -- <file>` is timed on in the writers' section: the largest docs page. */
export const CHECK_DOCS_PAGE = 'docs/accounts-api/appendix/values.mdx';

/** The rows of pages compared: our page (anonymous or signed in) and the templates' counterpart. */
export const PAGE_ROWS = [
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

/**
 * The sections and run counts of a run: `quick` is one run of each, without Lighthouse desktop and
 * without the writers' loop. `scales` are the content scales (`--scale=N`, lib/scale.mjs) built besides.
 * @param {{ sections?: string[], quick?: boolean, scales?: number[] }} [options]
 */
export function benchPlan({ sections = SECTIONS, quick = false, scales = [] } = {}) {
  return {
    sections,
    quick,
    scales,
    wants: (section) => sections.includes(section) && !(quick && section === 'writers'),
    runs: quick ? 1 : 3,
    jsRuns: quick ? 1 : 5,
    // A dev start of this site takes minutes on a busy machine: one round of the writers' loop.
    writersRuns: 1,
    // `npm run check:docs -- <one page>` takes seconds: the median of five.
    checkDocsRuns: 5,
    // Each edit in that one dev server, restored and shown so between runs.
    writersEditRuns: 3,
    signInRuns: quick ? 1 : 10,
    mcpCalls: quick ? 20 : 200,
    // Seconds of load per server, case and round in the sandbox section (scripts/bench/sandbox.mjs).
    sandboxSeconds: quick ? 3 : 10,
    formFactors: quick ? ['mobile'] : ['mobile', 'desktop'],
    // The production server under load (scripts/bench/server.mjs): seconds per case and server, in `runs` rounds.
    serverSeconds: quick ? 2 : 5,
  };
}

export const medianOf = (runs) => (runs === 1 ? 'one run' : `median of ${runs}`);

/** The same for a figure that varies from run to run, whose cells show the lowest and highest run too. */
export const medianRangeOf = (runs) => (runs === 1 ? 'one run' : `median (min–max) of ${runs}`);

/**
 * The scales of `--scale=N` (or `--scale=3,10`): whole numbers from 2 up, ascending, each once; an error names
 * anything else.
 */
export function parseScales(text) {
  if (text === undefined) return [];
  const scales = String(text)
    .split(',')
    .map((part) => part.trim());
  for (const part of scales) {
    if (!/^\d+$/.test(part) || Number(part) < 2)
      throw new Error(`--scale takes whole numbers from 2 up (--scale=3 or --scale=3,10), not "${part}"`);
  }
  return [...new Set(scales.map(Number))].sort((a, b) => a - b);
}
