import type * as RedoclyCore from '@redocly/openapi-core';
import type * as NodeFs from 'node:fs';

// Every call of Redocly's `bundle` is counted, around the real one.
jest.mock('@redocly/openapi-core', () => {
  const actual = jest.requireActual<typeof RedoclyCore>('@redocly/openapi-core');
  return { ...actual, bundle: jest.fn(actual.bundle) };
});

/** Added to accounts.yaml's modification time: a test changes it as an editor's write would. */
let mockAccountsWrites = 0;

// The bundle Jest's global setup left for other processes is not found: this process bundles itself.
jest.mock('node:fs', () => {
  const actual = jest.requireActual<typeof NodeFs>('node:fs');
  return {
    ...actual,
    existsSync: (file: NodeFs.PathLike) => !String(file).includes('api-descriptions') && actual.existsSync(file),
    statSync: (file: NodeFs.PathLike) => {
      const stats = actual.statSync(file);
      if (!String(file).endsWith('accounts.yaml')) return stats;
      return Object.assign(Object.create(Object.getPrototypeOf(stats) as object) as NodeFs.Stats, stats, {
        mtimeMs: stats.mtimeMs + mockAccountsWrites,
      });
    },
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

  it('reads a description again when it was being written as it was read (an editor writing in place)', async () => {
    mockAccountsWrites = 1;
    // The first read finds the file emptied: the bundling fails, and the write ends meanwhile.
    mockBundle.mockImplementationOnce(() => {
      mockAccountsWrites = 2;
      return Promise.reject(new Error('Document must be JSON object, got undefined'));
    });
    const before = mockBundle.mock.calls.length;
    const descriptions = await bundleDescriptions();
    expect(Object.keys(descriptions.bundled)).toEqual([...API_NAMES]);
    // The failed read, then accounts.yaml twice (as it is and dereferenced); the other files were kept.
    expect(mockBundle).toHaveBeenCalledTimes(before + 3);
    expect(descriptions.signature).toContain(`accounts.yaml:`);
    await expect(bundleDescriptions()).resolves.toBe(descriptions);
  });

  it("fails with the bundling's error when no write was under way: a description broken as written", async () => {
    mockAccountsWrites = 3;
    mockBundle.mockImplementationOnce(() => Promise.reject(new Error('accounts.yaml is broken')));
    await expect(bundleDescriptions()).rejects.toThrow('accounts.yaml is broken');
    // Fixed (here: read as it is), the next call bundles it.
    await expect(bundleDescriptions()).resolves.toMatchObject({ bundled: expect.any(Object) });
  });
});
