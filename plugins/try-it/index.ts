import type { LoadContext, Plugin } from '@docusaurus/types';
import { isProtectedPath } from '../../config/protectedPaths.mjs';
import { API_NAMES, bundleDescriptions, isObject, operationsOf } from '../../openapi/descriptions';
import { TRY_IT_MODULE_FILES, tryItModuleFile } from '../../src/components/TryIt/operation';
import { stopEsbuild, tryItEsModule } from './esModule';
import { tryItModules } from './tryItOperation';

export interface TryItOptions {
  /** The gate's protected prefixes: every module written must lie under one (checked at build time). */
  readonly protectedPaths: readonly string[];
}

/** The little of a webpack compiler the plugin uses to add files to the client build. */
interface EmittingCompiler {
  readonly webpack: {
    readonly Compilation: { readonly PROCESS_ASSETS_STAGE_ADDITIONAL: number };
    readonly sources: { readonly RawSource: new (code: string) => unknown };
  };
  readonly hooks: {
    readonly thisCompilation: {
      tap(
        name: string,
        callback: (compilation: {
          readonly hooks: {
            readonly processAssets: { tap(options: { name: string; stage: number }, callback: () => void): void };
          };
          emitAsset(file: string, source: unknown, info: { minimized: boolean }): void;
        }) => void,
      ): void;
    };
  };
}

/** Adds files, already minified, to the client build (served by the dev server too). */
class EmitFiles {
  constructor(private readonly files: Readonly<Record<string, string>>) {}

  apply(compiler: EmittingCompiler): void {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('try-it', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'try-it', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          for (const [file, code] of Object.entries(this.files)) {
            compilation.emitAsset(file, new sources.RawSource(code), { minimized: true });
          }
        },
      );
    });
  }
}

/**
 * Writes one standalone ES module per operation of the four descriptions for the Try it panel, at
 * `tryItModuleFile(operationId)` in the build (see `tryItOperation.ts`): under the docs, behind the gate, and
 * outside webpack's chunks, so that no docs page's first-load JavaScript lists them. The panel imports the
 * one it needs when a reader opens it.
 */
export default function tryItPlugin(options: TryItOptions) {
  return function tryIt(context: LoadContext): Plugin<unknown> {
    const { baseUrl } = context.siteConfig;
    return {
      name: 'try-it',
      async loadContent() {
        const { bundled, dereferenced } = await bundleDescriptions();
        const modules: Record<string, Promise<string>> = {};
        for (const api of API_NAMES) {
          const write = tryItModules(bundled[api]);
          const description = dereferenced[api];
          const servers = Array.isArray(description.servers) ? description.servers.filter(isObject) : [];
          const serverUrl = String(servers[0]?.url ?? '');
          for (const operation of operationsOf(api, description)) {
            const file = tryItModuleFile(operation.operationId);
            if (!TRY_IT_MODULE_FILES.test(file)) {
              throw new Error(`try-it: the operation id "${operation.operationId}" cannot name a file (${file}).`);
            }
            if (!isProtectedPath(`${baseUrl}${file}`, baseUrl, options.protectedPaths)) {
              throw new Error(`try-it: ${baseUrl}${file} would be public; it holds protected documentation.`);
            }
            modules[file] = tryItEsModule({ ...operation, serverUrl }, write, context.siteDir);
          }
        }
        const files = Object.keys(modules);
        const codes = await Promise.all(Object.values(modules)).finally(stopEsbuild);
        return Object.fromEntries(files.map((file, index) => [file, codes[index]]));
      },
      configureWebpack(_config, isServer, _utils, content) {
        return isServer ? {} : { plugins: [new EmitFiles(content as Record<string, string>)] };
      },
    };
  };
}
