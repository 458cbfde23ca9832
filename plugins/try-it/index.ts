import type { LoadContext, Plugin } from '@docusaurus/types';
import { inDescriptionWorker } from '../lib/descriptionWorker';

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
            readonly processAssets: {
              tapPromise(options: { name: string; stage: number }, callback: () => Promise<void>): void;
            };
          };
          emitAsset(file: string, source: unknown, info: { minimized: boolean }): void;
        }) => void,
      ): void;
    };
  };
}

/** The plugin's content: the modules by file under the build root, made in the description worker meanwhile. */
interface TryItContent {
  readonly modules: Promise<Readonly<Record<string, string>>>;
}

/** Adds files, already minified, to the client build (served by the dev server too), once they are made. */
class EmitFiles {
  constructor(private readonly files: Promise<Readonly<Record<string, string>>>) {}

  apply(compiler: EmittingCompiler): void {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('try-it', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        { name: 'try-it', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        async () => {
          for (const [file, code] of Object.entries(await this.files)) {
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
 * one it needs when a reader opens it. The modules are made in the description worker (plugins/lib/descriptionJobs.ts)
 * while the main thread loads the rest of the site and bundles it: compiling the checks with Ajv took 1.3 s of the
 * main thread's load. The client build waits for them only when it emits its assets.
 */
export default function tryItPlugin(options: TryItOptions) {
  return function tryIt(context: LoadContext): Plugin<unknown> {
    const { baseUrl } = context.siteConfig;
    return {
      name: 'try-it',
      async loadContent(): Promise<TryItContent> {
        // The worker bundles the descriptions itself, or has them from the reference pages' request before this one.
        const { siteDir } = context;
        return {
          modules: inDescriptionWorker('tryItModules', { baseUrl, protectedPaths: options.protectedPaths, siteDir }),
        };
      },
      configureWebpack(_config, isServer, _utils, content) {
        return isServer ? {} : { plugins: [new EmitFiles((content as TryItContent).modules)] };
      },
    };
  };
}
