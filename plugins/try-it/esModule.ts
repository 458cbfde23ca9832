import { bundleBrowserModule } from '../lib/browserModule';
import { tryItModule, type OperationSource } from './tryItOperation';

/**
 * The module of `tryItModule` as one standalone, minified ES module (its CommonJS exports as the default
 * export): the `require`s of Ajv's runtime helpers are resolved from `resolveDir` and bundled in, so the
 * browser imports it as it is. No `eval` and no `new Function`: the Content-Security-Policy allows neither.
 */
export async function tryItEsModule(source: OperationSource, resolveDir: string): Promise<string> {
  return bundleBrowserModule({
    stdin: { contents: tryItModule(source), resolveDir, loader: 'js', sourcefile: `${source.operationId}.cjs` },
  });
}
