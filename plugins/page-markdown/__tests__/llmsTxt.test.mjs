// @ts-check
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { llmsFiles, llmsParts, llmsSectionId } from '../llmsTxt.mjs';

const SITE = {
  title: 'Clearing Developer Docs',
  summary: 'APIs for\nclearing.',
  siteUrl: 'https://docs.example.com/portal/',
};

/** @param {string} slug @param {string} title @param {string | undefined} description */
function page(slug, title, description) {
  return {
    title,
    description,
    pageUrl: `https://docs.example.com/portal/docs/${slug}`,
    markdownUrl: `https://docs.example.com/portal/docs/${slug}.md`,
    article: `# ${title}\n\nAbout ${slug}.\n`,
  };
}

const SECTIONS = [
  {
    id: 'getting-started',
    title: 'Getting started',
    items: [page('getting-started/introduction', 'Introduction', 'Start here.')],
  },
  {
    id: 'trading-api',
    title: 'Trading API',
    items: [
      page('trading-api/place', 'Place [an] order', 'Places\n an order.'),
      page('trading-api/cancel', 'Cancel', undefined),
    ],
  },
];

test('llms.txt: the title, the summary as a quote, then one section per sidebar group linking each page with its description', () => {
  const index = llmsFiles(SITE, SECTIONS).get('llms.txt') ?? '';
  assert.match(index, /^# Clearing Developer Docs\n\n> APIs for clearing\.\n\n/);
  assert.match(index, /private: an assistant cannot fetch them/);
  assert.match(
    index,
    /the MCP server https:\/\/docs\.example\.com\/portal\/mcp \(how to connect one: https:\/\/docs\.example\.com\/portal\/docs\/getting-started\/assistant\.md\)/,
  );
  assert.match(
    index,
    /## Getting started\n\nAll of this section in one file: https:\/\/docs\.example\.com\/portal\/llms-getting-started\.txt\n\n- \[Introduction\]\(https:\/\/docs\.example\.com\/portal\/docs\/getting-started\/introduction\.md\): Start here\.\n/,
  );
  assert.match(
    index,
    /^- \[Place \\\[an\\\] order\]\(https:\/\/docs\.example\.com\/portal\/docs\/trading-api\/place\.md\): Places an order\.$/m,
  );
  assert.match(index, /^- \[Cancel\]\(https:\/\/docs\.example\.com\/portal\/docs\/trading-api\/cancel\.md\)$/m);
  assert.ok(index.indexOf('## Getting started') < index.indexOf('## Trading API'));
});

test('llms-full.txt: every page in sidebar order with its address; one file per section with its pages only', () => {
  const files = llmsFiles(SITE, SECTIONS);
  assert.deepEqual(
    [...files.keys()],
    ['llms.txt', 'llms-full.txt', 'llms-getting-started.txt', 'llms-trading-api.txt'],
  );
  const full = files.get('llms-full.txt') ?? '';
  const order = ['# Introduction', '# Place [an] order', '# Cancel'].map((heading) => full.indexOf(`\n${heading}\n`));
  assert.ok(
    order.every((position, index) => position > 0 && (index === 0 || position > (order[index - 1] ?? 0))),
    full,
  );
  assert.match(
    full,
    /# Cancel\n\nSource: https:\/\/docs\.example\.com\/portal\/docs\/trading-api\/cancel\n\nAbout trading-api\/cancel\./,
  );
  const trading = files.get('llms-trading-api.txt') ?? '';
  assert.match(trading, /^# Clearing Developer Docs: Trading API\n/);
  assert.match(trading, /About trading-api\/place\./);
  assert.doesNotMatch(trading, /Introduction/);
});

test('a section is named after its title; two sections of one name, or a name that is no file name, stop the build', () => {
  assert.equal(llmsSectionId('Accounts API'), 'accounts-api');
  assert.equal(llmsSectionId('Account activity API'), 'account-activity-api');
  assert.equal(llmsSectionId(' Getting started! '), 'getting-started');
  assert.throws(() => llmsSectionId('???'), /no llms file/);
  assert.throws(() => llmsSectionId('Full'), /no llms file/);
  const twice = [SECTIONS[0], { ...SECTIONS[1], id: 'getting-started' }];
  assert.throws(() => llmsFiles(SITE, /** @type {any} */ (twice)), /share the llms file of "getting-started"/);
});

/** A page whose article is about `bytes` long. @param {string} slug @param {number} bytes */
function sizedPage(slug, bytes) {
  return { ...page(slug, slug.split('/').pop() ?? slug, undefined), article: `# ${slug}\n\n${'x'.repeat(bytes)}\n` };
}

/**
 * An API of 1,000-byte pages: two directly in it, an "Endpoints" category of four pages and a "New account"
 * category of three within it, and a "Guides" category of two. About 11,000 bytes in all.
 */
const API = {
  id: 'accounts-api',
  title: 'Accounts API',
  items: [
    sizedPage('accounts-api/index', 1000),
    {
      title: 'Endpoints',
      items: [
        sizedPage('accounts-api/endpoints/get', 1000),
        {
          title: 'New account',
          items: ['index', 'attributes-a', 'attributes-b'].map((slug) =>
            sizedPage(`accounts-api/endpoints/new-account/${slug}`, 1000),
          ),
        },
      ],
    },
    { title: 'Guides', items: [sizedPage('accounts-api/guides/a', 1000), sizedPage('accounts-api/guides/b', 1000)] },
    sizedPage('accounts-api/appendix', 1000),
  ],
};

/** Each file's name and the slugs of its pages. @param {ReturnType<typeof llmsParts>} split */
function partsOf(split) {
  return split.flatMap(({ parts }) =>
    parts.map((part) => [part.id, part.pages.map((each) => each.pageUrl.replace(/^.*\/docs\//, ''))]),
  );
}

/** The build's warnings in the tests that expect none. @type {string[]} */
const noWarnings = [];
const quiet = { warn: (/** @type {string} */ message) => noWarnings.push(message) };

test('a section within the limit stays one file, its pages in sidebar order', () => {
  const split = llmsParts(SITE, [API], 20_000);
  assert.deepEqual(partsOf(split), [
    [
      'accounts-api',
      [
        'accounts-api/index',
        'accounts-api/endpoints/get',
        'accounts-api/endpoints/new-account/index',
        'accounts-api/endpoints/new-account/attributes-a',
        'accounts-api/endpoints/new-account/attributes-b',
        'accounts-api/guides/a',
        'accounts-api/guides/b',
        'accounts-api/appendix',
      ],
    ],
  ]);
  const files = llmsFiles(SITE, [API], { limit: 20_000, ...quiet });
  assert.deepEqual([...files.keys()], ['llms.txt', 'llms-full.txt', 'llms-accounts-api.txt']);
  assert.match(files.get('llms.txt') ?? '', /^All of this section in one file: \S+\/llms-accounts-api\.txt$/m);
});

test('a section over the limit splits along its categories, recursively; the pages directly in it are one file', () => {
  // 4,000 bytes: the section (8 pages) and Endpoints (4 pages) are over it, New account (3) and Guides (2) within.
  const split = llmsParts(SITE, [API], 4000);
  assert.deepEqual(partsOf(split), [
    ['accounts-api', ['accounts-api/index', 'accounts-api/appendix']],
    ['accounts-api-endpoints', ['accounts-api/endpoints/get']],
    [
      'accounts-api-endpoints-new-account',
      [
        'accounts-api/endpoints/new-account/index',
        'accounts-api/endpoints/new-account/attributes-a',
        'accounts-api/endpoints/new-account/attributes-b',
      ],
    ],
    ['accounts-api-guides', ['accounts-api/guides/a', 'accounts-api/guides/b']],
  ]);
  const parts = split.flatMap((each) => each.parts);
  assert.ok(parts.every((part) => part.bytes <= 4000 && part.bytes === Buffer.byteLength(part.text)));
  assert.deepEqual(
    parts.map((part) => part.title),
    ['Accounts API', 'Accounts API / Endpoints', 'Accounts API / Endpoints / New account', 'Accounts API / Guides'],
  );
  // Each file has the header of a section's file, its title the path of labels.
  assert.match(parts[2]?.text ?? '', /^# Clearing Developer Docs: Accounts API \/ Endpoints \/ New account\n\n> /);
});

test('every page is in exactly one file an assistant is offered, at most the limit, whatever the limit', () => {
  const allSlugs = [...SECTIONS, API].flatMap((section) =>
    partsOf(llmsParts(SITE, [section], 1e9)).flatMap(([, slugs]) => slugs),
  );
  for (const limit of [1e9, 8000, 4000, 2500, 1500]) {
    const files = llmsFiles(SITE, [...SECTIONS, API], { limit, ...quiet });
    const index = files.get('llms.txt') ?? '';
    const offered = [...index.matchAll(/(https:\S+?\/(llms-[a-z0-9-]+\.txt))/g)]
      .map(([, , name]) => name ?? '')
      .filter((name) => name !== 'llms-full.txt');
    assert.deepEqual(
      [...files.keys()].filter((name) => !['llms.txt', 'llms-full.txt'].includes(name)).sort(),
      [...offered].sort(),
      `limit ${limit}`,
    );
    assert.equal(new Set(offered).size, offered.length, `limit ${limit}: names unique`);
    for (const name of offered) assert.ok(Buffer.byteLength(files.get(name) ?? '') <= limit, `${name} ≤ ${limit}`);
    const holding = allSlugs.map(
      (slug) =>
        offered.filter((name) => (files.get(name) ?? '').includes(`Source: ${SITE.siteUrl}docs/${slug}\n`)).length,
    );
    assert.deepEqual(
      holding,
      allSlugs.map(() => 1),
      `limit ${limit}`,
    );
  }
  assert.deepEqual(noWarnings, []);
});

test('pages with no category left to split along go in consecutive files; a page over the limit alone is one, with a warning', () => {
  const leaf = {
    id: 'errors',
    title: 'Errors',
    items: [
      sizedPage('errors/a', 1000),
      sizedPage('errors/b', 1000),
      sizedPage('errors/huge', 5000),
      sizedPage('errors/c', 1000),
    ],
  };
  /** @type {string[]} */
  const warnings = [];
  const files = llmsFiles(SITE, [leaf], { limit: 2700, warn: (message) => warnings.push(message) });
  assert.deepEqual(partsOf(llmsParts(SITE, [leaf], 2700)), [
    ['errors-1', ['errors/a', 'errors/b']],
    ['errors-2', ['errors/huge']],
    ['errors-3', ['errors/c']],
  ]);
  assert.match(files.get('llms-errors-2.txt') ?? '', /^# Clearing Developer Docs: Errors \(2 of 3\)\n/);
  assert.equal(warnings.length, 1);
  assert.match(warnings[0] ?? '', /docs\/errors\/huge\.md alone is \d+ bytes.*llms-errors-2\.txt by itself/);
});

test('two parts of one name stop the build, naming it', () => {
  const clash = [API, { id: 'accounts-api-guides', title: 'Accounts API guides', items: [sizedPage('other', 10)] }];
  assert.throws(() => llmsParts(SITE, clash, 4000), /share the llms file of "accounts-api-guides"/);
  assert.doesNotThrow(() => llmsParts(SITE, clash, 1e9));
});

test("llms.txt lists a split section's files with title, pages and size, and describes llms-full.txt without offering it", () => {
  const files = llmsFiles(SITE, [...SECTIONS, API], { limit: 4000, ...quiet });
  const index = files.get('llms.txt') ?? '';
  const accounts = index.slice(index.indexOf('## Accounts API'));
  assert.match(
    accounts,
    /^## Accounts API\n\nAll of this section in 4 files, too much for one: attach the ones you need\.\n\n- \[Accounts API\]\(https:\/\/docs\.example\.com\/portal\/llms-accounts-api\.txt\): 2 pages, about 1k tokens\n- \[Accounts API \/ Endpoints\]\(https:\/\/docs\.example\.com\/portal\/llms-accounts-api-endpoints\.txt\): 1 page, about 1k tokens\n- \[Accounts API \/ Endpoints \/ New account\]\(\S+\/llms-accounts-api-endpoints-new-account\.txt\): 3 pages, about 1k tokens\n- \[Accounts API \/ Guides\]\(\S+\/llms-accounts-api-guides\.txt\): 2 pages, about 1k tokens\n\n- \[index\]\(/,
  );
  // Eight pages listed once each under the section, whatever its files.
  assert.equal([...accounts.matchAll(/\.md\)/g)].length, 8);
  const full = files.get('llms-full.txt') ?? '';
  const tokens = Math.round(Buffer.byteLength(full) / 4000);
  assert.ok(
    index.includes(
      `Every page in one file, for tools that index the whole documentation: https://docs.example.com/portal/llms-full.txt; about ${tokens}k tokens, more than an assistant holds: attach a section's file, or connect the MCP server.`,
    ),
    index,
  );
  assert.doesNotMatch(index, /\]\([^)]*llms-full\.txt\)|All pages in one file/);
});

/** The sections of a second docs version, at /docs/v2. */
const V2_SECTIONS = [
  {
    id: 'trading-api',
    title: 'Trading API',
    items: [page('v2/trading-api/cancel', 'Cancel', 'POST /orders/equity/{orderId}/cancel.')],
  },
];
const V1 = {
  path: '',
  label: 'v1',
  others: [{ label: 'v2 (preview)', indexUrl: 'https://docs.example.com/portal/llms-v2.txt' }],
};
const V2 = {
  path: 'v2',
  label: 'v2 (preview)',
  others: [{ label: 'v1', indexUrl: 'https://docs.example.com/portal/llms.txt' }],
};

test("each docs version has its own set: v1's names, v2's with v2 after llms-; each index names the other set", () => {
  const v1 = llmsFiles(SITE, SECTIONS, { version: V1 });
  const v2 = llmsFiles(SITE, V2_SECTIONS, { version: V2 });
  assert.deepEqual([...v1.keys()], ['llms.txt', 'llms-full.txt', 'llms-getting-started.txt', 'llms-trading-api.txt']);
  assert.deepEqual([...v2.keys()], ['llms-v2.txt', 'llms-v2-full.txt', 'llms-v2-trading-api.txt']);

  const index = v1.get('llms.txt') ?? '';
  assert.match(index, /^# Clearing Developer Docs v1\n/);
  assert.match(
    index,
    /These are the pages of v1\. Other versions of the documentation have their own files: v2 \(preview\), index https:\/\/docs\.example\.com\/portal\/llms-v2\.txt\./,
  );
  assert.match(index, /the MCP server https:\/\/docs\.example\.com\/portal\/mcp/);
  assert.doesNotMatch(index, /docs\/v2\//, 'no v2 page in the v1 set');

  const v2Index = v2.get('llms-v2.txt') ?? '';
  assert.match(v2Index, /^# Clearing Developer Docs v2 \(preview\)\n/);
  assert.match(
    v2Index,
    /These are the pages of v2 \(preview\)\. .*v1, index https:\/\/docs\.example\.com\/portal\/llms\.txt\./,
  );
  assert.match(v2Index, /one file: https:\/\/docs\.example\.com\/portal\/llms-v2-trading-api\.txt/);
  assert.match(
    v2Index,
    /in one file, for tools that index the whole documentation: https:\/\/docs\.example\.com\/portal\/llms-v2-full\.txt/,
  );
  assert.match(
    v2Index,
    /the MCP server https:\/\/docs\.example\.com\/portal\/mcp, whose tools read these pages when asked for version: "v2" \(how to connect one: https:\/\/docs\.example\.com\/portal\/docs\/getting-started\/assistant\.md\)/,
  );
  assert.match(v2Index, /attach a section's file, or connect the MCP server\./);
  // v2's index lists its pages as the MCP server would read a page list (server/mcp/siteData.mjs), v1's none of them.
  assert.deepEqual(
    [...v2Index.matchAll(/^- \[.+?\]\((\S+?\.md)\)/gm)].map((match) => match[1]),
    ['https://docs.example.com/portal/docs/v2/trading-api/cancel.md'],
  );
  for (const [name, text] of v2) {
    if (name === 'llms-v2.txt') continue;
    assert.match(
      text,
      /^# Clearing Developer Docs v2 \(preview\): .*\n[^]*Index: https:\/\/docs\.example\.com\/portal\/llms-v2\.txt/,
    );
    assert.match(text, /Source: https:\/\/docs\.example\.com\/portal\/docs\/v2\/trading-api\/cancel/);
    assert.doesNotMatch(
      text,
      /Source: https:\/\/docs\.example\.com\/portal\/docs\/(?!v2\/)/,
      `${name} holds v2 pages only`,
    );
  }
});

test("a version's sections too large for one file split under the version's names", () => {
  /** @param {string} slug */
  const big = (slug) => ({ ...page(`v2/${slug}`, slug, undefined), article: `# ${slug}\n\n${'x'.repeat(400)}\n` });
  const sections = [
    {
      id: 'accounts-api',
      title: 'Accounts API',
      items: [big('a'), { title: 'Endpoints', items: [big('b'), big('c')] }],
    },
  ];
  const files = llmsFiles(SITE, sections, { version: V2, limit: 1300, warn: () => undefined });
  assert.deepEqual(
    [...files.keys()].filter((name) => name.startsWith('llms-v2-accounts')),
    ['llms-v2-accounts-api.txt', 'llms-v2-accounts-api-endpoints.txt'],
  );
  for (const [name, text] of files) {
    if (name !== 'llms-v2-full.txt' && name !== 'llms-v2.txt') assert.ok(Buffer.byteLength(text) <= 1300, name);
  }
  assert.match(
    files.get('llms-v2.txt') ?? '',
    /\(https:\/\/docs\.example\.com\/portal\/llms-v2-accounts-api-endpoints\.txt\): 2 pages/,
  );
});

test('a build of v1 alone keeps its files as they were: no version in the titles, no other set named', () => {
  const index = llmsFiles(SITE, SECTIONS).get('llms.txt') ?? '';
  assert.match(index, /^# Clearing Developer Docs\n/);
  assert.doesNotMatch(index, /Other versions/);
});
