import type * as RedoclyCore from '@redocly/openapi-core';
import type * as NodeFs from 'node:fs';

// Every call of Redocly's `bundle` is counted, around the real one.
jest.mock('@redocly/openapi-core', () => {
  const actual = jest.requireActual<typeof RedoclyCore>('@redocly/openapi-core');
  return { ...actual, bundle: jest.fn(actual.bundle) };
});

// The bundle Jest's global setup left for other processes is not found: this process bundles itself.
jest.mock('node:fs', () => {
  const actual = jest.requireActual<typeof NodeFs>('node:fs');
  return {
    ...actual,
    existsSync: (file: NodeFs.PathLike) => !String(file).includes('api-descriptions') && actual.existsSync(file),
  };
});

import { bundle } from '@redocly/openapi-core';
import { API_NAMES, bundleDescriptions } from '../descriptions';

const mockBundle = jest.mocked(bundle);

describe('bundleDescriptions', () => {
  it('bundles once for the callers that ask at the same time (the build loads five plugins at once)', async () => {
    const results = await Promise.all([bundleDescriptions(), bundleDescriptions(), bundleDescriptions()]);
    // Each description once as it is and once dereferenced.
    expect(mockBundle).toHaveBeenCalledTimes(API_NAMES.length * 2);
    expect(results[1]).toBe(results[0]);
    expect(results[2]).toBe(results[0]);
    expect(Object.keys(results[0].bundled)).toEqual([...API_NAMES]);
  });

  it('bundles no more once the files were bundled', async () => {
    const before = mockBundle.mock.calls.length;
    await bundleDescriptions();
    expect(mockBundle).toHaveBeenCalledTimes(before);
  });
});
