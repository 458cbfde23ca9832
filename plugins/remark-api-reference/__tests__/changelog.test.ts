import type { Heading, List, Paragraph, PhrasingContent, Root, RootContent } from 'mdast';
import type { MdxJsxFlowElement } from 'mdast-util-mdx-jsx';
import { expandReferences } from '..';
import type { ChangelogRelease } from '../../../openapi/changes/changelog';
import type { DescriptionChange } from '../../../openapi/changes/describeChanges';
import { CHANGE_RULES, type ChangeRuleId } from '../../../openapi/changes/rules';
import { changeMarks, markChanges, releaseAnchor } from '../changeMarks';
import { changelogNodes } from '../changelogNodes';

/** Comparing every released description with the one before it takes a while the first time (then it is cached). */
jest.setTimeout(300_000);

const jsx = (name: string, attributes: Record<string, string>, children: RootContent[] = []): MdxJsxFlowElement => ({
  type: 'mdxJsxFlowElement',
  name,
  attributes: Object.entries(attributes).map(([key, value]) => ({ type: 'mdxJsxAttribute', name: key, value })),
  children: children as MdxJsxFlowElement['children'],
});

const note = (api: string, version: string, words: string) =>
  jsx('ReleaseNote', { api, version }, [{ type: 'paragraph', children: [{ type: 'text', value: words }] }]);

function expand(children: RootContent[], page = 'docs/getting-started/changelog.mdx'): RootContent[] {
  const tree: Root = { type: 'root', children };
  // Inline Markdown as the plugin would parse it: enough for these lines, which hold text and code only.
  const toPhrasing = (markdown: string): PhrasingContent[] =>
    markdown
      .split('`')
      .map((part, index): PhrasingContent =>
        index % 2 ? { type: 'inlineCode', value: part } : { type: 'text', value: part },
      )
      .filter((node) => 'value' in node && node.value !== '');
  expandReferences(tree, page, toPhrasing);
  return tree.children;
}

/** Text of a node and its children, inline code in backticks. */
function plain(node: RootContent | PhrasingContent): string {
  if (node.type === 'inlineCode') return `\`${node.value}\``;
  if (node.type === 'text') return node.value;
  return 'children' in node ? (node.children as RootContent[]).map(plain).join('') : '';
}

const change = (
  rule: ChangeRuleId,
  operationId: string | null,
  what: string,
  anchors: string[] = [],
): DescriptionChange => ({
  class: CHANGE_RULES[rule].class,
  rule: { id: rule, wording: CHANGE_RULES[rule].wording },
  operation: operationId ? { operationId, method: 'GET', path: `/${operationId}` } : null,
  location: { side: 'response', pointer: '/paths', anchors },
  description: operationId ? `GET /${operationId} (${operationId}): ${what}` : what,
});

const release = (version: string, date: string, changes: DescriptionChange[]): ChangelogRelease => ({
  api: 'orders',
  title: 'Trading API',
  version,
  date,
  previous: version === '1.0.0' ? null : '1.0.0',
  changes,
  operations: 2,
});

describe('<Changelog>, computed from the released descriptions', () => {
  const nodes = expand([
    jsx('Changelog', {}, [note('orders', '1.0.4', 'Why the 404.'), note('accounts', '1.1.0', 'Sandbox operations.')]),
  ]);
  const headings = nodes.filter((node): node is Heading => node.type === 'heading');

  it('has a heading per day, newest first, and per release, anchored for the endpoint pages to link to', () => {
    const days = headings.filter((heading) => heading.depth === 2).map(plain);
    expect(days.length).toBeGreaterThan(2);
    expect([...days].sort().reverse()).toEqual(days);
    expect(days.at(-1)).toBe('2026-11-21');
    const trading = headings.find((heading) => plain(heading) === 'Trading API 1.0.4');
    expect(trading?.depth).toBe(3);
    expect(trading?.data).toEqual({ hProperties: { id: 'trading-api-1-0-4' } });
    expect(headings.filter((heading) => plain(heading) === 'Document API 1.0.0')).toHaveLength(1);
  });

  it("puts the writer's note under its release, then the changes, each with the operations it reaches", () => {
    const start = nodes.findIndex((node) => node.type === 'heading' && plain(node) === 'Trading API 1.0.4');
    const end = nodes.findIndex((node, index) => index > start && node.type === 'heading');
    const entry = nodes.slice(start + 1, end);
    expect(plain(entry[0])).toBe('Why the 404.');
    expect(plain(entry[1])).toBe('Changes to the description since 1.0.3, found by comparing the two:');
    expect(plain(entry[2])).toBe('Breaking by the versioning rules:');
    const rulesLink = (entry[2] as Paragraph).children.find((child) => child.type === 'link');
    expect(rulesLink).toMatchObject({ url: '/docs/getting-started/versioning#what-is-a-breaking-change' });
    const breaking = (entry[3] as List).children.map(plain);
    expect(breaking).toContain(
      'Error response 400 removed: its condition now answers otherwise: `GET /orders/equity/{orderId}`, ' +
        '`DELETE /orders/equity/{orderId}`, `GET /orders/options/{orderId}` and `DELETE /orders/options/{orderId}`',
    );
    const links = (entry[3] as List).children
      .flatMap((item) => (item.children[0] as Paragraph).children)
      .filter((child) => child.type === 'link')
      .map((link) => link.url);
    expect(links).toContain('/docs/trading-api/equity/get-equity-order');
    expect(plain(entry[4])).toBe('Additions:');
  });

  it('says how many operations a first release had', () => {
    const start = nodes.findIndex((node) => node.type === 'heading' && plain(node) === 'Document API 1.0.0');
    expect(plain(nodes[start + 1])).toMatch(/^The first release, with \d+ operations\.$/);
  });

  it('stops the build, naming the page, at a note of a version never released, a second note or anything else', () => {
    expect(() => expand([jsx('Changelog', {}, [note('orders', '9.9.9', 'No.')])])).toThrow(
      /changelog\.mdx: <ReleaseNote> of orders 9\.9\.9, which openapi\/released\/releases\.yaml does not list/,
    );
    expect(() => expand([jsx('Changelog', {}, [note('orders', '1.0.4', 'a'), note('orders', '1.0.4', 'b')])])).toThrow(
      /two <ReleaseNote>s of orders 1\.0\.4/,
    );
    expect(() => expand([jsx('Changelog', {}, [{ type: 'paragraph', children: [] }])])).toThrow(
      /<Changelog> holds only <ReleaseNote/,
    );
  });
});

describe('changelogNodes', () => {
  const pages = new Map([['getOrder', { href: '/docs/get-order', anchors: new Set(['response.status']) }]]);
  const render = (changes: DescriptionChange[]) =>
    changelogNodes({
      releases: [release('1.1.0', '2026-11-24', changes)],
      notes: new Map(),
      pageOf: (id) => pages.get(id),
      rulesHref: '/rules',
      toPhrasing: (markdown) => [{ type: 'text', value: markdown }],
    });

  it('links an operation to its field where its page shows the field, else to the page, else not at all', () => {
    const nodes = render([
      change('response-field-added', 'getOrder', 'field status added', ['response.status']),
      change('response-field-added', 'getOrder', 'field gone added', ['response.gone']),
      change('response-field-added', 'removedOp', 'field x added', ['response.x']),
    ]);
    const list = nodes.find((node): node is List => node.type === 'list')!;
    const firstOf = (index: number) => (list.children[index].children[0] as Paragraph).children.at(-1);
    expect(firstOf(0)).toMatchObject({ type: 'link', url: '/docs/get-order#response.status' });
    expect(firstOf(1)).toMatchObject({ type: 'link', url: '/docs/get-order' });
    expect(firstOf(2)).toEqual({ type: 'inlineCode', value: 'GET /removedOp' });
  });

  it('counts corrections of documentation by operation instead of listing each', () => {
    const nodes = render([
      change('documentation', 'getOrder', 'description changed'),
      change('documentation', 'getOrder', 'example changed'),
      change('documentation', null, 'info.description changed'),
    ]);
    expect(nodes.map(plain)).toContain(
      'Documentation: descriptions or examples corrected in one operation and in the description as a whole: `GET /getOrder`.',
    );
    expect(nodes.some((node) => node.type === 'list')).toBe(false);
  });

  it('says so when a release changed nothing but its version', () => {
    expect(render([]).map(plain)).toContain('None besides its version.');
  });
});

describe('change marks', () => {
  const marks = changeMarks([
    release('1.2.0', '2026-11-26', [
      change('validation-tightened', 'getOrder', 'limit tightened', ['query.limit']),
      change('documentation', 'getOrder', 'description changed', ['response.status']),
    ]),
    release('1.1.0', '2026-11-24', [
      change('operation-added', 'newOrder', 'operation added'),
      change('response-field-added', 'getOrder', 'field status added', ['response.status']),
      change('optional-parameter-added', 'getOrder', 'parameter limit added', ['query.limit']),
    ]),
  ]);

  it('name the last release that added or changed an operation or field in a way a client sees', () => {
    const href = (version: string) => `/docs/getting-started/changelog#${releaseAnchor('Trading API', version)}`;
    expect(marks.get('newOrder')?.operation).toEqual({
      kind: 'added',
      release: 'Trading API 1.1.0',
      href: href('1.1.0'),
    });
    const getOrder = marks.get('getOrder')!;
    expect(getOrder.operation).toEqual({ kind: 'changed', release: 'Trading API 1.2.0', href: href('1.2.0') });
    expect(getOrder.fields.get('query.limit')).toMatchObject({ kind: 'changed', release: 'Trading API 1.2.0' });
    // A correction of its description leaves the field as the release that added it.
    expect(getOrder.fields.get('response.status')).toMatchObject({ kind: 'added', release: 'Trading API 1.1.0' });
  });

  it('go on the operation block and the field lines of the operation', () => {
    const nodes: RootContent[] = [
      jsx('ApiEndpoint', { operationId: 'getOrder' }),
      jsx('ApiFieldList', {}, [
        jsx('ApiField', { anchor: 'query.limit' }),
        jsx('ApiField', { anchor: 'query.cursor' }),
      ]),
    ];
    markChanges(nodes, marks.get('getOrder'));
    const attributes = (node: RootContent) =>
      Object.fromEntries(
        (node as MdxJsxFlowElement).attributes.map((attribute) => [
          'name' in attribute ? attribute.name : '',
          attribute.value,
        ]),
      );
    expect(attributes(nodes[0])).toMatchObject({ change: 'changed', changeRelease: 'Trading API 1.2.0' });
    const [limit, cursor] = (nodes[1] as MdxJsxFlowElement).children as RootContent[];
    expect(attributes(limit)).toMatchObject({
      change: 'changed',
      changeHref: expect.stringContaining('#trading-api-1-2-0'),
    });
    expect(attributes(cursor)).toEqual({ anchor: 'query.cursor' });
  });
});

describe('a list of changes', () => {
  it('names once a change that a shared error schema makes to several responses, with the statuses', () => {
    const added = (operationId: string, status: string) =>
      change(
        'error-code-added',
        operationId,
        `value \`DUPLICATE\` added to field \`error.code\` of the ${status} response`,
      );
    const nodes = changelogNodes({
      releases: [
        release('1.1.0', '2026-11-30', [added('a', '409'), added('a', '400'), added('b', '409'), added('c', '422')]),
      ],
      notes: new Map(),
      pageOf: () => undefined,
      rulesHref: '/rules',
      toPhrasing: (markdown) => [{ type: 'text', value: markdown }],
    });
    const lists = nodes.filter((node): node is List => node.type === 'list');
    expect(lists.flatMap((list) => list.children.map(plain))).toEqual([
      'Value `DUPLICATE` added to field `error.code` of the 400, 409 and 422 responses: `GET /a`, `GET /b` and `GET /c`',
    ]);
  });
});

describe('<MigrationGuide>, computed from two versions of a description', () => {
  const step = (rules: string, operations: string, words: string) =>
    jsx('MigrationStep', { rules, ...(operations ? { operations } : {}) }, [
      { type: 'paragraph', children: [{ type: 'text', value: words }] },
    ]);
  const steps = [
    step('server-changed', '', 'Call /v2.'),
    step('operation-removed', 'cancelEquityOrder cancelOptionOrder', 'Cancel with POST.'),
    step(
      'became-required type-changed validation-tightened',
      'placeEquityOrder placeBlockEquityOrder placeOptionOrder placeBlockOptionOrder',
      'Send a clientOrderId.',
    ),
  ];
  const page = 'docs/trading-api/migrating-to-v2.mdx';

  it("puts under each of the writer's steps the breaking changes it covers, then what the new version adds", () => {
    const nodes = expand([jsx('MigrationGuide', { api: 'orders', from: 'v1', to: 'v2' }, steps)], page);
    const texts = nodes.map(plain);
    const cancel = texts.indexOf('Cancel with POST.');
    expect(texts[cancel + 1]).toBe('Breaking by the versioning rules, found by comparing the two descriptions:');
    expect(texts[cancel + 2]).toBe(
      'Operation removed: `DELETE /orders/equity/{orderId}` and `DELETE /orders/options/{orderId}`',
    );
    const servers = texts.indexOf('Call /v2.');
    expect(texts[servers + 2]).toContain(
      'Server URL changed from `https://sandbox.api.clearing.example/v1` to `https://sandbox.api.clearing.example/v2`',
    );
    const additions = texts.indexOf('What Trading API v2 adds');
    expect(nodes[additions].type).toBe('heading');
    expect(texts[additions + 2]).toContain('Operation added: `POST /orders/equity/{orderId}/cancel`');
  });

  it('stops the build at a breaking change without a step, naming it and its rule', () => {
    expect(() =>
      expand([jsx('MigrationGuide', { api: 'orders', from: 'v1', to: 'v2' }, [steps[0], steps[2]])], page),
    ).toThrow(
      /no <MigrationStep> for a breaking change: DELETE \/orders\/equity\/\{orderId\} \(cancelEquityOrder\): operation removed \(rule operation-removed/,
    );
  });

  it('stops the build at a version the descriptions do not have, or anything but steps inside', () => {
    expect(() => expand([jsx('MigrationGuide', { api: 'accounts', from: 'v1', to: 'v2' }, steps)], page)).toThrow(
      'docs/trading-api/migrating-to-v2.mdx: <MigrationGuide> of accounts v1 → v2, which openapi/ does not describe',
    );
    expect(() =>
      expand(
        [
          jsx('MigrationGuide', { api: 'orders', from: 'v1', to: 'v2' }, [
            { type: 'paragraph', children: [{ type: 'text', value: 'loose' }] },
          ]),
        ],
        page,
      ),
    ).toThrow('<MigrationGuide> holds only <MigrationStep rules="…" operations="…"> elements');
  });
});
