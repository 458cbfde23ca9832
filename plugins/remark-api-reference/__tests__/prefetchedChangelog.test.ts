import type { Root, RootContent } from 'mdast';
import type { ChangelogRelease } from '../../../openapi/changes/changelog';
import type { ComputedChangelog } from '../../lib/descriptionJobs';
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
      plugin.prefetchChangelog(() => Promise.resolve<ComputedChangelog>({ signature, releases: [PREFETCHED] })),
    );
    expect(headings).toEqual(['Prefetched API 9.9.9']);
  });

  it('is passed over when the files changed since (its signature differs): the page computes its own', async () => {
    const headings = await releaseHeadings((plugin, signature) =>
      plugin.prefetchChangelog(() =>
        Promise.resolve<ComputedChangelog>({ signature: `${signature}|changed`, releases: [PREFETCHED] }),
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
