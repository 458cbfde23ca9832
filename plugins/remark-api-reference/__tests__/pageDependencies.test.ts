import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Root, RootContent } from 'mdast';
import type { MdxJsxFlowElement } from 'mdast-util-mdx-jsx';
import remarkApiReference, { referenceBlocksOf, refreshReferencePages } from '..';
import { bundleDescriptions, descriptionFiles, type ApiName, type ApiVersion } from '../../../openapi/descriptions';
import referencePageDependenciesPlugin from '../pageDependenciesPlugin';
import {
  dependencyFile,
  ensureRecordsIdentity,
  fingerprintOf,
  pageRecords,
  recordsIdentityFile,
  type PageRecord,
} from '../pageDependencies';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the loader is CommonJS, as rspack loads it
const pageDependencyLoader = require('../pageDependencyLoader.js') as {
  (this: unknown, source: string): void;
  pitch: (this: unknown) => void;
};

const ROOT = path.join(__dirname, '..', '..', '..');
const PAGE = path.join(ROOT, 'docs', 'accounts-api', 'endpoints', 'balance-summary.mdx');
const PLAIN_PAGE = path.join(ROOT, 'docs', 'getting-started', 'introduction.mdx');

const element = (name: string, attributes: Record<string, string>): MdxJsxFlowElement => ({
  type: 'mdxJsxFlowElement',
  name,
  attributes: Object.entries(attributes).map(([key, value]) => ({ type: 'mdxJsxAttribute', name: key, value })),
  children: [],
  position: { start: { line: 21, column: 1, offset: 900 }, end: { line: 21, column: 45, offset: 944 } },
});

const prose = (value: string): RootContent => ({ type: 'paragraph', children: [{ type: 'text', value }] });

/** A page's tree: prose, an operation block, and an operation block of another docs version only. */
const pageTree = (operationId = 'getBalanceSummary'): Root => ({
  type: 'root',
  children: [
    prose('The balance summary gives you the money side of an account.'),
    element('ApiOperation', { operationId }),
    {
      type: 'mdxJsxFlowElement',
      name: 'OnlyInVersion',
      attributes: [{ type: 'mdxJsxAttribute', name: 'version', value: 'v2' }],
      children: [element('RequestSamples', { operationId: 'placeEquityOrder' })],
    },
  ],
});

/** Compiles `tree` as the page at `page` with the plugin recording into `dir`, as `npm start` does. */
async function compile(dir: string, page: string, tree: Root): Promise<Root> {
  await remarkApiReference({ recordPagesIn: dir })(tree, { path: page });
  return tree;
}

/** A page's record file. */
const recordFileOf = (page: string) =>
  path.join(dir, `${path.basename(dependencyFile(dir, page), '.fingerprint')}.json`);

/** What a record compiled from other descriptions than today's says of them. */
const OLDER = { descriptions: 'the signature of older descriptions' };

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'page-dependencies-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('recording the docs pages that embed reference blocks (npm start and builds)', () => {
  it('records a page with its blocks as written, and none without blocks', async () => {
    const tree = await compile(dir, PAGE, pageTree());
    // The page itself is expanded as without recording.
    expect(tree.children.some((node) => node.type === 'mdxJsxFlowElement' && node.name === 'ApiEndpoint')).toBe(true);
    await compile(dir, PLAIN_PAGE, { type: 'root', children: [prose('No blocks here.')] });

    const records = pageRecords(dir);
    expect(records.map((record) => record.page)).toEqual([PAGE]);
    // The block of another docs version is left out; positions are not kept.
    const { position: _position, ...asWritten } = element('ApiOperation', { operationId: 'getBalanceSummary' });
    expect(records[0].blocks).toEqual([asWritten]);
  });

  it('after a refresh with the same descriptions, marks no page', async () => {
    await compile(dir, PAGE, pageTree());
    await compile(dir, path.join(ROOT, 'docs', 'getting-started', 'changelog.mdx'), {
      type: 'root',
      children: [element('Changelog', {})],
    });
    expect(await refreshReferencePages(dir)).toEqual([]);
    expect(existsSync(dependencyFile(dir, PAGE))).toBe(false);
  });

  it('marks a page whose blocks expand differently from when it was compiled, once', async () => {
    await compile(dir, PAGE, pageTree());
    await compile(dir, PLAIN_PAGE, { type: 'root', children: [element('ApiVersion', { api: 'accounts' })] });
    // As if the descriptions had changed since the page was compiled: its record holds another fingerprint.
    const file = recordFileOf(PAGE);
    const record = JSON.parse(readFileSync(file, 'utf8')) as PageRecord;
    writeFileSync(file, JSON.stringify({ ...record, fingerprint: 'compiled from older descriptions', ...OLDER }));

    expect(await refreshReferencePages(dir)).toEqual([PAGE]);
    expect(readFileSync(dependencyFile(dir, PAGE), 'utf8')).toBe(record.fingerprint);
    expect(existsSync(dependencyFile(dir, PLAIN_PAGE))).toBe(false);
    // The dependency file already says so: not written again (which would compile the page again).
    expect(await refreshReferencePages(dir)).toEqual([]);

    // Compiled again, from these descriptions: in step, nothing to mark.
    await compile(dir, PAGE, pageTree());
    expect(await refreshReferencePages(dir)).toEqual([]);
  });

  it('expands again only the pages recorded from other descriptions, and records those still in step', async () => {
    await compile(dir, PAGE, pageTree());
    const file = recordFileOf(PAGE);
    const record = JSON.parse(readFileSync(file, 'utf8')) as PageRecord;
    // Compiled from today's descriptions: its blocks are not expanded again, so even blocks that would now expand
    // differently (here: to an error) mark nothing.
    const failing = { ...record, blocks: [element('ApiOperation', { operationId: 'noSuchOperation' })] };
    writeFileSync(file, JSON.stringify(failing));
    expect(await refreshReferencePages(dir)).toEqual([]);
    expect(existsSync(dependencyFile(dir, PAGE))).toBe(false);

    // Recorded from older descriptions but expanding as before: not marked, and its record now names today's.
    writeFileSync(file, JSON.stringify({ ...record, ...OLDER }));
    expect(await refreshReferencePages(dir)).toEqual([]);
    expect(pageRecords(dir)).toEqual([record]);
    expect(existsSync(dependencyFile(dir, PAGE))).toBe(false);

    // A record of an older dev server (no signature) is expanded.
    const { descriptions: _descriptions, ...unsigned } = failing;
    writeFileSync(file, JSON.stringify(unsigned));
    expect(await refreshReferencePages(dir)).toEqual([PAGE]);
  });

  it('marks a page whose block now fails (an operation gone), with the error as its fingerprint', async () => {
    await compile(dir, PAGE, pageTree());
    const [record] = pageRecords(dir);
    writeFileSync(
      recordFileOf(PAGE),
      JSON.stringify({ ...record, blocks: [element('ApiOperation', { operationId: 'noSuchOperation' })], ...OLDER }),
    );
    expect(await refreshReferencePages(dir)).toEqual([PAGE]);
    await expect(compile(dir, PAGE, pageTree('noSuchOperation'))).rejects.toThrow(/no operation "noSuchOperation"/);
    // The failed compilation is recorded with that error: the next refresh has nothing new to mark.
    expect(await refreshReferencePages(dir)).toEqual([]);
  });

  it('finds blocks inside other elements and in an <OnlyInVersion> of the page’s version', () => {
    const v2Page = path.join(ROOT, 'versioned_docs', 'version-v2', 'trading-api', 'equity', 'single-equity-order.mdx');
    const blocks = referenceBlocksOf(
      {
        type: 'root',
        children: [
          { type: 'blockquote', children: [element('ApiSchema', { name: 'orders#/components/schemas/Money' })] },
          pageTree().children[2],
        ],
      },
      v2Page,
    );
    expect(blocks.map((block) => (block as { name?: string }).name)).toEqual(['ApiSchema', 'RequestSamples']);
  });

  it('fingerprints expanded blocks without their positions in the page', () => {
    const [block] = pageTree().children.filter((node) => node.type === 'mdxJsxFlowElement');
    const moved = { ...block, position: { start: { line: 40, column: 1 }, end: { line: 40, column: 45 } } };
    expect(fingerprintOf([moved])).toBe(fingerprintOf([block]));
    expect(fingerprintOf([element('ApiOperation', { operationId: 'getAccount' })])).not.toBe(fingerprintOf([block]));
  });
});

describe('pageDependencyLoader.js', () => {
  /** Runs the loader's pitch and normal step on `page`, returning the dependencies it added. */
  function dependenciesAdded(page: string) {
    const added: string[] = [];
    const missing: string[] = [];
    const context = {
      resourcePath: page,
      getOptions: () => ({ dir }),
      addDependency: (file: string) => added.push(file),
      addMissingDependency: (file: string) => missing.push(file),
      callback: () => undefined,
    };
    pageDependencyLoader.pitch.call(context);
    pageDependencyLoader.call(context, 'export default 1;');
    return { added: [...new Set(added)], missing: [...new Set(missing)] };
  }

  it('gives a recorded page its dependency file: missing until a refresh writes it', async () => {
    expect(dependenciesAdded(PAGE)).toEqual({ added: [], missing: [] });
    await compile(dir, PAGE, pageTree());
    expect(dependenciesAdded(PAGE)).toEqual({ added: [], missing: [dependencyFile(dir, PAGE)] });
    writeFileSync(dependencyFile(dir, PAGE), 'changed');
    expect(dependenciesAdded(PAGE)).toEqual({ added: [dependencyFile(dir, PAGE)], missing: [] });
  });

  it("gives a recorded page the records' identity file, written once, so that new records compile it again", async () => {
    await compile(dir, PAGE, pageTree());
    ensureRecordsIdentity(dir);
    const identity = readFileSync(recordsIdentityFile(dir), 'utf8');
    ensureRecordsIdentity(dir);
    expect(readFileSync(recordsIdentityFile(dir), 'utf8')).toBe(identity);
    expect(dependenciesAdded(PAGE).added).toEqual([recordsIdentityFile(dir)]);
    // `.docusaurus/` removed: another identity.
    rmSync(dir, { recursive: true, force: true });
    ensureRecordsIdentity(dir);
    expect(readFileSync(recordsIdentityFile(dir), 'utf8')).not.toBe(identity);
  });
});

describe('the page dependencies plugin', () => {
  const plugin = referencePageDependenciesPlugin(['docs', 'versioned_docs'])({ siteDir: ROOT } as never);

  it('watches the descriptions and adds the loader to the docs folders only, after the MDX loader', () => {
    expect(plugin.getPathsToWatch?.()).toEqual([path.join(ROOT, 'openapi/**/*.yaml')]);
    const configured = plugin.configureWebpack?.({} as never, false, {} as never, undefined) as {
      module: { rules: { test: RegExp; include: string[]; enforce: string; use: { loader: string }[] }[] };
    };
    const [rule] = configured.module.rules;
    expect(rule.enforce).toBe('post');
    // Docusaurus's fallback MDX rule leaves out what every MDX rule includes: it needs an `include`.
    expect(rule.include).toEqual([
      `${path.join(ROOT, 'docs')}${path.sep}`,
      `${path.join(ROOT, 'versioned_docs')}${path.sep}`,
    ]);
    expect(rule.test.test('page.mdx')).toBe(true);
    expect(rule.use[0].loader).toBe(require.resolve('../pageDependencyLoader.js'));
  });
});

describe('the bundled descriptions in npm start', () => {
  it('name the files the dev server watches for each reference page: its own description only', async () => {
    await bundleDescriptions();
    const watched = (api: ApiName, version?: ApiVersion) =>
      descriptionFiles(api, version).map((file) => path.relative(ROOT, file));
    expect(watched('accounts')).toEqual(
      expect.arrayContaining(['openapi/accounts.yaml', 'openapi/shared/common.yaml', 'redocly.yaml']),
    );
    expect(watched('accounts')).not.toContain('openapi/orders.yaml');
    expect(watched('orders', 'v2')).toEqual(
      expect.arrayContaining(['openapi/orders.yaml', 'openapi/v2/orders.overlay.yaml']),
    );
    expect(watched('orders')).not.toContain('openapi/v2/orders.overlay.yaml');
  });

  it('name the files each document was bundled from, for bundling again only what an edit changed', async () => {
    const { inputs } = await bundleDescriptions();
    const filesOf = (key: string) => inputs?.[key]?.files.map((file) => path.relative(ROOT, file));
    expect(filesOf('v1 accounts bundled')).toEqual(
      expect.arrayContaining(['openapi/accounts.yaml', 'openapi/shared/common.yaml', 'redocly.yaml']),
    );
    expect(filesOf('v1 accounts dereferenced')).not.toContain('openapi/orders.yaml');
    expect(filesOf('v2 orders dereferenced')).toEqual(
      expect.arrayContaining(['openapi/orders.yaml', 'openapi/v2/orders.overlay.yaml', 'openapi/shared/common.yaml']),
    );
  });
});
