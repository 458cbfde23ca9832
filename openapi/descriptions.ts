/**
 * The API descriptions in `openapi/`, bundled by the Redocly CLI (which resolves every `$ref`,
 * including those into `shared/common.yaml`). Used by the reference plugins at build time and by the
 * checks in `openapi/__tests__/`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HTTP_METHODS, type JsonObject } from './document';

export { HTTP_METHODS, isObject, type HttpMethod, type JsonObject } from './document';

export const API_NAMES = ['accounts', 'onboarding', 'orders', 'documents'] as const;
export type ApiName = (typeof API_NAMES)[number];

export interface Operation {
  readonly api: ApiName;
  readonly method: string;
  readonly path: string;
  readonly operationId: string;
  readonly docsPath: unknown;
  readonly definition: JsonObject;
}

const REDOCLY = path.join(__dirname, '..', 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');

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

const bundles = new Map<string, { readonly signature: string; readonly document: JsonObject }>();

/**
 * Bundles one description into a single document: references to other files are pulled in, and with
 * `dereferenced` every reference is replaced by what it points to.
 */
export function loadBundled(api: ApiName, { dereferenced }: { readonly dereferenced: boolean }): JsonObject {
  // Bundled once per process while the files stay the same: the build's two reference plugins share it.
  const key = `${api}:${String(dereferenced)}`;
  const signature = descriptionsSignature();
  const cached = bundles.get(key);
  if (cached?.signature === signature) return cached.document;
  const out = path.join(mkdtempSync(path.join(tmpdir(), 'openapi-')), `${api}.json`);
  const flags = dereferenced ? ['--dereferenced'] : [];
  execFileSync(process.execPath, [REDOCLY, 'bundle', api, ...flags, '--ext', 'json', '--output', out], {
    cwd: path.join(__dirname, '..'),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const document = JSON.parse(readFileSync(out, 'utf8')) as JsonObject;
  bundles.set(key, { signature, document });
  return document;
}

/** Bundles one description with every reference inlined. */
export function loadDereferenced(api: ApiName): JsonObject {
  return loadBundled(api, { dereferenced: true });
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
