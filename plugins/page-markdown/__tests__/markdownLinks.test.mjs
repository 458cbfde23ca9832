// @ts-check
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { markdownLinkTargets, relinkMarkdown } from '../markdownLinks.mjs';

const SITE = 'https://docs.example.com/portal/';

/** @param {string} path @param {string[]} [operations] @param {string} [section] */
function page(path, operations = [], section = 'trading-api') {
  const pageUrl = `${SITE}${path}`;
  return {
    pageUrl,
    markdownUrl: path.endsWith('/') ? `${pageUrl}index.md` : `${pageUrl}.md`,
    operations: operations.map((id) => `${SITE}api/orders-api#operation/${id}`),
    sectionFileUrl: `${SITE}llms-${section}.txt`,
  };
}

const PAGES = [
  page('docs/trading-api/', [], 'trading-api'),
  page('docs/trading-api/equity/single-equity-order', ['placeEquityOrder']),
  page('docs/trading-api/equity/get-equity-order', ['getEquityOrder']),
  page('docs/accounts-api/endpoints/sandbox-price', ['setSandboxPrice'], 'accounts-api'),
];

test('a link to a docs page goes to its Markdown, with and without a trailing slash, keeping its heading', () => {
  const target = markdownLinkTargets(SITE, PAGES);
  assert.equal(
    target(`${SITE}docs/trading-api/equity/single-equity-order#errors`, 'p'),
    `${SITE}docs/trading-api/equity/single-equity-order.md#errors`,
  );
  assert.equal(target(`${SITE}docs/trading-api`, 'p'), `${SITE}docs/trading-api/index.md`);
  assert.equal(target(`${SITE}docs/trading-api/`, 'p'), `${SITE}docs/trading-api/index.md`);
});

test('a link to an operation in the reference goes to the Markdown of the page that documents it', () => {
  const target = markdownLinkTargets(SITE, PAGES);
  assert.equal(
    target(`${SITE}api/orders-api#operation/getEquityOrder`, 'p'),
    `${SITE}docs/trading-api/equity/get-equity-order.md`,
  );
});

test('a link to a whole reference page goes to the section file documenting most of its operations', () => {
  const target = markdownLinkTargets(SITE, PAGES);
  assert.equal(target(`${SITE}api/orders-api`, 'p'), `${SITE}llms-trading-api.txt`);
  assert.equal(target(`${SITE}api/orders-api#tag/Equity`, 'p'), `${SITE}llms-trading-api.txt`);
});

test('other links stay; a reference or docs address that leads to no Markdown stops the build, naming the page', () => {
  const target = markdownLinkTargets(SITE, PAGES);
  for (const url of ['https://example.org/x', `${SITE}img/flow.svg`, `${SITE}`, `${SITE}docs/report.pdf`]) {
    assert.equal(target(url, 'p'), url);
  }
  assert.throws(
    () => target(`${SITE}api/onboarding-api`, 'the page /docs/x'),
    /the page \/docs\/x links to .*onboarding-api/,
  );
  assert.throws(() => target(`${SITE}docs/no-such-page`, 'the page /docs/x'), /no docs page/);
  assert.throws(
    () => markdownLinkTargets(SITE, [...PAGES, page('docs/other', ['getEquityOrder'])]),
    /two pages document .*getEquityOrder/,
  );
});

test('relinkMarkdown changes link and image addresses and autolinks, never code', () => {
  const markdown = [
    'See [Get](https://a/x) and ![Flow](https://a/img.svg "Flow") or <https://a/x>.',
    '',
    'Code: `[not](https://a/x)` and ``a ` [b](https://a/x)``.',
    '',
    '- item',
    '',
    '  ```md',
    '  [in a block](https://a/x)',
    '  ```',
    '',
    'After [the block](https://a/x).',
  ].join('\n');
  const relinked = relinkMarkdown(markdown, (url) => (url === 'https://a/x' ? 'https://a/x.md' : url));
  assert.equal(
    relinked,
    [
      'See [Get](https://a/x.md) and ![Flow](https://a/img.svg "Flow") or <https://a/x.md>.',
      '',
      'Code: `[not](https://a/x)` and ``a ` [b](https://a/x)``.',
      '',
      '- item',
      '',
      '  ```md',
      '  [in a block](https://a/x)',
      '  ```',
      '',
      'After [the block](https://a/x.md).',
    ].join('\n'),
  );
});

test("a version's links go to its own Markdown first, and to another version's for what only that one has", () => {
  /** A page of v2, documenting v2's Trading API (`api/v2/orders-api`). @param {string} path @param {string[]} operations */
  const v2Page = (path, operations) => ({
    ...page(`docs/v2/${path}`, [], 'v2-trading-api'),
    operations: operations.map((id) => `${SITE}api/v2/orders-api#operation/${id}`),
  });
  const V2 = [v2Page('trading-api/', []), v2Page('trading-api/equity/cancel-equity-order', ['cancelEquityOrder'])];
  const v2Target = markdownLinkTargets(SITE, V2, [PAGES]);
  assert.equal(
    target(v2Target, `${SITE}api/v2/orders-api#operation/cancelEquityOrder`),
    `${SITE}docs/v2/trading-api/equity/cancel-equity-order.md`,
  );
  assert.equal(target(v2Target, `${SITE}api/v2/orders-api`), `${SITE}llms-v2-trading-api.txt`);
  // v1's reference, and a v1 page, linked from v2: v1's Markdown.
  assert.equal(target(v2Target, `${SITE}api/orders-api`), `${SITE}llms-trading-api.txt`);
  assert.equal(target(v2Target, `${SITE}docs/trading-api/`), `${SITE}docs/trading-api/index.md`);
  // v1 does not reach into v2 unless told of it.
  assert.throws(() => markdownLinkTargets(SITE, PAGES)(`${SITE}api/v2/orders-api`, 'p'), /no docs page documents/);
  assert.equal(
    target(markdownLinkTargets(SITE, PAGES, [V2]), `${SITE}docs/v2/trading-api`),
    `${SITE}docs/v2/trading-api/index.md`,
  );
});

/** @param {(url: string, where: string) => string} linkTarget @param {string} url */
function target(linkTarget, url) {
  return linkTarget(url, 'p');
}
