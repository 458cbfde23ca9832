import type { Root, RootContent } from 'mdast';
import type { ChangelogRelease } from '../../../openapi/changes/changelog';
import type { DescriptionChange } from '../../../openapi/changes/describeChanges';
import type { ComputedChangelog, ComputedVersionChanges } from '../../lib/descriptionJobs';
import type * as RemarkApiReference from '..';

/** Comparing the released descriptions takes a while the first time (then it is cached). */
jest.setTimeout(300_000);

/** A release no released file has: where the page shows it, the page took the prefetched changelog. */
const PREFETCHED: ChangelogRelease = {
  api: 'orders',
  title: 'Prefetched API',
  version: '9.9.9',
  date: '2030-01-01',
  previous: null,
  changes: [],
  operations: 2,
};

const changelogPage = (): Root => ({
  type: 'root',
  children: [{ type: 'mdxJsxFlowElement', name: 'Changelog', attributes: [], children: [] }],
});

/** The text of the release headings of the changelog page, compiled by a fresh copy of the plugin. */
async function releaseHeadings(
  prefetch: (plugin: typeof RemarkApiReference, signature: string) => void,
): Promise<string[]> {
  const tree = changelogPage();
  // A fresh copy of the plugin's module, as each build's process has: nothing computed or asked before.
  await jest.isolateModulesAsync(async () => {
    const plugin = await import('..');
    const { bundleDescriptions } = await import('../../../openapi/descriptions');
    prefetch(plugin, (await bundleDescriptions()).signature);
    await plugin.default()(tree, { path: 'docs/getting-started/changelog.mdx' });
  });
  const text = (node: RootContent): string =>
    'value' in node ? String(node.value) : 'children' in node ? node.children.map(text).join('') : '';
  return tree.children.filter((node) => node.type === 'heading' && node.depth === 3).map(text);
}

describe('the changelog computed in the description worker (prefetchChangelog)', () => {
  it('is what the pages show when it was computed beside the same description files', async () => {
    const headings = await releaseHeadings((plugin, signature) =>
      plugin.prefetchChangelog(() =>
        Promise.resolve<ComputedChangelog>({ signature, releases: [PREFETCHED], versionChanges: [] }),
      ),
    );
    expect(headings).toEqual(['Prefetched API 9.9.9']);
  });

  it('is passed over when the files changed since (its signature differs): the page computes its own', async () => {
    const headings = await releaseHeadings((plugin, signature) =>
      plugin.prefetchChangelog(() =>
        Promise.resolve<ComputedChangelog>({
          signature: `${signature}|changed`,
          releases: [PREFETCHED],
          versionChanges: [],
        }),
      ),
    );
    expect(headings).toContain('Trading API 1.0.4');
    expect(headings).not.toContain('Prefetched API 9.9.9');
  });

  it('is passed over when its job failed: the page computes its own', async () => {
    // Marked handled, as the description worker's answers are (a failure surfaces where it is awaited).
    const failed = Promise.reject(new Error('the description worker stopped'));
    failed.catch(() => undefined);
    const headings = await releaseHeadings((plugin) => plugin.prefetchChangelog(() => failed));
    expect(headings).toContain('Trading API 1.0.4');
  });

  it('without one (npm start, a test), the page computes its own', async () => {
    const headings = await releaseHeadings(() => undefined);
    expect(headings).toContain('Document API 1.0.0');
  });
});

describe('the changes between versions computed in the description worker (prefetchChangelog)', () => {
  const GUIDE = 'docs/trading-api/migrating-to-v2.mdx';
  const attribute = (name: string, value: string) => ({ type: 'mdxJsxAttribute' as const, name, value });

  /** The text of a v1 → v2 migration guide of the Trading API compiled by a fresh copy of the plugin. */
  async function guideText(
    prefetch: (plugin: typeof RemarkApiReference, signature: string, changes: ComputedVersionChanges) => void,
  ): Promise<string> {
    let text = '';
    await jest.isolateModulesAsync(async () => {
      const plugin = await import('..');
      const { bundleDescriptions } = await import('../../../openapi/descriptions');
      const { versionChanges, versionChangesSignature } = await import('../../../openapi/changes/migration');
      const { signature } = await bundleDescriptions();
      const changes = versionChanges('orders', 'v1', 'v2');
      // A step for each breaking change, as the guide's writer gives: the guide checks that every one has a step.
      const steps = changes
        .filter((change) => change.class === 'breaking')
        .map((change) => ({
          type: 'mdxJsxFlowElement' as const,
          name: 'MigrationStep',
          attributes: [
            attribute('rules', change.rule.id),
            attribute('operations', change.operation?.operationId ?? ''),
          ],
          children: [
            { type: 'paragraph' as const, children: [{ type: 'text' as const, value: 'Change the client.' }] },
          ],
        }));
      const tree: Root = {
        type: 'root',
        children: [
          {
            type: 'mdxJsxFlowElement',
            name: 'MigrationGuide',
            attributes: [attribute('api', 'orders'), attribute('from', 'v1'), attribute('to', 'v2')],
            children: steps,
          },
        ],
      };
      const addition = changes.find((change) => change.class === 'additive');
      expect(addition).toBeDefined();
      prefetch(plugin, signature, {
        api: 'orders',
        from: 'v1',
        to: 'v2',
        signature: versionChangesSignature('orders', 'v1', 'v2'),
        changes: [...changes, { ...(addition as DescriptionChange), description: PREFETCHED_CHANGE }],
      });
      await plugin.default()(tree, { path: GUIDE });
      const textOf = (node: RootContent): string =>
        'value' in node ? String(node.value) : 'children' in node ? node.children.map(textOf).join(' ') : '';
      text = tree.children.map(textOf).join('\n');
    });
    return text;
  }

  /** A change no description makes: where the guide shows it, the guide took the prefetched changes. */
  const PREFETCHED_CHANGE = 'A prefetched change no description makes';

  it('are what the guide shows when they were computed from the same two descriptions', async () => {
    const text = await guideText((plugin, signature, changes) =>
      plugin.prefetchChangelog(() =>
        Promise.resolve<ComputedChangelog>({ signature, releases: [PREFETCHED], versionChanges: [changes] }),
      ),
    );
    expect(text).toContain(PREFETCHED_CHANGE);
    expect(text).toContain('Change the client.');
  });

  it('are passed over when the two descriptions changed since: the guide compares them itself', async () => {
    const text = await guideText((plugin, signature, changes) =>
      plugin.prefetchChangelog(() =>
        Promise.resolve<ComputedChangelog>({
          signature,
          releases: [PREFETCHED],
          versionChanges: [{ ...changes, signature: `${changes.signature}|changed` }],
        }),
      ),
    );
    expect(text).not.toContain(PREFETCHED_CHANGE);
    expect(text).toContain('Change the client.');
  });

  it('without them (npm start, a test), the guide compares the two descriptions itself', async () => {
    const text = await guideText(() => undefined);
    expect(text).not.toContain(PREFETCHED_CHANGE);
    expect(text).toContain('Change the client.');
  });
});
