/**
 * Every operation of the four API descriptions as the content checks read them: dereferenced, with the `info`
 * and the first server URL of its description, and the docs page it is documented on.
 */
import {
  API_NAMES,
  API_VERSIONS,
  apisIn,
  isObject,
  loadDereferenced,
  operationsOf,
  type ApiVersion,
  type JsonObject,
  type Operation,
} from '../../openapi/descriptions';

export interface DescribedOperation extends Operation {
  /** The `info` of the operation's description (`x-max-body-bytes`, `x-rate-limit`…). */
  readonly info: JsonObject;
  /** The description's first server URL. */
  readonly serverUrl: string;
}

export function allOperations(): DescribedOperation[] {
  return API_NAMES.flatMap((api) => {
    const description = loadDereferenced(api);
    const info = description.info as JsonObject;
    const serverUrl = (description.servers as { url: string }[])[0].url;
    return operationsOf(api, description).map((operation) => ({ ...operation, info, serverUrl }));
  });
}

/**
 * Every operation of every version (v1's four descriptions, then each later version's, as `openapi/<version>/`
 * overlays make them), for the checks of the descriptions alone: an operation of v2 keeps v1's `operationId`, so
 * name it with its `version`.
 */
export function allVersionedOperations(): (DescribedOperation & { readonly version: ApiVersion })[] {
  return API_VERSIONS.flatMap((version) =>
    apisIn(version).flatMap((api) => {
      const description = loadDereferenced(api, version);
      const info = description.info as JsonObject;
      const serverUrl = (description.servers as { url: string }[])[0].url;
      return operationsOf(api, description).map((operation) => ({ ...operation, info, serverUrl, version }));
    }),
  );
}

/** The operation's responses by status. */
export const responsesOf = (operation: Operation): Record<string, JsonObject> =>
  (operation.definition.responses ?? {}) as Record<string, JsonObject>;

/** The operation's path parameters. */
export const pathParametersOf = (operation: Operation): JsonObject[] =>
  (Array.isArray(operation.definition.parameters) ? operation.definition.parameters : [])
    .filter(isObject)
    .filter((parameter) => parameter.in === 'path');

/** The docs page (under docs/) that `x-docs-path` names, among `files`, or undefined. */
export function endpointPageOf(operation: Operation, files: readonly string[]): string | undefined {
  const route = String(operation.docsPath ?? '').replace(/^\/docs\//, '');
  return files.find((candidate) => candidate === `${route}.mdx` || candidate === `${route}/index.mdx`);
}
