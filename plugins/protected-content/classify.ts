/**
 * Which files of a build hold protected content. A chunk is protected when it bundles a protected
 * source file (a docs page, the docs plugin's or the API reference's route data); an HTML page when
 * its URL is under a protected path; an image or file when a protected module emitted it. Whatever no
 * rule claims as protected is public, and a file no rule knows at all is an error: a guess either
 * way could leak content or break a page.
 */
import path from 'node:path';
import type { BundleGraph } from './bundleGraph';
import { isServedUnderProtectedPath, normaliseRoute, routeOfHtmlFile, type SitePaths } from './sitePaths';

export type Access = 'public' | 'protected';

/** Files written beside the build by a plugin's postBuild, which Docusaurus runs at the same time as this one's. */
export interface OutputRule {
  /** The plugin, for messages. */
  readonly writtenBy: string;
  readonly access: Access;
  /** Always written: listed even when the plugin has not written them yet. */
  readonly files: readonly string[];
  /** Other files of the same kind, when present (e.g. one search index per search context). */
  readonly pattern?: RegExp;
}

export interface ClassifyInput extends SitePaths {
  /** Every file of the build, relative to its root with `/` separators. */
  readonly files: readonly string[];
  readonly graph: BundleGraph;
  /** Docusaurus's `routesPaths`: the pages it rendered. */
  readonly routesPaths: readonly string[];
  /** Whether a source file (absolute path) is protected content. */
  readonly isProtectedSource: (resource: string) => boolean;
  /** For messages: source files are named relative to this folder. */
  readonly siteDir: string;
  readonly outputs: readonly OutputRule[];
}

export interface Classification {
  /** Every file of the build and its access, in name order. */
  readonly files: ReadonlyMap<string, Access>;
  /** For each protected file, why (a sentence naming the protected source). */
  readonly reasons: ReadonlyMap<string, string>;
  /** The protected source file that makes each protected chunk protected, by chunk id. */
  readonly protectedChunks: ReadonlyMap<string, string>;
}

export class UnclassifiedFilesError extends Error {
  constructor(readonly files: readonly string[]) {
    super(
      `protected-content: cannot tell whether ${files.length === 1 ? 'this file holds' : `these ${files.length} files hold`} ` +
        `protected content: ${files.join(', ')}. They are neither a rendered page, nor emitted by the bundler, nor copied ` +
        'from a static directory, nor a known plugin output. Add the plugin that writes them to the output rules in ' +
        'plugins/protected-content/index.ts.',
    );
    this.name = 'UnclassifiedFilesError';
  }
}

const PRECOMPRESSED = /\.(br|gz)$/;
/** A file no rule protects. */
const PUBLIC = Symbol('public');

/**
 * The files a manifest lists: all but `excluded` (the manifest) and the precompressed copies of
 * another file (`x.js.br` beside `x.js`), which take their original's access.
 */
export function filesToClassify(files: readonly string[], excluded: readonly string[]): string[] {
  const all = new Set(files);
  return files.filter((file) => !excluded.includes(file) && !(PRECOMPRESSED.test(file) && all.has(file.slice(0, -3))));
}

/** Names a source file for a message: relative to the site, with `/`. */
function sourceName(resource: string, siteDir: string): string {
  const relative = path.relative(siteDir, resource);
  return relative.startsWith('..') || path.isAbsolute(relative) ? resource : relative.split(path.sep).join('/');
}

export function classifyFiles(input: ClassifyInput): Classification {
  const { graph, isProtectedSource, siteDir } = input;

  const protectedChunks = new Map<string, string>();
  const chunkOfFile = new Map<string, string>();
  for (const chunk of graph.chunks) {
    const source = chunk.resources.find(isProtectedSource);
    if (source) protectedChunks.set(chunk.id, sourceName(source, siteDir));
    for (const file of chunk.files) chunkOfFile.set(file, chunk.id);
  }
  const moduleAssets = new Set<string>();
  const protectedModuleAssets = new Map<string, string>();
  for (const { resources, assets } of graph.moduleAssets) {
    const source = resources.find(isProtectedSource);
    for (const asset of assets) {
      moduleAssets.add(asset);
      if (source) protectedModuleAssets.set(asset, sourceName(source, siteDir));
    }
  }
  const assets = new Map(graph.assets.map((asset) => [asset.name, asset]));
  const routes = new Set(input.routesPaths.map(normaliseRoute));
  const outputs = new Map(input.outputs.flatMap((rule) => rule.files.map((file) => [file, rule] as const)));

  const underProtectedPath = (file: string) =>
    isServedUnderProtectedPath(file, input) ? 'it is served under a protected path' : PUBLIC;

  /** Why a file is protected (a sentence), {@link PUBLIC}, or `undefined` when no rule knows the file. */
  function protectionOf(file: string): string | typeof PUBLIC | undefined {
    const rule = outputs.get(file) ?? input.outputs.find(({ pattern }) => pattern?.test(file));
    if (rule) return rule.access === 'protected' ? `${rule.writtenBy} writes it with protected content` : PUBLIC;

    const chunk = chunkOfFile.get(file);
    if (chunk !== undefined) {
      const source = protectedChunks.get(chunk);
      return source ? `it bundles ${source}` : PUBLIC;
    }

    const asset = assets.get(file);
    if (asset?.copied) return underProtectedPath(file);
    if (asset || moduleAssets.has(file)) {
      const protectedSource =
        protectedModuleAssets.get(file) ??
        (asset?.source && isProtectedSource(asset.source) ? sourceName(asset.source, siteDir) : undefined);
      if (protectedSource) return `it was emitted from ${protectedSource}`;
      if (asset?.source !== undefined || moduleAssets.has(file)) return PUBLIC;
      // No known source (a license file, say): it shares the fate of its chunk.
      const owner = asset?.chunks.find((id) => protectedChunks.has(id));
      return owner !== undefined ? `it belongs to a chunk that bundles ${protectedChunks.get(owner)}` : PUBLIC;
    }

    if (file.endsWith('.html') && routes.has(normaliseRoute(routeOfHtmlFile(file, input.baseUrl)))) {
      return underProtectedPath(file);
    }
    return undefined;
  }

  const files = new Map<string, Access>();
  const reasons = new Map<string, string>();
  const unclassified: string[] = [];
  for (const file of [...new Set([...input.files, ...outputs.keys()])].sort()) {
    const protection = protectionOf(file);
    if (protection === undefined) unclassified.push(file);
    else if (protection === PUBLIC) files.set(file, 'public');
    else {
      files.set(file, 'protected');
      reasons.set(file, protection);
    }
  }
  if (unclassified.length > 0) throw new UnclassifiedFilesError(unclassified);
  return { files, reasons, protectedChunks };
}

/**
 * The test of protected source files: anything under one of `directories` (absolute paths: the docs
 * folder, the docs plugin's and the API reference plugins' generated route data).
 */
export function sourcesUnder(directories: readonly string[]): (resource: string) => boolean {
  return (resource) =>
    directories.some((directory) => {
      const relative = path.relative(directory, resource);
      return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
    });
}
