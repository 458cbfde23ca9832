/**
 * @jest-environment node
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ConfigureWebpackUtils, Plugin } from '@docusaurus/types';
import { redocOfflinePlugin } from '../../api-reference';
import signInSdkPlugin from '../../sign-in-sdk';

const ROOT = path.resolve(__dirname, '../../..');

/** Stands in for the bundler's NormalModuleReplacementPlugin: keeps what it was given. */
class Replacement {
  constructor(
    readonly request: RegExp,
    readonly replace: (resource: { context?: string; request: string }) => void,
  ) {}
}
const utils = {
  currentBundler: { instance: { NormalModuleReplacementPlugin: Replacement } },
} as unknown as ConfigureWebpackUtils;

/** What `plugin`'s bundler config resolves `request`, imported from `folder` (under the site), to. */
function resolvedIn(plugin: Plugin<unknown>, isServer: boolean, folder: string, request: string): string {
  const config = plugin.configureWebpack?.({}, isServer, utils, undefined) as { plugins?: unknown[] } | undefined;
  const resource = { context: path.join(ROOT, folder), request };
  for (const replacement of config?.plugins ?? []) {
    if (replacement instanceof Replacement && replacement.request.test(request)) replacement.replace(resource);
  }
  return resource.request;
}

/** The names a module exports as values (functions, classes, constants). */
function valueExports(file: string): string[] {
  const source = readFileSync(path.join(ROOT, file), 'utf8');
  return [...source.matchAll(/^export (?:async )?(?:function|class|const) (\w+)/gm)].map(([, name]) => name!).sort();
}

describe.each([
  {
    what: 'Redoc (the reference renders it only in the browser)',
    plugin: redocOfflinePlugin(),
    folder: 'src/components/ApiReference',
    importer: 'index.tsx',
    request: './RedocView',
    stub: 'plugins/api-reference/redocViewServerStub.js',
    real: 'src/components/ApiReference/RedocView.tsx',
  },
  {
    what: 'the sign-in SDK (the engine is created only in the browser)',
    plugin: signInSdkPlugin(),
    folder: 'src/auth',
    importer: 'loadAuthEngine.ts',
    request: './authEngine',
    stub: 'plugins/sign-in-sdk/authEngineServerStub.js',
    real: 'src/auth/authEngine.ts',
  },
])('the server bundle leaves out $what', ({ plugin, folder, importer, request, stub, real }) => {
  it('where the site imports it on demand', () => {
    const quoted = `'${request}'`;
    expect(readFileSync(path.join(ROOT, folder, importer), 'utf8')).toContain(`import(${quoted})`);
  });

  it('for a stand-in in the server bundle only', () => {
    expect(resolvedIn(plugin, true, folder, request)).toBe(path.join(ROOT, stub));
    expect(resolvedIn(plugin, false, folder, request)).toBe(request);
    expect(resolvedIn(plugin, true, 'src/components', request)).toBe(request);
  });

  it('with a stand-in that names what the module exports and fails if it is ever called', async () => {
    const standIn = (await import(path.join(ROOT, stub))) as Record<string, unknown>;
    expect(valueExports(stub)).toEqual(valueExports(real));
    const callable = [...valueExports(stub), 'default'].filter(
      (name) => name in standIn && name !== 'StorageUnavailableError',
    );
    expect(callable.length).toBeGreaterThan(0);
    for (const name of callable) expect(() => (standIn[name] as () => unknown)()).toThrow(/only in the browser/);
  });
});
