import { otherVersionPage, type VersionPages } from '../otherVersionPage';

const versions: VersionPages[] = [
  {
    label: 'v1',
    path: '/docs',
    mainDocPath: '/docs',
    docs: [{ path: '/docs' }, { path: '/docs/trading-api' }, { path: '/docs/trading-api/equity/cancel-equity-order' }],
  },
  {
    label: 'v2 (preview)',
    path: '/docs/v2',
    mainDocPath: '/docs/v2',
    docs: [{ path: '/docs/v2' }, { path: '/docs/v2/trading-api' }, { path: '/docs/v2/trading-api/client-order-ids' }],
  },
];

describe('otherVersionPage', () => {
  it('offers the same page in the version that has it', () => {
    expect(otherVersionPage('/docs/trading-api/client-order-ids', versions)).toEqual({
      kind: 'same-page',
      label: 'v2 (preview)',
      to: '/docs/v2/trading-api/client-order-ids',
    });
    expect(otherVersionPage('/docs/v2/trading-api/equity/cancel-equity-order/', versions)).toEqual({
      kind: 'same-page',
      label: 'v1',
      to: '/docs/trading-api/equity/cancel-equity-order',
    });
  });

  it("offers the start of the address's own version when no version has the page", () => {
    expect(otherVersionPage('/docs/v2/no-such-page', versions)).toEqual({
      kind: 'version-start',
      label: 'v2 (preview)',
      to: '/docs/v2',
    });
    expect(otherVersionPage('/docs/no-such-page', versions)).toEqual({
      kind: 'version-start',
      label: 'v1',
      to: '/docs',
    });
  });

  it('offers nothing outside the docs, and works under a base URL', () => {
    expect(otherVersionPage('/api/no-such-page', versions)).toBeNull();
    const based = versions.map((version) => ({
      ...version,
      path: `/developers${version.path}`,
      mainDocPath: `/developers${version.mainDocPath}`,
      docs: version.docs.map((doc) => ({ path: `/developers${doc.path}` })),
    }));
    expect(otherVersionPage('/developers/docs/trading-api/client-order-ids', based)).toMatchObject({
      to: '/developers/docs/v2/trading-api/client-order-ids',
    });
    // `/docs/v2x` is not in v2.
    expect(otherVersionPage('/docs/v2x', versions)).toEqual({ kind: 'version-start', label: 'v1', to: '/docs' });
  });
});
