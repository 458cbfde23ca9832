import { bundleBrowserModule, stopBrowserModuleBundler } from '../lib/browserModule';
import type { OperationSource, TryItModuleWriter } from './tryItOperation';

/**
 * The module `write` writes for `source` as one standalone, minified ES module (its CommonJS exports as the default
 * export): the `require`s of Ajv's runtime helpers are resolved from `resolveDir` and bundled in, so the
 * browser imports it as it is. No `eval` and no `new Function`: the Content-Security-Policy allows neither.
 */
export async function tryItEsModule(
  source: OperationSource,
  write: TryItModuleWriter,
  resolveDir: string,
): Promise<string> {
  return bundleBrowserModule({
    stdin: { contents: write(source), resolveDir, loader: 'js', sourcefile: `${source.operationId}.cjs` },
  });
}

/**
 * Ends esbuild's service process once the modules are written (a later `tryItEsModule` starts a new one), so that it
 * does not sit idle beside the rest of the site build: about 110 MiB of the build's peak.
 */
export const stopEsbuild = stopBrowserModuleBundler;
