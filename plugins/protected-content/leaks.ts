/**
 * The build fails when a public page needs a protected file: the gate would refuse it to an anonymous
 * reader, and the fix (moving the protected module out of a shared chunk, or the import out of a
 * public page) belongs in the source, not in the manifest.
 */
import type { BundleGraph } from './bundleGraph';
import type { Classification } from './classify';
import type { HtmlScan } from './html';
import { fileOfReference, routeOfHtmlFile } from './sitePaths';

export class PublicRouteLeakError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(
      `protected-content: public pages need files that hold protected content, so anonymous readers would be ` +
        `refused them:\n${problems.map((problem) => `  - ${problem}`).join('\n')}\nKeep documentation ` +
        '(docs/, the docs plugin’s data, the API descriptions) out of code that public pages import.',
    );
    this.name = 'PublicRouteLeakError';
  }
}

export interface LeakInput {
  readonly classification: Classification;
  readonly graph: BundleGraph;
  /** The scanned HTML of the build's pages, by file. */
  readonly pages: ReadonlyMap<string, HtmlScan>;
  /** Docusaurus's `.docusaurus/routesChunkNames.json`: route key (`<path>-<hash>`) to its chunk names. */
  readonly routesChunkNames: Readonly<Record<string, unknown>>;
  readonly baseUrl: string;
  readonly siteOrigin: string;
  /** Whether a route path (with the base URL) is protected. */
  readonly isProtectedRoute: (route: string) => boolean;
}

/** Every chunk name in a route's entry of `routesChunkNames.json` (nested for `__context`, `__props` and the like). */
function chunkNamesOf(value: unknown, into: string[] = []): string[] {
  if (typeof value === 'string') into.push(value);
  else if (value && typeof value === 'object') for (const nested of Object.values(value)) chunkNamesOf(nested, into);
  return into;
}

/** The problems (empty when there are none): each names the public file or route, the protected file and its source. */
export function findPublicRouteLeaks(input: LeakInput): string[] {
  const { classification, graph, baseUrl, siteOrigin } = input;
  const problems: string[] = [];
  const why = (file: string) => classification.reasons.get(file) ?? 'it is protected';
  const chunkFiles = new Map(graph.chunks.map((chunk) => [chunk.id, chunk.files]));

  for (const chunk of graph.chunks) {
    const source = classification.protectedChunks.get(chunk.id);
    if (chunk.initial && source) {
      problems.push(`${chunk.files.join(', ')} is loaded by every page, but it bundles the protected module ${source}`);
    }
  }

  for (const [page, scan] of input.pages) {
    if (classification.files.get(page) !== 'public') continue;
    const pageUrl = routeOfHtmlFile(page, baseUrl);
    const references = [
      ...scan.scripts.map(({ attributes }) => attributes.src),
      ...scan.links.map((link) => link.href),
    ].filter((reference): reference is string => Boolean(reference));
    for (const reference of references) {
      const file = fileOfReference(reference, { pageUrl, baseUrl, siteOrigin });
      // Links to other pages (canonical, alternate) load nothing; the gate answers for those itself.
      if (!file || file.endsWith('.html') || classification.files.get(file) !== 'protected') continue;
      problems.push(`the public page ${page} loads ${file}, but ${why(file)}`);
    }
  }

  for (const [key, names] of Object.entries(input.routesChunkNames)) {
    const route = key.replace(/-[^-/]*$/, '');
    if (input.isProtectedRoute(route)) continue;
    for (const name of chunkNamesOf(names)) {
      for (const id of graph.chunkGroups[name] ?? []) {
        const source = classification.protectedChunks.get(id);
        if (source) {
          problems.push(
            `the public route ${route} loads ${(chunkFiles.get(id) ?? [id]).join(', ')}, but it bundles ${source}`,
          );
        }
      }
    }
  }
  return [...new Set(problems)];
}

/** Throws a {@link PublicRouteLeakError} listing every problem {@link findPublicRouteLeaks} finds. */
export function assertNoPublicRouteLeak(input: LeakInput): void {
  const problems = findPublicRouteLeaks(input);
  if (problems.length > 0) throw new PublicRouteLeakError(problems);
}
