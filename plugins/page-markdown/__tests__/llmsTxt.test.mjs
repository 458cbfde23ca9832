// @ts-check
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { llmsFiles, llmsSectionId } from '../llmsTxt.mjs';

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
    pages: [page('getting-started/introduction', 'Introduction', 'Start here.')],
  },
  {
    id: 'trading-api',
    title: 'Trading API',
    pages: [
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
