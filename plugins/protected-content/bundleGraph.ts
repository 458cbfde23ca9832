/**
 * What the client compilation emitted, and from which source files: recorded from the bundler's
 * stats (Rspack and webpack give the same JSON) when the compilation is done, for the classification
 * at postBuild.
 */
import path from 'node:path';

/** One emitted chunk: its files and the source files (module resources) bundled into it. */
interface BundleChunk {
  readonly id: string;
  readonly names: readonly string[];
  /** The chunk's JS and CSS files, relative to the build root. */
  readonly files: readonly string[];
  /** Loaded before any route renders: the runtime, `main`, the global styles, a worker's entry. */
  readonly initial: boolean;
  /** Absolute paths of the source files in the chunk, concatenated modules' included. */
  readonly resources: readonly string[];
}

/** One emitted file that is not a chunk's own JS or CSS. */
interface BundleAsset {
  readonly name: string;
  /** Copied as it is from a static directory (`staticDirectories`). */
  readonly copied: boolean;
  /** Absolute path of the source file it was emitted from (an image a module imports), if known. */
  readonly source?: string;
  /** The chunks it belongs to, as their own or an auxiliary file. */
  readonly chunks: readonly string[];
}

export interface BundleGraph {
  readonly chunks: readonly BundleChunk[];
  readonly assets: readonly BundleAsset[];
  /** The files emitted by each module, as the loaders report them (file-loader's images). */
  readonly moduleAssets: readonly { readonly resources: readonly string[]; readonly assets: readonly string[] }[];
  /** Named chunk groups (Docusaurus's route chunk names) and the chunks each is made of. */
  readonly chunkGroups: Readonly<Record<string, readonly string[]>>;
}

/**
 * The stats the graph is read from: chunks with every module, nested ones too (a concatenated
 * module hides its parts otherwise), ungrouped. About 0.2 s on this site.
 */
export const STATS_OPTIONS = {
  all: false,
  assets: true,
  cachedAssets: true,
  chunks: true,
  chunkModules: true,
  chunkModulesSpace: Infinity,
  nestedModules: true,
  nestedModulesSpace: Infinity,
  orphanModules: true,
  dependentModules: true,
  moduleAssets: true,
  chunkGroups: true,
  ids: true,
  groupModulesByType: false,
  groupModulesByCacheStatus: false,
  groupModulesByAttributes: false,
  groupModulesByLayer: false,
  groupModulesByPath: false,
  groupModulesByExtension: false,
} as const;

/** The parts of the stats JSON the graph is made from. */
export interface StatsModule {
  readonly identifier?: string;
  readonly nameForCondition?: string;
  readonly assets?: readonly (string | { readonly name: string })[];
  readonly modules?: readonly StatsModule[];
}
export interface StatsJson {
  readonly assets?: readonly {
    readonly name: string;
    readonly info?: { readonly copied?: boolean; readonly sourceFilename?: string };
    readonly chunks?: readonly (string | number | null | undefined)[];
    readonly auxiliaryChunks?: readonly (string | number | null | undefined)[];
  }[];
  readonly chunks?: readonly {
    readonly id?: string | number | null;
    readonly names?: readonly string[];
    readonly files?: readonly string[];
    readonly initial?: boolean;
    readonly entry?: boolean;
    readonly modules?: readonly StatsModule[];
  }[];
  readonly namedChunkGroups?: Readonly<Record<string, { readonly chunks?: readonly (string | number)[] }>>;
}

/**
 * The source file of a module: `nameForCondition`, or else the resource at the end of the
 * identifier (`loader!…!/abs/file.mdx?query|layer`). `undefined` for modules that are no file
 * (externals, runtime modules, ignored requests).
 */
export function resourceOf(module: StatsModule): string | undefined {
  if (module.nameForCondition) return module.nameForCondition;
  if (!module.identifier) return undefined;
  const resource = module.identifier.split('!').pop()!.split('|')[0].split('?')[0];
  return path.isAbsolute(resource) ? resource : undefined;
}

function resourcesOf(modules: readonly StatsModule[] | undefined, into: Set<string>): Set<string> {
  for (const module of modules ?? []) {
    const resource = resourceOf(module);
    if (resource) into.add(resource);
    resourcesOf(module.modules, into);
  }
  return into;
}

const ids = (values: readonly (string | number | null | undefined)[] | undefined) =>
  (values ?? []).filter((value) => value !== null && value !== undefined).map(String);

/** The graph, from the stats JSON (`stats.toJson(STATS_OPTIONS)`); `context` resolves assets' source file names. */
export function bundleGraphFromStats(stats: StatsJson, context: string): BundleGraph {
  const moduleAssets: { resources: string[]; assets: string[] }[] = [];
  const chunks = (stats.chunks ?? []).map((chunk): BundleChunk => {
    for (const module of chunk.modules ?? []) {
      const assets = [module, ...(module.modules ?? [])].flatMap((part) =>
        (part.assets ?? []).map((asset) => (typeof asset === 'string' ? asset : asset.name)),
      );
      if (assets.length > 0) moduleAssets.push({ resources: [...resourcesOf([module], new Set())], assets });
    }
    return {
      id: String(chunk.id),
      names: chunk.names ?? [],
      files: chunk.files ?? [],
      initial: Boolean(chunk.initial || chunk.entry),
      resources: [...resourcesOf(chunk.modules, new Set())],
    };
  });
  const assets = (stats.assets ?? []).map(({ name, info, chunks: own, auxiliaryChunks }): BundleAsset => ({
    name,
    copied: Boolean(info?.copied),
    ...(info?.sourceFilename && !info.copied ? { source: path.resolve(context, info.sourceFilename) } : {}),
    chunks: [...ids(own), ...ids(auxiliaryChunks)],
  }));
  const chunkGroups = Object.fromEntries(
    Object.entries(stats.namedChunkGroups ?? {}).map(([name, group]) => [name, ids(group.chunks)]),
  );
  return { chunks, assets, moduleAssets, chunkGroups };
}

/** The little of a webpack or Rspack compiler the recorder uses. */
export interface RecordedCompiler {
  readonly context: string;
  readonly watchMode?: boolean;
  readonly hooks: {
    readonly done: {
      tap(name: string, callback: (stats: { toJson(options: typeof STATS_OPTIONS): unknown }) => void): void;
    };
  };
}

/**
 * A bundler plugin (webpack and Rspack) that hands the client compilation's graph to `onGraph` when
 * the compilation is done. Not under `docusaurus start` (watch mode), where no build follows.
 */
export class BundleGraphRecorder {
  constructor(private readonly onGraph: (graph: BundleGraph) => void) {}

  apply(compiler: RecordedCompiler): void {
    compiler.hooks.done.tap('protected-content', (stats) => {
      if (compiler.watchMode) return;
      this.onGraph(bundleGraphFromStats(stats.toJson(STATS_OPTIONS) as StatsJson, compiler.context));
    });
  }
}
