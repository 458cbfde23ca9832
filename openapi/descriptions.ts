/**
 * The API descriptions in `openapi/`, bundled in-process by `@redocly/openapi-core` (which resolves every
 * `$ref`, including those into `shared/common.yaml`) with the settings of `redocly.yaml`. The build's
 * plugins await `bundleDescriptions()`; everything else reads a bundled description with `loadBundled` or
 * `loadDereferenced`, the one way to read a description (Jest bundles them once per run, in
 * `openapi/jestGlobalSetup.ts`).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type * as RedoclyModule from '@redocly/openapi-core';
import { HTTP_METHODS, isObject, type JsonObject } from './document';

export { isObject, type JsonObject } from './document';

export const API_NAMES = ['accounts', 'onboarding', 'orders', 'documents'] as const;
export type ApiName = (typeof API_NAMES)[number];

/**
 * The major versions of the APIs, each a path prefix (`/v1`). v1 is every description in `openapi/`; a later
 * version is the APIs with an overlay `openapi/<version>/<api>.overlay.yaml`: the changes that version makes to v1's
 * description (OpenAPI Overlay 1.1, applied by openapi-format when the descriptions are bundled).
 */
export const API_VERSIONS = ['v1', 'v2'] as const;
export type ApiVersion = (typeof API_VERSIONS)[number];
type LaterVersion = Exclude<ApiVersion, 'v1'>;
const LATER_VERSIONS = API_VERSIONS.filter((version): version is LaterVersion => version !== 'v1');

const overlayFile = (version: LaterVersion, api: ApiName) => path.join(__dirname, version, `${api}.overlay.yaml`);

/** The APIs `version` has: all four in v1, those with an overlay in a later version. */
export function apisIn(version: ApiVersion): readonly ApiName[] {
  return version === 'v1' ? API_NAMES : API_NAMES.filter((api) => existsSync(overlayFile(version, api)));
}

export interface Operation {
  readonly api: ApiName;
  readonly method: string;
  readonly path: string;
  readonly operationId: string;
  readonly docsPath: unknown;
  readonly definition: JsonObject;
}

const ROOT = path.join(__dirname, '..');
const REDOCLY_CONFIG = path.join(ROOT, 'redocly.yaml');
/** Bundled descriptions for other processes of the same run (Jest's workers), two files per version of the files. */
const CACHE_DIR = path.join(ROOT, 'node_modules', '.cache', 'api-descriptions');

/** Changes whenever a file of the descriptions does (names, sizes and modification times). */
export function descriptionsSignature(): string {
  return readdirSync(__dirname, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.ya?ml$/.test(file))
    .sort()
    .map((file) => {
      const stats = statSync(path.join(__dirname, file));
      return `${file}:${stats.size}:${stats.mtimeMs}`;
    })
    .join('|');
}

/** Changes whenever one of `files` does (sizes and modification times; a missing file counts as such). */
function filesSignature(files: readonly string[]): string {
  return files
    .map((file) => {
      if (!existsSync(file)) return `${file}:missing`;
      const stats = statSync(file);
      return `${file}:${stats.size}:${stats.mtimeMs}`;
    })
    .join('|');
}

/** Every description twice: references into other files pulled in (`bundled`), and every reference inlined. */
export interface BundledDescriptions {
  readonly signature: string;
  /**
   * The files each document was bundled from, by `documentKey`, with their signature then: in `npm start`, a
   * document whose files have not changed since is taken as it is, not bundled again (absent from older cache files).
   */
  readonly inputs?: Readonly<Record<string, { readonly files: readonly string[]; readonly signature: string }>>;
  /** v1, every API. */
  readonly bundled: Readonly<Record<ApiName, JsonObject>>;
  readonly dereferenced: Readonly<Record<ApiName, JsonObject>>;
  /** Each later version, the APIs it has. */
  readonly later: Readonly<
    Record<
      LaterVersion,
      {
        readonly bundled: Readonly<Partial<Record<ApiName, JsonObject>>>;
        readonly dereferenced: Readonly<Partial<Record<ApiName, JsonObject>>>;
      }
    >
  >;
}

let latest: BundledDescriptions | null = null;

/** The shape of the cache files: a cache file of another shape (before `inputs`, say) is not read. */
const CACHE_FORMAT = 3;

/**
 * The bundled descriptions of these files are kept in two parts: the dereferenced ones, two thirds of the whole,
 * apart, read only by a process that asks for one (the docs check of one page never does).
 */
const cacheFile = (signature: string, part: 'bundled' | 'dereferenced') =>
  path.join(
    CACHE_DIR,
    `${createHash('sha256').update(`${CACHE_FORMAT}|${signature}`).digest('hex').slice(0, 16)}.${part}.json`,
  );

type BundledPart = Pick<BundledDescriptions, 'signature' | 'inputs' | 'bundled'> & {
  readonly later: Readonly<Record<LaterVersion, Pick<BundledDescriptions['later'][LaterVersion], 'bundled'>>>;
};
type DereferencedPart = Pick<BundledDescriptions, 'dereferenced'> & {
  readonly later: Readonly<Record<LaterVersion, BundledDescriptions['later'][LaterVersion]['dereferenced']>>;
};

/** Writes `value` whole under another name, then renames it: a process reading it never sees half a file. */
function writeWhole(file: string, value: unknown): void {
  const partial = `${file}.${process.pid}`;
  writeFileSync(partial, JSON.stringify(value));
  renameSync(partial, file);
}

type Redocly = typeof RedoclyModule;

const documentKey = (api: ApiName, version: ApiVersion, dereference: boolean) =>
  `${version} ${api} ${dereference ? 'dereferenced' : 'bundled'}`;

/** A bundled document and the files it was bundled from. */
interface BundledDocument {
  readonly document: JsonObject;
  readonly files: readonly string[];
}

async function bundleOne(
  api: ApiName,
  { bundle, bundleFromString }: Redocly,
  config: Awaited<ReturnType<Redocly['loadConfig']>>,
  dereference: boolean,
  overlaid?: { readonly version: LaterVersion; readonly source: string },
): Promise<BundledDocument> {
  const ref = path.join(__dirname, `${api}.yaml`);
  const {
    bundle: document,
    problems,
    fileDependencies,
  } = overlaid
    ? // Read as if it were openapi/<api>.yaml, so that its references into shared/ resolve as v1's do.
      await bundleFromString({ source: overlaid.source, absoluteRef: ref, config, dereference })
    : await bundle({ ref, config, dereference });
  const errors = problems.filter((problem) => problem.severity === 'error');
  if (errors.length > 0) {
    const messages = errors.map((problem) => `  ${problem.message}`).join('\n');
    const name = overlaid
      ? `openapi/${api}.yaml with openapi/${overlaid.version}/${api}.overlay.yaml`
      : `openapi/${api}.yaml`;
    throw new Error(`${name} cannot be bundled:\n${messages}`);
  }
  const files = new Set([REDOCLY_CONFIG, ref, ...fileDependencies]);
  if (overlaid) files.add(overlayFile(overlaid.version, api));
  return {
    document: JSON.parse(JSON.stringify(document.parsed)) as JsonObject,
    files: [...files].filter((file) => !file.startsWith('http')).sort(),
  };
}

/**
 * `openapi/<api>.yaml` with the overlay of `version` applied, as YAML source. An action that changes nothing (its
 * target is gone from v1, say) stops the bundling, naming it: an overlay that silently does less than it says would
 * give the later version v1's behaviour.
 */
async function overlaidSource(version: LaterVersion, api: ApiName): Promise<string> {
  const { parse } = await import('yaml');
  const overlay = parse(readFileSync(overlayFile(version, api), 'utf8')) as unknown;
  const base = parse(readFileSync(path.join(__dirname, `${api}.yaml`), 'utf8')) as JsonObject;
  const overlaid = await applyOverlay(base, overlay, { api, file: path.relative(ROOT, overlayFile(version, api)) });
  return JSON.stringify(overlaid);
}

/**
 * `base`, the source of `openapi/<api>.yaml`, with `overlay` (an OpenAPI Overlay, from `file`) applied. Stops,
 * naming the file, at an overlay that does not extend that description, and at an action that changes nothing.
 */
export async function applyOverlay(
  base: JsonObject,
  overlay: unknown,
  { api, file }: { readonly api: ApiName; readonly file: string },
): Promise<JsonObject> {
  const { openapiOverlay } = await import('openapi-format');
  if (!isObject(overlay) || overlay.extends !== `../${api}.yaml` || !Array.isArray(overlay.actions)) {
    throw new Error(`${file}: an overlay with \`extends: ../${api}.yaml\` and a list of \`actions\``);
  }
  const { data, resultData } = await openapiOverlay(structuredClone(base), {
    overlaySet: overlay as unknown as Parameters<typeof openapiOverlay>[1]['overlaySet'],
  });
  const unused = (resultData as { unusedActions?: JsonObject[] }).unusedActions ?? [];
  if (unused.length > 0) {
    const actions = overlay.actions as JsonObject[];
    const named = unused.map((action) => `  action ${actions.indexOf(action) + 1}: ${String(action.target)}`);
    throw new Error(`${file}: actions that change nothing in openapi/${api}.yaml:\n${named.join('\n')}`);
  }
  return data as JsonObject;
}

/** The bundling under way in this process, and the signature of the files it reads. */
let pending: { readonly signature: string; readonly descriptions: Promise<BundledDescriptions> } | null = null;

/**
 * Bundles every description, once per process while the files stay the same (`npm start` keeps the
 * process; the build's five plugins that read them, asking at the same time, share one bundling), and
 * leaves the result where `loadBundled` finds it in other processes.
 */
export async function bundleDescriptions(): Promise<BundledDescriptions> {
  for (let attempt = 1; ; attempt += 1) {
    const signature = descriptionsSignature();
    try {
      return await bundleFiles(signature);
    } catch (error) {
      // A file read while an editor wrote it in place (emptied, then written: the dev server's watcher reports the
      // first step) fails the bundling, and no later change comes to try again: when the files have changed since
      // the bundling read them, or do within a moment, it reads them again. A description that is broken as written
      // fails as before.
      if (attempt > RETRIES_WHILE_WRITTEN || !(await filesChangeFrom(signature))) throw error;
    }
  }
}

/** How many times a failed bundling is tried again because the files changed meanwhile. */
const RETRIES_WHILE_WRITTEN = 3;
/** How long after a failed bundling a write under way is waited for. */
const WRITE_SETTLE_MS = 100;

/** Whether the descriptions' files differ from `signature`, now or after {@link WRITE_SETTLE_MS}. */
async function filesChangeFrom(signature: string): Promise<boolean> {
  if (descriptionsSignature() !== signature) return true;
  await new Promise((resolve) => setTimeout(resolve, WRITE_SETTLE_MS));
  return descriptionsSignature() !== signature;
}

/** The descriptions bundled from the files of `signature`: kept, under way, or bundled now. */
function bundleFiles(signature: string): Promise<BundledDescriptions> {
  const ready = bundledBefore(signature);
  if (ready) return Promise.resolve(ready);
  if (pending?.signature !== signature) {
    const descriptions = bundleNow(signature, latest);
    pending = { signature, descriptions };
    // A failed bundling is not kept: the next call tries again (after the files were fixed, in `npm start`).
    descriptions.catch(() => {
      if (pending?.descriptions === descriptions) pending = null;
    });
  }
  return pending.descriptions;
}

async function bundleNow(signature: string, previous: BundledDescriptions | null): Promise<BundledDescriptions> {
  // Loaded here, not with the module: a process that finds the descriptions bundled (the build's main thread, once
  // the description worker has bundled them) never loads the bundler.
  const redocly = await import('@redocly/openapi-core');
  const config = await redocly.loadConfig({ configPath: REDOCLY_CONFIG });
  const inputs: Record<string, { files: readonly string[]; signature: string }> = {};
  /**
   * One document: `previous`'s when none of the files it was bundled from has changed since (`npm start`, after an
   * edit of another description), else bundled now.
   */
  const documentOf = async (
    api: ApiName,
    version: ApiVersion,
    dereference: boolean,
    bundle: () => Promise<BundledDocument>,
  ): Promise<JsonObject> => {
    const key = documentKey(api, version, dereference);
    const kept = previous?.inputs?.[key];
    const set = previous && (version === 'v1' ? previous : previous.later[version]);
    const keptDocument = set && (dereference ? set.dereferenced : set.bundled)[api];
    if (kept && keptDocument && filesSignature(kept.files) === kept.signature) {
      inputs[key] = kept;
      return keptDocument;
    }
    const { document, files } = await bundle();
    inputs[key] = { files, signature: filesSignature(files) };
    return document;
  };
  const bundleAll = async (dereference: boolean) =>
    Object.fromEntries(
      await Promise.all(
        API_NAMES.map(
          async (api) =>
            [
              api,
              await documentOf(api, 'v1', dereference, () => bundleOne(api, redocly, config, dereference)),
            ] as const,
        ),
      ),
    ) as Record<ApiName, JsonObject>;
  const later = Object.fromEntries(
    await Promise.all(
      LATER_VERSIONS.map(async (version) => {
        const sources = new Map<ApiName, Promise<string>>();
        const sourceOf = (api: ApiName) => {
          if (!sources.has(api)) sources.set(api, overlaidSource(version, api));
          return sources.get(api)!;
        };
        const bundleVersion = async (dereference: boolean) =>
          Object.fromEntries(
            await Promise.all(
              apisIn(version).map(
                async (api) =>
                  [
                    api,
                    await documentOf(api, version, dereference, async () =>
                      bundleOne(api, redocly, config, dereference, { version, source: await sourceOf(api) }),
                    ),
                  ] as const,
              ),
            ),
          );
        return [version, { bundled: await bundleVersion(false), dereferenced: await bundleVersion(true) }] as const;
      }),
    ),
  ) as BundledDescriptions['later'];
  const bundled = await bundleAll(false);
  const dereferenced = await bundleAll(true);
  const descriptions = { signature, inputs, bundled, dereferenced, later };
  mkdirSync(CACHE_DIR, { recursive: true });
  const versions = Object.keys(later) as LaterVersion[];
  // The dereferenced part first: a process that finds the bundled part finds both.
  const dereferencedPart: DereferencedPart = {
    dereferenced: descriptions.dereferenced,
    later: Object.fromEntries(
      versions.map((version) => [version, later[version].dereferenced]),
    ) as DereferencedPart['later'],
  };
  writeWhole(cacheFile(signature, 'dereferenced'), dereferencedPart);
  const bundledPart: BundledPart = {
    signature,
    inputs,
    bundled: descriptions.bundled,
    later: Object.fromEntries(
      versions.map((version) => [version, { bundled: later[version].bundled }]),
    ) as BundledPart['later'],
  };
  writeWhole(cacheFile(signature, 'bundled'), bundledPart);
  latest = descriptions;
  return descriptions;
}

/** The descriptions bundled from these very files, by this process or another one; null when there are none. */
function bundledBefore(signature: string): BundledDescriptions | null {
  if (latest?.signature === signature) return latest;
  const [bundledFile, dereferencedFile] = [cacheFile(signature, 'bundled'), cacheFile(signature, 'dereferenced')];
  if (!existsSync(bundledFile) || !existsSync(dereferencedFile)) return null;
  const bundled = JSON.parse(readFileSync(bundledFile, 'utf8')) as BundledPart;
  let dereferenced: DereferencedPart | undefined;
  const readDereferenced = () =>
    (dereferenced ??= JSON.parse(readFileSync(dereferencedFile, 'utf8')) as DereferencedPart);
  latest = {
    signature,
    inputs: bundled.inputs,
    bundled: bundled.bundled,
    get dereferenced() {
      return readDereferenced().dereferenced;
    },
    later: Object.fromEntries(
      (Object.keys(bundled.later) as LaterVersion[]).map((version) => [
        version,
        {
          bundled: bundled.later[version].bundled,
          get dereferenced() {
            return readDereferenced().later[version];
          },
        },
      ]),
    ) as BundledDescriptions['later'],
  };
  return latest;
}

function bundledNow(): BundledDescriptions {
  const ready = bundledBefore(descriptionsSignature());
  if (ready) return ready;
  throw new Error(
    'The API descriptions have not been bundled since they last changed: await bundleDescriptions() ' +
      'from openapi/descriptions.ts first (Jest does it in openapi/jestGlobalSetup.ts).',
  );
}

/**
 * One description as a single document: references to other files are pulled in, and with
 * `dereferenced` every reference is replaced by what it points to.
 */
export function loadBundled(
  api: ApiName,
  { dereferenced, version = 'v1' }: { readonly dereferenced: boolean; readonly version?: ApiVersion },
): JsonObject {
  const descriptions = bundledNow();
  const set = version === 'v1' ? descriptions : descriptions.later[version];
  const document = (dereferenced ? set.dereferenced : set.bundled)[api];
  if (!document)
    throw new Error(`The ${api} API has no ${version}: there is no openapi/${version}/${api}.overlay.yaml`);
  return document;
}

/**
 * The files `api`'s description of `version` was bundled from, as this process last found them (`inputs`), for the
 * dev server to watch; every description file while that is not known.
 */
export function descriptionFiles(api: ApiName, version: ApiVersion = 'v1'): string[] {
  const inputs = latest?.inputs;
  const keys = [documentKey(api, version, false), documentKey(api, version, true)];
  if (!inputs || keys.some((key) => !inputs[key])) return [path.join(__dirname, '**/*.yaml')];
  return [...new Set(keys.flatMap((key) => inputs[key].files))].sort();
}

/** One description with every reference inlined. */
export function loadDereferenced(api: ApiName, version: ApiVersion = 'v1'): JsonObject {
  return loadBundled(api, { dereferenced: true, version });
}

export function operationsOf(api: ApiName, description: JsonObject): Operation[] {
  const paths = (description.paths ?? {}) as Record<string, JsonObject>;
  return Object.entries(paths).flatMap(([route, item]) =>
    HTTP_METHODS.filter((method) => item[method]).map((method) => {
      const definition = item[method] as JsonObject;
      return {
        api,
        method: method.toUpperCase(),
        path: route,
        operationId: String(definition.operationId),
        docsPath: definition['x-docs-path'],
        definition,
      };
    }),
  );
}

/**
 * The value a JSON pointer (`/components/schemas/Money`, or `#/components/schemas/Money` as in a
 * `$ref`) points to in a document, or `undefined`.
 */
export function resolvePointer(document: JsonObject, pointer: string): unknown {
  return pointer
    .replace(/^#/, '')
    .replace(/^\//, '')
    .split('/')
    .map((part) => decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>(
      (value, key) =>
        typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonObject)[key] : undefined,
      document,
    );
}

/** `value`, or what its `$ref` (into `description`) points to, followed to the end (a cycle stops where it closes). */
export function referenced(description: JsonObject, value: unknown): unknown {
  const seen = new Set<string>();
  let current = value;
  while (isObject(current) && typeof current.$ref === 'string' && !seen.has(current.$ref)) {
    seen.add(current.$ref);
    current = resolvePointer(description, current.$ref);
  }
  return current;
}
