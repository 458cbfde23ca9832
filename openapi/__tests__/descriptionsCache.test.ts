import type * as NodeFs from 'node:fs';
import path from 'node:path';

// Every read of a file, around the real one.
jest.mock('node:fs', () => {
  const actual = jest.requireActual<typeof NodeFs>('node:fs');
  return { ...actual, readFileSync: jest.fn(actual.readFileSync) };
});

import { readFileSync } from 'node:fs';
import { loadBundled, loadDereferenced } from '../descriptions';

/** The parts of the bundle Jest's global setup left that this process has read, in order. */
const partsRead = () =>
  jest
    .mocked(readFileSync)
    .mock.calls.map(([file]) => String(file))
    .filter((file) => file.includes(`${path.sep}api-descriptions${path.sep}`))
    .map((file) => path.basename(file).replace(/^[0-9a-f]+\./, ''));

describe('the bundled descriptions another process left', () => {
  it('are read in two parts: the dereferenced ones only once one is asked for, and each part once', () => {
    expect(loadBundled('orders', { dereferenced: false }).openapi).toBeDefined();
    expect(loadBundled('orders', { dereferenced: false, version: 'v2' }).openapi).toBeDefined();
    expect(partsRead()).toEqual(['bundled.json']);

    const orders = loadDereferenced('orders');
    expect(partsRead()).toEqual(['bundled.json', 'dereferenced.json']);
    expect(Object.keys(orders.paths as object)).toEqual(
      Object.keys(loadBundled('orders', { dereferenced: false }).paths as object),
    );
    expect(loadDereferenced('orders', 'v2')).not.toBe(orders);
    expect(loadDereferenced('accounts').openapi).toBeDefined();
    expect(partsRead()).toEqual(['bundled.json', 'dereferenced.json']);
  });
});
